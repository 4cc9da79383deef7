package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.drift.Declarations;
import dev.wowcompat.drift.DriftDetector;
import dev.wowcompat.drift.DriftFinding;
import dev.wowcompat.drift.DriftKind;
import dev.wowcompat.profile.Field;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileLimits;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.PerClassRegistry;
import dev.wowcompat.testing.ProvokedCodes;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestDatabases;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Profiles through the real server on a free loopback port and a real SQLite file (and on PostgreSQL:
 * {@link ProfileApiOnPostgresTest}): posts merge, reads answer what an
 * audit compares with (a drift between two releases is still found from what the registry kept), and every refusal
 * is a problem+json answer. Each test uses environments of its own.
 */
class ProfileApiTest extends PerClassRegistry {
    /** The problem codes of this API area: provoked here (and left out of {@link RegistryApiTest}'s own census). */
    static final Set<String> CODES = Set.of(ProblemCode.PROFILE_NOT_FOUND.code(), ProblemCode.PROFILE_OVERFLOW.code(),
            ProblemCode.PROFILE_UNDECLARED.code(), ProblemCode.PROFILE_RELEASE_NEVER_RAN.code());
    /** What the bank's Deposited@2 declares besides amount and currency: the fields the posts below profile. */
    private static final String[] PROFILED = {"at", "flag"};
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TYPE = "bank.account.Deposited";

    /** The codes the tests provoked; after the class, each of {@link #CODES} must be among them. */
    @RegisterExtension
    final ProvokedCodes provoked = new ProvokedCodes(CODES);

    @Override
    protected void fill() {
        for (String version : List.of("1.0.0", "1.1.0")) registry.register("bank-service", BankManifests.profiled("bank-service", version, PROFILED)).expect(201);
    }

    /** Deposits whose {@code at} is an epoch instant in seconds times {@code unit}. */
    static String deposits(String release, int n, long unit, long seed) {
        ProfileSet set = new ProfileSet();
        Random r = new Random(seed);
        for (int i = 0; i < n; i++) {
            set.observe(TYPE, 2, release, JSON.createObjectNode().put("at", (1_764_000_000L + r.nextInt(500_000)) * unit)
                    .put("amount", 50 * Math.exp(1.5 * r.nextGaussian())));
        }
        return ProfileJson.write(set).toString();
    }

    /** Amounts of Deposited@1, the one field every release of {@link BankManifests#bank(String, String, int, boolean)} declares. */
    static String amounts(String release, int n) {
        ProfileSet set = new ProfileSet();
        for (int i = 0; i < n; i++) set.observe(TYPE, 1, release, JSON.createObjectNode().put("amount", 10 + i));
        return ProfileJson.write(set).toString();
    }

    /** A till whose state's {@code cash} is declared in EUR: a currency, no unit of time. */
    private static String till(String version) {
        com.fasterxml.jackson.databind.node.ObjectNode root = JSON.createObjectNode().put("manifest", 1).put("service", "till-service").put("version", version);
        com.fasterxml.jackson.databind.node.ObjectNode state = root.putObject("contexts").putObject("till").putObject("aggregates")
                .putObject("drawer").putObject("state").putObject("schema").put("type", "object");
        state.putObject("properties").putObject("cash").put("type", "number").put("x-wow-unit", "EUR");
        return root.toPrettyString();
    }

    private static String cash(String release, double median, long seed) {
        ProfileSet set = new ProfileSet();
        Random r = new Random(seed);
        for (int i = 0; i < 300; i++) set.observe("till.drawer", 0, release, JSON.createObjectNode().put("cash", median * Math.exp(1.5 * r.nextGaussian())));
        return ProfileJson.write(set).toString();
    }

