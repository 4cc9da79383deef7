package dev.wowcompat.api;

import static dev.wowcompat.testing.RunningRegistry.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.ProvokedCodes;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestPrincipals;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A release's replay verdict through the real server (docs/api.md, "PUT /services/{service}/releases/{version}/replay"),
 * on SQLite here and on PostgreSQL in {@link ReplayApiOnPostgresTest}: kept with the release, shown by the release and
 * by can-deploy, the same verdict again changing nothing, anything else than a replay report refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class ReplayApiTest {
    /** The problem codes of this API area: provoked here (and left out of {@link RegistryApiTest}'s own census). */
    static final Set<String> CODES = Set.of(ProblemCode.REPLAY_REPORT_INVALID.code());

    private static final String BANK = "bank-token-5d11", LEDGER = "ledger-token-8e02";
    /** The registry's clock: a replay said to run after it is refused. */
    private static final Instant NOW = Instant.parse("2026-12-06T12:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final ProvokedCodes provoked = new ProvokedCodes(CODES);
    private RunningRegistry registry;

    TestDatabases.Backend backend() {
        return TestDatabases.Backend.SQLITE;
    }

    @BeforeAll
    void start(TestDatabases databases, @TempDir Path dir) {
        var access = new TestPrincipals()
                .principal("bank-ci", BANK, "publish:bank-*", "deploy:staging")
                .principal("ledger-ci", LEDGER, "publish:ledger")
                .access(dir);
        registry = new RunningRegistry(databases.create(backend()).open(), RegistryServer.Config.local(0).withAccess(access),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    /** A report as {@code wow-compat replay --format json} writes it (its topics, examples and notes as well). */
    static String report(String replayedAt, long aggregates, long events, String findings) {
        return "{\"replay\": {\"replayedAt\": \"" + replayedAt + "\", \"toolVersion\": \"0.9.0\", \"aggregates\": " + aggregates
                + ", \"events\": " + events + "},\n \"messages\": " + events + ", \"topics\": {\"wow.bank.account.state\": {\"messages\": "
                + events + ", \"partitions\": 1}}, \"releases\": {},\n \"findings\": [" + findings + "],\n"
                + " \"notes\": [\"Replayed " + aggregates + " aggregates: " + events + " events.\"]}";
    }

    static final String CHANGED = "{\"id\": \"replay-state-changed\", \"severity\": \"breaking\", \"count\": 3, \"examples\": "
            + "[{\"topic\": \"wow.bank.account.state\", \"partition\": 0, \"offset\": 7, \"key\": \"acc-1\", \"pointer\": \"/balance\", "
            + "\"message\": \"balance 100 was rebuilt as 10000 (x100)\"}]}";
    static final String UNSOURCED = "{\"id\": \"replay-event-unsourced\", \"severity\": \"info\", \"count\": 2, \"examples\": []}";

    private Answer put(String service, String version, String body, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(registry.base() + "/services/" + service + "/releases/" + version + "/replay"))
                .PUT(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json");
        if (token != null) b.header("Authorization", "Bearer " + token);
        return registry.send(b);
    }

    private Answer problem(Answer a, int status, String code) {
        assertEquals(status, a.status(), a.body());
        assertEquals("application/problem+json", a.header("Content-Type"));
        assertEquals(code, a.code(), a.body());
        assertFalse(a.json().path("detail").asText().isBlank());
        assertFalse(a.body().contains("Exception") || a.body().contains("at dev.wowcompat"), a.body());
        provoked.noted(a);
        return a;
    }

    private JsonNode replayOf(String service, String version) {
        return registry.get("/services/" + service + "/releases/" + version).expect(200).json().path("replay");
    }

    @Test
    void theVerdictIsKeptWithTheReleaseAndShownWithIt() throws Exception {
        registry.post("/services/bank-kept/releases", BankManifests.bank("bank-kept", "1.0.0", 1, true), as(BANK)).expect(201);
        assertEquals(JSON.readTree("{\"replayed\": false}"), replayOf("bank-kept", "1.0.0"), "never replayed is said as such");

        Answer stored = put("bank-kept", "1.0.0", report("2026-12-06T11:30:00Z", 40, 1200, CHANGED + ", " + UNSOURCED), BANK).expect(201);
        JsonNode expected = JSON.readTree("{\"replayed\": true, \"replayedAt\": \"2026-12-06T11:30:00Z\", \"toolVersion\": \"0.9.0\", "
                + "\"aggregates\": 40, \"events\": 1200, \"breaking\": 3, \"findings\": ["
                + "{\"id\": \"replay-state-changed\", \"severity\": \"breaking\", \"count\": 3}, "
                + "{\"id\": \"replay-event-unsourced\", \"severity\": \"info\", \"count\": 2}], "
                + "\"storedAt\": \"2026-12-06T12:00:00Z\", \"storedBy\": \"bank-ci\"}");
        assertEquals(expected, stored.json());
        assertEquals(expected, replayOf("bank-kept", "1.0.0"));

        // The same report again (a retried CI job) changes nothing and says so.
        assertEquals(expected, put("bank-kept", "1.0.0", report("2026-12-06T11:30:00Z", 40, 1200, CHANGED + ", " + UNSOURCED), BANK)
                .expect(200).json());
        // A later replay of the same release replaces it.
        put("bank-kept", "1.0.0", report("2026-12-06T11:50:00Z", 41, 1210, ""), BANK).expect(201);
        JsonNode clean = replayOf("bank-kept", "1.0.0");
        assertEquals(41, clean.path("aggregates").asLong());
        assertEquals(1210, clean.path("events").asLong());
        assertEquals(0, clean.path("breaking").asLong());
        assertEquals(0, clean.path("findings").size());

        JsonNode log = registry.get("/write-log?service=bank-kept").expect(200).json().path("entries");
        assertEquals("PUT /services/{service}/releases/{version}/replay", log.get(0).path("method").asText() + " " + log.get(0).path("route").asText());
        assertEquals("1.0.0", log.get(0).path("version").asText());
        assertEquals("bank-ci", log.get(0).path("principal").asText());
        assertEquals(201, log.get(0).path("status").asInt());
    }

    @Test
    void onlyAReplayReportOfARegisteredReleaseIsKept() {
        registry.post("/services/bank-refused/releases", BankManifests.bank("bank-refused", "1.0.0", 1, true), as(BANK)).expect(201);
        String audit = "{\"messages\": 3, \"topics\": {}, \"releases\": {}, \"findings\": []}";
        Answer notReplay = problem(put("bank-refused", "1.0.0", audit, BANK), 400, "wow-compat.replay.not-a-report");
        assertTrue(notReplay.json().path("detail").asText().contains("not a replay report"), notReplay.body());
        problem(put("bank-refused", "1.0.0", "[1, 2", BANK), 400, "wow-compat.replay.not-a-report");
        problem(put("bank-refused", "1.0.0", report("2026-12-07T12:00:00Z", 1, 1, ""), BANK), 400, "wow-compat.replay.not-a-report");
        problem(put("bank-refused", "1.0.0", report("2026-12-06T11:00:00Z", -1, 1, ""), BANK), 400, "wow-compat.replay.not-a-report");
        problem(put("bank-refused", "1.0.0", report("2026-12-06T11:00:00Z", 1, 1,
                "{\"id\": \"replay-state-lost\", \"severity\": \"fatal\", \"count\": 1}"), BANK), 400, "wow-compat.replay.not-a-report");
        problem(put("bank-refused", "1.0.0", report("2026-12-06T11:00:00Z", 1, 1, UNSOURCED + ", " + UNSOURCED), BANK), 400,
                "wow-compat.replay.not-a-report");
        String large = report("2026-12-06T11:00:00Z", 1, 1, "").replace("\"notes\": [", "\"notes\": [\"" + "x".repeat(1024 * 1024) + "\", ");
        problem(put("bank-refused", "1.0.0", large, BANK), 413, "wow-compat.input.too-large");
        assertEquals(false, replayOf("bank-refused", "1.0.0").path("replayed").asBoolean(true), "nothing refused was kept");

        problem(put("bank-refused", "9.9.9", report("2026-12-06T11:00:00Z", 1, 1, ""), BANK), 404, "wow-compat.release.not-found");
        // The grant that registers the release: another team may not say it was replayed, nor may nobody.
        problem(put("bank-refused", "1.0.0", report("2026-12-06T11:00:00Z", 1, 1, ""), LEDGER), 403, "wow-compat.auth.forbidden");
        problem(put("bank-refused", "1.0.0", report("2026-12-06T11:00:00Z", 1, 1, ""), null), 401, "wow-compat.auth.token-missing");
        assertEquals(false, replayOf("bank-refused", "1.0.0").path("replayed").asBoolean(true));
    }

    @Test
    void canDeploySaysWhetherTheCandidateWasReplayedAndRefusesOneThatFoundABreak() {
        registry.post("/services/bank-gate/releases", BankManifests.bank("bank-gate", "1.0.0", 1, true), as(BANK)).expect(201);
        registry.post("/services/bank-gate/releases", BankManifests.bank("bank-gate", "1.1.0", 1, true), as(BANK)).expect(201);
        registry.post("/environments/staging/deployments", RunningRegistry.deployment("bank-gate", "1.0.0"), as(BANK)).expect(201);
        String query = "/can-deploy?service=bank-gate&version=1.1.0&environment=staging";

        Answer unreplayed = registry.get(query).expect(200);
        assertEquals("true", unreplayed.header("Wow-Compat-Deployable"), "not replayed is no failure");
        assertEquals(false, unreplayed.json().path("replay").path("replayed").asBoolean(true), unreplayed.body());

        put("bank-gate", "1.1.0", report("2026-12-06T11:30:00Z", 40, 1200, UNSOURCED), BANK).expect(201);
        Answer clean = registry.get(query).expect(200);
        assertEquals("true", clean.header("Wow-Compat-Deployable"), clean.body());
        assertEquals(1200, clean.json().path("replay").path("events").asLong(), clean.body());

        put("bank-gate", "1.1.0", report("2026-12-06T11:40:00Z", 40, 1200, CHANGED), BANK).expect(201);
        Answer broken = registry.get(query).expect(200);
        assertEquals("false", broken.header("Wow-Compat-Deployable"), broken.body());
        assertEquals(3, broken.json().path("replay").path("breaking").asLong(), broken.body());
        JsonNode finding = null;
        for (JsonNode f : broken.json().path("findings")) if (f.path("rule").asText().equals("replay-found-breaking")) finding = f;
        assertTrue(finding != null, broken.body());
        assertTrue(finding.path("message").asText().contains("replay-state-changed in 3"), finding.toString());
    }
}
