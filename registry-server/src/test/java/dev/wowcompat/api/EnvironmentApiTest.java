package dev.wowcompat.api;

import static dev.wowcompat.testing.RunningRegistry.as;
import static dev.wowcompat.testing.RunningRegistry.deployment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.ProvokedCodes;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestDatabases;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Environments and deployments through the real server on a free loopback port and a real SQLite file (and on
 * PostgreSQL: {@link EnvironmentApiOnPostgresTest}): record, replace, repeat, undeploy, the views, and every refusal
 * as a problem+json answer, never a 500. Each test uses environments of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class EnvironmentApiTest {
    /** The problem codes of this API area: provoked here (and left out of {@link RegistryApiTest}'s own census). */
    static final Set<String> CODES = Set.of(ProblemCode.ENVIRONMENT_NOT_FOUND.code(),
            ProblemCode.DEPLOYMENT_NOT_FOUND.code());
    private static final String TOKEN = "deploy-token-for-tests";

    private RunningRegistry registry;
    private TestDatabases databases;
    /** The codes the tests provoked; after the class, each of {@link #CODES} must be among them. */
    @RegisterExtension
    final ProvokedCodes provoked = new ProvokedCodes(CODES);

    TestDatabases.Backend backend() {
        return TestDatabases.Backend.SQLITE;
    }

    private RunningRegistry open(RegistryServer.Config config) {
        return new RunningRegistry(databases.create(backend()).open(), config);
    }

    @BeforeAll
    void start(TestDatabases testDatabases) {
        databases = testDatabases;
        registry = open(RegistryServer.Config.local(0));
        for (String version : List.of("1.0.0", "1.1.0", "1.2.0")) {
            assertEquals(201, registry.post("/services/bank-service/releases", BankManifests.bank(version)).status());
        }
        assertEquals(201, registry.post("/services/ledger/releases", BankManifests.bank("ledger", "1.0.0", 1, true)).status());
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    private Answer problem(Answer a, int status, String code) {
        assertEquals(status, a.status(), a.body());
        assertEquals("application/problem+json", a.header("Content-Type"));
        assertEquals(code, a.code(), a.body());
        assertFalse(a.json().path("detail").asText().isBlank());
        assertFalse(a.body().contains("at dev.wowcompat") || a.body().contains("Exception"), a.body());
        provoked.noted(a);
        return a;
    }

    private static Set<String> members(JsonNode node) {
        Set<String> names = new TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void recordReplaceRepeatAndUndeploy() {
        Answer first = registry.deploy("staging", "bank-service", "1.0.0");
        assertEquals(201, first.status(), first.body());
        assertEquals("application/json", first.header("Content-Type"));
        assertEquals("/environments/staging", first.header("Location"));
        JsonNode recorded = first.json();
        assertEquals(Set.of("environment", "service", "version", "deployedAt", "replaced"), members(recorded));
        assertEquals("staging", recorded.path("environment").asText());
        assertEquals("bank-service", recorded.path("service").asText());
        assertEquals("1.0.0", recorded.path("version").asText());
        assertTrue(recorded.path("deployedAt").isIntegralNumber());
        assertTrue(recorded.path("replaced").isNull());

        Answer again = registry.deploy("staging", "bank-service", "1.0.0");
        assertEquals(200, again.status(), "the running version again: nothing changes");
        assertEquals(recorded, again.json(), "answers the current record");

        JsonNode second = registry.deploy("staging", "bank-service", "1.1.0").json();
        assertEquals("1.1.0", second.path("version").asText());
        assertEquals(BankManifests.read("{\"version\": \"1.0.0\", \"deployedAt\": " + recorded.path("deployedAt").asLong() + "}"),
                second.path("replaced"));

        JsonNode view = registry.get("/environments/staging").json();
        assertEquals(Set.of("name", "deployments", "history"), members(view));
        assertEquals("staging", view.path("name").asText());
        assertEquals(1, view.path("deployments").size());
        JsonNode running = view.path("deployments").get(0);
        assertEquals(Set.of("service", "version", "deployedAt", "replaced"), members(running));
        assertEquals(second.path("deployedAt"), running.path("deployedAt"));
        assertEquals(second.path("replaced"), running.path("replaced"));
        JsonNode ended = view.path("history").get(0);
        assertEquals(Set.of("service", "version", "deployedAt", "endedAt", "endedBy"), members(ended));
        assertEquals("1.0.0", ended.path("version").asText());
        assertEquals(recorded.path("deployedAt"), ended.path("deployedAt"));
        assertEquals(second.path("deployedAt"), ended.path("endedAt"), "replaced when the next one was recorded");
        assertEquals("replaced", ended.path("endedBy").asText());

        Answer undeployed = registry.delete("/environments/staging/deployments/bank-service");
        assertEquals(200, undeployed.status(), undeployed.body());
        assertEquals(Set.of("environment", "service", "version", "deployedAt", "endedAt"), members(undeployed.json()));
        assertEquals("1.1.0", undeployed.json().path("version").asText());
        assertTrue(undeployed.json().path("endedAt").asLong() >= second.path("deployedAt").asLong());
        problem(registry.delete("/environments/staging/deployments/bank-service"), 404, "wow-compat.deployment.not-found");

        view = registry.get("/environments/staging").json();
        assertEquals(0, view.path("deployments").size(), "still an environment, with nothing running");
        List<String> history = new ArrayList<>();
        view.path("history").forEach(h -> history.add(h.path("version").asText() + " " + h.path("endedBy").asText()));
        assertEquals(List.of("1.1.0 undeployed", "1.0.0 replaced"), history, "newest end first");

        JsonNode redeployed = registry.deploy("staging", "bank-service", "1.2.0").json();
        assertTrue(redeployed.path("replaced").isNull(), "nothing ran there after the undeploy");
    }

    @Test
    void environmentsAreListedByNameWithWhatRunsAndTheirLastChange() {
        try (RunningRegistry own = open(RegistryServer.Config.local(0))) {
            assertEquals(BankManifests.read("{\"environments\": []}"), own.get("/environments").json());
            own.post("/services/bank-service/releases", BankManifests.bank("1.0.0"));
            own.post("/services/ledger/releases", BankManifests.bank("ledger", "1.0.0", 1, true));
            // Sorted by code point whatever the database's collation: '-' < '.' < '_' < letters.
            for (String environment : List.of("qa", "prod_eu", "prod.eu", "prod-eu")) {
                assertEquals(201, own.deploy(environment, "bank-service", "1.0.0").status());
            }
            long ledgerAt = own.deploy("qa", "ledger", "1.0.0").json().path("deployedAt").asLong();
            JsonNode list = own.get("/environments").json().path("environments");
            List<String> names = new ArrayList<>();
            list.forEach(e -> names.add(e.path("name").asText()));
            assertEquals(List.of("prod-eu", "prod.eu", "prod_eu", "qa"), names);
            JsonNode qa = list.get(3);
            assertEquals(Set.of("name", "running", "updatedAt"), members(qa));
            assertEquals(2, qa.path("running").asInt());
            assertEquals(ledgerAt, qa.path("updatedAt").asLong());

            long endedAt = own.delete("/environments/qa/deployments/ledger").json().path("endedAt").asLong();
            own.delete("/environments/qa/deployments/bank-service");
            JsonNode after = own.get("/environments").json().path("environments").get(3);
            assertEquals("qa", after.path("name").asText(), "an environment that ever had a deployment stays listed");
            assertEquals(0, after.path("running").asInt());
            assertTrue(after.path("updatedAt").asLong() >= endedAt, "an undeploy is a change");
        }
    }

    @Test
    void onlyRegisteredReleasesDeployAndUnknownEnvironmentsAre404() {
        problem(registry.deploy("nf-env", "bank-service", "9.9.9"), 404, "wow-compat.release.not-found");
        problem(registry.deploy("nf-env", "no-such-service", "1.0.0"), 404, "wow-compat.release.not-found");
        problem(registry.get("/environments/nf-env"), 404, "wow-compat.environment.not-found");
        problem(registry.delete("/environments/nf-env/deployments/bank-service"), 404, "wow-compat.deployment.not-found");
        registry.get("/environments").json().path("environments")
                .forEach(e -> assertFalse(e.path("name").asText().equals("nf-env"), "nothing was stored"));
    }

    @Test
    void badBodiesAndNamesAre400ProblemsAndStoreNothing() {
        String path = "/environments/bad-input/deployments";
        problem(registry.post(path, "not json"), 400, "wow-compat.input.invalid-json");
        problem(registry.post(path, ""), 400, "wow-compat.input.invalid-json");
        problem(registry.post(path, "{\"service\": \"a\", \"service\": \"b\", \"version\": \"1.0.0\"}"), 400, "wow-compat.input.duplicate-key");
        problem(registry.post(path, "[\"bank-service\", \"1.0.0\"]"), 400, "wow-compat.request.invalid-input");
        Answer empty = problem(registry.post(path, "{}"), 400, "wow-compat.request.invalid-input");
        List<String> pointers = new ArrayList<>();
        empty.json().path("problems").forEach(p -> pointers.add(p.path("pointer").asText()));
        assertEquals(List.of("/service", "/version"), pointers, "every problem at once, at its member");
        Map<String, String> bodies = Map.of(
                "{\"service\": \"  \", \"version\": \"1.0.0\"}", "/service",
                "{\"service\": 7, \"version\": \"1.0.0\"}", "/service",
                "{\"service\": \"bank-service\", \"version\": 1.2}", "/version",
                "{\"service\": \"bank-service\", \"version\": \"1.0.0\", \"environment\": \"prod\"}", "/environment");
        bodies.forEach((text, pointer) -> {
            Answer a = problem(registry.post(path, text), 400, "wow-compat.request.invalid-input");
            assertEquals(pointer, a.json().path("problems").get(0).path("pointer").asText(), text);
        });
        // A name or a version not of its form is a bad name, at its member.
        Map<String, String> badNames = Map.of(
                "{\"service\": \"bank-service\", \"version\": \"1.2\"}", "/version",
                "{\"service\": \"bank-service\", \"version\": \"1.0.0-SNAPSHOT\"}", "/version",
                "{\"service\": \"Bank_Service\", \"version\": \"1.0.0\"}", "/service",
                "{\"service\": \"" + "b".repeat(129) + "\", \"version\": \"1.0.0\"}", "/service");
        badNames.forEach((text, pointer) -> {
            Answer a = problem(registry.post(path, text), 400, "wow-compat.request.bad-name");
            assertEquals(pointer, a.json().path("problems").get(0).path("pointer").asText(), text);
        });
        problem(registry.post(path, deployment("bank-service", "1.0.0"), Map.of("Content-Type", "text/plain")), 415,
                "wow-compat.request.unsupported-media-type");
        problem(registry.post(path, "{\"service\": \"" + "x".repeat(70_000) + "\", \"version\": \"1.0.0\"}"), 413, "wow-compat.input.too-large");

        for (String name : List.of("Staging", "-staging", ".x", "a".repeat(129), "prod%20eu", "b%C3%BCro")) {
            problem(registry.deploy(name, "bank-service", "1.0.0"), 400, "wow-compat.request.bad-name");
            problem(registry.get("/environments/" + name), 400, "wow-compat.request.bad-name");
            problem(registry.delete("/environments/" + name + "/deployments/bank-service"), 400, "wow-compat.request.bad-name");
        }
        assertEquals(201, registry.deploy("a".repeat(128), "bank-service", "1.0.0").status(), "128 characters is the longest name");
        assertEquals(201, registry.deploy("0.prod_eu-1", "bank-service", "1.0.0").status());
        registry.get("/environments").json().path("environments")
                .forEach(e -> assertFalse(e.path("name").asText().equals("bad-input"), "nothing was stored"));
    }

    @Test
    void writesNeedATokenWhenTokensAreSetAndReadsDoNot() {
        try (RunningRegistry guarded = open(RegistryServer.Config.local(0).withTokens(Tokens.of(List.of(TOKEN))))) {
            Map<String, String> authorized = as(TOKEN);
            assertEquals(201, guarded.post("/services/bank-service/releases", BankManifests.bank("1.0.0"), authorized).status());
            String path = "/environments/prod/deployments";
            Answer missing = problem(guarded.post(path, deployment("bank-service", "1.0.0")), 401, "wow-compat.auth.token-missing");
            assertNotNull(missing.header("WWW-Authenticate"));
            problem(guarded.post(path, deployment("bank-service", "1.0.0"), Map.of("Content-Type", "application/json",
                    "Authorization", "Bearer wrong")), 401, "wow-compat.auth.token-invalid");
            problem(guarded.get("/environments/prod"), 404, "wow-compat.environment.not-found");
            assertEquals(201, guarded.post(path, deployment("bank-service", "1.0.0"), authorized).status());
            problem(guarded.delete(path + "/bank-service"), 401, "wow-compat.auth.token-missing");
            assertEquals(200, guarded.get("/environments/prod").status(), "reads stay open");
            assertEquals(200, guarded.get("/environments").status());
            assertEquals(1, guarded.get("/environments/prod").json().path("deployments").size(), "the refused undeploy changed nothing");
            assertEquals(200, guarded.delete(path + "/bank-service", authorized).status());
        }
    }

    @Test
    void theHistoryListsTheNewest200EndsFirst() {
        int records = 203;
        List<Long> deployedAt = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            Answer a = registry.deploy("long-history", "bank-service", i % 2 == 0 ? "1.0.0" : "1.1.0");
            assertEquals(201, a.status(), a.body());
            deployedAt.add(a.json().path("deployedAt").asLong());
        }
        JsonNode view = registry.get("/environments/long-history").json();
        assertEquals(deployedAt.get(records - 1), view.path("deployments").get(0).path("deployedAt").asLong());
        JsonNode history = view.path("history");
        assertEquals(200, history.size(), "at most 200 of the 202 ended deployments are listed");
        long previous = Long.MAX_VALUE;
        for (JsonNode h : history) {
            assertEquals("replaced", h.path("endedBy").asText());
            assertTrue(h.path("endedAt").asLong() <= previous, "newest end first");
            previous = h.path("endedAt").asLong();
        }
        assertEquals(deployedAt.get(records - 2), history.get(0).path("deployedAt").asLong(), "the one replaced last comes first");
        assertEquals(deployedAt.get(records - 201), history.get(199).path("deployedAt").asLong());
    }
}
