package dev.wowcompat.api;

import static dev.wowcompat.testing.Fleet.AUDIT;
import static dev.wowcompat.testing.Fleet.CONSUMER;
import static dev.wowcompat.testing.Fleet.EVENT;
import static dev.wowcompat.testing.Fleet.PRODUCER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.Fleet;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestDatabases;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code GET /can-deploy} through the real server and a real SQLite file (and PostgreSQL:
 * {@link CanDeployApiOnPostgresTest}), with the {@link Fleet}: a producer staging and then writing a new event
 * revision, a consumer that lags and then upgrades, and a consumer that is not a Wow service. Each test deploys
 * into environments of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class CanDeployApiTest {
    private static final String DEPOSITED_2 = EVENT + "@2";

    RunningRegistry registry;
    TestDatabases databases;

    TestDatabases.Backend backend() {
        return TestDatabases.Backend.SQLITE;
    }

    @BeforeAll
    void start(TestDatabases testDatabases) {
        databases = testDatabases;
        registry = new RunningRegistry(databases.create(backend()).open(), RegistryServer.Config.local(0));
        registerFleet(registry);
    }

    static void registerFleet(RunningRegistry r) {
        for (String[] release : Fleet.releases()) {
            r.register(release[0], release[1]).expect(201);
        }
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    static void deploy(RunningRegistry r, String environment, String service, String version) {
        r.deploy(environment, service, version).expect(201, 200);
    }

    static Answer canDeploy(RunningRegistry r, String service, String version, String environment, String... more) {
        StringBuilder q = new StringBuilder("/can-deploy?service=" + service + "&version=" + version + "&environment=" + environment);
        for (String m : more) q.append('&').append(m);
        return r.get(q.toString());
    }

    /** A 200 JSON answer's findings as {@code rule subject}, after checking the answer's form and verdict header. */
    static List<String> findings(Answer a, String environment, boolean deployable) {
        assertEquals(200, a.status(), a.body());
        assertEquals("application/json", a.header("Content-Type"));
        assertEquals(Boolean.toString(deployable), a.header("Wow-Compat-Deployable"));
        JsonNode report = a.json();
        assertEquals(1, report.path("format").asInt());
        assertEquals("CAN-DEPLOY", report.path("level").asText());
        assertEquals(environment, report.path("environment").asText());
        assertEquals(deployable, report.path("deployable").asBoolean());
        assertTrue(report.path("deployable").isBoolean());
        assertEquals(deployable ? "compatible" : "breaking", report.path("verdict").asText());
        List<String> out = new ArrayList<>();
        report.path("findings").forEach(f -> out.add(f.path("rule").asText() + " " + f.path("subject").asText()));
        return out;
    }

    private static void problem(Answer a, int status, String code) {
        assertEquals(status, a.status(), a.body());
        assertEquals("application/problem+json", a.header("Content-Type"));
        assertEquals(code, a.code(), a.body());
        String detail = a.json().path("detail").asText();
        assertFalse(detail.isBlank());
        assertFalse(a.body().contains("Exception") || a.body().contains("at dev.wowcompat"), a.body());
        assertEquals(null, a.header("Wow-Compat-Deployable"), "no verdict on a refusal");
    }

    @Test
    void skippingTheStagingReleaseIsRefusedUntilItRan() {
        String env = "skip";
        deploy(registry, env, PRODUCER, "1.0.0");
        deploy(registry, env, CONSUMER, "1.1.0");
        deploy(registry, env, AUDIT, "1.0.0");
        Answer refused = canDeploy(registry, PRODUCER, "1.2.0", env);
        assertEquals(List.of("skipped-staging-release " + DEPOSITED_2), findings(refused, env, false));
        assertTrue(refused.json().at("/findings/0/message").asText().contains(PRODUCER + "@1.0.0 runs in " + env), refused.body());
        JsonNode baselines = refused.json().path("baselines");
        assertEquals(List.of(AUDIT + "@1.0.0", PRODUCER + "@1.0.0", CONSUMER + "@1.1.0"), labels(baselines), "what runs there, by service");
        assertEquals(PRODUCER, refused.json().at("/candidate/service").asText());
        assertEquals("1.2.0", refused.json().at("/candidate/version").asText());

        assertEquals(List.of(), findings(canDeploy(registry, PRODUCER, "1.1.0", env), env, true), "staging breaks nobody");
        deploy(registry, env, PRODUCER, "1.1.0");
        assertEquals(List.of(), findings(canDeploy(registry, PRODUCER, "1.2.0", env), env, true));
    }

    @Test
    void aLaggingConsumerBlocksTheSwitchUntilItUpgrades() {
        String env = "lag";
        deploy(registry, env, PRODUCER, "1.1.0");
        deploy(registry, env, CONSUMER, "1.0.0");
        deploy(registry, env, AUDIT, "1.0.0");
        Answer blocked = canDeploy(registry, PRODUCER, "1.2.0", env);
        assertEquals(List.of("consumer-lags " + DEPOSITED_2), findings(blocked, env, false));
        String message = blocked.json().at("/findings/0/message").asText();
        assertTrue(message.contains(CONSUMER + "@1.0.0 reads only revision 1"), message);
        assertFalse(message.contains(AUDIT), "the audit feed reads revision 2: " + message);

        // The consumer's upgrade reads what runs there, and unblocks the switch.
        assertEquals(List.of(), findings(canDeploy(registry, CONSUMER, "1.1.0", env), env, true));
        deploy(registry, env, CONSUMER, "1.1.0");
        assertEquals(List.of(), findings(canDeploy(registry, PRODUCER, "1.2.0", env), env, true));
        deploy(registry, env, PRODUCER, "1.2.0");
        // Rolling the consumer back beside a producer writing revision 2 is refused from the consumer's side.
        assertEquals(List.of("consumer-lags " + DEPOSITED_2), findings(canDeploy(registry, CONSUMER, "1.0.0", env), env, false));
    }

    /**
     * The ledger's Manifest was generated from its saga and projection: what it sends (the bank's Withdraw) and
     * the state it reads are checked too. A major release of the bank that drops Withdraw and turns the account's
     * state into a view passes registration (a major version may, with a migration), not this check.
     */
    @Test
    void whatTheCompiledConsumerSendsAndReadsIsCheckedToo() {
        String env = "compiled";
        ObjectNode major = (ObjectNode) BankManifests.read(BankManifests.bank(PRODUCER, "2.0.0", 2, true));
        ObjectNode account = (ObjectNode) major.at("/contexts/bank/aggregates/account");
        ((ObjectNode) account.get("commands")).remove("Withdraw");
        ((ObjectNode) account.get("state")).put("published", false);
        Answer registered = registry.post("/services/" + PRODUCER + "/releases", major.toPrettyString());
        assertEquals(201, registered.status(), registered.body());
        deploy(registry, env, PRODUCER, "1.2.0");
        deploy(registry, env, CONSUMER, "1.1.0");
        Answer refused = canDeploy(registry, PRODUCER, "2.0.0", env);
        assertEquals(List.of("consumed-state-unpublished bank.account", "sent-command-unread bank.account.Withdraw"),
                findings(refused, env, false));
        assertTrue(refused.body().contains(CONSUMER + "@1.1.0 sends bank.account.Withdraw"), refused.body());
        assertTrue(refused.body().contains(CONSUMER + "@1.1.0 reads the state of bank.account"), refused.body());
        // Once the ledger no longer runs there, nothing there reads or sends what 2.0.0 dropped.
        assertEquals(200, registry.delete("/environments/" + env + "/deployments/" + CONSUMER).status());
        assertEquals(List.of(), findings(canDeploy(registry, PRODUCER, "2.0.0", env), env, true));
    }

    @Test
    void anUndeployedConsumerIsNoLongerChecked() {
        String env = "undeploy";
        deploy(registry, env, PRODUCER, "1.1.0");
        deploy(registry, env, CONSUMER, "1.0.0");
        assertEquals(List.of("consumer-lags " + DEPOSITED_2), findings(canDeploy(registry, PRODUCER, "1.2.0", env), env, false));
        assertEquals(200, registry.delete("/environments/" + env + "/deployments/" + CONSUMER).status());
        Answer after = canDeploy(registry, PRODUCER, "1.2.0", env);
        assertEquals(List.of(), findings(after, env, true));
        assertEquals(List.of(PRODUCER + "@1.1.0"), labels(after.json().path("baselines")));
    }

    @Test
    void aRollbackThatWouldNotReadWhatWasWrittenIsRefused() {
        String env = "rollback";
        deploy(registry, env, PRODUCER, "1.2.0");
        Answer refused = canDeploy(registry, PRODUCER, "1.0.0", env);
        assertEquals(List.of("rollback-unread " + DEPOSITED_2), findings(refused, env, false));
        assertEquals(List.of(), findings(canDeploy(registry, PRODUCER, "1.1.0", env), env, true), "1.1.0 reads revision 2");
    }

    @Test
    void anEnvironmentWithoutDeploymentsIsAFirstDeploymentWhenTheRequestSaysSo() {
        Answer first = canDeploy(registry, PRODUCER, "1.2.0", "never-used", "newEnvironment=true");
        assertEquals(List.of(), findings(first, "never-used", true));
        assertEquals(0, first.json().path("baselines").size());
        assertEquals(404, registry.get("/environments/never-used").status(), "asking recorded nothing");
        // A reader deployed where nobody writes what it reads: a warning, still deployable.
        assertEquals(List.of("nothing-runs-there " + EVENT),
                findings(canDeploy(registry, AUDIT, "1.0.0", "never-used", "newEnvironment=TRUE"), "never-used", true));
        problem(canDeploy(registry, PRODUCER, "1.2.0", "never-used", "newEnvironment=yes"), 400, "wow-compat.request.bad-parameter");
    }

    /**
     * A typo of a known environment's name is not a first deployment: 404 with the names the registry knows (those
     * {@code GET /environments} lists) and the near ones, whatever the candidate's verdict would have been. Saying
     * the environment is new checks it as one; a known environment is checked as usual whatever the flag says.
     */
    @Test
    void anEnvironmentTheRegistryDoesNotKnowIsRefusedUnlessSaidToBeNew() {
        try (RunningRegistry own = new RunningRegistry(databases.create(backend()).open(), RegistryServer.Config.local(0))) {
            registerFleet(own);
            Answer empty = canDeploy(own, PRODUCER, "1.2.0", "production");
            problem(empty, 404, "wow-compat.environment.not-found");
            assertEquals(List.of(), texts(empty.json().path("environments")));
            assertTrue(empty.json().path("detail").asText().contains("The registry knows no environment yet."), empty.body());

            deploy(own, "production", PRODUCER, "1.1.0");
            deploy(own, "production", CONSUMER, "1.0.0");
            deploy(own, "staging", PRODUCER, "1.1.0");
            deploy(own, "qa", PRODUCER, "1.1.0");
            assertEquals(200, own.delete("/environments/qa/deployments/" + PRODUCER).status(), "qa ran something once: known");

            Answer typo = canDeploy(own, PRODUCER, "1.2.0", "prodution");
            problem(typo, 404, "wow-compat.environment.not-found");
            assertEquals("prodution", typo.json().path("environment").asText());
            assertEquals(List.of("production", "qa", "staging"), texts(typo.json().path("environments")));
            assertEquals(List.of("production"), texts(typo.json().path("nearest")));
            assertEquals("No deployment was ever recorded in 'prodution'; did you mean 'production'? The registry knows 'production', "
                    + "'qa', 'staging'. A first deployment there is checked with newEnvironment=true.", typo.json().path("detail").asText());
            for (String format : List.of("format=text", "format=sarif")) {
                problem(canDeploy(own, PRODUCER, "1.2.0", "prodution", format), 404, "wow-compat.environment.not-found");
            }

            Answer far = canDeploy(own, PRODUCER, "1.2.0", "eu-west");
            problem(far, 404, "wow-compat.environment.not-found");
            assertEquals(List.of(), texts(far.json().path("nearest")));
            assertFalse(far.json().path("detail").asText().contains("did you mean"), far.body());

            // A release the registry does not have is still that, wherever it would go.
            problem(canDeploy(own, PRODUCER, "9.9.9", "prodution"), 404, "wow-compat.release.not-found");

            // Known: qa (nothing runs there now) and production answer as before, with or without the flag.
            assertEquals(List.of(), findings(canDeploy(own, PRODUCER, "1.2.0", "qa"), "qa", true));
            assertEquals(List.of("consumer-lags " + DEPOSITED_2), findings(canDeploy(own, PRODUCER, "1.2.0", "production"), "production", false));
            assertEquals(List.of("consumer-lags " + DEPOSITED_2),
                    findings(canDeploy(own, PRODUCER, "1.2.0", "production", "newEnvironment=true"), "production", false));
            // Said to be new, the typo runs nothing: deployable, which is why the flag is for a first deployment only.
            assertEquals(List.of(), findings(canDeploy(own, PRODUCER, "1.2.0", "prodution", "newEnvironment=true"), "prodution", true));
            assertEquals(404, own.get("/environments/prodution").status(), "asking recorded nothing");
            assertEquals(3, own.get("/environments").json().path("environments").size());
        }
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void everyFormatCarriesTheVerdictAndTheFindings() {
        String env = "formats";
        deploy(registry, env, PRODUCER, "1.1.0");
        deploy(registry, env, CONSUMER, "1.0.0");
        Answer json = canDeploy(registry, PRODUCER, "1.2.0", env);
        assertEquals(List.of("consumer-lags " + DEPOSITED_2), findings(json, env, false));
        String id = json.json().at("/findings/0/id").asText();
        assertTrue(id.matches("[0-9a-f]{12}"), id);
        assertEquals(json.body(), canDeploy(registry, PRODUCER, "1.2.0", env, "format=json").body(), "json is the default");

        // The media types as docs/api.md gives them, written out here; every format but json must have one.
        Map<String, String> types = Map.of("text", "text/plain", "github", "text/plain", "markdown", "text/markdown",
                "junit", "application/xml", "sarif", "application/sarif+json");
        for (dev.wowcompat.report.ReportFormat f : dev.wowcompat.report.ReportFormat.values()) {
            assertTrue(f == dev.wowcompat.report.ReportFormat.JSON || types.containsKey(f.label()), f.label() + " has no expected media type here");
        }
        for (Map.Entry<String, String> t : types.entrySet()) {
            for (boolean deployable : List.of(false, true)) {
                String version = deployable ? "1.1.0" : "1.2.0";
                Answer a = canDeploy(registry, PRODUCER, version, env, "format=" + t.getKey().toUpperCase());
                assertEquals(200, a.status(), t.getKey() + ": " + a.body());
                assertEquals(t.getValue(), a.header("Content-Type").split(";")[0], t.getKey());
                assertEquals(Boolean.toString(deployable), a.header("Wow-Compat-Deployable"), t.getKey());
                assertFalse(a.body().isBlank(), t.getKey());
                if (deployable) {
                    // SARIF describes every rule it knows in its driver; its results are what was found.
                    String found = t.getKey().equals("sarif") ? a.json().at("/runs/0/results").toString() : a.body();
                    assertFalse(found.contains("consumer-lags"), t.getKey() + ": " + a.body());
                    continue;
                }
                assertTrue(a.body().contains("consumer-lags") && a.body().contains(DEPOSITED_2), t.getKey() + ": " + a.body());
                if (!t.getKey().equals("text") && !t.getKey().equals("github")) {
                    assertTrue(a.body().contains(id), t.getKey() + " names the finding id: " + a.body());
                }
            }
        }
        JsonNode sarif = canDeploy(registry, PRODUCER, "1.2.0", env, "format=sarif").json();
        assertEquals("2.1.0", sarif.path("version").asText());
        assertEquals("consumer-lags", sarif.at("/runs/0/results/0/ruleId").asText());
        assertTrue(canDeploy(registry, PRODUCER, "1.2.0", env, "format=junit").body().contains("<testsuite"));
    }

    @Test
    void waiversMoveFindingsOutOfTheVerdict() {
        String env = "waivers";
        deploy(registry, env, PRODUCER, "1.1.0");
        deploy(registry, env, CONSUMER, "1.0.0");
        String id = canDeploy(registry, PRODUCER, "1.2.0", env).json().at("/findings/0/id").asText();

        Answer byRule = canDeploy(registry, PRODUCER, "1.2.0", env, "ignore=" + encode("consumer-lags:bank.account.*:the ledger drains first"));
        assertEquals(List.of(), findings(byRule, env, true));
        assertEquals("the ledger drains first", byRule.json().at("/waived/0/reason").asText());
        assertEquals(id, byRule.json().at("/waived/0/id").asText());

        Answer byId = canDeploy(registry, PRODUCER, "1.2.0", env, "ignore=" + encode(id + ":agreed: see ticket 12"),
                "ignore=" + encode("rollback-unread::unused"), "format=markdown");
        assertEquals("true", byId.header("Wow-Compat-Deployable"));
        assertTrue(byId.body().contains("agreed: see ticket 12"), byId.body());

        Answer other = canDeploy(registry, PRODUCER, "1.2.0", env, "ignore=" + encode("skipped-staging-release:*:not this one"));
        assertEquals(List.of("consumer-lags " + DEPOSITED_2), findings(other, env, false));
    }

    @Test
    void badParametersAndUnknownReleasesAreProblems() {
        String bad = "wow-compat.request.bad-parameter";
        problem(registry.get("/can-deploy?service=" + PRODUCER + "&version=1.2.0"), 400, bad);
        problem(registry.get("/can-deploy?version=1.2.0&environment=prod"), 400, bad);
        problem(registry.get("/can-deploy?service=" + PRODUCER + "&environment=prod"), 400, bad);
        problem(registry.get("/can-deploy?service=%20&version=1.2.0&environment=prod"), 400, bad);
        problem(canDeploy(registry, PRODUCER, "1.2", "prod"), 400, "wow-compat.request.bad-name");
        problem(canDeploy(registry, PRODUCER, "1.2.0", "Prod"), 400, "wow-compat.request.bad-name");
        problem(canDeploy(registry, "Bank_Service", "1.2.0", "prod"), 400, "wow-compat.request.bad-name");
        problem(canDeploy(registry, PRODUCER, "1.2.0", "prod", "format=pdf"), 400, bad);
        Answer ignore = canDeploy(registry, PRODUCER, "1.2.0", "prod", "ignore=no-colons");
        problem(ignore, 400, bad);
        assertTrue(ignore.json().path("detail").asText().contains("RULE:SUBJECT_GLOB:REASON"), ignore.body());
        problem(canDeploy(registry, PRODUCER, "1.2.0", "prod", "ignore=" + encode("no-such-rule:*:why")), 400, bad);
        problem(canDeploy(registry, PRODUCER, "1.2.0", "prod", "ignore=" + encode("consumer-lags:*:")), 400, bad);
        problem(canDeploy(registry, PRODUCER, "9.9.9", "prod"), 404, "wow-compat.release.not-found");
        problem(canDeploy(registry, "no-such-service", "1.0.0", "prod"), 404, "wow-compat.release.not-found");
        assertEquals(405, registry.post("/can-deploy?service=" + PRODUCER + "&version=1.2.0&environment=prod", "{}").status());
    }

    @Test
    void aRepeatedAnswerComesFromTheCacheAndIsTheSame() {
        String env = "repeat";
        deploy(registry, env, PRODUCER, "1.1.0");
        deploy(registry, env, CONSUMER, "1.0.0");
        String first = canDeploy(registry, PRODUCER, "1.2.0", env).body();
        for (int i = 0; i < 3; i++) assertEquals(first, canDeploy(registry, PRODUCER, "1.2.0", env).body());
        // A Manifest registered after the server started is checked like one parsed from the store.
        assertEquals(201, registry.post("/services/" + PRODUCER + "/releases", BankManifests.bank(PRODUCER, "1.3.0", 2, true)).status());
        assertEquals(List.of("consumer-lags " + DEPOSITED_2), findings(canDeploy(registry, PRODUCER, "1.3.0", env), env, false));
    }

    static List<String> labels(JsonNode releases) {
        List<String> out = new ArrayList<>();
        releases.forEach(r -> out.add(r.path("service").asText() + "@" + r.path("version").asText()));
        return out;
    }

    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