    @Test
    void theValuesPageWordsADriftWithTheReleasesDeclarationsAsTheAuditDoes() {
        for (String version : List.of("1.0.0", "1.1.0", "1.2.0")) registry.register("till-service", till(version)).expect(201);
        // An audit posts what a release wrote while it ran: each release is deployed before its values are posted.
        registry.deploy("tills", "till-service", "1.0.0").expect(201);
        registry.post("/environments/tills/profiles", cash("till-service@1.0.0", 40, 1)).expect(200);
        registry.deploy("tills", "till-service", "1.1.0").expect(201);
        registry.post("/environments/tills/profiles", cash("till-service@1.1.0", 40_000, 2)).expect(200);
        registry.deploy("tills", "till-service", "1.2.0").expect(201);
        registry.post("/environments/tills/profiles", cash("till-service@1.2.0", 400, 3)).expect(200);
        List<String> messages = registry.get("/environments/tills/profiles/till.drawer").expect(200).json().path("drift").findValuesAsText("message");
        assertEquals(2, messages.size(), messages.toString());
        // EUR ×1000 is no change of time unit; EUR ×0.01 is its minor unit the other way round.
        assertTrue(messages.get(0).startsWith("till.drawer/cash moved ×1000 (|x|"), messages.toString());
        assertTrue(messages.get(1).startsWith("till.drawer/cash moved ×0.01: cents → EUR? (|x|"), messages.toString());
    }

