package dev.wowcompat.api;

import static dev.wowcompat.api.WireApiTest.window;
import static dev.wowcompat.testing.RunningRegistry.as;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wowcompat.testing.RunningRegistry;
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
 * Every test of {@link WireGroupsApiTest} again on PostgreSQL, and two groups posting the same records to two registry
 * nodes (each its own server and connection pool) on that one database at the same moment: exactly one of each pair
 * is counted, and both groups' positions advance.
 */
class WireGroupsApiOnPostgresTest extends WireGroupsApiTest {
    private static final int ROUNDS = 20;

    @Override
    protected TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }

    @Test
    void twoGroupsRacingOnTwoNodesCountTheirRecordsOnce() throws Exception {
        String env = "race-groups";
        Instant t = running(env);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (RunningRegistry second = new RunningRegistry(database.open(), principals.config(dir))) {
            List<RunningRegistry> nodes = List.of(registry, second);
            List<String> groups = List.of(REAL, TRIAL);
            for (int round = 0; round < ROUNDS; round++) {
                long from = round * 10L;
                CountDownLatch go = new CountDownLatch(1);
                List<Future<RunningRegistry.Answer>> answers = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    RunningRegistry node = nodes.get(i);
                    String body = window(groups.get(i), 0, from, from + 10, RELEASE, 1, t.plusSeconds(round)).toString();
                    answers.add(pool.submit(() -> {
                        go.await();
                        return node.post("/environments/" + env + "/wire", body, as(PLATFORM));
                    }));
                }
                go.countDown();
                int counted = 0;
                for (Future<RunningRegistry.Answer> a : answers) {
                    RunningRegistry.Answer answer = a.get(60, TimeUnit.SECONDS).expect(200);
                    if (answer.json().path("counted").asBoolean()) counted++;
                }
                assertEquals(1, counted, "round " + round + ": one of the two windows counted");
            }
            assertEquals(ROUNDS * 10L, wire(env).path("records").asLong(), "each offset counted once");
            assertEquals(List.of(ROUNDS * 10L, ROUNDS * 10L), List.of(next(env, REAL, 0), next(env, TRIAL, 0)));
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
