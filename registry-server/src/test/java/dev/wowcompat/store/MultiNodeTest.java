package dev.wowcompat.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.PostgresCluster;
import dev.wowcompat.testing.ServerProcess;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestDatabases.Backend;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Three real {@code serve} processes on one real PostgreSQL database, driven concurrently: they behave as one
 * registry (one 201 per version, read-your-writes, every check sees every commit, one running deployment of a
 * service per environment whatever node records it), survive the SIGKILL of a node
 * without losing an acknowledged release, and answer 503 while PostgreSQL is down, recovering by themselves.
 */
@ExtendWith(TestDatabases.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MultiNodeTest {
    private static final int NODES = 3;
    private static final String STORE_UNAVAILABLE = "wow-compat.server.store-unavailable";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    /** The three nodes on one database, shared by the tests (each uses services of its own) but the kill test. */
    private final List<ServerProcess> shared = new ArrayList<>();
    /** The shared nodes' database, for what only the database can tell (how many rows say "running"). */
    private TestDatabases.Database sharedDatabase;
    private List<ServerProcess> nodes;
    private ExecutorService pool;

    private record Answer(int status, String body, long millis) {
        JsonNode json() {
            return BankManifests.read(body);
        }
    }

    private static void startNodes(TestDatabases.Database db, List<ServerProcess> into) throws Exception {
        ExecutorService starting = Executors.newFixedThreadPool(NODES);
        List<Future<ServerProcess>> started = new ArrayList<>();
        for (int i = 0; i < NODES; i++) started.add(starting.submit(() -> ServerProcess.start(db, ServerProcess.MANY_WRITERS_FROM_ONE_ADDRESS)));
        try {
            for (Future<ServerProcess> f : started) into.add(f.get(120, TimeUnit.SECONDS));
        } finally {
            starting.shutdown();
        }
    }

    @BeforeAll
    void startSharedNodes(TestDatabases databases) throws Exception {
        sharedDatabase = databases.create(Backend.POSTGRESQL);
        startNodes(sharedDatabase, shared);
    }

    @BeforeEach
    void useSharedNodes() {
        nodes = shared;
        pool = Executors.newCachedThreadPool();
    }

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    @AfterAll
    void stopSharedNodes() throws Exception {
        for (ServerProcess node : shared) node.close();
    }

    private Answer get(ServerProcess node, String path) throws IOException, InterruptedException {
        long start = System.nanoTime();
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(node.base() + path)).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body(), (System.nanoTime() - start) / 1_000_000);
    }

    private Answer register(ServerProcess node, String service, String manifest) throws IOException, InterruptedException {
        long start = System.nanoTime();
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(node.base() + "/services/" + service + "/releases"))
                        .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(manifest)).build(),
                HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body(), (System.nanoTime() - start) / 1_000_000);
    }

    private Answer deploy(ServerProcess node, String environment, String service, String version) throws IOException, InterruptedException {
        long start = System.nanoTime();
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(node.base() + "/environments/" + environment + "/deployments"))
                        .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"service\":\"" + service + "\",\"version\":\"" + version + "\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body(), (System.nanoTime() - start) / 1_000_000);
    }

    /** Runs the calls at the same moment (released together by a latch); their answers in order. */
    private <T> List<T> together(List<Callable<T>> calls) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<T>> futures = new ArrayList<>();
        for (Callable<T> call : calls) {
            futures.add(pool.submit(() -> {
                go.await();
                return call.call();
            }));
        }
        go.countDown();
        List<T> out = new ArrayList<>();
        for (Future<T> f : futures) out.add(f.get(60, TimeUnit.SECONDS));
        return out;
    }

    @Test
    void sameVersionOnEveryNodeAtOnceIsCreatedOnce() throws Exception {
        for (int round = 0; round < 5; round++) {
            String manifest = BankManifests.bank("race", "1.0." + round, 1, true);
            List<Callable<Answer>> calls = new ArrayList<>();
            for (int i = 0; i < 3 * NODES; i++) {
                ServerProcess node = nodes.get(i % NODES);
                calls.add(() -> register(node, "race", manifest));
            }
            Map<Integer, Integer> statuses = new HashMap<>();
            for (Answer a : together(calls)) statuses.merge(a.status(), 1, Integer::sum);
            assertEquals(Map.of(201, 1, 200, 3 * NODES - 1), statuses, "round " + round + ": one 201, the identical repeats 200");
            String other = BankManifests.withDescription(manifest, "changed after release");
            for (ServerProcess node : nodes) {
                Answer conflict = register(node, "race", other);
                assertEquals(409, conflict.status());
                assertEquals("wow-compat.release.version-exists", conflict.json().path("code").asText());
            }
        }
        assertEquals(5, get(nodes.get(2), "/services/race/releases").json().path("releases").size());
    }

    @Test
    void aReleaseAcknowledgedByOneNodeIsSeenByEveryOtherAtOnce() throws Exception {
        for (int i = 0; i < 12; i++) {
            String version = "1.0." + i;
            assertEquals(201, register(nodes.get(i % NODES), "ryw", BankManifests.bank("ryw", version, 1, true)).status());
            for (ServerProcess reader : nodes) {
                assertEquals(200, get(reader, "/services/ryw/releases/" + version).status(), version + " on " + reader.base());
                JsonNode releases = get(reader, "/services/ryw/releases").json().path("releases");
                assertEquals(i + 1, releases.size());
                assertEquals(version, releases.get(i).path("version").asText());
                JsonNode service = null;
                for (JsonNode s : get(reader, "/services").json().path("services")) if (s.path("name").asText().equals("ryw")) service = s;
                assertEquals(version, service.path("latestVersion").asText(), "the latest version is never stale");
            }
        }
    }

    @Test
    void theCheckOfARegistrationSeesWhatOtherNodesCommitted() throws Exception {
        // 1.1.0 stages Deposited@2; 1.2.0 is 1.0.0 again, which drops @2: compatible with 1.0.0 alone, breaking after 1.1.0.
        String base = BankManifests.bank("seen", "1.0.0", 1, true);
        String staged = BankManifests.bank("seen", "1.1.0", 2, false);
        String dropped = BankManifests.bank("seen", "1.2.0", 1, true);
        assertEquals(201, register(nodes.get(0), "seen", base).status());
        assertEquals(201, register(nodes.get(1), "seen", staged).status());
        Answer refused = register(nodes.get(2), "seen", dropped);
        assertEquals(409, refused.status(), refused.body());
        assertTrue(refused.body().contains("revision-removed"), refused.body());

        // The same two registrations at the same moment on two nodes: whichever commits first, the other is checked
        // against it. 1.2.0 may be accepted only when it was checked before 1.1.0 was committed.
        int refusedRaces = 0;
        for (int trial = 0; trial < 6; trial++) {
            String service = "seen-" + trial;
            assertEquals(201, register(nodes.get(0), service, BankManifests.bank(service, "1.0.0", 1, true)).status());
            ServerProcess a = nodes.get(1 + trial % 2);
            ServerProcess b = nodes.get(2 - trial % 2);
            List<Answer> answers = together(List.of(
                    () -> register(a, service, BankManifests.bank(service, "1.1.0", 2, false)),
                    () -> register(b, service, BankManifests.bank(service, "1.2.0", 1, true))));
            assertEquals(201, answers.get(0).status(), answers.get(0).body());
            if (answers.get(1).status() == 409) {
                assertTrue(answers.get(1).body().contains("revision-removed"), answers.get(1).body());
                refusedRaces++;
            } else {
                assertEquals(201, answers.get(1).status(), answers.get(1).body());
                long stagedAt = get(nodes.get(0), "/services/" + service + "/releases/1.1.0").json().path("registeredAt").asLong();
                long droppedAt = get(nodes.get(0), "/services/" + service + "/releases/1.2.0").json().path("registeredAt").asLong();
                assertTrue(droppedAt <= stagedAt, "1.2.0 was accepted without seeing 1.1.0, committed before it");
                assertTrue(answers.get(1).body().contains("\"1.0.0\"") && !answers.get(1).body().contains("\"1.1.0\""),
                        "1.2.0 was checked against 1.0.0 only: " + answers.get(1).body());
            }
        }
        System.out.println("MultiNodeTest: 1.2.0 refused in " + refusedRaces + " of 6 simultaneous races (accepted when it went first)");
    }

    @Test
    void aDeploymentRecordedThroughOneNodeIsSeenByEveryOtherAtOnce() throws Exception {
        for (int i = 0; i < 6; i++) {
            assertEquals(201, register(nodes.get(0), "dep-ryw", BankManifests.bank("dep-ryw", "1.0." + i, 1, true)).status());
        }
        for (int i = 0; i < 6; i++) {
            String version = "1.0." + i;
            Answer recorded = deploy(nodes.get(i % NODES), "ryw-env", "dep-ryw", version);
            assertEquals(201, recorded.status(), recorded.body());
            for (ServerProcess reader : nodes) {
                JsonNode view = get(reader, "/environments/ryw-env").json();
                assertEquals(version, view.at("/deployments/0/version").asText(), version + " on " + reader.base());
                assertEquals(i, view.path("history").size());
                assertEquals(200, deploy(reader, "ryw-env", "dep-ryw", version).status(), "every node knows it runs already");
                JsonNode listed = null;
                for (JsonNode e : get(reader, "/environments").json().path("environments")) if (e.path("name").asText().equals("ryw-env")) listed = e;
                assertEquals(1, listed.path("running").asInt());
                assertEquals(recorded.json().path("deployedAt").asLong(), listed.path("updatedAt").asLong(), "the last change is never stale");
            }
        }
        HttpResponse<String> undeployed = http.send(HttpRequest.newBuilder(URI.create(nodes.get(1).base() + "/environments/ryw-env/deployments/dep-ryw"))
                .timeout(Duration.ofSeconds(30)).DELETE().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, undeployed.statusCode(), undeployed.body());
        for (ServerProcess reader : nodes) {
            assertEquals(0, get(reader, "/environments/ryw-env").json().path("deployments").size(), "undeployed on " + reader.base());
        }
    }

    @Test
    void concurrentRecordsOfOneServiceOnEveryNodeLeaveOneRunningDeployment() throws Exception {
        int writers = 2 * NODES;
        for (int i = 0; i < writers; i++) {
            assertEquals(201, register(nodes.get(0), "dep-race", BankManifests.bank("dep-race", "1.0." + i, 1, true)).status());
        }
        for (int round = 0; round < 4; round++) {
            String environment = "race-" + round;
            List<Callable<Answer>> distinct = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                ServerProcess node = nodes.get(i % NODES);
                String version = "1.0." + i;
                distinct.add(() -> deploy(node, environment, "dep-race", version));
            }
            List<Answer> answers = together(distinct);
            // Each write replaced exactly the one committed before it, whichever node it went through: one chain.
            Map<String, String> replacedBy = new HashMap<>();
            String first = null;
            for (Answer a : answers) {
                assertEquals(201, a.status(), a.body());
                JsonNode replaced = a.json().path("replaced");
                if (replaced.isNull()) {
                    assertNull(first, "only one write found nothing running: " + answers);
                    first = a.json().path("version").asText();
                } else {
                    assertNull(replacedBy.put(replaced.path("version").asText(), a.json().path("version").asText()),
                            "two writes replaced one deployment: " + answers);
                }
            }
            String last = first;
            int chain = 1;
            while (replacedBy.containsKey(last)) {
                last = replacedBy.get(last);
                chain++;
            }
            assertEquals(writers, chain, "one chain through every write: " + answers);
            for (ServerProcess reader : nodes) {
                JsonNode view = get(reader, "/environments/" + environment).json();
                assertEquals(1, view.path("deployments").size(), view.toString());
                assertEquals(last, view.at("/deployments/0/version").asText());
                assertEquals(writers - 1, view.path("history").size());
            }
            assertEquals(1, runningRows(environment, "dep-race"));

            String same = "same-" + round;
            List<Callable<Answer>> repeats = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                ServerProcess node = nodes.get(i % NODES);
                repeats.add(() -> deploy(node, same, "dep-race", "1.0.0"));
            }
            Map<Integer, Integer> statuses = new HashMap<>();
            Set<Long> deployedAt = new HashSet<>();
            for (Answer a : together(repeats)) {
                statuses.merge(a.status(), 1, Integer::sum);
                deployedAt.add(a.json().path("deployedAt").asLong());
            }
            assertEquals(Map.of(201, 1, 200, writers - 1), statuses, "one version at once on every node: recorded once");
            assertEquals(1, deployedAt.size(), "every answer is the one deployment");
            assertEquals(1, runningRows(same, "dep-race"));
        }
    }

    /** Rows of the service marked running in the environment, counted in the database itself. */
    private long runningRows(String environment, String service) throws SQLException {
        try (Connection c = DriverManager.getConnection(sharedDatabase.address(), sharedDatabase.environment().get("WOW_COMPAT_DB_USER"),
                sharedDatabase.environment().get("WOW_COMPAT_DB_PASSWORD"));
             PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM deployments WHERE environment = ? AND service = ? AND ended_at IS NULL")) {
            ps.setString(1, environment);
            ps.setString(2, service);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @Test
    void noAcknowledgedReleaseIsLostWhenANodeIsKilledDuringWrites(TestDatabases databases) throws Exception {
        List<ServerProcess> own = new ArrayList<>();
        try {
            startNodes(databases.create(Backend.POSTGRESQL), own);
            nodes = own;
            killOneOfEightWriters();
        } finally {
            for (ServerProcess node : own) node.close();
        }
    }

    private void killOneOfEightWriters() throws Exception {
        int writers = 8;
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        AtomicInteger acknowledgedAfterKill = new AtomicInteger();
        AtomicBoolean killed = new AtomicBoolean();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong failures = new AtomicLong();
        ServerProcess victim = nodes.get(1);
        List<Future<?>> running = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            String service = "kill-" + w;
            int first = w;
            running.add(pool.submit(() -> {
                for (int n = 0; !stop.get(); n++) {
                    ServerProcess node = nodes.get((first + n) % NODES);
                    if (killed.get() && node == victim) continue;
                    String version = "1.0." + n;
                    try {
                        Answer a = register(node, service, BankManifests.bank(service, version, 1, true));
                        if (a.status() == 201) {
                            acknowledged.add(service + "@" + version);
                            if (killed.get()) acknowledgedAfterKill.incrementAndGet();
                        } else {
                            failures.incrementAndGet();
                        }
                    } catch (IOException e) {
                        failures.incrementAndGet(); // the killed node: this one may or may not be stored, it was never acknowledged
                    }
                }
                return null;
            }));
        }
        // Kill mid-load: once the writers are under way, and keep writing until the survivors have acknowledged as many.
        awaitAtLeast(acknowledged::size, 2 * writers);
        int beforeKill = acknowledged.size();
        victim.kill();
        killed.set(true);
        awaitAtLeast(acknowledgedAfterKill::get, 2 * writers);
        stop.set(true);
        for (Future<?> f : running) f.get(60, TimeUnit.SECONDS);

        assertTrue(beforeKill > 0, "registrations were acknowledged before the kill");
        assertTrue(acknowledgedAfterKill.get() > 0, "the other nodes kept acknowledging registrations after the kill");
        for (String release : acknowledged) {
            String[] parts = release.split("@");
            for (ServerProcess survivor : List.of(nodes.get(0), nodes.get(2))) {
                assertEquals(200, get(survivor, "/services/" + parts[0] + "/releases/" + parts[1]).status(),
                        release + " was answered 201 but is missing");
            }
        }
        long stored = 0;
        for (JsonNode s : get(nodes.get(0), "/services").json().path("services")) stored += s.path("releases").asLong();
        assertEquals(writers, get(nodes.get(2), "/services").json().path("services").size());
        assertTrue(stored >= acknowledged.size());
        System.out.println("MultiNodeTest: " + acknowledged.size() + " releases acknowledged (" + beforeKill + " before the SIGKILL, "
                + acknowledgedAfterKill.get() + " after), all " + acknowledged.size() + " found on both survivors; " + stored
                + " stored; " + failures.get() + " requests unanswered or refused");
    }

    private static void awaitAtLeast(java.util.function.IntSupplier count, int wanted) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (count.getAsInt() < wanted && System.currentTimeMillis() < deadline) Thread.sleep(50);
    }

    @Test
    void nodesAnswer503WhilePostgresIsDownAndRecoverWithoutRestart(TestDatabases databases) throws Exception {
        PostgresCluster cluster = databases.postgres();
        assertEquals(201, register(nodes.get(0), "outage", BankManifests.bank("outage", "1.0.0", 1, true)).status());
        cluster.stopServer();
        try {
            List<Callable<Void>> probes = new ArrayList<>();
            for (ServerProcess node : nodes) {
                probes.add(() -> {
                    Answer list = get(node, "/services/outage/releases");
                    assertEquals(503, list.status(), list.body());
                    assertEquals(STORE_UNAVAILABLE, list.json().path("code").asText());
                    assertTrue(list.millis() < 10_000, "answered within the pool's connection timeout, not a hang: " + list.millis() + " ms");
                    Answer write = register(node, "outage", BankManifests.bank("outage", "1.1.0", 1, true));
                    assertEquals(503, write.status(), write.body());
                    assertEquals(STORE_UNAVAILABLE, write.json().path("code").asText());
                    assertTrue(write.millis() < 10_000, "a registration too: " + write.millis() + " ms");
                    assertEquals(200, get(node, "/health").status(), "liveness does not depend on the database");
                    Answer ready = get(node, "/ready");
                    assertEquals(503, ready.status(), "not ready: the load balancer takes the node out of rotation");
                    assertEquals(STORE_UNAVAILABLE, ready.json().path("code").asText());
                    return null;
                });
            }
            together(probes);
        } finally {
            cluster.startServer();
        }
        for (ServerProcess node : nodes) {
            long deadline = System.currentTimeMillis() + 30_000;
            Answer a;
            do {
                a = get(node, "/services/outage/releases");
                if (a.status() != 200) Thread.sleep(200);
            } while (a.status() != 200 && System.currentTimeMillis() < deadline);
            assertEquals(200, a.status(), "recovered without a restart: " + a.body());
            assertEquals(200, get(node, "/ready").status());
        }
        Answer after = register(nodes.get(2), "outage", BankManifests.bank("outage", "1.1.0", 1, true));
        assertEquals(201, after.status(), () -> after.body() + "\n" + nodes.get(2).output());
        assertEquals(2, get(nodes.get(1), "/services/outage/releases").json().path("releases").size());
    }
}