    @Test
    void aDriftIsFoundFromWhatTheRegistryKept() {
        registry.deploy("drift", "bank-service", "1.0.0").expect(201);
        Answer first = registry.post("/environments/drift/profiles", deposits("bank-service@1.0.0", 150, 1, 1)).expect(200);
        assertEquals(2, first.json().path("merged").asInt());
        assertEquals("bank-service@1.0.0", first.json().at("/releases/0/release").asText());
        assertEquals(2, first.json().at("/releases/0/fields").asInt());
        // A second audit of the same release: merged, so the 200 values a side needed to judge are reached together.
        registry.post("/environments/drift/profiles", deposits("bank-service@1.0.0", 150, 1, 2)).expect(200);
        // 1.1.0 has not run there yet: its values are refused, and nothing is compared.
        problem(registry.post("/environments/drift/profiles", deposits("bank-service@1.1.0", 250, 1000, 3)), 400,
                ProblemCode.PROFILE_RELEASE_NEVER_RAN.code());
        assertEquals(0, registry.get("/environments/drift/profiles/" + TYPE).expect(200).json().path("drift").size(),
                "one release's values: nothing to compare");
        registry.deploy("drift", "bank-service", "1.1.0").expect(201);
        registry.post("/environments/drift/profiles", deposits("bank-service@1.1.0", 250, 1000, 3)).expect(200);

        Answer read = registry.get("/environments/drift/profiles/" + TYPE).expect(200);
        assertEquals("drift", read.json().path("environment").asText());
        assertFalse(read.json().path("truncated").asBoolean());
        ProfileSet kept = ProfileJson.read(read.json(), ProfileLimits.DEFAULT);
        assertEquals(300, kept.get(new Field(TYPE, 2, "/at"), "bank-service@1.0.0").numbers().count());
        List<DriftFinding> found = DriftDetector.compare(kept, "bank-service@1.0.0", "bank-service@1.1.0", Declarations.NONE);
        assertEquals(1, found.size(), found.toString());
        assertEquals(DriftKind.MEANING_DRIFT, found.get(0).kind());
        assertEquals("/at", found.get(0).field().pointer());
        assertTrue(found.get(0).message().contains("×1000: seconds → milliseconds?"), found.get(0).message());

        // The registry draws the same conclusion at the deployment.
        JsonNode withDeployments = registry.get("/environments/drift/profiles/" + TYPE).expect(200).json();
        assertEquals(List.of("bank-service@1.0.0", "bank-service@1.1.0"), withDeployments.path("deployments").findValuesAsText("release"));
        JsonNode drift = withDeployments.path("drift");
        assertEquals(1, drift.size(), drift.toString());
        assertEquals("meaning-drift", drift.at("/0/id").asText());
        assertEquals("/at", drift.at("/0/pointer").asText());
        assertEquals(1000.0, drift.at("/0/factor").asDouble());
        assertEquals("bank-service@1.0.0", drift.at("/0/before/release").asText());
        assertEquals(java.time.Instant.ofEpochMilli(withDeployments.at("/deployments/1/deployedAt").asLong()).toString(),
                drift.at("/0/deployedAt").asText());

        // A consumer of Deposited@2 deployed there now is warned, not refused: it may be the fix.
        registry.register("audit", BankManifests.depositReader("audit", "1.0.0", 1, 2)).expect(201);
        Answer canDeploy = registry.get("/can-deploy?service=audit&version=1.0.0&environment=drift").expect(200);
        assertEquals("true", canDeploy.header("Wow-Compat-Deployable"));
        JsonNode warning = canDeploy.json().path("findings").get(0);
        assertEquals("consumed-type-drifted", warning.path("rule").asText(), canDeploy.body());
        assertEquals("warning", warning.path("severity").asText());
        assertEquals(TYPE + "@2", warning.path("subject").asText());
        assertEquals("/at", warning.path("pointer").asText());
        assertTrue(warning.path("message").asText().contains("whose values drifted in drift (meaning-drift)")
                && warning.path("message").asText().contains("×1000: seconds → milliseconds?"), warning.toString());
        assertEquals(0, registry.get("/can-deploy?service=audit&version=1.0.0&environment=elsewhere&newEnvironment=true").expect(200).json()
                .path("findings").findValuesAsText("rule").stream().filter("consumed-type-drifted"::equals).count(),
                "no drift there: no warning");

        JsonNode one = registry.get("/environments/drift/profiles/" + TYPE + "?revision=2&release=bank-service@1.1.0").expect(200).json();
        assertEquals(2, one.path("fields").size());
        assertTrue(one.path("fields").findValues("release").stream().allMatch(r -> r.asText().equals("bank-service@1.1.0")));
        assertTrue(one.at("/fields/0/number/q50").isNumber(), "the quantiles are given for people and the page");

        JsonNode types = registry.get("/environments/drift/profiles").expect(200).json();
        assertEquals(TYPE, types.at("/types/0/type").asText());
        assertEquals(2, types.at("/types/0/revision").asInt());
        assertEquals(2, types.at("/types/0/pointers").asInt());
        assertEquals(List.of("bank-service@1.0.0", "bank-service@1.1.0"),
                JSON.convertValue(types.at("/types/0/releases"), List.class));
        assertEquals(0, registry.get("/environments/elsewhere/profiles").expect(200).json().path("types").size());
    }

