package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestDatabases;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link WireApiTest} again on PostgreSQL, and two registry nodes (each its own server and connection
 * pool) on that one database, posting windows of one partition at the same moment: exactly one of each pair is applied.
 */
class WireApiOnPostgresTest extends WireApiTest {
    private static final int ROUNDS = 25;

    @Override
    protected TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }

    @Test
    void twoNodesRacingOnOnePartitionApplyOneWindow() throws Exception {
        String env = "race";
        running(env);
        String release = SERVICE + "@1.1.0";
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (RunningRegistry second = new RunningRegistry(database.open(), RegistryServer.Config.local(0))) {
            List<RunningRegistry> nodes = List.of(registry, second);
            long next = 0;
            int accepted = 0;
            for (int round = 0; round < ROUNDS; round++) {
                // Round 0 races on a partition with no position yet: both may start anywhere, one only is applied.
                long from = next;
                List<Integer> statuses = race(pool, nodes, i -> {
                    ObjectNode w = window(GROUP, 0, from, from + 10 + i, release, 1, recently());
                    WireApiTest.finding(w, "written-not-declared", "breaking", release, 1, 1, from, recently());
                    return w.toString();
                });
                List<Integer> sorted = new ArrayList<>(statuses);
                sorted.sort(null);
                assertEquals(List.of(200, 409), sorted, "round " + round + ": one window applied, the other refused");
                next = from + 10 + statuses.indexOf(200);
                accepted++;
            }
            assertEquals(next, registry.get("/environments/" + env + "/wire").expect(200).json().path("records").asLong(),
                    "the records of the applied windows, each counted once");
            assertEquals(accepted, registry.get("/environments/" + env + "/wire").expect(200).json().at("/findings/0/count").asLong());
            assertEquals(next, second.get("/environments/" + env + "/wire/positions?group=" + GROUP).expect(200).json().at("/positions/0/next").asLong());

            // Two windows of two new partitions, both with a finding the registry does not keep yet: both applied.
            List<Integer> both = race(pool, nodes, i -> {
                ObjectNode w = window(GROUP, 1 + i, 0, 5, release, 1, recently());
                WireApiTest.finding(w, "payload-invalid", "breaking", release, 2, 1, 0, recently());
                return w.toString();
            });
            assertEquals(List.of(200, 200), both);
            assertEquals(next + 10, registry.get("/environments/" + env + "/wire").expect(200).json().path("records").asLong());
            long payloadInvalid = 0;
            for (var f : registry.get("/environments/" + env + "/wire").expect(200).json().path("findings")) {
                if (f.path("id").asText().equals("payload-invalid")) payloadInvalid = f.path("count").asLong();
            }
            assertEquals(4, payloadInvalid);
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** Posts one body to each node at the same moment; the statuses, node by node. */
    private static List<Integer> race(ExecutorService pool, List<RunningRegistry> nodes, java.util.function.IntFunction<String> body)
            throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Answer>> answers = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            RunningRegistry node = nodes.get(i);
            String b = body.apply(i);
            answers.add(pool.submit(() -> {
                go.await();
                return node.post("/environments/race/wire", b);
            }));
        }
        go.countDown();
        List<Integer> out = new ArrayList<>();
        for (Future<Answer> a : answers) out.add(a.get(60, TimeUnit.SECONDS).status());
        return out;
    }
}
