package dev.wowcompat.api;

import static dev.wowcompat.api.WireApiTest.DEPOSITED;
import static dev.wowcompat.api.WireApiTest.SERVICE;
import static dev.wowcompat.api.WireApiTest.TOPIC;
import static dev.wowcompat.api.WireApiTest.finding;
import static dev.wowcompat.api.WireApiTest.window;
import static dev.wowcompat.testing.RunningRegistry.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.store.RegistryStore;
import dev.wowcompat.store.WriteLogEntry;
import dev.wowcompat.store.WriteLogQuery;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.PerClassRegistry;
import dev.wowcompat.testing.ProvokedCodes;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestPrincipals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Consumer groups on one environment's wire, through the real server and a real database (PostgreSQL:
 * {@link WireGroupsApiOnPostgresTest}): each record counts once whichever group read it, a group's room is its own, and
 * an admin resets an environment's wire or one group's positions. The registry has principals: the platform team
 * ({@code admin}), the environment's watcher ({@code observe}) and a dashboard ({@code read}). Each test uses
 * environments of its own.
 */
class WireGroupsApiTest extends PerClassRegistry {
    /** The problem codes provoked here only (left out of {@link RegistryApiTest}'s own census). */
    static final Set<String> CODES = Set.of(ProblemCode.WIRE_TOO_MANY_GROUPS.code());
    static final String REAL = "wow-compat-watch.production";
    static final String TRIAL = "trial-run";
    static final String PLATFORM = "platform-token-7c1e";
    static final String WATCHER = "watcher-token-3d90";
    static final String DASHBOARD = "dashboard-token-51aa";
    static final String RELEASE = SERVICE + "@1.1.0";

    TestPrincipals principals;
    Path dir;
    @RegisterExtension
    final ProvokedCodes provoked = new ProvokedCodes(CODES);

    /** A platform principal, a watcher of production and a dashboard that reads. */
    @Override
    protected RegistryServer.Config config() throws Exception {
        dir = Files.createTempDirectory("wire-groups");
        principals = new TestPrincipals().principal("platform", PLATFORM, "admin")
                .principal("prod-watch", WATCHER, "observe:production").principal("dashboard", DASHBOARD, "read");
        return principals.config(dir);
    }

    @Override
    protected void fill() {
        for (String[] r : List.of(new String[] {"1.0.0", "1"}, new String[] {"1.1.0", "2"})) {
            registry.post("/services/" + SERVICE + "/releases", BankManifests.bank(SERVICE, r[0], Integer.parseInt(r[1]), false),
                    as(PLATFORM)).expect(201);
        }
    }

    /**
     * 1.1.0 runs in the environment, deployed now, and the time its windows start: what a window attributes to a
     * release must have run there by its end (docs/api.md, "What a window may claim").
     */
    Instant running(String environment) {
        registry.post("/environments/" + environment + "/deployments", RunningRegistry.deployment(SERVICE, "1.1.0"), as(PLATFORM))
                .expect(201, 200);
        return WireApiTest.recently();
    }

    Answer post(String environment, JsonNode window) {
        return registry.post("/environments/" + environment + "/wire", window.toString(), as(PLATFORM));
    }

    /** A window that was applied: its answer, after checking whether it was counted. */
    JsonNode applied(String environment, JsonNode window, boolean counted) {
        JsonNode answer = post(environment, window).expect(200).json();
        assertTrue(answer.path("accepted").asBoolean(), answer.toString());
        assertEquals(counted, answer.path("counted").asBoolean(), answer.toString());
        assertEquals(counted, answer.path("uncounted").isNull(), answer.toString());
        return answer;
    }

    JsonNode wire(String environment) {
        return registry.get("/environments/" + environment + "/wire").expect(200).json();
    }

    long next(String environment, String group, int partition) {
        for (JsonNode p : registry.get("/environments/" + environment + "/wire/positions?group=" + group).expect(200).json().path("positions")) {
            if (p.path("topic").asText().equals(TOPIC) && p.path("partition").asInt() == partition) return p.path("next").asLong();
        }
        return -1;
    }