    @Test
    void refusalsAreProblemsAndStoreNothing() {
        String env = "/environments/refusals/profiles";
        problem(registry.post(env, deposits("bank-service@9.9.9", 10, 1, 4)), 404, ProblemCode.RELEASE_NOT_FOUND.code());
        problem(registry.post(env, deposits("nobody@1.0.0", 10, 1, 4)), 404, ProblemCode.RELEASE_NOT_FOUND.code());
        assertEquals(0, registry.get(env).expect(200).json().path("types").size(), "nothing was stored");

        problem(registry.post(env, "{\"profileFormat\": 2, \"fields\": []}"), 400, ProblemCode.INVALID_INPUT.code());
        String broken = deposits("bank-service@1.0.0", 10, 1, 5).replaceFirst("\"magnitudes\":\"[^\"]*\"", "\"magnitudes\":\"AAAA\"");
        Answer notASketch = problem(registry.post(env, broken), 400, ProblemCode.INVALID_INPUT.code());
        assertTrue(notASketch.json().path("detail").asText().contains("fields[0].number") || notASketch.json().path("detail").asText().contains("sketch"),
                notASketch.body());
        problem(registry.post(env, deposits("Bank@1.0.0", 10, 1, 5)), 400, ProblemCode.INVALID_INPUT.code());
        ProfileSet wide = new ProfileSet(new ProfileLimits(2000, 32));
        for (int i = 0; i <= ProfileEndpoints.MAX_POSTED_FIELDS; i++) wide.observe(TYPE, 2, "bank-service@1.0.0", JSON.createObjectNode().put("f" + i, i));
        problem(registry.post(env, ProfileJson.write(wide).toString()), 400, ProblemCode.INVALID_INPUT.code());
        problem(registry.post("/environments/No/profiles", deposits("bank-service@1.0.0", 10, 1, 6)), 400,
                ProblemCode.BAD_NAME.code());
        problem(registry.post(env, deposits("bank-service@1.0.0", 10, 1, 6), Map.of("Content-Type", "text/plain")), 415,
                ProblemCode.UNSUPPORTED_MEDIA_TYPE.code());
        assertEquals(0, registry.get(env).expect(200).json().path("types").size(), "nothing was stored");

        problem(registry.get(env + "/" + TYPE), 404, ProblemCode.PROFILE_NOT_FOUND.code());
        problem(registry.get(env + "/" + TYPE + "?revision=-1"), 400, ProblemCode.BAD_PARAMETER.code());
        problem(registry.get(env + "/" + TYPE + "?release=bank-service"), 400, ProblemCode.BAD_PARAMETER.code());
        problem(registry.get(env + "/" + TYPE + "?release=bank-service@1"), 400, ProblemCode.BAD_NAME.code());
    }

    /**
     * A ledger whose entry event has nested objects, an array of objects, a map by id and a free object: every pointer
     * the audit's profiler makes from a payload that fits it is kept.
     */
    private static String ledger(String version) {
        com.fasterxml.jackson.databind.node.ObjectNode root = JSON.createObjectNode().put("manifest", 1).put("service", "ledger-service").put("version", version);
        com.fasterxml.jackson.databind.node.ObjectNode aggregate = root.putObject("contexts").putObject("ledger").putObject("aggregates").putObject("book");
        aggregate.putObject("state").putObject("schema").put("type", "object").putObject("properties").putObject("total").put("type", "number");
        com.fasterxml.jackson.databind.node.ObjectNode entry = aggregate.putObject("events").putObject("Entered").putObject("revisions")
                .putObject("1").putObject("schema").put("type", "object");
        com.fasterxml.jackson.databind.node.ObjectNode properties = entry.putObject("properties");
        properties.putObject("amount").put("$ref", "#/$defs/Money");
        properties.putObject("lines").put("type", "array").putObject("items").put("type", "object")
                .putObject("properties").putObject("sku").put("type", "string");
        properties.putObject("byAccount").put("type", "object").putObject("additionalProperties").put("type", "number");
        properties.putObject("extra").put("type", "object");
        properties.putObject("note").putArray("anyOf").add(JSON.createObjectNode().put("type", "string")).add(JSON.createObjectNode().put("type", "null"));
        entry.putObject("$defs").putObject("Money").put("type", "object").putObject("properties").putObject("value").put("type", "number");
        return root.toPrettyString();
    }

    private static String entries(String release, java.util.function.Consumer<com.fasterxml.jackson.databind.node.ObjectNode> extra) {
        ProfileSet set = new ProfileSet();
        for (int i = 0; i < 20; i++) {
            com.fasterxml.jackson.databind.node.ObjectNode payload = JSON.createObjectNode();
            payload.putObject("amount").put("value", i);
            payload.putArray("lines").addObject().put("sku", "s" + i);
            payload.putObject("byAccount").put("acct-" + i, i);
            payload.putObject("extra").putObject("anything").put("deep", true);
            payload.put("note", i % 2 == 0 ? null : "n");
            extra.accept(payload);
            set.observe("ledger.book.Entered", 1, release, payload);
            set.observe("ledger.book", 0, release, JSON.createObjectNode().put("total", i));
        }
        return ProfileJson.write(set).toString();
    }

