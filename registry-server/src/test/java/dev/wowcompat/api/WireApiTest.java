package dev.wowcompat.api;

import static dev.wowcompat.testing.RunningRegistry.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.store.WriteLogEntry;
import dev.wowcompat.store.WriteLogQuery;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.PerClassRegistry;
import dev.wowcompat.testing.ProvokedCodes;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestPrincipals;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wire's windows through the real server and a real SQLite file (and PostgreSQL, with two nodes racing:
 * {@link WireApiOnPostgresTest}): a window is counted once, a replayed or skipping one keeps nothing, each group keeps
 * its own positions, profiles merge with the post's validations, and can-deploy answers from what the wire carried.
 * Each test uses environments of its own.
 */
class WireApiTest extends PerClassRegistry {
    /** The problem codes of this API area: provoked here (and left out of {@link RegistryApiTest}'s own census). */
    static final Set<String> CODES = Set.of(ProblemCode.WIRE_STALE_WINDOW.code(), ProblemCode.WIRE_EMPTY_WINDOW.code(),
            ProblemCode.WIRE_UNKNOWN_RELEASE.code(), ProblemCode.WIRE_TOO_MANY_POSITIONS.code());
    static final ObjectMapper JSON = new ObjectMapper();
    static final String SERVICE = "bank-service";
    static final String TOPIC = "wow.bank.event";
    static final String GROUP = "wow-compat-watch.test";
    static final String DEPOSITED = "bank.account.Deposited";

    /** The codes the tests provoked; after the class, each of {@link #CODES} must be among them. */
    @RegisterExtension
    final ProvokedCodes provoked = new ProvokedCodes(CODES);

    @Override
    protected void fill() {
        registry.register(SERVICE, BankManifests.bank(SERVICE, "1.0.0", 1, false)).expect(201);
        // 1.1.0 reads Deposited@2 and does not write it yet (staged): a rollback to 1.0.0 passes rollback-unread.
        registry.register(SERVICE, BankManifests.bank(SERVICE, "1.1.0", 2, false)).expect(201);
        registry.register(SERVICE, BankManifests.bank(SERVICE, "1.2.0", 2, true)).expect(201);
    }

    /** A window of one range of {@link #TOPIC}, its records all by {@code release}, carrying Deposited@{@code revision}. */
    static ObjectNode window(String group, int partition, long from, long to, String release, int revision, Instant seen) {
        ObjectNode w = JSON.createObjectNode().put("group", group).put("member", "host-1/" + partition)
                .put("start", seen.toString()).put("end", seen.plusSeconds(10).toString());
        w.putArray("ranges").addObject().put("topic", TOPIC).put("partition", partition).put("from", from).put("to", to);
        w.putObject("records").put(release, to - from);
        ObjectNode carried = w.putArray("carried").addObject().put("kind", "event").put("type", DEPOSITED).put("revision", revision)
                .put("release", release).put("count", to - from).put("firstSeen", seen.toString()).put("lastSeen", seen.plusSeconds(9).toString());
        carried.putObject("first").put("topic", TOPIC).put("partition", partition).put("offset", from);
        w.putArray("findings");
        return w;
    }

    /** Adds a finding with {@code examples} examples at offsets from {@code from} on. */
    static ObjectNode finding(ObjectNode window, String id, String severity, String release, long count, int examples, long from, Instant seen) {
        ObjectNode f = ((ArrayNode) window.get("findings")).addObject().put("id", id).put("severity", severity).put("release", release)
                .put("type", DEPOSITED).put("count", count).put("firstSeen", seen.toString()).put("lastSeen", seen.plusSeconds(5).toString());
        ArrayNode list = f.putArray("examples");
        for (int i = 0; i < examples; i++) {
            list.addObject().put("topic", TOPIC).put("partition", 0).put("offset", from + i).put("key", "account-" + (from + i))
                    .put("pointer", "/amount").put("message", "<b>written</b> before it is read");
        }
        return window;
    }

