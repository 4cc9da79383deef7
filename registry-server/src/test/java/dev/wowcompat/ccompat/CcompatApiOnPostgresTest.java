package dev.wowcompat.ccompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.TestDatabases;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link CcompatApiTest} again on PostgreSQL, and two registry nodes on that one database: each answers
 * the same ids, and the same schema registered through both at the same moment is one version with one id.
 */
class CcompatApiOnPostgresTest extends CcompatApiTest {
    private static final int ROUNDS = 10;

    @Override
    protected TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }

    @Test
    void twoNodesAnswerTheSameIds() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (RunningRegistry second = new RunningRegistry(database.open(), RegistryServer.Config.local(0))) {
            // Asked first on the second node, then on the first: the ids are the database's, not a node's.
            String onSecond = second.get(BASE + "/subjects/bank.account.Withdraw/versions/1").expect(200).json().path("id").asText();
            assertEquals(onSecond, registry.get(BASE + "/subjects/bank.account.Withdraw/versions/1").expect(200).json().path("id").asText());
            for (int round = 0; round < ROUNDS; round++) {
                String subject = BASE + "/subjects/race-" + round + "-value/versions";
                String schema = body("{\"type\":\"object\",\"properties\":{\"n" + round + "\":{\"type\":\"integer\"}}}");
                List<Future<String>> answers = new ArrayList<>();
                for (RunningRegistry node : List.of(registry, second)) {
                    answers.add(pool.submit(() -> node.post(subject, schema).expect(200).json().path("id").asText()));
                }
                assertEquals(answers.get(0).get(), answers.get(1).get(), "round " + round);
                assertEquals("[1]", second.get(subject).body(), "round " + round);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