    @Test
    void onlyFieldsTheReleaseDeclaresAreKeptAndARefusedPostStoresNothing() {
        String env = "/environments/ledger/profiles";
        registry.register("ledger-service", ledger("1.0.0")).expect(201);
        problem(registry.post(env, entries("ledger-service@1.0.0", p -> {})), 400, ProblemCode.PROFILE_RELEASE_NEVER_RAN.code());
        assertEquals(0, registry.get(env).expect(200).json().path("types").size(), "nothing was stored");
        registry.deploy("ledger", "ledger-service", "1.0.0").expect(201);
        // Nested through a $ref, array items, a map's keys, a free object, a nullable union, a state: all kept.
        Answer kept = registry.post(env, entries("ledger-service@1.0.0", p -> {})).expect(200);
        assertEquals(Set.of("/amount/value", "/lines/*/sku", "/byAccount/acct-0", "/extra/anything/deep", "/note", "/total"),
                withState(registry.get(env + "/ledger.book.Entered").expect(200).json(), registry.get(env + "/ledger.book").expect(200).json()));
        int merged = kept.json().path("merged").asInt();

        // One undeclared property among declared ones: the whole post is refused, and says which.
        Answer junk = problem(registry.post(env, entries("ledger-service@1.0.0", p -> p.put("junk", 1))), 400, ProblemCode.PROFILE_UNDECLARED.code());
        assertEquals("/junk", junk.json().at("/problems/0/pointer").asText(), junk.body());
        assertTrue(junk.json().path("detail").asText().contains("Nothing was stored"), junk.body());
        problem(registry.post(env, entries("ledger-service@1.0.0", p -> p.putObject("amount").put("value", 1).put("cents", 2))), 400,
                ProblemCode.PROFILE_UNDECLARED.code());
        problem(registry.post(env, entries("ledger-service@1.0.0", p -> p.putObject("total").put("x", 1))), 400,
                ProblemCode.PROFILE_UNDECLARED.code());
        ProfileSet otherType = new ProfileSet();
        otherType.observe("ledger.book.Closed", 1, "ledger-service@1.0.0", JSON.createObjectNode().put("at", 1));
        Answer type = problem(registry.post(env, ProfileJson.write(otherType).toString()), 400, ProblemCode.PROFILE_UNDECLARED.code());
        assertTrue(type.json().path("detail").asText().contains("declares no type 'ledger.book.Closed'"), type.body());
        JsonNode after = registry.get(env + "/ledger.book.Entered").expect(200).json();
        assertEquals(20, countOf(after, "/amount/value"), "nothing of a refused post was stored");
        assertEquals(25, merged, kept.body());
    }

    private static Set<String> withState(JsonNode entered, JsonNode state) {
        Set<String> pointers = new TreeSet<>();
        // A map's keys are data: twenty accounts, one field each; the first stands for them.
        for (String p : entered.path("fields").findValuesAsText("pointer")) pointers.add(p.startsWith("/byAccount/") ? "/byAccount/acct-0" : p);
        pointers.addAll(state.path("fields").findValuesAsText("pointer"));
        return pointers;
    }

    private static long countOf(JsonNode profiles, String pointer) {
        for (JsonNode f : profiles.path("fields")) {
            if (f.path("pointer").asText().equals(pointer)) return f.at("/number/count").asLong();
        }
        return -1;
    }