    /** The lines of /metrics about the environment's wire. */
    List<String> metrics(String environment) {
        return registry.get("/metrics").expect(200).body().lines().filter(l -> l.startsWith("wow_compat_wire_"))
                .filter(l -> l.contains("environment=\"" + environment + "\"")).toList();
    }

    /** What a second group adds to an environment: the wire's answer without its positions and watchers. */
    static JsonNode totals(JsonNode wire) {
        ObjectNode t = wire.deepCopy();
        t.remove(List.of("partitions", "watchers"));
        return t;
    }

    @Test
    void aTrialGroupReadingTheSameRecordsAddsNothing() {
        String env = "trial";
        Instant t = running(env);
        ObjectNode first = window(REAL, 0, 0, 100, RELEASE, 1, t);
        finding(first, "written-not-declared", "breaking", RELEASE, 3, 1, 5, t);
        applied(env, first, true);
        JsonNode before = wire(env);
        List<String> metricsBefore = metrics(env);
        assertEquals(List.of("wow_compat_wire_records_total{environment=\"trial\",release=\"bank-service@1.1.0\"} 100",
                "wow_compat_wire_findings_total{environment=\"trial\",id=\"written-not-declared\",severity=\"breaking\"} 3",
                "wow_compat_wire_last_window_timestamp_seconds{environment=\"trial\"} " + t.plusSeconds(10).getEpochSecond()), metricsBefore);

        // The docs' trial run: another group reads the same records from the start, with the same findings.
        Instant later = t.plusSeconds(60);
        ObjectNode again = window(TRIAL, 0, 0, 60, RELEASE, 1, later);
        finding(again, "written-not-declared", "breaking", RELEASE, 2, 1, 5, later);
        JsonNode answer = applied(env, again, false);
        assertEquals(0, answer.path("records").asLong());
        assertEquals("{\"topic\":\"wow.bank.event\",\"partition\":0,\"reason\":\"counted\",\"countedTo\":100,\"countedBy\":\""
                + REAL + "\"}", answer.path("uncounted").toString());
        assertEquals("[{\"topic\":\"wow.bank.event\",\"partition\":0,\"next\":60}]", answer.path("positions").toString(),
                "the trial group's positions advance all the same");
        applied(env, window(TRIAL, 0, 60, 100, RELEASE, 1, later.plusSeconds(10)), false);
        // Ahead of the real group, on a partition it still reads: the real group counts these when it reads them.
        JsonNode ahead = applied(env, window(TRIAL, 0, 100, 130, RELEASE, 1, later.plusSeconds(20)), false);
        assertEquals("other-group", ahead.at("/uncounted/reason").asText());
        assertEquals(130, next(env, TRIAL, 0));

        assertEquals(totals(before), totals(wire(env)), "totals, findings, carried types and the last window as before");
        assertEquals(metricsBefore, metrics(env));
        assertEquals(2, wire(env).path("watchers").size(), "who posted is listed, whatever was counted");

        applied(env, window(REAL, 0, 100, 130, RELEASE, 1, t.plusSeconds(10)), true);
        JsonNode after = wire(env);
        assertEquals(130, after.path("records").asLong());
        assertEquals(3, after.at("/findings/0/count").asLong());
        assertEquals(130, after.at("/carried/0/count").asLong());
        assertEquals(2, after.path("windows").asLong());
    }

    @Test
    void aGroupOnOtherTopicsAddsItsOwn() {
        String env = "two-topics";
        Instant t = running(env);
        applied(env, window(REAL, 0, 0, 100, RELEASE, 1, t), true);
        ObjectNode other = window("commands-watch", 0, 0, 40, RELEASE, 1, t.plusSeconds(10));
        ((ObjectNode) other.at("/ranges/0")).put("topic", "wow.bank.command");
        ((ObjectNode) other.at("/carried/0/first")).put("topic", "wow.bank.command");
        applied(env, other, true);
        applied(env, window(REAL, 0, 100, 110, RELEASE, 1, t.plusSeconds(20)), true);
        assertEquals(150, wire(env).path("records").asLong());
        assertTrue(metrics(env).contains("wow_compat_wire_records_total{environment=\"two-topics\",release=\"bank-service@1.1.0\"} 150"),
                metrics(env).toString());
    }

