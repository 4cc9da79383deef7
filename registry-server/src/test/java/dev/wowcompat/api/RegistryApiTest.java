package dev.wowcompat.api;

import static dev.wowcompat.testing.RunningRegistry.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.ProvokedCodes;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.RunningRegistry.Answer;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every endpoint and every problem code of the API, against the real server on a free loopback port and a real
 * SQLite file (and on PostgreSQL: {@link RegistryApiOnPostgresTest}). Each test registers its own service, so
 * tests do not depend on each other's order.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class RegistryApiTest {
    private static final String TOKEN = "s3cret-token-for-tests";
    private static final Map<String, String> JSON = Map.of("Content-Type", "application/json");
    private static final Map<String, String> AUTHORIZED = as(TOKEN);

    private RunningRegistry registry;
    /** Problem codes the tests have seen, checked against the catalogue at the end. */
    @RegisterExtension
    final ProvokedCodes provoked = new ProvokedCodes(codesOfThisClass());

    private TestDatabases databases;

    /** The backend these tests run on; {@link RegistryApiOnPostgresTest} runs them all again on PostgreSQL. */
    TestDatabases.Backend backend() {
        return TestDatabases.Backend.SQLITE;
    }

    /** A registry on a fresh database of {@link #backend()}. */
    private RunningRegistry open(RegistryServer.Config config) {
        return new RunningRegistry(databases.create(backend()).open(), config);
    }

    /** Every code the API answers with, but those another class provokes and the one no request can cause. */
    private static Set<String> codesOfThisClass() {
        Set<String> expected = Arrays.stream(ProblemCode.values())
                // No request can cause it: it answers a defect.
                .filter(p -> p != ProblemCode.INTERNAL)
                .map(ProblemCode::code)
                // Load, timeouts and start-up: provoked with raw connections there.
                .filter(code -> !ServerGuardsTest.CODES.contains(code))
                // Environments and deployments: provoked there.
                .filter(code -> !EnvironmentApiTest.CODES.contains(code))
                // Profiles: provoked there.
                .filter(code -> !ProfileApiTest.CODES.contains(code))
                // The wire's windows: provoked there.
                .filter(code -> !WireApiTest.CODES.contains(code))
                .filter(code -> !WireClaimsTest.CODES.contains(code))
                .filter(code -> !WireGroupsApiTest.CODES.contains(code))
                // Principals, grants and admin operations: provoked there.
                .filter(code -> !AccessApiTest.CODES.contains(code))
                // A release's replay verdict: provoked there.
                .filter(code -> !ReplayApiTest.CODES.contains(code))
                // The Host check and names: provoked there.
                .filter(code -> !RequestBoundsTest.CODES.contains(code)).collect(Collectors.toCollection(TreeSet::new));
        expected.addAll(List.of("wow-compat.input.invalid-json", "wow-compat.input.too-deep",
                "wow-compat.input.too-many-schemas", "wow-compat.schema.remote-ref", "wow-compat.manifest.invalid"));
        return expected;
    }

    @BeforeAll
    void start(TestDatabases testDatabases) {
        databases = testDatabases;
        registry = open(RegistryServer.Config.local(0));
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    /** A problem answer: the status, problem+json, the code, a detail, and no stack trace. */
    private Answer problem(Answer a, int status, String code) {
        assertEquals(status, a.status(), a.body());
        assertEquals("application/problem+json", a.header("Content-Type"));
        assertEquals(code, a.code(), a.body());
        assertEquals(status, a.json().path("status").asInt());
        assertFalse(a.json().path("detail").asText().isBlank());
        assertFalse(a.body().contains("at dev.wowcompat") || a.body().contains("Exception"), a.body());
        provoked.noted(a);
        return a;
    }

    private Answer register(String service, String manifest) {
        return registry.post("/services/" + service + "/releases", manifest);
    }

    @Test
    void registrationOutcomes() {
        Answer created = register("acct", BankManifests.bank("acct", "1.0.0", 1, true));
        assertEquals(201, created.status(), created.body());
        assertEquals("compatible", created.json().path("verdict").asText());
        assertEquals(1, created.json().path("format").asInt());
        assertEquals("/services/acct/releases/1.0.0", created.header("Location"));

        Answer again = register("acct", BankManifests.bank("acct", "1.0.0", 1, true));
        assertEquals(200, again.status());
        assertEquals(created.json(), again.json(), "the same content again answers the stored report");

        String other = BankManifests.withDescription(BankManifests.bank("acct", "1.0.0", 1, true), "changed text");
        problem(register("acct", other), 409, "wow-compat.release.version-exists");

        Answer staged = register("acct", BankManifests.bank("acct", "1.1.0", 2, false));
        assertEquals(201, staged.status(), staged.body());
        assertEquals("acct", staged.json().at("/candidate/service").asText());
        assertEquals("1.1.0", staged.json().at("/candidate/version").asText());

        Answer breaking = problem(register("acct", BankManifests.withoutDeposited("acct", "1.2.0")), 409, "wow-compat.release.breaking");
        JsonNode report = breaking.json().get("report");
        assertEquals("breaking", report.path("verdict").asText());
        assertTrue(report.path("summary").path("breaking").asInt() > 0);
        List<String> rules = new ArrayList<>();
        report.path("findings").forEach(f -> rules.add(f.path("rule").asText()));
        assertTrue(rules.contains("type-removed") || rules.contains("revision-removed"), rules.toString());
        assertTrue(report.path("findings").get(0).hasNonNull("fix"));
        assertPointersOnly(report);
        assertEquals(2, registry.get("/services/acct/releases").json().path("releases").size(), "a refused release is not stored");

        problem(register("other-name", BankManifests.bank("acct", "9.0.0", 1, true)), 400, "wow-compat.release.service-mismatch");
    }

    /**
     * The registry stores and compares canonical JSON, which has no lines: its findings name subjects and pointers,
     * never a file, line or column (those belong to a check of the file the user edits).
     */
    private static void assertPointersOnly(JsonNode report) {
        assertTrue(report.path("findings").size() > 0, report.toString());
        for (String list : List.of("findings", "waived")) {
            report.path(list).forEach(f -> {
                assertFalse(f.has("location"), f.toString());
                assertTrue(f.has("pointer"), f.toString());
            });
        }
        assertFalse(report.toString().contains("\"location\""), report.toString());
        assertFalse(report.toString().contains("\"line\""), report.toString());
    }

    @Test
    void dryRunStoresNothing() {
        assertEquals(201, register("dry", BankManifests.bank("dry", "1.0.0", 1, true)).status());
        Answer check = registry.post("/services/dry/releases/check", BankManifests.withoutDeposited("dry", "1.1.0"));
        assertEquals(200, check.status(), check.body());
        assertEquals("breaking", check.json().path("verdict").asText());
        assertPointersOnly(check.json());
        Answer fine = registry.post("/services/dry/releases/check", BankManifests.bank("dry", "1.0.1", 1, true));
        assertEquals("compatible", fine.json().path("verdict").asText());
        assertEquals(1, registry.get("/services/dry/releases").json().path("releases").size());
    }

    @Test
    void checkAndRegistrationAnswersCarryTheChangelog() {
        assertEquals(201, register("logged", BankManifests.bank("logged", "1.0.0", 1, true)).status());
        // 1.1.0 stages revision 2 of Deposited: compatible, and the one change of the release.
        String staged = BankManifests.bank("logged", "1.1.0", 2, false);
        Answer check = registry.post("/services/logged/releases/check", staged);
        assertEquals(200, check.status(), check.body());
        assertEquals(0, check.json().path("findings").size(), check.body());
        JsonNode changes = check.json().path("changes");
        assertEquals(1, changes.size(), check.body());
        assertEquals("revision-added", changes.at("/0/kind").asText());
        assertEquals("bank.account.Deposited@2", changes.at("/0/subject").asText());
        assertEquals("", changes.at("/0/pointer").asText(), "the registry reports pointers only");
        Answer created = register("logged", staged);
        assertEquals(201, created.status(), created.body());
        assertEquals(changes, created.json().path("changes"));
        // The release view serves the stored report, changelog included.
        assertEquals(changes, registry.get("/services/logged/releases/1.1.0").json().at("/report/changes"));
    }

    @Test
    void servicesAndReleases() {
        register("listed", BankManifests.bank("listed", "1.0.0", 1, true));
        register("listed", BankManifests.bank("listed", "1.1.0", 2, false));
        JsonNode services = registry.get("/services").json().path("services");
        JsonNode listed = null;
        for (JsonNode s : services) if (s.path("name").asText().equals("listed")) listed = s;
        assertNotNull(listed, services.toString());
        assertEquals(2, listed.path("releases").asInt());
        assertEquals("1.1.0", listed.path("latestVersion").asText());

        JsonNode releases = registry.get("/services/listed/releases").json().path("releases");
        assertEquals(List.of("1.0.0", "1.1.0"), List.of(releases.get(0).path("version").asText(), releases.get(1).path("version").asText()));
        assertEquals("compatible", releases.get(1).path("report").path("verdict").asText());

        JsonNode one = registry.get("/services/listed/releases/1.1.0").json();
        assertEquals("listed", one.path("manifest").path("service").asText());
        assertEquals(1, one.path("manifest").path("manifest").asInt());
        assertEquals(64, one.path("contentDigest").asText().length());

        problem(registry.get("/services/nobody/releases"), 404, "wow-compat.service.not-found");
        problem(registry.get("/services/listed/releases/7.0.0"), 404, "wow-compat.release.not-found");
    }

    @Test
    void typesEventsAndRevisions() {
        register("typed", BankManifests.bank("typed", "1.0.0", 1, true));
        register("typed", BankManifests.bank("typed", "1.1.0", 2, false));
        register("typed", BankManifests.bank("typed", "1.2.0", 2, true));

        JsonNode found = registry.get("/types?q=deposit").json().path("types");
        List<String> names = new ArrayList<>();
        found.forEach(t -> names.add(t.path("name").asText()));
        assertTrue(names.containsAll(List.of("bank.account.Deposit", "bank.account.Deposited")), names.toString());

        JsonNode type = registry.get("/types/bank.account").json();
        assertEquals(Set.of("aggregate", "state"), asSet(type.path("kinds")));
        JsonNode command = registry.get("/types/bank.account.Withdraw").json();
        assertEquals(Set.of("command"), asSet(command.path("kinds")));
        assertTrue(command.path("releases").size() >= 3);
        assertEquals(1, command.path("fingerprints").size(), "an unchanged schema has one fingerprint: " + command.path("fingerprints"));
        problem(registry.get("/types/bank.account.Nothing"), 404, "wow-compat.type.not-found");

        JsonNode revisions = registry.get("/events/bank.account.Deposited/revisions").json().path("revisions");
        assertEquals(2, revisions.size());
        JsonNode second = revisions.get(1);
        assertEquals(2, second.path("revision").asInt());
        assertEquals(1, second.path("upgradesFrom").asInt());
        assertTrue(second.path("written").asBoolean(), "the newest release writes revision 2");
        JsonNode history = registry.get("/events/bank.account.Deposited/revisions/2").json().path("history");
        assertEquals("1.1.0", firstVersionOf(history, "typed"));
        assertFalse(history.get(0).path("written").asBoolean() && history.get(0).path("version").asText().equals("1.1.0"));
        assertTrue(second.path("history").isMissingNode(), "the list stays the same size however many releases");

        JsonNode one = registry.get("/events/bank.account.Deposited/revisions/2").json();
        assertEquals("number", one.at("/schema/properties/amount/type").asText());
        assertEquals(Fingerprint.of(one.get("schema")), one.path("fingerprint").asText());
        problem(registry.get("/events/bank.account.Deposited/revisions/9"), 404, "wow-compat.event.revision-not-found");
        problem(registry.get("/events/bank.account.Deposit/revisions"), 404, "wow-compat.event.not-found");
        problem(registry.get("/events/bank.account.Deposited/revisions/two"), 400, "wow-compat.request.bad-parameter");
    }

    private static String firstVersionOf(JsonNode history, String service) {
        for (JsonNode h : history) if (h.path("service").asText().equals(service)) return h.path("version").asText();
        return null;
    }

    private static Set<String> asSet(JsonNode array) {
        Set<String> out = new TreeSet<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void anAmbiguousFingerprintPrefixListsTheMatches() {
        dev.wowcompat.testing.PrefixTwins twins = dev.wowcompat.testing.PrefixTwins.find("prefixes");
        assertEquals(201, register("prefixes", twins.manifest()).status());
        String a = twins.first();
        Answer ambiguous = registry.get("/fingerprints/" + twins.sharedPrefix());
        assertEquals(300, ambiguous.status(), ambiguous.body());
        assertEquals(new TreeSet<>(List.of(a, twins.second())), new TreeSet<>(ambiguous.json().findValuesAsText("fingerprint")), ambiguous.body());
        assertTrue(ambiguous.json().path("complete").asBoolean());
        // One more digit tells them apart.
        Answer unique = registry.get("/schemas/" + twins.firstUniquePrefix());
        assertEquals(302, unique.status(), unique.body());
        assertEquals("/schemas/" + a, unique.header("Location"));
    }

    @Test
    void schemasByFingerprint() {
        register("fp", BankManifests.bank("fp", "1.0.0", 1, true));
        String fp = Fingerprint.of(BankManifests.stateSchema());
        Answer schema = registry.get("/schemas/" + fp);
        assertEquals(200, schema.status());
        assertEquals("\"" + fp + "\"", schema.header("ETag"));
        assertTrue(schema.header("Cache-Control").contains("immutable"));
        assertEquals(fp, Fingerprint.of(schema.json()), "the body is the schema the fingerprint names");
        assertEquals(304, registry.get("/schemas/" + fp, Map.of("If-None-Match", "\"" + fp + "\"")).status());

        JsonNode usages = registry.get("/fingerprints/" + fp).json();
        assertTrue(usages.path("known").asBoolean());
        boolean stateOfFp = false;
        for (JsonNode u : usages.path("usages")) stateOfFp |= u.path("service").asText().equals("fp") && u.path("kind").asText().equals("state");
        assertTrue(stateOfFp, usages.toString());

        problem(registry.get("/schemas/" + "0".repeat(64)), 404, "wow-compat.fingerprint.unknown");
        problem(registry.get("/fingerprints/" + "0".repeat(64)), 404, "wow-compat.fingerprint.unknown");

        // The 12 digits reports show, or any unique prefix of 8 or more, lead to the schema.
        for (String path : List.of("/schemas/", "/fingerprints/")) {
            Answer shortFp = registry.get(path + fp.substring(0, 12));
            assertEquals(302, shortFp.status(), shortFp.body());
            assertEquals(path + fp, shortFp.header("Location"));
            assertEquals(302, registry.get(path + fp.substring(0, 8)).status());
        }
        problem(registry.get("/schemas/" + fp.substring(0, 7)), 400, "wow-compat.fingerprint.malformed");
        problem(registry.get("/fingerprints/" + "0".repeat(12)), 404, "wow-compat.fingerprint.unknown");
        problem(registry.get("/schemas/not-a-fingerprint"), 400, "wow-compat.fingerprint.malformed");
    }

    @Test
    void diffBetweenRevisionsAndReleases() {
        register("diffed", BankManifests.bank("diffed", "1.0.0", 1, true));
        register("diffed", BankManifests.bank("diffed", "1.1.0", 2, false));
        Answer diff = registry.get("/diff?subject=bank.account.Deposited&from=1&to=2");
        assertEquals(200, diff.status(), diff.body());
        JsonNode body = diff.json();
        assertEquals("integer", body.at("/from/schema/properties/amount/type").asText());
        assertEquals("number", body.at("/to/schema/properties/amount/type").asText());
        boolean typeChanged = false;
        for (JsonNode f : body.at("/report/findings")) {
            typeChanged |= f.path("rule").asText().equals("field-type-changed") && f.path("pointer").asText().contains("amount");
        }
        assertTrue(typeChanged, body.path("report").toString());

        Answer byFingerprint = registry.get("/diff?subject=bank.account.Deposited&from=" + body.at("/from/fingerprint").asText()
                + "&to=" + body.at("/to/fingerprint").asText());
        assertEquals(body.at("/report/findings"), byFingerprint.json().at("/report/findings"), "a side may be named by its fingerprint");
        Answer byRelease = registry.get("/diff?subject=bank.account.Deposited@1&from=1.0.0&to=1.1.0&service=diffed");
        assertEquals(body.at("/from/fingerprint"), byRelease.json().at("/to/fingerprint"), "revision 1 is unchanged in 1.1.0");

        Answer same = registry.get("/diff?subject=bank.account.Withdraw&from=1.0.0&to=1.1.0&service=diffed");
        assertEquals(0, same.json().at("/report/findings").size());
    }

    @Test
    void diffRefusals() {
        register("diffless", BankManifests.bank("diffless", "1.0.0", 1, true));
        problem(registry.get("/diff?subject=bank.account.Deposited&from=1"), 400, "wow-compat.request.bad-parameter");
        problem(registry.get("/diff?subject=bank.account.Deposited&from=1&to=banana"), 400, "wow-compat.request.bad-parameter");
        problem(registry.get("/diff?subject=bank.account.Nothing&from=1&to=2"), 404, "wow-compat.type.not-found");
        problem(registry.get("/diff?subject=bank.account.Deposited&from=1&to=8"), 404, "wow-compat.diff.side-not-found");
    }

    @Test
    void verifyState() throws Exception {
        register("verified", BankManifests.bank("verified", "1.0.0", 1, true));
        String fp = Fingerprint.of(BankManifests.stateSchema());
        JsonNode ok = registry.post("/verify/state", "{\"aggregate\":\"bank.account\",\"schemaFingerprint\":\"" + fp
                + "\",\"state\":{\"owner\":\"Alice\",\"balance\":100}}").json();
        assertTrue(ok.path("known").asBoolean() && ok.path("current").asBoolean() && ok.path("valid").asBoolean(), ok.toString());
        assertEquals("bank.account", ok.path("aggregate").asText());

        JsonNode invalid = registry.post("/verify/state", "{\"schemaFingerprint\":\"" + fp + "\",\"state\":{\"owner\":\"Alice\",\"balance\":-1}}").json();
        assertFalse(invalid.path("valid").asBoolean());
        assertEquals("/state/balance", invalid.path("violations").get(0).path("pointer").asText());

        ObjectNode envelope = (ObjectNode) example("envelope-state-event");
        ((ObjectNode) envelope.at("/payload/state")).put("schemaFingerprint", fp);
        JsonNode fromEnvelope = registry.post("/verify/state", envelope.toString()).json();
        assertTrue(fromEnvelope.path("valid").asBoolean(), fromEnvelope.toString());

        JsonNode unknown = registry.post("/verify/state", "{\"aggregate\":\"bank.account\",\"schemaFingerprint\":\"" + "e".repeat(64) + "\",\"state\":{}}").json();
        assertFalse(unknown.path("known").asBoolean());
        assertEquals(fp, unknown.path("currentFingerprint").asText());

        problem(registry.post("/verify/state", "{\"schemaFingerprint\":\"abc\",\"state\":{}}"), 400, "wow-compat.fingerprint.malformed");
        problem(registry.post("/verify/state", "{\"hello\":\"world\"}"), 422, "wow-compat.verify.not-a-state");
    }

    @Test
    void validateWireStructures() throws Exception {
        register("wired", BankManifests.bank("wired", "1.0.0", 1, true));
        ObjectNode envelope = (ObjectNode) example("envelope-state-event");
        ((ObjectNode) envelope.at("/payload/state")).put("schemaFingerprint", Fingerprint.of(BankManifests.stateSchema()));
        JsonNode valid = registry.post("/validate", envelope.toString()).json();
        assertTrue(valid.path("valid").asBoolean(), valid.toString());
        assertEquals("state-event", valid.path("kind").asText());
        assertEquals(1, valid.path("format").asInt());

        ((ObjectNode) envelope.at("/payload/events/0/payload")).put("amount", 2.5);
        JsonNode invalid = registry.post("/validate", envelope.toString()).json();
        assertFalse(invalid.path("valid").asBoolean());
        assertEquals("/payload/events/0/payload/amount", invalid.path("violations").get(0).path("pointer").asText());

        JsonNode command = registry.post("/validate", example("envelope-command").toString()).json();
        assertTrue(command.path("valid").asBoolean(), command.toString());
        JsonNode signal = registry.post("/validate?structure=wait-signal", example("wait-signal").toString()).json();
        assertTrue(signal.path("valid").asBoolean(), signal.toString());

        envelope.put("format", 2);
        problem(registry.post("/validate", envelope.toString()), 422, "wow-compat.wire.unknown-format");
        envelope.put("format", 1).put("kind", "mystery");
        problem(registry.post("/validate", envelope.toString()), 422, "wow-compat.wire.unknown-kind");
        problem(registry.post("/validate", "{\"a\":1}"), 422, "wow-compat.wire.unknown-structure");
        problem(registry.post("/validate?structure=nonsense", "{}"), 400, "wow-compat.request.bad-parameter");
    }

    static JsonNode example(String name) throws Exception {
        try (InputStream in = RegistryApiTest.class.getResourceAsStream("/wire-examples/" + name + ".json")) {
            return BankManifests.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void badInputIsRefusedWithItsOwnCodeAndNothingIsStored() {
        long before = registry.store().stats().releases();
        problem(register("bad", "{\"manifest\": 1, \"service\": "), 400, "wow-compat.input.invalid-json");
        // A truncated body is located where it ends, and its pointer names no member the fault is not in.
        Answer truncated = problem(register("bad", "{\"manifest\": 1,\n \"service\": \"bad\""), 400, "wow-compat.input.invalid-json");
        assertEquals("the JSON ends at line 2, column 18 before the object that starts at line 1, column 1 is closed",
                truncated.json().path("detail").asText(), truncated.body());
        assertEquals("", truncated.json().at("/problems/0/pointer").asText(), truncated.body());
        problem(registry.post("/services/bad/releases", BankManifests.bank("bad", "1.0.0", 1, true), Map.of("Content-Type", "text/plain")),
                415, "wow-compat.request.unsupported-media-type");
        problem(registry.post("/services/bad/releases", BankManifests.bank("bad", "1.0.0", 1, true), Map.of()),
                415, "wow-compat.request.unsupported-media-type");
        problem(register("bad", "[".repeat(5000) + "]".repeat(5000)), 400, "wow-compat.input.too-deep");
        ObjectNode remote = (ObjectNode) BankManifests.read(BankManifests.bank("bad", "1.0.0", 1, true));
        ((ObjectNode) remote.at("/contexts/bank/aggregates/account/commands/Deposit/schema/properties/amount"))
                .put("$ref", "https://example.invalid/money.json");
        problem(register("bad", remote.toString()), 400, "wow-compat.schema.remote-ref");
        problem(register("bad", "{\"manifest\": 1, \"service\": \"bad\"}"), 400, "wow-compat.manifest.invalid");
        ((ObjectNode) remote.at("/contexts/bank/aggregates/account/commands/Withdraw/schema/properties/amount"))
                .put("$ref", "#/$defs/nowhere");
        Answer mixed = problem(register("bad", remote.toString()), 400, "wow-compat.request.invalid-input");
        assertTrue(mixed.json().path("problems").size() >= 2, mixed.body());
        mixed.json().path("problems").forEach(p -> assertFalse(p.path("code").asText().isBlank()));
        assertEquals(before, registry.store().stats().releases());
        assertEquals(200, registry.get("/health").status(), "the server stays up");
    }

    /** A release whose schemas are written in drafts 04, 06 and 2019-09: registered, served, used to verify state. */
    @Test
    void schemasOfOlderDraftsAreRegisteredAndUsed() {
        ObjectNode root = (ObjectNode) BankManifests.read(BankManifests.bank("drafts", "1.0.0", 1, true));
        ObjectNode account = (ObjectNode) root.at("/contexts/bank/aggregates/account");
        ObjectNode state = (ObjectNode) BankManifests.read("""
                {"$schema": "http://json-schema.org/draft-04/schema#", "id": "urn:bank:account", "type": "object",
                 "definitions": {"money": {"type": "number", "minimum": 0, "exclusiveMinimum": true}},
                 "properties": {"owner": {"type": "string"}, "balance": {"$ref": "#/definitions/money"}},
                 "required": ["owner", "balance"]}""");
        ((ObjectNode) account.get("state")).set("schema", state);
        ((ObjectNode) account.at("/commands/Deposit")).set("schema", BankManifests.read(
                "{\"$schema\": \"http://json-schema.org/draft-06/schema#\", \"type\": \"object\", \"propertyNames\": {\"maxLength\": 20}}"));
        ((ObjectNode) account.at("/commands/Withdraw")).set("schema", BankManifests.read(
                "{\"$schema\": \"https://json-schema.org/draft/2019-09/schema\", \"type\": \"object\", \"unevaluatedProperties\": true}"));
        // A context of its own: other tests count the fingerprints of bank.account's types.
        ObjectNode contexts = (ObjectNode) root.get("contexts");
        contexts.set("legacy", contexts.remove("bank"));
        Answer created = register("drafts", root.toString());
        assertEquals(201, created.status(), created.body());
        String fingerprint = Fingerprint.of(state);
        Answer schema = registry.get("/schemas/" + fingerprint);
        assertEquals(200, schema.status(), schema.body());
        assertEquals(state, schema.json());
        String view = "{\"aggregate\": \"legacy.account\", \"schemaFingerprint\": \"%s\", \"state\": %s}";
        Answer valid = registry.post("/verify/state", view.formatted(fingerprint, "{\"owner\": \"a\", \"balance\": 1}"));
        assertEquals(200, valid.status(), valid.body());
        assertTrue(valid.json().path("valid").asBoolean(), valid.body());
        // draft-04's boolean exclusiveMinimum: 0 is not above the minimum.
        Answer invalid = registry.post("/verify/state", view.formatted(fingerprint, "{\"owner\": \"a\", \"balance\": 0}"));
        assertEquals(200, invalid.status(), invalid.body());
        assertFalse(invalid.json().path("valid").asBoolean(), invalid.body());
        assertEquals("/state/balance", invalid.json().at("/violations/0/pointer").asText(), invalid.body());

        state.put("exclusiveMaximum", 5); // a number: draft-04 wants a boolean
        problem(registry.post("/services/drafts/releases/check", root.toString()), 400, "wow-compat.schema.invalid");
    }

    /** Valid JSON the old parser refused, and JSON a registry cannot keep, answered by one rule (JsonInput). */
    @Test
    void surrogatesByteOrderMarksAndNumbersOutOfRange() {
        long before = registry.store().stats().releases();
        String plain = BankManifests.bank("edges", "1.0.0", 1, true);
        String description = "The balance does not cover the withdrawal.";
        problem(register("edges", plain.replace(description, "half \\ud83d of a pair")), 400, "wow-compat.input.lone-surrogate");
        problem(registry.post("/services/edges/releases/check", plain.replace(description, "\\ude00")), 400, "wow-compat.input.lone-surrogate");
        problem(register("edges", "\uFEFF" + plain), 400, "wow-compat.input.encoding");
        problem(register("edges", plain.replace("\"type\" : \"integer\"", "\"type\" : \"integer\", \"maximum\" : 1e400")),
                400, "wow-compat.input.number-out-of-range");
        problem(register("edges", plain.replace("\"type\" : \"integer\"", "\"type\" : \"integer\", \"minimum\" : 1e-400")),
                400, "wow-compat.input.number-out-of-range");
        problem(registry.post("/validate", "{\"a\": \"\\udc00\"}"), 400, "wow-compat.input.lone-surrogate");
        assertEquals(before, registry.store().stats().releases(), "nothing refused is stored");

        String smile = plain.replace(description, "pay up \\ud83d\\ude00");
        Answer created = register("edges", smile);
        assertEquals(201, created.status(), created.body());
        Answer stored = registry.get("/services/edges/releases/1.0.0");
        assertEquals(200, stored.status(), stored.body());
        assertTrue(stored.body().contains("pay up \uD83D\uDE00") || stored.body().contains("pay up \\ud83d\\ude00"), stored.body());
        assertEquals(200, registry.get("/health").status(), "the server stays up");
    }

    @Test
    void limitsOnBodySizeAndSchemaCountHaveTheirOwnCodes() throws Exception {
        try (RunningRegistry small = open(RegistryServer.Config.local(0).withLimits(new InputLimits(4096, 64, 3)))) {
            String big = "{\"pad\":\"" + "x".repeat(5000) + "\"}";
            Answer tooLarge = small.post("/services/bank-service/releases", big);
            problem(tooLarge, 413, "wow-compat.input.too-large");
            problem(small.post("/validate", big), 413, "wow-compat.input.too-large");
            Answer tooMany = small.post("/services/bank-service/releases", BankManifests.bank("bank-service", "1.0.0", 2, true));
            problem(tooMany, 400, "wow-compat.input.too-many-schemas");
            assertEquals(0, small.store().stats().releases());
        }
    }

    @Test
    void writesNeedATokenWhenTokensAreSet() throws Exception {
        RegistryServer.Config config = RegistryServer.Config.local(0).withTokens(Tokens.of(List.of("other-token", TOKEN)));
        try (RunningRegistry guarded = open(config)) {
            String manifest = BankManifests.bank("1.0.0");
            Answer missing = problem(guarded.post("/services/bank-service/releases", manifest, JSON), 401, "wow-compat.auth.token-missing");
            assertNotNull(missing.header("WWW-Authenticate"));
            problem(guarded.post("/services/bank-service/releases", manifest,
                    Map.of("Content-Type", "application/json", "Authorization", "Bearer wrong")), 401, "wow-compat.auth.token-invalid");
            assertEquals(0, guarded.store().stats().releases());
            assertEquals(201, guarded.post("/services/bank-service/releases", manifest, AUTHORIZED).status());
            assertEquals(200, guarded.get("/services/bank-service/releases").status(), "reads stay open");
        }
    }

    @Test
    void aFailingDatabaseIsA503AndTheServerStaysUp() throws Exception {
        try (RunningRegistry failing = open(RegistryServer.Config.local(0))) {
            failing.store().close(); // what a deleted file, a full disk or a broken volume looks like from the API
            problem(failing.get("/services"), 503, "wow-compat.server.store-unavailable");
            problem(failing.post("/services/bank-service/releases", BankManifests.bank("1.0.0")), 503, "wow-compat.server.store-unavailable");
            assertEquals(200, failing.get("/health").status());
        }
    }

    @Test
    void concurrentRegistrationOfOneVersionAnswers201Once() throws Exception {
        String manifest = BankManifests.bank("race", "1.0.0", 1, true);
        int threads = 6;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> statuses = new ArrayList<>();
        // One test client is one address: let it run all six at once, so that the race reaches the database.
        List<Integer> answered = new ArrayList<>();
        try (RunningRegistry racing = open(RegistryServer.Config.local(0).withGuards(Guards.defaults().withExpensive(threads, threads)))) {
            for (int i = 0; i < threads; i++) {
                statuses.add(pool.submit(() -> {
                    go.await();
                    return racing.post("/services/race/releases", manifest).status();
                }));
            }
            go.countDown();
            for (Future<Integer> f : statuses) answered.add(f.get());
        }
        pool.shutdown();
        assertEquals(1, answered.stream().filter(s -> s == 201).count(), answered.toString());
        assertEquals(threads - 1, answered.stream().filter(s -> s == 200).count(), answered.toString());
    }

    @Test
    void currentRevisionSchemasAcrossReleasesAndFieldSearch() {
        // A registry of its own: event names do not carry the service, and other tests register the same events.
        try (RunningRegistry own = open(RegistryServer.Config.local(0))) {
            currentRevisionSchemasAcrossReleasesAndFieldSearch(own);
        }
    }

    private void currentRevisionSchemasAcrossReleasesAndFieldSearch(RunningRegistry own) {
        own.post("/services/curr/releases", BankManifests.bank("curr", "1.0.0", 1, true));
        own.post("/services/curr/releases", BankManifests.bank("curr", "1.1.0", 2, false));
        JsonNode staged = own.get("/events/bank.account.Deposited/revisions").json();
        // Nothing in 1.1.0 writes @2 yet: the current revision is still @1.
        assertEquals(1, staged.path("current").asInt(), staged.toString());
        assertEquals(201, own.post("/services/curr/releases", BankManifests.bankWithFee("curr", "1.2.0", false)).status());
        assertEquals(201, own.post("/services/curr/releases", BankManifests.bankWithFee("curr", "1.3.0", true)).status());
        JsonNode revisions = own.get("/events/bank.account.Deposited/revisions").json();
        assertEquals(2, revisions.path("current").asInt());
        assertFalse(revisions.at("/revisions/0/current").asBoolean());
        assertTrue(revisions.at("/revisions/1/current").asBoolean());
        // A release writes the highest revision it declares written: @1 was written by 1.0.0 and 1.1.0 (which staged
        // @2), @2 from 1.2.0 on; "since" alone would say @1 still is.
        assertEquals(List.of("1.0.0", "1.1.0", "2"), List.of(revisions.at("/revisions/0/writtenBy/first/version").asText(),
                revisions.at("/revisions/0/writtenBy/last/version").asText(), revisions.at("/revisions/0/writtenBy/releases").asText()));
        assertEquals(List.of("1.2.0", "1.3.0", "2"), List.of(revisions.at("/revisions/1/writtenBy/first/version").asText(),
                revisions.at("/revisions/1/writtenBy/last/version").asText(), revisions.at("/revisions/1/writtenBy/releases").asText()));
        assertEquals("1.0.0", own.get("/events/bank.account.Deposited/revisions/1").json().at("/writtenBy/first/version").asText());
        JsonNode schemas = revisions.at("/revisions/1/schemas");
        assertEquals(3, schemas.size(), schemas.toString());
        assertEquals("1.1.0", schemas.at("/0/firstRelease/version").asText());
        assertEquals("1.2.0", schemas.at("/1/firstRelease/version").asText());
        assertEquals(1, schemas.at("/2/releases").asInt());
        assertEquals(revisions.at("/revisions/1/fingerprint").asText(), schemas.at("/2/fingerprint").asText());
        assertTrue(own.get("/events/bank.account.Deposited/revisions/2").json().path("current").asBoolean());

        JsonNode fields = own.get("/fields?q=CHANNEL").json().path("fields");
        assertEquals(1, fields.size(), fields.toString());
        assertEquals("channel", fields.at("/0/field").asText());
        assertEquals("/$defs/Source/properties/channel", fields.at("/0/pointer").asText());
        assertEquals("bank.account.Deposited", fields.at("/0/typeName").asText());
        assertEquals(2, fields.at("/0/revision").asInt());
        assertEquals("1.3.0", fields.at("/0/version").asText());
        JsonNode amount = own.get("/fields?q=amount").json().path("fields");
        assertTrue(amount.size() >= 4, "Deposit, Withdraw, Deposited@1 and @2 carry amount: " + amount);
        problem(own.get("/fields"), 400, "wow-compat.request.bad-parameter");
    }

    @Test
    void healthMetricsPageAndUnknownRoutes() {
        Answer health = registry.get("/health");
        assertEquals(200, health.status());
        assertEquals("ok", health.json().path("status").asText());
        register("metered", BankManifests.bank("metered", "1.0.0", 1, true));
        Answer metrics = registry.get("/metrics");
        assertEquals(200, metrics.status());
        assertTrue(metrics.header("Content-Type").startsWith("text/plain"));
        assertTrue(metrics.body().contains("wowcompat_registrations_total{outcome=\"created\"}"), metrics.body());
        assertTrue(metrics.body().contains("wowcompat_http_requests_seconds_count"), metrics.body());
        assertTrue(metrics.body().contains("wowcompat_store_releases"));

        Answer page = registry.get("/");
        assertEquals(200, page.status());
        assertTrue(page.header("Content-Type").startsWith("text/html"));
        assertEquals(200, registry.get("/app.js").status());

        problem(registry.get("/no/such/thing"), 404, "wow-compat.request.not-found");
        problem(registry.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(registry.base() + "/health"))
                .DELETE()), 405, "wow-compat.request.method-not-allowed");
        assertNull(registry.get("/health").header("X-Powered-By"));
    }
}
