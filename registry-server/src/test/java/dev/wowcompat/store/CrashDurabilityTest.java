package dev.wowcompat.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.ServerProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No acknowledged write is lost: several threads register releases while the server process is killed with
 * SIGKILL at a random moment; after a restart every release that was answered 201 is there, and SQLite's
 * integrity check passes. Two rounds, so the second one writes into a database that has already survived a kill.
 */
class CrashDurabilityTest {
    private static final int WRITERS = 4;
    private static final int ROUNDS = 2;

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedReleaseSurvivesSigkill() throws Exception {
        Path db = dir.resolve("registry.db");
        Random random = new Random();
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        AtomicInteger nextPatch = new AtomicInteger();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

        for (int round = 0; round < ROUNDS; round++) {
            ServerProcess server = ServerProcess.start(db, ServerProcess.MANY_WRITERS_FROM_ONE_ADDRESS);
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                String service = "crash-" + w;
                running.add(writers.submit(() -> {
                    while (!stop.get()) {
                        String version = "1.0." + nextPatch.getAndIncrement();
                        HttpRequest request = HttpRequest.newBuilder(URI.create(server.base() + "/services/" + service + "/releases"))
                                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(20))
                                .POST(HttpRequest.BodyPublishers.ofString(BankManifests.bank(service, version, 1, true))).build();
                        try {
                            HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
                            if (r.statusCode() == 201) acknowledged.add(service + "@" + version);
                        } catch (java.io.IOException e) {
                            return null; // the server is gone: whatever was not answered 201 may or may not be stored
                        }
                    }
                    return null;
                }));
            }
            int before = acknowledged.size();
            // Kill once this round's writers are under way (a fresh JVM on a busy machine may take seconds to
            // answer its first registration), at a random moment after that.
            long deadline = System.currentTimeMillis() + 60_000;
            while (acknowledged.size() < before + WRITERS && System.currentTimeMillis() < deadline) Thread.sleep(20);
            Thread.sleep(random.nextInt(800));
            server.kill();
            stop.set(true);
            for (Future<?> f : running) f.get(60, TimeUnit.SECONDS);
            writers.shutdown();
            assertTrue(acknowledged.size() > before, "round " + round + ": some registrations were acknowledged before the kill");
        }

        try (ServerProcess restarted = ServerProcess.start(db)) {
            for (String release : acknowledged) {
                String[] parts = release.split("@");
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(
                        restarted.base() + "/services/" + parts[0] + "/releases/" + parts[1])).GET().build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), release + " was answered 201 but is missing after the crash");
            }
        }
        try (JdbcRegistryStore store = SqliteTransactions.open(db)) {
            assertEquals("ok", store.integrityCheck());
            assertTrue(store.stats().releases() >= acknowledged.size());
        }
    }
}