    @Test
    void junkFieldsCannotTakeAReleasesSlots() {
        String env = "/environments/slots/profiles";
        registry.deploy("slots", "bank-service", "1.0.0").expect(201);
        // Once, 1,024 junk fields took every slot of the release, and its real values were refused for good.
        ProfileSet junk = new ProfileSet();
        for (int i = 0; i < ProfileEndpoints.MAX_POSTED_FIELDS; i++) junk.observe(TYPE, 2, "bank-service@1.0.0", JSON.createObjectNode().put("junk" + i, i));
        Answer refused = problem(registry.post(env, ProfileJson.write(junk).toString()), 400, ProblemCode.PROFILE_UNDECLARED.code());
        assertEquals(100, refused.json().path("problems").size(), "at most 100 listed");
        assertEquals(ProfileEndpoints.MAX_POSTED_FIELDS - 100, refused.json().path("more").asInt(), refused.json().path("more").toString());
        assertEquals(0, registry.get(env).expect(200).json().path("types").size(), "nothing was stored");
        Answer real = registry.post(env, deposits("bank-service@1.0.0", 10, 1, 8)).expect(200);
        assertEquals(2, real.json().path("merged").asInt(), real.body());
    }

    /** Booleans only, so that a count is all a post says: {@code count} booleans of which {@code trues} true. */
    private static String booleans(String release, String count, String trues) {
        return "{\"profileFormat\":1,\"fields\":[{\"type\":\"" + TYPE + "\",\"revision\":2,\"pointer\":\"/flag\",\"release\":\""
                + release + "\",\"nulls\":0,\"boolean\":{\"count\":" + count + ",\"true\":" + trues + "}}]}";
    }

    @Test
    void countsPastTwoToTheFiftyThirdAreRefusedAndNoStoredProfileFailsARead() {
        String env = "/environments/counts/profiles";
        registry.deploy("counts", "bank-service", "1.0.0").expect(201);
        String max = Long.toString(Long.MAX_VALUE);
        // Once, two posts of 2^63-1 overflowed to a negative count, and every later read of the type answered 503.
        problem(registry.post(env, booleans("bank-service@1.0.0", max, max)), 400, ProblemCode.INVALID_INPUT.code());
        problem(registry.post(env, booleans("bank-service@1.0.0", "-1", "0")), 400, ProblemCode.INVALID_INPUT.code());
        problem(registry.post(env, booleans("bank-service@1.0.0", "10", "11")), 400, ProblemCode.INVALID_INPUT.code());
        String limit = Long.toString(1L << 53);
        registry.post(env, booleans("bank-service@1.0.0", limit, "1")).expect(200);
        problem(registry.post(env, booleans("bank-service@1.0.0", "1", "1")), 400, ProblemCode.PROFILE_OVERFLOW.code());
        JsonNode kept = registry.get(env + "/" + TYPE).expect(200).json();
        assertEquals(1L << 53, kept.at("/fields/0/boolean/count").asLong(), kept.toString());
    }

    @Test
    void writingNeedsATokenWhenTheRegistryHasTokens(TestDatabases databases) {
        try (RunningRegistry guarded = new RunningRegistry(databases.create(backend()).open(),
                RegistryServer.Config.local(0).withTokens(Tokens.of(List.of("profile-token"))))) {
            guarded.post("/services/bank-service/releases", BankManifests.profiled("bank-service", "1.0.0", PROFILED),
                    Map.of("Content-Type", "application/json", "Authorization", "Bearer profile-token")).expect(201);
            guarded.post("/environments/prod/deployments", "{\"service\": \"bank-service\", \"version\": \"1.0.0\"}",
                    Map.of("Content-Type", "application/json", "Authorization", "Bearer profile-token")).expect(201);
            problem(guarded.post("/environments/prod/profiles", deposits("bank-service@1.0.0", 10, 1, 7)), 401, ProblemCode.TOKEN_MISSING.code());
            guarded.post("/environments/prod/profiles", deposits("bank-service@1.0.0", 10, 1, 7),
                    Map.of("Content-Type", "application/json", "Authorization", "Bearer profile-token")).expect(200);
            guarded.get("/environments/prod/profiles/" + TYPE).expect(200);
        }
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
}
