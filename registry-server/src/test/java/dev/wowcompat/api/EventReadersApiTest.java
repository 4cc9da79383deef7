package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestDatabases;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code GET /events/{name}/readers} through the real server and a real SQLite file: the producer's releases in
 * spans, the consumers (newest release and running ones) with the revisions they read, and per environment the
 * producer running there, the revision it writes (current) and the consumers running there.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class EventReadersApiTest {
    private static final String DEPOSITED = "/events/bank.account.Deposited/readers";
    private RunningRegistry registry;

    @BeforeAll
    void start(TestDatabases databases) {
        registry = new RunningRegistry(databases.create(TestDatabases.Backend.SQLITE).open(), RegistryServer.Config.local(0));
        registry.register("bank-service", BankManifests.bank("bank-service", "1.0.0", 1, true)).expect(201);
        registry.register("bank-service", BankManifests.bank("bank-service", "1.1.0", 2, false)).expect(201);
        registry.register("bank-service", BankManifests.bank("bank-service", "1.2.0", 2, true)).expect(201);
        registry.register("audit", BankManifests.depositReader("audit", "1.0.0", 1)).expect(201);
        registry.register("audit", BankManifests.depositReader("audit", "1.1.0", 1, 2)).expect(201);
        registry.register("reporting", BankManifests.depositReader("reporting", "1.0.0", 1)).expect(201);
        registry.register("reporting", BankManifests.depositReader("reporting", "2.0.0")).expect(201);
        registry.deploy("prod", "bank-service", "1.0.0").expect(201);
        registry.deploy("prod", "audit", "1.0.0").expect(201);
        registry.deploy("prod", "reporting", "1.0.0").expect(201);
        registry.deploy("staging", "bank-service", "1.2.0").expect(201);
        registry.deploy("staging", "audit", "1.1.0").expect(201);
        registry.deploy("qa", "bank-service", "1.1.0").expect(201);
        assertEquals(200, registry.delete("/environments/qa/deployments/bank-service").status());
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    private static Set<String> members(JsonNode node) {
        Set<String> names = new TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode json(String text) {
        return BankManifests.read(text);
    }

    @Test
    void theProducerInSpansOfReleasesThatDeclareAndWriteTheSameRevisions() {
        Answer a = registry.get(DEPOSITED);
        assertEquals(200, a.status(), a.body());
        assertEquals("application/json", a.header("Content-Type"));
        assertEquals(Set.of("name", "producers", "consumers", "environments"), members(a.json()));
        assertEquals("bank.account.Deposited", a.json().path("name").asText());
        assertEquals(json("""
                [{"service": "bank-service", "releases": 3, "spans": [
                  {"firstVersion": "1.0.0", "lastVersion": "1.0.0", "releases": 1, "revisions": [1], "written": [1], "writes": 1},
                  {"firstVersion": "1.1.0", "lastVersion": "1.1.0", "releases": 1, "revisions": [1, 2], "written": [1], "writes": 1},
                  {"firstVersion": "1.2.0", "lastVersion": "1.2.0", "releases": 1, "revisions": [1, 2], "written": [1, 2], "writes": 2}]}]"""),
                a.json().path("producers"));
    }

    @Test
    void consumersByNewestReleaseAndByEveryRunningRelease() {
        JsonNode consumers = registry.get(DEPOSITED).json().path("consumers");
        assertEquals(json("""
                [{"service": "audit", "newest": {"version": "1.1.0", "revisions": [1, 2]},
                  "running": [{"environment": "prod", "version": "1.0.0", "revisions": [1]},
                              {"environment": "staging", "version": "1.1.0", "revisions": [1, 2]}]},
                 {"service": "reporting", "newest": null,
                  "running": [{"environment": "prod", "version": "1.0.0", "revisions": [1]}]}]"""),
                consumers, "reporting's newest release reads nothing of the bank's, its release running in prod does; "
                        + "the bank itself reads nothing");
    }

    @Test
    void eachEnvironmentWithTheRevisionItsProducerWritesAndTheConsumersThere() {
        JsonNode environments = registry.get(DEPOSITED).json().path("environments");
        assertEquals(3, environments.size(), environments.toString());
        JsonNode prod = environments.get(0);
        assertEquals("prod", prod.path("name").asText());
        assertEquals(1, prod.path("current").asInt(), "bank-service 1.0.0 writes @1 only");
        assertEquals("1.0.0", prod.path("producers").get(0).path("version").asText());
        assertEquals(1, prod.path("producers").get(0).path("writes").asInt());
        assertEquals(Set.of("service", "version", "deployedAt", "writes"), members(prod.path("producers").get(0)));
        assertEquals(2, prod.path("consumers").size());
        assertEquals("audit", prod.path("consumers").get(0).path("service").asText());
        assertEquals(json("[1]"), prod.path("consumers").get(0).path("revisions"));
        assertEquals("reporting", prod.path("consumers").get(1).path("service").asText());

        JsonNode qa = environments.get(1);
        assertEquals("qa", qa.path("name").asText());
        assertEquals(json("[]"), qa.path("producers"), "bank-service was undeployed from qa");
        assertEquals(json("[]"), qa.path("consumers"));
        assertEquals(true, qa.path("current").isNull(), "no producer runs there: no current revision");

        JsonNode staging = environments.get(2);
        assertEquals("staging", staging.path("name").asText());
        assertEquals(2, staging.path("current").asInt(), "bank-service 1.2.0 writes @2: the highest written revision");
        assertEquals(json("[1, 2]"), staging.path("consumers").get(0).path("revisions"));
        assertEquals(1, staging.path("consumers").size());
    }

    @Test
    void anEventNoReleaseDeclaresIsAProblemNotAnEmptyAnswer() {
        Answer a = registry.get("/events/bank.account.Withdrawn/readers");
        assertEquals(404, a.status(), a.body());
        assertEquals("application/problem+json", a.header("Content-Type"));
        assertEquals("wow-compat.event.not-found", a.code());
        assertFalse(a.json().path("detail").asText().isBlank());
    }
}