    @Test
    void aPartialOverlapIsNeverCountedTwice() {
        String env = "overlap";
        Instant t = running(env);
        applied(env, window(REAL, 0, 0, 100, RELEASE, 1, t), true);

        JsonNode half = applied(env, window(TRIAL, 0, 80, 120, RELEASE, 1, t), false);
        assertEquals("{\"topic\":\"wow.bank.event\",\"partition\":0,\"reason\":\"overlap\",\"countedTo\":100,\"countedBy\":\"" + REAL + "\"}",
                half.path("uncounted").toString());
        // A window over a partition another group counts and one nobody does: its counts cannot be split, so nothing.
        ObjectNode mixed = window(TRIAL, 0, 120, 130, RELEASE, 1, t);
        ((ArrayNode) mixed.get("ranges")).addObject().put("topic", TOPIC).put("partition", 1).put("from", 0).put("to", 10);
        ((ObjectNode) mixed.get("records")).put(RELEASE, 20);
        applied(env, mixed, false);
        assertEquals(100, wire(env).path("records").asLong());

        applied(env, window(REAL, 0, 100, 130, RELEASE, 1, t.plusSeconds(10)), true);
        applied(env, window(REAL, 1, 0, 10, RELEASE, 1, t.plusSeconds(10)), true);
        assertEquals(140, wire(env).path("records").asLong(), "each offset once: 130 of partition 0, 10 of partition 1");
        assertEquals(List.of(130L, 10L), List.of(next(env, TRIAL, 0), next(env, TRIAL, 1)), "the trial group is not stuck");
    }

    @Test
    void aJunkGroupCannotFillAnotherGroupsRoom() {
        String env = "junk";
        Instant t = running(env);
        applied(env, window(REAL, 0, 0, 10, RELEASE, 1, t), true);
        int bound = RegistryStore.MAX_WIRE_POSITIONS;
        assertEquals(10_000, bound);
        ObjectNode junk = window("junk", 0, 0, 1, RELEASE, 1, t);
        ArrayNode ranges = (ArrayNode) junk.get("ranges");
        ranges.removeAll();
        for (int p = 0; p < bound; p++) ranges.addObject().put("topic", "junk.topic").put("partition", p).put("from", 0).put("to", 1);
        junk.remove("carried");
        ((ObjectNode) junk.get("records")).removeAll();
        post(env, junk).expect(200);
        assertEquals(bound, registry.get("/environments/" + env + "/wire/positions?group=junk").expect(200).json().path("positions").size());

        // The real watcher's next partition is its own room's.
        applied(env, window(REAL, 1, 0, 5, RELEASE, 1, t.plusSeconds(10)), true);
        assertEquals(15, wire(env).path("records").asLong());
        // The junk group's own one more is refused.
        ObjectNode oneMore = window("junk", 0, 0, 1, RELEASE, 1, t);
        ((ObjectNode) oneMore.at("/ranges/0")).put("topic", "junk.other");
        Answer refused = post(env, oneMore);
        assertEquals(422, refused.status(), refused.body());
        assertEquals("wow-compat.wire.too-many-positions", refused.code());
        assertEquals(List.of(10_000L, "junk"), List.of(refused.json().path("limit").asLong(), refused.json().path("group").asText()));

        // The attack as it was: one window of 10,000 zero-width ranges on junk topics, then the real watcher's first
        // window of a new partition.
        String zero = "junk-zero-width";
        running(zero);
        ObjectNode empty = window("junk", 0, 0, 0, RELEASE, 1, t);
        ArrayNode zeroRanges = (ArrayNode) empty.get("ranges");
        zeroRanges.removeAll();
        for (int p = 0; p < bound; p++) zeroRanges.addObject().put("topic", "junk.topic").put("partition", p).put("from", 0).put("to", 0);
        empty.remove("carried");
        ((ObjectNode) empty.get("records")).removeAll();
        post(zero, empty);
        applied(zero, window(REAL, 0, 0, 5, RELEASE, 1, t.plusSeconds(10)), true);
        assertEquals(5, wire(zero).path("records").asLong());
    }

