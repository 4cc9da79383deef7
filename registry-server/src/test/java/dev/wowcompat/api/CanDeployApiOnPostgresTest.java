package dev.wowcompat.api;

import static dev.wowcompat.testing.Fleet.CONSUMER;
import static dev.wowcompat.testing.Fleet.EVENT;
import static dev.wowcompat.testing.Fleet.PRODUCER;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.TestDatabases;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link CanDeployApiTest} again on PostgreSQL, and two nodes on one database: each keeps its own cache
 * of parsed Manifests, but what runs where is read from the database on every answer.
 */
class CanDeployApiOnPostgresTest extends CanDeployApiTest {
    @Override
    TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }

    @Test
    void aDeploymentRecordedThroughOneNodeChangesTheOtherNodesAnswerAtOnce() {
        TestDatabases.Database database = databases.create(TestDatabases.Backend.POSTGRESQL);
        try (RunningRegistry a = new RunningRegistry(database.open(), RegistryServer.Config.local(0));
             RunningRegistry b = new RunningRegistry(database.open(), RegistryServer.Config.local(0))) {
            registerFleet(a);
            String env = "two-nodes";
            deploy(a, env, PRODUCER, "1.1.0");
            // b parses and caches the releases it compares; a's records must still reach its next answer.
            assertEquals(List.of(), findings(canDeploy(b, PRODUCER, "1.2.0", env), env, true));
            deploy(a, env, CONSUMER, "1.0.0");
            assertEquals(List.of("consumer-lags " + EVENT + "@2"), findings(canDeploy(b, PRODUCER, "1.2.0", env), env, false));
            deploy(b, env, CONSUMER, "1.1.0");
            assertEquals(List.of(), findings(canDeploy(a, PRODUCER, "1.2.0", env), env, true));
            assertEquals(200, a.delete("/environments/" + env + "/deployments/" + CONSUMER).status());
            deploy(a, env, PRODUCER, "1.2.0");
            assertEquals(List.of("rollback-unread " + EVENT + "@2"), findings(canDeploy(b, PRODUCER, "1.0.0", env), env, false));
        }
    }
}
