package dev.wowcompat.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.fingerprint.Fingerprint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SchemaPoolTest {

    /** A fresh node and doc each call, as two releases that declare the same schema would have. */
    private static SchemaDoc schema(String propertyName) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("type", "object");
        node.putObject("properties").putObject(propertyName).put("type", "string");
        return new SchemaDoc(node, Fingerprint.of(node));
    }

    @Test
    void equalFingerprintsGiveTheFirstInstance() {
        SchemaPool pool = new SchemaPool();
        SchemaDoc first = schema("name");
        SchemaDoc second = schema("name");
        assertNotSame(first, second);
        assertSame(first, pool.intern(first));
        assertSame(first, pool.intern(second));
        assertSame(first, pool.intern(first));
        assertEquals(1, pool.size());
    }

    @Test
    void aDifferentFingerprintIsPooledOnItsOwn() {
        SchemaPool pool = new SchemaPool();
        SchemaDoc name = schema("name");
        SchemaDoc city = schema("city");
        pool.intern(name);
        assertSame(city, pool.intern(city));
        assertSame(name, pool.intern(schema("name")));
        assertSame(city, pool.intern(schema("city")));
        assertEquals(2, pool.size());
    }

    @Test
    void concurrentInternsOfOneFingerprintAllGetOneInstance() throws Exception {
        int threads = 6;
        int fingerprints = 500;
        SchemaPool pool = new SchemaPool();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<SchemaDoc>>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                results.add(executor.submit(() -> {
                    start.await();
                    List<SchemaDoc> got = new ArrayList<>();
                    for (int i = 0; i < fingerprints; i++) got.add(pool.intern(schema("p" + i)));
                    return got;
                }));
            }
            start.countDown();
            List<SchemaDoc> reference = results.get(0).get(30, TimeUnit.SECONDS);
            for (Future<List<SchemaDoc>> r : results) {
                List<SchemaDoc> got = r.get(30, TimeUnit.SECONDS);
                for (int i = 0; i < fingerprints; i++) assertSame(reference.get(i), got.get(i), "fingerprint " + i);
            }
            assertEquals(fingerprints, pool.size());
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void aCollectedEntryIsPurgedAndItsFingerprintPooledAfresh() {
        SchemaPool pool = new SchemaPool();
        SchemaDoc kept = schema("kept");
        SchemaDoc dropped = schema("dropped");
        pool.intern(kept);
        pool.intern(dropped);
        assertTrue(pool.simulateCollected(dropped.fingerprint(), true));
        assertFalse(pool.simulateCollected("0".repeat(64), true));
        assertEquals(2, pool.entriesBeforePurge());

        SchemaDoc again = schema("dropped");
        assertSame(again, pool.intern(again), "a collected schema is not handed out; the new one takes its place");
        assertSame(again, pool.intern(schema("dropped")));
        assertSame(kept, pool.intern(schema("kept")));
        assertEquals(2, pool.entriesBeforePurge());

        assertTrue(pool.simulateCollected(again.fingerprint(), true));
        assertEquals(1, pool.size(), "purged on the next use");
        assertEquals(1, pool.entriesBeforePurge());
    }

    @Test
    void aClearedEntryNotYetQueuedIsReplaced() {
        // The collector clears a weak reference before it queues it: intern must not hand out the cleared one.
        SchemaPool pool = new SchemaPool();
        SchemaDoc first = schema("name");
        pool.intern(first);
        assertTrue(pool.simulateCollected(first.fingerprint(), false));
        SchemaDoc second = schema("name");
        assertSame(second, pool.intern(second));
        assertSame(second, pool.intern(schema("name")));
        assertEquals(1, pool.size());
    }

    @Test
    void schemasNoOneReferencesAreDroppedByTheCollector() throws Exception {
        SchemaPool pool = new SchemaPool();
        SchemaDoc kept = schema("kept");
        pool.intern(kept);
        internUnreferenced(pool, 200);
        assertEquals(201, pool.entriesBeforePurge());

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (pool.size() > 1 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(1, pool.size(), "only the schema still referenced stays pooled");
        assertSame(kept, pool.intern(schema("kept")));
    }

    /** In a method of its own, so that no local variable of the test keeps the docs reachable. */
    private static void internUnreferenced(SchemaPool pool, int count) {
        for (int i = 0; i < count; i++) pool.intern(schema("gone" + i));
    }
}