    @Test
    void anEnvironmentKeepsAtMostItsGroupsBound() {
        String env = "many-groups";
        Instant t = running(env);
        int bound = RegistryStore.MAX_WIRE_GROUPS;
        assertEquals(16, bound);
        for (int g = 0; g < bound; g++) applied(env, window("group-" + g, g, 0, 1, RELEASE, 1, t), true);
        Answer refused = post(env, window("group-" + bound, bound, 0, 1, RELEASE, 1, t));
        assertEquals(422, refused.status(), refused.body());
        assertEquals("application/problem+json", refused.header("Content-Type"));
        assertEquals("wow-compat.wire.too-many-groups", refused.code());
        provoked.noted(refused);
        assertEquals(List.of(16L, "group-16"), List.of(refused.json().path("limit").asLong(), refused.json().path("group").asText()));
        assertEquals(16, wire(env).path("records").asLong(), "nothing of the refused window kept");
        // A group there already still takes new partitions.
        applied(env, window("group-0", 100, 0, 1, RELEASE, 1, t), true);
        // An admin resets a group that no longer runs: the new group has room.
        registry.delete("/environments/" + env + "/wire?group=group-3", as(PLATFORM)).expect(200);
        applied(env, window("group-" + bound, bound, 0, 1, RELEASE, 1, t), true);
        assertEquals(18, wire(env).path("records").asLong());
    }

    /**
     * 1.0.0 reads Deposited@1 only; 1.1.0 ran and the wire carried Deposited@2: the rollback to 1.0.0 is refused by the
     * wire alone. A reset of the whole wire by the platform team returns can-deploy to what the Manifests say.
     */
    @Test
    void aPlatformResetReturnsTheEnvironmentToNoWire() {
        String env = "production";
        for (String version : List.of("1.0.0", "1.1.0")) {
            registry.post("/environments/" + env + "/deployments", RunningRegistry.deployment(SERVICE, version), as(PLATFORM)).expect(201, 200);
        }
        String canDeploy = "/can-deploy?service=" + SERVICE + "&version=1.0.0&environment=" + env;
        assertEquals("true", registry.get(canDeploy).expect(200).header("Wow-Compat-Deployable"), "by the Manifests alone");
        Instant t = Instant.now();
        ObjectNode w = window(REAL, 0, 0, 40, RELEASE, 2, t);
        finding(w, "written-not-declared", "breaking", RELEASE, 2, 1, 0, t);
        registry.post("/environments/" + env + "/wire", w.toString(), as(WATCHER)).expect(200);
        registry.post("/environments/" + env + "/wire", window(TRIAL, 1, 0, 5, RELEASE, 2, t).toString(), as(WATCHER)).expect(200);
        Answer refused = registry.get(canDeploy).expect(200);
        assertEquals("false", refused.header("Wow-Compat-Deployable"));
        assertTrue(refused.body().contains("wire-unread"), refused.body());
        JsonNode before = wire(env);
        assertTrue(before.path("reset").isNull(), before.toString());

        for (String token : List.of(WATCHER, DASHBOARD)) {
            Answer forbidden = registry.delete("/environments/" + env + "/wire", as(token));
            assertEquals(403, forbidden.status(), forbidden.body());
            assertEquals("application/problem+json", forbidden.header("Content-Type"));
            assertEquals("wow-compat.auth.forbidden", forbidden.code());
            assertEquals("admin", forbidden.json().path("grant").asText());
        }
        assertEquals(401, registry.delete("/environments/" + env + "/wire").status());
        assertEquals(before, wire(env), "a refused reset removes nothing");

        JsonNode reset = registry.delete("/environments/" + env + "/wire", as(PLATFORM)).expect(200).json();
        assertEquals(List.of(env, "platform", "2"), List.of(reset.path("environment").asText(), reset.path("by").asText(),
                reset.path("positions").asText()));
        assertTrue(reset.path("group").isNull(), reset.toString());
        JsonNode after = wire(env);
        assertEquals(0, after.path("records").asLong());
        assertTrue(after.path("since").isNull() && after.path("updated").isNull(), after.toString());
        assertEquals(0, after.path("windows").asLong());
        for (String list : List.of("findings", "carried", "partitions", "watchers")) assertEquals(0, after.path(list).size(), list);
        assertEquals("{}", after.path("byRelease").toString());
        assertEquals(reset.path("resetAt").asText(), after.at("/reset/at").asText());
        assertEquals("platform", after.at("/reset/by").asText());
        assertTrue(after.at("/reset/group").isNull());
        assertEquals(List.of(), metrics(env));
        assertEquals("{\"group\":\"" + REAL + "\",\"positions\":[]}",
                registry.get("/environments/" + env + "/wire/positions?group=" + REAL).expect(200).json().toString());
        assertEquals("true", registry.get(canDeploy).expect(200).header("Wow-Compat-Deployable"), "what the Manifests say again");

        // The counted marks went too: the same records are counted again, once.
        registry.post("/environments/" + env + "/wire", window(TRIAL, 0, 0, 40, RELEASE, 1, t).toString(), as(WATCHER)).expect(200);
        assertEquals(40, wire(env).path("records").asLong());

        List<String> log = new ArrayList<>();
        for (WriteLogEntry e : registry.store().writeLog(new WriteLogQuery(null, env, null, null, 500))) {
            if (e.route().equals("DELETE /environments/{env}/wire")) log.add(e.principal() + " " + e.status());
        }
        // The anonymous refusal is counted in its route's row of the minute, which names no environment (docs/api.md,
        // "GET /write-log"); the principals' refusals keep a row each.
        assertEquals(List.of("platform 200", "dashboard 403", "prod-watch 403"), log);
    }

