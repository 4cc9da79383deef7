package dev.wowcompat.generator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generations in one JVM at once (a build running two modules' plugins in parallel, a test suite): each keeps its
 * logging silent without touching what the JVM shares. The generation sets no system property at all, so one
 * generation cannot clear a switch another is still reading (docs/decisions.md, "The isolated SLF4J is silent under
 * every SLF4J version").
 */
class ConcurrentGenerationTest {
    private static final int GENERATIONS = 4;

    @TempDir
    Path temp;

    /** The JVM's properties, recording every key a generation sets or clears. */
    private static final class WatchedProperties extends Properties {
        final List<String> changed = java.util.Collections.synchronizedList(new ArrayList<>());

        WatchedProperties(Properties current) {
            putAll(current);
        }

        @Override
        public synchronized Object setProperty(String key, String value) {
            changed.add("set " + key);
            return super.setProperty(key, value);
        }

        @Override
        public synchronized Object remove(Object key) {
            changed.add("cleared " + key);
            return super.remove(key);
        }
    }

    @Test
    void generationsRunningTogetherSetNoSystemPropertyAndPrintNothing() throws Exception {
        List<Path> classpath = List.of(Fixtures.location(me.ahoo.wow.api.annotation.Event.class));
        Path classes = Fixtures.compile(temp.resolve("classes"), classpath, Map.of(
                "par/shop/Shop.java", """
                        package par.shop;
                        @me.ahoo.wow.api.annotation.BoundedContext(name = "shop")
                        public class Shop {}
                        """,
                "par/shop/AddItem.java", """
                        package par.shop;
                        public record AddItem(String sku, int quantity) {}
                        """,
                "par/shop/ItemAdded.java", """
                        package par.shop;
                        public record ItemAdded(String sku, int quantity) {}
                        """,
                "par/shop/Cart.java", """
                        package par.shop;
                        @me.ahoo.wow.api.annotation.AggregateRoot
                        public class Cart {
                            public Cart(String id) {}
                            public ItemAdded onCommand(AddItem c) { return new ItemAdded(c.sku(), c.quantity()); }
                            void onSourcing(ItemAdded e) {}
                        }
                        """));
        GenerationRequest request = new GenerationRequest(List.of(classes), classpath, "shop-service", "1.0.0", Optional.empty());

        // This JVM's own SLF4J (the self-check's) has no backend: let it say so before stderr is watched.
        org.slf4j.LoggerFactory.getILoggerFactory();
        // The JDK writes user.timezone once, on the JVM's first use of the default zone: not the generation's doing.
        java.util.TimeZone.getDefault();
        Properties before = System.getProperties();
        WatchedProperties watched = new WatchedProperties(before);
        PrintStream err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ExecutorService pool = Executors.newFixedThreadPool(GENERATIONS);
        List<byte[]> manifests = new ArrayList<>();
        try {
            System.setProperties(watched);
            System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
            CountDownLatch start = new CountDownLatch(1);
            List<Future<byte[]>> running = new ArrayList<>();
            for (int i = 0; i < GENERATIONS; i++) {
                running.add(pool.submit(() -> {
                    start.await();
                    return new ManifestGenerator(false).generate(request).json();
                }));
            }
            start.countDown();
            for (Future<byte[]> f : running) manifests.add(f.get(2, TimeUnit.MINUTES));
        } finally {
            pool.shutdownNow();
            System.setErr(err);
            System.setProperties(before);
        }

        assertEquals(List.of(), watched.changed, "a generation sets or clears no system property");
        assertEquals("", printed.toString(StandardCharsets.UTF_8), "the generations' logging prints nothing");
        assertEquals("{\"quantity\":{\"maximum\":2147483647,\"minimum\":-2147483648,\"type\":\"integer\"},\"sku\":{\"type\":\"string\"}}",
                new ObjectMapper().readTree(manifests.get(0)).path("contexts").path("shop").path("aggregates").path("cart")
                        .path("commands").path("add_item").path("schema").path("properties").toString());
        for (byte[] other : manifests.subList(1, GENERATIONS)) {
            assertArrayEquals(manifests.get(0), other, "generations running together give the same bytes");
        }
    }
}