    /**
     * A time just before now, to the second: a window must end after its releases ran in the environment, and no
     * later than a few minutes past the registry's clock (docs/api.md, "What a window may claim").
     */
    static Instant recently() {
        return Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).minusSeconds(1);
    }

    /** 1.1.0 runs in the environment: what its windows attribute to it ran there. */
    void running(String environment) {
        CanDeployApiTest.deploy(registry, environment, SERVICE, "1.1.0");
    }

    /** A window of records attributed to no release, carrying nothing: what a watcher posts before any deployment. */
    static ObjectNode unattributed(String group, int partition, long from, long to, Instant seen) {
        ObjectNode w = window(group, partition, from, to, "", 1, seen);
        ((ArrayNode) w.get("carried")).removeAll();
        return w;
    }

    Answer post(String environment, JsonNode window) {
        return registry.post("/environments/" + environment + "/wire", window.toString());
    }

    Answer problem(Answer a, int status, String code) {
        assertEquals(status, a.status(), a.body());
        assertEquals("application/problem+json", a.header("Content-Type"));
        assertEquals(code, a.code(), a.body());
        provoked.noted(a);
        return a;
    }

    JsonNode wire(String environment) {
        return registry.get("/environments/" + environment + "/wire").expect(200).json();
    }

    @Test
    void aWindowIsCountedOnceAndItsReplayKeepsNothing() {
        String env = "replay";
        String release = SERVICE + "@1.1.0";
        running(env);
        Instant t0 = recently();
        ObjectNode first = window(GROUP, 0, 120, 170, release, 1, t0);
        ((ObjectNode) first.get("records")).put(release, 48).put("", 2);
        finding(first, "written-not-declared", "breaking", release, 3, 2, 121, t0);

        JsonNode accepted = post(env, first).expect(200).json();
        assertTrue(accepted.path("accepted").asBoolean(), accepted.toString());
        assertEquals(50, accepted.path("records").asLong());
        assertEquals("[{\"topic\":\"wow.bank.event\",\"partition\":0,\"next\":170}]", accepted.path("positions").toString());
        assertTrue(accepted.path("profiles").isNull(), "no profiles in the window");

        JsonNode before = wire(env);
        assertEquals(50, before.path("records").asLong());
        assertEquals(48, before.at("/byRelease/bank-service@1.1.0").asLong());
        assertEquals(2, before.path("byRelease").path("").asLong());
        assertEquals(t0.toString(), before.path("since").asText());
        assertEquals(t0.plusSeconds(10).toString(), before.path("updated").asText());
        assertEquals(1, before.path("findings").size());
        JsonNode f = before.at("/findings/0");
        assertEquals(List.of("written-not-declared", "breaking", "3", release, DEPOSITED, t0.toString(), t0.plusSeconds(5).toString()),
                List.of(f.path("id").asText(), f.path("severity").asText(), f.path("count").asText(), f.path("release").asText(),
                        f.path("type").asText(), f.path("firstSeen").asText(), f.path("lastSeen").asText()));
        assertEquals(List.of(121L, 122L), offsets(f.path("examples")));
        assertEquals("<b>written</b> before it is read", f.at("/examples/0/message").asText());
        assertEquals("[{\"group\":\"" + GROUP + "\",\"topic\":\"wow.bank.event\",\"partition\":0,\"next\":170}]", before.path("partitions").toString());
        assertEquals("host-1/0", before.at("/watchers/0/member").asText());
        assertEquals(GROUP, before.at("/watchers/0/group").asText());
        assertEquals(t0.plusSeconds(10).toString(), before.at("/watchers/0/lastWindow").asText());
        assertEquals(50, before.at("/carried/0/count").asLong());
        assertEquals(1, before.at("/carried/0/revision").asInt());
        assertEquals(120, before.at("/carried/0/first/offset").asLong());

        // The same window again: the watcher crashed after the registry applied it, before it committed the offsets.
        Answer replayed = problem(post(env, first), 409, "wow-compat.wire.stale-window");
        assertEquals(170, replayed.json().path("next").asLong());
        assertEquals(120, replayed.json().path("from").asLong());
        assertEquals(TOPIC, replayed.json().path("topic").asText());
        assertEquals(0, replayed.json().path("partition").asInt());
        assertTrue(replayed.json().path("detail").asText().contains("already counted records of wow.bank.event partition 0 up to offset 170"),
                replayed.body());
        assertEquals(before, wire(env), "a refused window keeps nothing");

        // The next window, from where the first one ended: counts add, examples stop at 5, the span widens.
        Instant t1 = t0.plusSeconds(10);
        ObjectNode next = window(GROUP, 0, 170, 200, release, 1, t1);
        finding(next, "written-not-declared", "breaking", release, 4, 4, 171, t1);
        assertEquals(30, post(env, next).expect(200).json().path("records").asLong());
        JsonNode after = wire(env);
        assertEquals(80, after.path("records").asLong());
        assertEquals(78, after.at("/byRelease/bank-service@1.1.0").asLong());
        assertEquals(7, after.at("/findings/0/count").asLong());
        assertEquals(List.of(121L, 122L, 171L, 172L, 173L), offsets(after.at("/findings/0/examples")));
        assertEquals(t0.toString(), after.at("/findings/0/firstSeen").asText());
        assertEquals(t0.plusSeconds(15).toString(), after.at("/findings/0/lastSeen").asText());
        assertEquals(80, after.at("/carried/0/count").asLong());
        assertEquals(120, after.at("/carried/0/first/offset").asLong(), "the first record stays the first");
        assertEquals(t0.plusSeconds(20).toString(), after.path("updated").asText());
        assertEquals(2, after.path("windows").asLong());
    }

    private static List<Long> offsets(JsonNode examples) {
        List<Long> out = new ArrayList<>();
        examples.forEach(e -> out.add(e.path("offset").asLong()));
        return out;
    }

    @Test
    void aWindowThatSkipsOrHalfOverlapsKeepsNothing() {
        String env = "skip";
        running(env);
        String release = SERVICE + "@1.1.0";
        Instant t = recently();
        post(env, window(GROUP, 0, 0, 50, release, 1, t)).expect(200);
        Answer skipping = problem(post(env, window(GROUP, 0, 60, 70, release, 1, t)), 409, "wow-compat.wire.stale-window");
        assertEquals(50, skipping.json().path("next").asLong());
        assertTrue(skipping.json().path("detail").asText().contains("offsets 50 to 59 would never be counted"), skipping.body());

        // Two ranges: partition 1 is new (any from is taken), partition 0 is stale; neither advances.
        ObjectNode half = window(GROUP, 1, 500, 510, release, 1, t);
        ((ArrayNode) half.get("ranges")).addObject().put("topic", TOPIC).put("partition", 0).put("from", 40).put("to", 60);
        problem(post(env, half), 409, "wow-compat.wire.stale-window");
        JsonNode positions = registry.get("/environments/" + env + "/wire/positions?group=" + GROUP).expect(200).json();
        assertEquals("{\"group\":\"" + GROUP + "\",\"positions\":[{\"topic\":\"wow.bank.event\",\"partition\":0,\"next\":50}]}", positions.toString());
        assertEquals(50, wire(env).path("records").asLong());

        // A partition with no position takes any start: a watcher that starts from latest counts from there.
        post(env, window(GROUP, 1, 500, 510, release, 1, t)).expect(200);
        assertEquals(60, wire(env).path("records").asLong());
    }

    @Test
    void eachGroupKeepsItsOwnPositions() {
        String env = "groups";
        running(env);
        String release = SERVICE + "@1.1.0";
        Instant t = recently();
        assertEquals("{\"group\":\"" + GROUP + "\",\"positions\":[]}",
                registry.get("/environments/" + env + "/wire/positions?group=" + GROUP).expect(200).json().toString());
        post(env, window(GROUP, 0, 0, 100, release, 1, t)).expect(200);
        // Another group (another team's watcher, say) counts the same records on its own.
        post(env, window("other-group", 0, 0, 40, release, 1, t)).expect(200);
        assertEquals(100, registry.get("/environments/" + env + "/wire/positions?group=" + GROUP).expect(200).json().at("/positions/0/next").asLong());
        assertEquals(40, registry.get("/environments/" + env + "/wire/positions?group=other-group").expect(200).json().at("/positions/0/next").asLong());
        assertEquals("{\"group\":\"" + GROUP + "\",\"positions\":[]}",
                registry.get("/environments/elsewhere/wire/positions?group=" + GROUP).expect(200).json().toString(), "per environment");
        problem(registry.get("/environments/" + env + "/wire/positions"), 400, "wow-compat.request.bad-parameter");
        problem(registry.get("/environments/" + env + "/wire/positions?group=a%20b"), 400, "wow-compat.request.bad-name");
    }

    @Test
    void aWindowOfNothingOrOfAnotherFormIsRefused() {
        String env = "refused";
        Instant t = Instant.parse("2026-12-05T13:00:00Z");
        ObjectNode empty = window(GROUP, 0, 0, 10, SERVICE + "@1.1.0", 1, t);
        empty.putArray("ranges");
        problem(post(env, empty), 400, "wow-compat.wire.empty-window");
        ObjectNode backwards = window(GROUP, 0, 10, 5, SERVICE + "@1.1.0", 1, t);
        Answer a = problem(post(env, backwards), 400, "wow-compat.request.invalid-input");
        assertTrue(a.json().path("detail").asText().contains("ranges[0].to (5) is before its from (10)"), a.body());
        ObjectNode badRelease = window(GROUP, 0, 0, 5, "not a release", 1, t);
        problem(post(env, badRelease), 400, "wow-compat.request.invalid-input");
        ObjectNode sixExamples = finding(window(GROUP, 0, 0, 5, SERVICE + "@1.1.0", 1, t), "payload-invalid", "breaking", SERVICE + "@1.1.0", 6, 6, 0, t);
        problem(post(env, sixExamples), 400, "wow-compat.request.invalid-input");
        ObjectNode badTopic = window(GROUP, 0, 0, 5, SERVICE + "@1.1.0", 1, t);
        ((ObjectNode) badTopic.at("/ranges/0")).put("topic", "no spaces please");
        problem(post(env, badTopic), 400, "wow-compat.request.bad-name");
        assertEquals(0, wire(env).path("records").asLong());
        assertTrue(wire(env).path("since").isNull());
    }

    @Test
    void profilesMergeAndWhatAPostWouldRefuseIsDroppedNotTheWindow() {
        String env = "profiled";
        registry.deploy(env, SERVICE, "1.1.0").expect(201);
        ProfileSet set = new ProfileSet();
        for (int i = 0; i < 40; i++) set.observe(DEPOSITED, 1, SERVICE + "@1.1.0", JSON.createObjectNode().put("amount", 10 + i));
        // Never ran there: a post of it would be refused.
        for (int i = 0; i < 7; i++) set.observe(DEPOSITED, 1, SERVICE + "@1.0.0", JSON.createObjectNode().put("amount", 10 + i));
        // Not declared by the release: a post of it would be refused.
        for (int i = 0; i < 5; i++) set.observe(DEPOSITED, 1, SERVICE + "@1.1.0", JSON.createObjectNode().put("junk", i));
        ObjectNode w = window(GROUP, 0, 0, 52, SERVICE + "@1.1.0", 1, Instant.now());
        w.set("profiles", ProfileJson.write(set));
        JsonNode answer = post(env, w).expect(200).json();
        JsonNode profiles = answer.path("profiles");
        assertEquals(1, profiles.path("merged").asInt(), answer.toString());
        assertEquals(2, profiles.path("droppedFields").asInt(), answer.toString());
        assertEquals(12, profiles.path("droppedValues").asLong(), answer.toString());
        List<String> reasons = new ArrayList<>();
        profiles.path("dropped").forEach(d -> reasons.add(d.path("release").asText() + d.path("pointer").asText() + " " + d.path("reason").asText()));
        assertEquals(List.of("bank-service@1.0.0/amount wow-compat.profile.release-never-ran",
                "bank-service@1.1.0/junk wow-compat.profile.undeclared-field"), reasons);
        assertEquals(52, answer.path("positions").get(0).path("next").asLong(), "the positions advance all the same");
        JsonNode stored = registry.get("/environments/" + env + "/profiles/" + DEPOSITED + "?revision=1").expect(200).json();
        assertEquals(40, stored.at("/fields/0/number/count").asLong(), stored.toString());
        assertEquals(1, stored.path("fields").size(), stored.toString());
    }

    @Test
    void metricsCountTheWireOfEachEnvironment() {
        String env = "metered";
        running(env);
        String release = SERVICE + "@1.1.0";
        Instant t = recently();
        ObjectNode w = window(GROUP, 0, 0, 30, release, 1, t);
        finding(w, "written-not-declared", "breaking", release, 3, 1, 0, t);
        post(env, w).expect(200);
        ObjectNode more = window(GROUP, 0, 30, 42, release, 1, t.plusSeconds(10));
        finding(more, "written-not-declared", "breaking", release, 2, 1, 30, t);
        ((ArrayNode) more.get("findings")).addObject().put("id", "payload-invalid").put("severity", "breaking").put("release", "")
                .put("type", "bank.account.Withdrawn").put("count", 1).put("firstSeen", t.toString()).put("lastSeen", t.toString());
        post(env, more).expect(200);
        String metrics = registry.get("/metrics").expect(200).body();
        assertTrue(metrics.contains("# TYPE wow_compat_wire_records_total counter"), metrics);
        assertTrue(metrics.contains("\nwow_compat_wire_records_total{environment=\"metered\",release=\"bank-service@1.1.0\"} 42\n"), metrics);
        assertTrue(metrics.contains("\nwow_compat_wire_findings_total{environment=\"metered\",id=\"written-not-declared\",severity=\"breaking\"} 5\n"), metrics);
        assertTrue(metrics.contains("\nwow_compat_wire_findings_total{environment=\"metered\",id=\"payload-invalid\",severity=\"breaking\"} 1\n"), metrics);
        long expected = t.plusSeconds(20).getEpochSecond();
        assertTrue(metrics.contains("\nwow_compat_wire_last_window_timestamp_seconds{environment=\"metered\"} " + expected + "\n"), metrics);
    }

    /**
     * 1.0.0 reads Deposited@1, 1.1.0 reads @1 and @2 (staged, not written). 1.0.0 ran, then 1.1.0; a hot fix wrote
     * @2 records all the same. A rollback to 1.0.0 passes rollback-unread (1.1.0 declares it writes no @2) but the
     * wire carried @2 since 1.0.0 last ran there.
     */
    @Test
    void aRollbackThatWouldNotReadWhatTheWireCarriedIsRefused() throws Exception {
        String env = "rollback";
        CanDeployApiTest.deploy(registry, env, SERVICE, "1.0.0");
        CanDeployApiTest.deploy(registry, env, SERVICE, "1.1.0");
        assertEquals(List.of(), CanDeployApiTest.findings(CanDeployApiTest.canDeploy(registry, SERVICE, "1.0.0", env), env, true),
                "by the Manifests alone, the rollback reads what 1.1.0 writes");
        Thread.sleep(5);
        Instant written = Instant.now();
        ObjectNode w = window(GROUP, 0, 120, 160, SERVICE + "@1.1.0", 2, written);
        post(env, w).expect(200);

        Answer refused = CanDeployApiTest.canDeploy(registry, SERVICE, "1.0.0", env);
        assertEquals(List.of("wire-unread " + DEPOSITED + "@2"), CanDeployApiTest.findings(refused, env, false));
        JsonNode finding = refused.json().at("/findings/0");
        assertEquals("breaking", finding.path("severity").asText());
        String message = finding.path("message").asText();
        assertTrue(message.contains("has carried 40 records of revision 2 of " + DEPOSITED), message);
        assertTrue(message.contains("first wow.bank.event partition 0 offset 120 (" + Instant.ofEpochMilli(written.toEpochMilli()) + ")"), message);
        assertTrue(message.contains(SERVICE + "@1.0.0 last ran in " + env), message);
        // 1.2.0 reads revision 2: the roll forward is the way out.
        assertEquals(List.of(), CanDeployApiTest.findings(CanDeployApiTest.canDeploy(registry, SERVICE, "1.2.0", env), env, true));

        // Where 1.0.0 never ran, the wire's whole history counts.
        String fresh = "rollback-fresh";
        CanDeployApiTest.deploy(registry, fresh, SERVICE, "1.1.0");
        post(fresh, window(GROUP, 0, 0, 3, SERVICE + "@1.1.0", 2, recently())).expect(200);
        Answer never = CanDeployApiTest.canDeploy(registry, SERVICE, "1.0.0", fresh);
        assertEquals(List.of("wire-unread " + DEPOSITED + "@2"), CanDeployApiTest.findings(never, fresh, false));
        assertTrue(never.json().at("/findings/0/message").asText().contains("since ever (" + SERVICE + "@1.0.0 never ran in " + fresh + ")"), never.body());
    }

    @Test
    void theRunningReleasesBreakingFindingsAreAWarning() {
        String env = "open-findings";
        String release = SERVICE + "@1.1.0";
        CanDeployApiTest.deploy(registry, env, SERVICE, "1.1.0");
        Instant t = Instant.now();
        ObjectNode w = window(GROUP, 0, 0, 10, release, 1, t);
        finding(w, "written-not-declared", "breaking", release, 3, 1, 0, t);
        finding(w, "error-code-unregistered", "warning", release, 1, 0, 0, t);
        ((ObjectNode) w.at("/findings/1")).put("type", "bank.account.Withdrawn");
        post(env, w).expect(200);
        Answer answer = CanDeployApiTest.canDeploy(registry, SERVICE, "1.2.0", env);
        assertEquals(List.of("wire-findings-open " + DEPOSITED), CanDeployApiTest.findings(answer, env, true));
        assertEquals("warning", answer.json().at("/findings/0/severity").asText());
        assertTrue(answer.json().at("/findings/0/message").asText().contains("written-not-declared in 3 records"), answer.body());
    }

    /** Release labels are registered releases or "": a window naming another keeps nothing, wherever it names it. */
    @Test
    void aWindowNamingAnUnregisteredReleaseKeepsNothing() {
        String env = "unregistered";
        running(env);
        Instant t = recently();
        String known = SERVICE + "@1.1.0";
        String unknown = SERVICE + "@9.9.9";
        ObjectNode inRecords = window(GROUP, 0, 0, 10, known, 1, t);
        ((ObjectNode) inRecords.get("records")).put(known, 7).put(unknown, 3);
        Answer a = problem(post(env, inRecords), 422, "wow-compat.wire.unknown-release");
        assertEquals(unknown, a.json().path("release").asText());
        assertTrue(a.json().path("detail").asText().contains("Nothing of the window was kept"), a.body());
        ObjectNode inFindings = finding(window(GROUP, 0, 0, 10, known, 1, t), "payload-invalid", "breaking", "other-service@1.0.0", 1, 0, 0, t);
        assertEquals("other-service@1.0.0", problem(post(env, inFindings), 422, "wow-compat.wire.unknown-release").json().path("release").asText());
        ObjectNode inCarried = window(GROUP, 0, 0, 10, known, 1, t);
        ((ObjectNode) inCarried.at("/carried/0")).put("release", unknown);
        problem(post(env, inCarried), 422, "wow-compat.wire.unknown-release");
        assertEquals("{\"group\":\"" + GROUP + "\",\"positions\":[]}",
                registry.get("/environments/" + env + "/wire/positions?group=" + GROUP).expect(200).json().toString(), "no position moved");
        JsonNode nothing = wire(env);
        assertEquals(0, nothing.path("records").asLong());
        assertEquals(0, nothing.path("windows").asLong());
        assertEquals(0, nothing.path("watchers").size());
        // "" is no release found, and a registered release is one: both taken.
        ObjectNode fine = unattributed(GROUP, 0, 0, 10, t);
        finding(fine, "payload-invalid", "breaking", "", 1, 0, 0, t);
        JsonNode applied = post(env, fine).expect(200).json();
        assertEquals("{\"carried\":0,\"carriedRecords\":0,\"findings\":0,\"findingRecords\":0}", applied.path("dropped").toString());
        assertEquals(10, wire(env).path("byRelease").path("").asLong());
        // A severity that is none of the engine's, or an id of another form, is no window.
        problem(post(env, finding(window(GROUP, 0, 10, 12, known, 1, t), "payload-invalid", "fatal", known, 1, 0, 0, t)), 400,
                "wow-compat.request.invalid-input");
        problem(post(env, finding(window(GROUP, 0, 10, 12, known, 1, t), "Payload_Invalid", "breaking", known, 1, 0, 0, t)), 400,
                "wow-compat.request.invalid-input");
        assertEquals(10, wire(env).path("records").asLong());
    }

    /**
     * An environment keeps at most {@link dev.wowcompat.store.RegistryStore#MAX_WIRE_CARRIED} carried types,
     * {@link dev.wowcompat.store.RegistryStore#MAX_WIRE_FINDINGS} findings and
     * {@link dev.wowcompat.store.RegistryStore#MAX_WIRE_FINDING_IDS} finding ids: a window's further ones are dropped
     * and counted in its answer, what it adds to the kept ones is added, and its positions advance.
     */
    @Test
    void carriedTypesAndFindingsPastTheBoundsAreDroppedAndCounted() {
        String env = "bounded";
        running(env);
        String release = SERVICE + "@1.1.0";
        // A carried type is one its release declares: a release declaring one more type than the bound carries them.
        registry.register("junk-service", junkRelease(dev.wowcompat.store.RegistryStore.MAX_WIRE_CARRIED + 1)).expect(201);
        CanDeployApiTest.deploy(registry, env, "junk-service", "1.0.0");
        Instant t = recently();
        int carriedBound = dev.wowcompat.store.RegistryStore.MAX_WIRE_CARRIED;
        int findingBound = dev.wowcompat.store.RegistryStore.MAX_WIRE_FINDINGS;
        ObjectNode full = window(GROUP, 0, 0, 100, release, 1, t);
        ArrayNode carried = (ArrayNode) full.get("carried");
        carried.removeAll();
        for (int i = 0; i < carriedBound; i++) carried.add(carriedType(JUNK + i, 1, t));
        for (int i = 0; i < findingBound; i++) {
            finding(full, "payload-invalid", "breaking", release, 1, 0, 0, t);
            ((ObjectNode) full.at("/findings/" + i)).put("type", JUNK + i);
        }
        assertEquals("{\"carried\":0,\"carriedRecords\":0,\"findings\":0,\"findingRecords\":0}",
                post(env, full).expect(200).json().path("dropped").toString(), "up to the bounds, everything is kept");

        ObjectNode past = window(GROUP, 0, 100, 110, release, 1, t.plusSeconds(10));
        carried = (ArrayNode) past.get("carried");
        carried.removeAll();
        carried.add(carriedType(JUNK + 5, 7, t));
        carried.add(carriedType(JUNK + carriedBound, 3, t));
        finding(past, "payload-invalid", "breaking", release, 4, 0, 0, t);
        ((ObjectNode) past.at("/findings/0")).put("type", JUNK + 5);
        finding(past, "payload-invalid", "breaking", release, 6, 0, 0, t);
        ((ObjectNode) past.at("/findings/1")).put("type", JUNK + carriedBound);
        JsonNode answer = post(env, past).expect(200).json();
        assertEquals("{\"carried\":1,\"carriedRecords\":3,\"findings\":1,\"findingRecords\":6}", answer.path("dropped").toString());
        assertEquals(110, answer.at("/positions/0/next").asLong(), "the positions advance all the same");
        JsonNode wire = wire(env);
        assertEquals(110, wire.path("records").asLong());
        assertEquals(carriedBound, wire.path("carried").size() + wire.at("/more/carried").asLong());
        assertEquals(findingBound, wire.path("findings").size() + wire.at("/more/findings").asLong());
        JsonNode five = registry.get("/environments/" + env + "/wire?type=" + JUNK + 5).expect(200).json();
        assertEquals(8, five.at("/carried/0/count").asLong(), "a kept type adds what the window carried");
        assertEquals(5, five.at("/findings/0/count").asLong(), "a kept finding adds what the window found");
        assertEquals(0, registry.get("/environments/" + env + "/wire?type=" + JUNK + carriedBound).expect(200).json().path("findings").size());

        // Finding ids: the first 64 of an environment are kept, so /metrics holds at most 64 series of it per severity.
        String ids = "bounded-ids";
        running(ids);
        int idBound = dev.wowcompat.store.RegistryStore.MAX_WIRE_FINDING_IDS;
        ObjectNode many = window(GROUP, 0, 0, 10, release, 1, t);
        for (int i = 0; i < idBound + 3; i++) finding(many, "made-up-" + i, "warning", release, 2, 0, 0, t);
        JsonNode manyAnswer = post(ids, many).expect(200).json();
        assertEquals("{\"carried\":0,\"carriedRecords\":0,\"findings\":3,\"findingRecords\":6}", manyAnswer.path("dropped").toString());
        ObjectNode again = finding(window(GROUP, 0, 10, 20, release, 1, t), "made-up-0", "warning", release, 1, 0, 0, t);
        finding(again, "made-up-0", "warning", "", 1, 0, 0, t);
        finding(again, "another-made-up", "warning", release, 1, 0, 0, t);
        JsonNode againAnswer = post(ids, again).expect(200).json();
        assertEquals(1, againAnswer.at("/dropped/findings").asInt(), "a kept id takes a new release or type; a new id does not");
        String metrics = registry.get("/metrics").expect(200).body();
        long series = metrics.lines().filter(l -> l.startsWith("wow_compat_wire_findings_total{environment=\"" + ids + "\"")).count();
        assertEquals(idBound, series, metrics);
    }

    /** The events of {@link #junkRelease}: {@code junk.thing.T0}, {@code junk.thing.T1}, ... */
    private static final String JUNK = "junk.thing.T";

    /** junk-service 1.0.0, declaring {@code events} event types of one revision each. */
    private static String junkRelease(int events) {
        ObjectNode root = JSON.createObjectNode().put("manifest", 1).put("service", "junk-service").put("version", "1.0.0");
        ObjectNode list = root.putObject("contexts").putObject("junk").putObject("aggregates").putObject("thing").putObject("events");
        for (int i = 0; i < events; i++) {
            list.putObject("T" + i).putObject("revisions").putObject("1").set("schema", JSON.createObjectNode().put("type", "object"));
        }
        return root.toString();
    }

    private static ObjectNode carriedType(String type, long count, Instant seen) {
        ObjectNode c = JSON.createObjectNode().put("kind", "event").put("type", type).put("revision", 1).put("release", "junk-service@1.0.0")
                .put("count", count).put("firstSeen", seen.toString()).put("lastSeen", seen.toString());
        c.putObject("first").put("topic", TOPIC).put("partition", 0).put("offset", 0);
        return c;
    }

    /** A window that would add a position past the environment's bound is refused whole; known partitions go on. */
    /**
     * docs/api.md, "Limits": a finding keeps 5 examples of 3 texts of 1,000 characters each; control characters take 6
     * bytes each in JSON, so 100 findings were some 9 MB. The read lists them within 1 MiB and counts the rest.
     */
    @Test
    void findingsWithTheLargestExamplesAreListedWithinAMebibyte() {
        String env = "wide-examples";
        running(env);
        String release = SERVICE + "@1.1.0";
        Instant t = recently();
        int findings = WireWindowEndpoints.LISTED + 50;
        String text = "\u0001".repeat(1_000);
        ObjectNode w = window(GROUP, 0, 0, 100, release, 1, t);
        for (int i = 0; i < findings; i++) {
            finding(w, "payload-invalid", "breaking", release, 1, 5, 0, t);
            ObjectNode f = (ObjectNode) w.at("/findings/" + i);
            f.put("type", "wide.type." + i);
            for (JsonNode e : f.path("examples")) ((ObjectNode) e).put("key", text).put("pointer", text).put("message", text);
        }
        post(env, w).expect(200);
        Answer read = registry.get("/environments/" + env + "/wire").expect(200);
        int bytes = read.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        assertTrue(bytes <= 1024 * 1024, "an answer of " + bytes + " bytes");
        JsonNode wire = read.json();
        int listed = wire.path("findings").size();
        assertTrue(listed > 0 && listed < WireWindowEndpoints.LISTED, "findings listed: " + listed);
        assertEquals(findings, listed + wire.at("/more/findings").asLong(), "more counts every finding left out");
        assertEquals(text, wire.at("/findings/0/examples/4/message").asText(), "a listed finding is whole");
    }

    @Test
    void aWindowPastThePositionsBoundKeepsNothing() {
        String env = "many-partitions";
        running(env);
        String release = SERVICE + "@1.1.0";
        Instant t = recently();
        int bound = dev.wowcompat.store.RegistryStore.MAX_WIRE_POSITIONS;
        ObjectNode full = window(GROUP, 0, 0, 1, release, 1, t);
        ArrayNode ranges = (ArrayNode) full.get("ranges");
        for (int p = 1; p < bound; p++) ranges.addObject().put("topic", TOPIC).put("partition", p).put("from", 0).put("to", 1);
        ((ObjectNode) full.get("records")).put(release, bound);
        post(env, full).expect(200);
        JsonNode before = wire(env);

        ObjectNode oneMore = window(GROUP, 0, 1, 2, release, 1, t.plusSeconds(10));
        ((ArrayNode) oneMore.get("ranges")).addObject().put("topic", "wow.bank.other").put("partition", 0).put("from", 0).put("to", 1);
        Answer refused = problem(post(env, oneMore), 422, "wow-compat.wire.too-many-positions");
        assertEquals(bound, refused.json().path("limit").asLong());
        assertEquals(before, wire(env), "a refused window keeps nothing");
        assertEquals(1, registry.get("/environments/" + env + "/wire/positions?group=" + GROUP).expect(200).json().at("/positions/0/next").asLong());
        // The bound is the group's: another group's first partition has room (its records were counted by GROUP).
        JsonNode another = post(env, window("another-group", 0, 0, 1, release, 1, t)).expect(200).json();
        assertFalse(another.path("counted").asBoolean(), another.toString());

        post(env, window(GROUP, 0, 1, 2, release, 1, t.plusSeconds(10))).expect(200);
        assertEquals(bound + 1, wire(env).path("records").asLong());
    }

    /**
     * A watcher whose last window ended more than a day ago is removed when a window of its environment is applied;
     * past {@link dev.wowcompat.store.RegistryStore#MAX_WIRE_WATCHERS}, the longest silent ones are.
     */
    @Test
    void silentWatchersAreRemoved() {
        String env = "watchers";
        Instant now = Instant.now();
        ObjectNode old = unattributed(GROUP, 0, 0, 1, now.minus(java.time.Duration.ofDays(2)));
        old.put("member", "gone-host/1");
        post(env, old).expect(200);
        assertEquals("gone-host/1", wire(env).at("/watchers/0/member").asText(), "the poster itself stays, however old its window");
        int bound = dev.wowcompat.store.RegistryStore.MAX_WIRE_WATCHERS;
        for (int i = 0; i <= bound; i++) {
            ObjectNode w = unattributed(GROUP, 0, 1 + i, 2 + i, now.minusSeconds(3_600).plusSeconds(i));
            w.put("member", "host-" + i);
            post(env, w).expect(200);
        }
        JsonNode watchers = wire(env).path("watchers");
        assertEquals(bound, watchers.size());
        assertTrue(wire(env).path("more").path("watchers").isMissingNode(), "no more than the bound are kept");
        Set<String> members = new TreeSet<>();
        watchers.forEach(w -> members.add(w.path("member").asText()));
        assertFalse(members.contains("gone-host/1"), "silent for more than a day: removed");
        assertFalse(members.contains("host-0"), "the longest silent past the bound: removed");
        assertTrue(members.contains("host-1") && members.contains("host-" + bound), members.toString());

        // Windows of long ago (a replay): a day is measured from the window applied, so their watchers stay.
        String replay = "watchers-replay";
        Instant longAgo = Instant.parse("2020-01-01T00:00:00Z");
        ObjectNode a = unattributed(GROUP, 0, 0, 1, longAgo);
        a.put("member", "replay-a");
        post(replay, a).expect(200);
        ObjectNode b = unattributed(GROUP, 0, 1, 2, longAgo.plusSeconds(60));
        b.put("member", "replay-b");
        post(replay, b).expect(200);
        assertEquals(2, wire(replay).path("watchers").size());
        ObjectNode dayLater = unattributed(GROUP, 0, 2, 3, longAgo.plus(java.time.Duration.ofHours(25)));
        dayLater.put("member", "replay-c");
        post(replay, dayLater).expect(200);
        assertEquals("replay-c", wire(replay).at("/watchers/0/member").asText());
        assertEquals(1, wire(replay).path("watchers").size(), "a day after both, by the windows' own ends");
    }

    /** Writes need observe:ENV, like profiles; the window is in the write log whatever the answer. */
    @Test
    void aWindowNeedsTheObserveGrantOfItsEnvironment(@TempDir Path dir) throws Exception {
        String auditor = "auditor-token-9b44";
        String reader = "reader-token-1a2b";
        TestPrincipals principals = new TestPrincipals().principal("prod-watch", auditor, "observe:production")
                .principal("dashboard", reader, "read");
        try (RunningRegistry guarded = new RunningRegistry(dir.resolve("guarded.db"), principals.config(dir))) {
            // This registry holds no release: the records are of none found.
            String body = unattributed(GROUP, 0, 0, 10, recently()).toString();
            Answer anonymous = guarded.post("/environments/production/wire", body);
            assertEquals(401, anonymous.status(), anonymous.body());
            Answer otherEnvironment = guarded.post("/environments/staging/wire", body, as(auditor));
            assertEquals(403, otherEnvironment.status(), otherEnvironment.body());
            assertEquals("observe:staging", otherEnvironment.json().path("grant").asText());
            Answer readOnly = guarded.post("/environments/production/wire", body, as(reader));
            assertEquals(403, readOnly.status(), readOnly.body());
            assertEquals(0, guarded.get("/environments/production/wire").expect(200).json().path("records").asLong(), "refused: nothing kept");
            guarded.post("/environments/production/wire", body, as(auditor)).expect(200);
            assertEquals(10, guarded.get("/environments/production/wire").expect(200).json().path("records").asLong());
            List<String> log = new ArrayList<>();
            for (WriteLogEntry e : guarded.store().writeLog(new WriteLogQuery(null, null, null, null, 10))) {
                log.add(e.route() + " " + e.environment() + " " + e.principal() + " " + e.status());
            }
            assertEquals(List.of("POST /environments/{env}/wire production prod-watch 200",
                    "POST /environments/{env}/wire production dashboard 403",
                    "POST /environments/{env}/wire staging prod-watch 403",
                    "POST /environments/{env}/wire null anonymous 401"), log);
        }
    }
}