    /** A group's reset: it starts again from where it reads, and what it counted stays counted. */
    @Test
    void aGroupsResetKeepsWhatItCounted() {
        String env = "group-reset";
        Instant t = running(env);
        applied(env, window(REAL, 0, 0, 150, RELEASE, 1, t), true);
        applied(env, window(TRIAL, 0, 0, 150, RELEASE, 1, t), false);

        Answer bad = registry.delete("/environments/" + env + "/wire?group=a%20b", as(PLATFORM));
        assertEquals(400, bad.status(), bad.body());
        assertEquals("wow-compat.request.bad-name", bad.code());
        JsonNode reset = registry.delete("/environments/" + env + "/wire?group=" + REAL, as(PLATFORM)).expect(200).json();
        assertEquals(REAL, reset.path("group").asText());
        assertEquals(1, reset.path("positions").asLong());
        JsonNode after = wire(env);
        assertEquals(150, after.path("records").asLong(), "what it counted stays counted");
        assertEquals(REAL, after.at("/reset/group").asText());
        assertEquals(-1, next(env, REAL, 0), "its positions went");
        assertEquals(150, next(env, TRIAL, 0), "another group's stay");

        // The real group starts again from the beginning: what it reads again is not counted again.
        JsonNode again = applied(env, window(REAL, 0, 0, 150, RELEASE, 1, t.plusSeconds(60)), false);
        assertEquals("counted", again.at("/uncounted/reason").asText());
        assertEquals(150, next(env, REAL, 0));
        applied(env, window(REAL, 0, 150, 170, RELEASE, 1, t.plusSeconds(70)), true);
        applied(env, window(TRIAL, 0, 150, 170, RELEASE, 1, t.plusSeconds(70)), false);
        assertEquals(170, wire(env).path("records").asLong());

        // Once the counting group holds no position there, the group reading on from the mark takes the partition.
        registry.delete("/environments/" + env + "/wire?group=" + REAL, as(PLATFORM)).expect(200);
        applied(env, window(TRIAL, 0, 170, 180, RELEASE, 1, t.plusSeconds(80)), true);
        applied(env, window(REAL, 0, 0, 180, RELEASE, 1, t.plusSeconds(90)), false);
        JsonNode taken = applied(env, window(REAL, 0, 180, 190, RELEASE, 1, t.plusSeconds(100)), false);
        assertEquals("other-group", taken.at("/uncounted/reason").asText());
        assertEquals(TRIAL, taken.at("/uncounted/countedBy").asText());
        assertEquals(180, wire(env).path("records").asLong());
    }
}
