package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.testing.PerClassRegistry;
import dev.wowcompat.testing.ProvokedCodes;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a window may claim (docs/api.md), tried as an attacker holding an {@code observe} token would, on the real
 * server and a real database (PostgreSQL: {@link WireClaimsOnPostgresTest}): each attack is refused with its problem
 * code, or applies nothing, and can-deploy, the environment's wire and {@code /metrics} answer afterwards exactly what
 * they answered before it. A migration mends what such windows stored before the rules.
 */
class WireClaimsTest extends PerClassRegistry {
    /** The problem codes of the window's claims: provoked here (and left out of {@link RegistryApiTest}'s own census). */
    static final Set<String> CODES = Set.of(ProblemCode.WIRE_IMPOSSIBLE_TIME.code(), ProblemCode.WIRE_IMPOSSIBLE_COUNT.code(),
            ProblemCode.WIRE_COUNT_OVERFLOW.code(), ProblemCode.WIRE_RELEASE_NEVER_RAN.code(), ProblemCode.WIRE_CARRIED_UNDECLARED.code());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CHAT = "chat-service";
    private static final String RUNNING = CHAT + "@1.0.0";
    private static final String TEXT_SENT = "chat.message.TextSent";
    private static final String TOPIC = "wow.chat.event";
    private static final String GROUP = "wow-compat-watch.prod";
    private static final long TWO_TO_53 = 9_007_199_254_740_992L;

    @RegisterExtension
    final ProvokedCodes provoked = new ProvokedCodes(CODES);

    @Override
    protected void fill() {
        registry.register(CHAT, chat("1.0.0")).expect(201);
        registry.register(CHAT, chat("1.1.0")).expect(201);
    }

    /** chat-service at {@code version}: the aggregate chat.message, its one event TextSent at revision 1. */
    static String chat(String version) {
        ObjectNode root = JSON.createObjectNode().put("manifest", 1).put("service", CHAT).put("version", version);
        ObjectNode message = root.putObject("contexts").putObject("chat").putObject("aggregates").putObject("message");
        ObjectNode schema = JSON.createObjectNode().put("type", "object");
        schema.putObject("properties").putObject("text").put("type", "string");
        message.putObject("events").putObject("TextSent").putObject("revisions").putObject("1").set("schema", schema);
        return root.toString();
    }

    /** Now, to the second, a little before: a window of what a watcher just read. */
    static Instant recently() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(1);
    }

    /** A window of offsets {@code from} to {@code to} of partition 0, every record by {@code release}, carrying TextSent@1. */
    static ObjectNode window(long from, long to, String release, Instant end) {
        ObjectNode w = JSON.createObjectNode().put("group", GROUP).put("member", "host-1").put("start", end.minusSeconds(10).toString())
                .put("end", end.toString());
        w.putArray("ranges").addObject().put("topic", TOPIC).put("partition", 0).put("from", from).put("to", to);
        w.putObject("records").put(release, to - from);
        ArrayNode carried = w.putArray("carried");
        if (to > from) carried.add(carried(1, release, to - from, end.minusSeconds(5), end.minusSeconds(1), from));
        w.putArray("findings");
        return w;
    }

    static ObjectNode carried(int revision, String release, long count, Instant first, Instant last, long offset) {
        ObjectNode c = JSON.createObjectNode().put("kind", "event").put("type", TEXT_SENT).put("revision", revision).put("release", release)
                .put("count", count).put("firstSeen", first.toString()).put("lastSeen", last.toString());
        c.putObject("first").put("topic", TOPIC).put("partition", 0).put("offset", offset);
        return c;
    }

    static ObjectNode finding(ObjectNode window, String release, long count, Instant seen) {
        ((ArrayNode) window.get("findings")).addObject().put("id", "payload-invalid").put("severity", "breaking").put("release", release)
                .put("type", TEXT_SENT).put("count", count).put("firstSeen", seen.toString()).put("lastSeen", seen.toString()).putArray("examples");
        return window;
    }

    Answer post(String environment, JsonNode window) {
        return registry.post("/environments/" + environment + "/wire", window.toString());
    }

    Answer refused(Answer a, int status, String code) {
        assertEquals(status, a.status(), a.body());
        assertEquals("application/problem+json", a.header("Content-Type"));
        assertEquals(code, a.code(), a.body());
        assertTrue(a.json().path("detail").asText().contains("Nothing of the window was kept"), a.body());
        provoked.noted(a);
        return a;
    }

    /** What an attack must leave as it was: can-deploy of 1.1.0 there, the environment's wire, and the wire's lines of /metrics. */
    List<String> answers(String environment) {
        Answer canDeploy = registry.get("/can-deploy?service=" + CHAT + "&version=1.1.0&environment=" + environment).expect(200, 409);
        String metrics = String.join("\n", registry.get("/metrics").expect(200).body().lines().filter(l -> l.startsWith("wow_compat_wire")).toList());
        return List.of(canDeploy.status() + " " + canDeploy.body(), registry.get("/environments/" + environment + "/wire").expect(200).body(), metrics);
    }

    /** chat-service 1.0.0 runs in the environment, and its watchers have counted offsets 0 to 100 of partition 0. */
    String watched(String environment) {
        registry.deploy(environment, CHAT, "1.0.0").expect(201);
        post(environment, finding(window(0, 100, RUNNING, recently()), RUNNING, 2, recently())).expect(200);
        return environment;
    }

    /**
     * One window carrying TextSent at revision 99, which no release declares, seen in the year 9999: the attack that
     * made can-deploy refuse chat-service for good. Each way of sending it is refused, and a window of the same
     * records as the finding they are, from the release that ran, is taken.
     */
    @Test
    void aRevisionNoReleaseDeclaresIsNeverCarried() {
        String env = watched("revision-99");
        List<String> before = answers(env);
        assertEquals("200", before.get(0).substring(0, 3), "chat-service 1.1.0 reads all the wire carried: " + before.get(0));
        Instant t = recently();
        Instant year9999 = Instant.parse("9999-12-31T23:59:59Z");
        ObjectNode future = window(100, 101, RUNNING, t);
        ((ArrayNode) future.get("carried")).set(0, carried(99, RUNNING, 1, t, year9999, 100));
        assertEquals("carried[0].lastSeen", refused(post(env, future), 400, "wow-compat.wire.impossible-time").json().path("member").asText());
        ObjectNode now = window(100, 101, RUNNING, t);
        ((ArrayNode) now.get("carried")).set(0, carried(99, RUNNING, 1, t, t, 100));
        Answer undeclared = refused(post(env, now), 422, "wow-compat.wire.carried-undeclared");
        assertEquals(Map.of("release", RUNNING, "type", "event " + TEXT_SENT + "@99"),
                Map.of("release", undeclared.json().path("release").asText(), "type", undeclared.json().path("type").asText()));
        ObjectNode nobody = window(100, 101, RUNNING, t);
        ((ArrayNode) nobody.get("carried")).set(0, carried(99, "", 1, t, t, 100));
        assertEquals("carried[0].release", refused(post(env, nobody), 422, "wow-compat.wire.carried-undeclared").json().path("member").asText());
        ObjectNode byOther = window(100, 101, RUNNING, t);
        ((ArrayNode) byOther.get("carried")).set(0, carried(1, CHAT + "@1.1.0", 1, t, t, 100));
        refused(post(env, byOther), 422, "wow-compat.wire.release-never-ran");
        assertEquals(before, answers(env));

        // The same record as a finding, as the watcher posts it: taken, and can-deploy still passes.
        ObjectNode asFinding = window(100, 101, RUNNING, t);
        ((ArrayNode) asFinding.get("carried")).removeAll();
        ((ArrayNode) asFinding.get("findings")).addObject().put("id", "event-revision-unregistered").put("severity", "breaking")
                .put("release", RUNNING).put("type", TEXT_SENT).put("count", 1).put("firstSeen", t.toString()).put("lastSeen", t.toString());
        post(env, asFinding).expect(200);
        JsonNode after = registry.get("/can-deploy?service=" + CHAT + "&version=1.1.0&environment=" + env).expect(200).json();
        assertEquals(List.of("wire-findings-open"), after.path("findings").findValues("rule").stream().map(JsonNode::asText).toList(),
                "the running release's finding is a warning, never wire-unread: " + after);
        assertTrue(after.path("deployable").asBoolean(), after.toString());
    }

    /** A range with from == to carries nothing: posted again and again it adds nothing, and counts on it are refused. */
    @Test
    void anEmptyRangeCountsNothingHoweverOftenItIsPosted() {
        String env = watched("empty-range");
        List<String> before = answers(env);
        for (int i = 0; i < 3; i++) {
            ObjectNode counted = window(100, 100, RUNNING, recently());
            ((ObjectNode) counted.get("records")).put(RUNNING, 1_000_000);
            JsonNode a = refused(post(env, counted), 422, "wow-compat.wire.impossible-count").json();
            assertEquals("records", a.path("member").asText());
            JsonNode nothing = post(env, window(100, 100, RUNNING, recently())).expect(200).json();
            assertEquals(0, nothing.path("records").asLong());
            assertEquals(0, nothing.path("positions").size());
        }
        // Empty ranges on junk topics make no position either.
        ObjectNode junk = window(100, 100, RUNNING, recently());
        for (int p = 0; p < 50; p++) ((ArrayNode) junk.get("ranges")).addObject().put("topic", "junk." + p).put("partition", p).put("from", 5).put("to", 5);
        post(env, junk).expect(200);
        assertEquals(before, answers(env));
        assertEquals(1, registry.get("/environments/" + env + "/wire/positions?group=" + GROUP).expect(200).json().path("positions").size());
    }

    /** A range of one offset with 10^15 records, and counts that sum past 2^53 or 2^63: refused, never wrapped or rounded. */
    @Test
    void countsLargerThanTheOffsetsOrPastTwoToThe53AreRefused() {
        String env = watched("counts");
        List<String> before = answers(env);
        ObjectNode huge = window(100, 101, RUNNING, recently());
        ((ObjectNode) huge.get("records")).put(RUNNING, 1_000_000_000_000_000L);
        refused(post(env, huge), 422, "wow-compat.wire.impossible-count");
        ObjectNode hugeCarried = window(100, 101, RUNNING, recently());
        ((ObjectNode) hugeCarried.at("/carried/0")).put("count", 1_000_000_000_000_000L);
        assertEquals("carried[0].count", refused(post(env, hugeCarried), 422, "wow-compat.wire.impossible-count").json().path("member").asText());
        // A finding of 2^63 - 1 plus one: refused past 2^53 whatever the offsets.
        ObjectNode wrap = finding(window(100, 101, RUNNING, recently()), RUNNING, Long.MAX_VALUE, recently());
        assertEquals("findings[0].count", refused(post(env, wrap), 422, "wow-compat.wire.count-overflow").json().path("member").asText());
        // Two partitions of 2^53 offsets each, 2^53 records of each release: every count fits its offsets, their sum does not.
        ObjectNode wide = window(100, 101, RUNNING, recently());
        ((ArrayNode) wide.get("carried")).removeAll();
        ((ArrayNode) wide.get("ranges")).removeAll();
        ((ArrayNode) wide.get("ranges")).addObject().put("topic", TOPIC).put("partition", 0).put("from", 100).put("to", TWO_TO_53);
        ((ArrayNode) wide.get("ranges")).addObject().put("topic", TOPIC).put("partition", 1).put("from", 0).put("to", TWO_TO_53);
        ((ObjectNode) wide.get("records")).put(RUNNING, TWO_TO_53 - 100).put("", 200);
        assertEquals("records", refused(post(env, wide), 422, "wow-compat.wire.count-overflow").json().path("member").asText());
        // A count a long does not hold is no window at all.
        String past63 = window(100, 101, RUNNING, recently()).toString().replace("\"" + RUNNING + "\":1", "\"" + RUNNING + "\":18446744073709551617");
        Answer notLong = registry.post("/environments/" + env + "/wire", past63);
        assertEquals(List.of(400, "wow-compat.request.invalid-input"), List.of(notLong.status(), notLong.code()), notLong.body());
        assertEquals(before, answers(env));

        // What the environment keeps plus what a window brings, past 2^53: refused by the store, nothing kept.
        ObjectNode full = window(100, TWO_TO_53, RUNNING, recently());
        ((ArrayNode) full.get("carried")).removeAll();
        post(env, full).expect(200);
        List<String> atTheBound = answers(env);
        assertTrue(atTheBound.get(1).contains("\"records\":" + TWO_TO_53), atTheBound.get(1));
        ObjectNode onePast = window(0, 1, RUNNING, recently());
        ((ObjectNode) onePast.at("/ranges/0")).put("partition", 1);
        ((ObjectNode) onePast.at("/carried/0/first")).put("partition", 1);
        Answer overflow = refused(post(env, onePast), 422, "wow-compat.wire.count-overflow");
        assertEquals("the records of " + RUNNING, overflow.json().path("count").asText());
        assertEquals(atTheBound, answers(env));
        assertEquals(List.of(), registry.get("/environments/" + env + "/wire/positions?group=" + GROUP).expect(200).json()
                .findValues("partition").stream().filter(p -> p.asInt() == 1).toList(), "no position of partition 1 was kept");
    }

    /** Times in the year 9999, an end before the start, a first time after the last: refused, the staleness metric unmoved. */
    @Test
    void timesAheadOfTheClockOrOutOfOrderAreRefused() {
        String env = watched("times");
        List<String> before = answers(env);
        ObjectNode ninetyNine = window(100, 110, RUNNING, Instant.parse("9999-12-31T23:59:59Z"));
        ((ObjectNode) ninetyNine.at("/carried/0")).put("firstSeen", recently().toString()).put("lastSeen", recently().toString());
        Answer a = refused(post(env, ninetyNine), 400, "wow-compat.wire.impossible-time");
        assertEquals("end", a.json().path("member").asText());
        assertTrue(a.json().path("detail").asText().contains("end (9999-12-31T23:59:59Z) is more than 5 minutes ahead"), a.body());
        ObjectNode backwards = window(100, 110, RUNNING, recently());
        backwards.put("start", recently().plusSeconds(60).toString());
        assertEquals("end", refused(post(env, backwards), 400, "wow-compat.wire.impossible-time").json().path("member").asText());
        ObjectNode crossed = window(100, 110, RUNNING, recently());
        ((ObjectNode) crossed.at("/carried/0")).put("firstSeen", recently().toString()).put("lastSeen", recently().minusSeconds(60).toString());
        assertEquals("carried[0].firstSeen", refused(post(env, crossed), 400, "wow-compat.wire.impossible-time").json().path("member").asText());
        ObjectNode findingAhead = finding(window(100, 110, RUNNING, recently()), RUNNING, 1, Instant.now().plusSeconds(3_600));
        assertEquals("findings[0].lastSeen", refused(post(env, findingAhead), 400, "wow-compat.wire.impossible-time").json().path("member").asText());
        assertEquals(before, answers(env));
        // Records written long ago, read by a watcher catching up: their times are what they are.
        ObjectNode catchingUp = window(100, 110, RUNNING, recently());
        ((ObjectNode) catchingUp.at("/carried/0")).put("firstSeen", "2020-01-01T00:00:00Z").put("lastSeen", "2020-01-02T00:00:00Z");
        post(env, catchingUp).expect(200);
    }

    /** Records and findings of a release that never ran there, or only after the window: refused as a profile of it is. */
    @Test
    void aReleaseThatHadNotRunThereIsNoWritersRelease() {
        String env = watched("never-ran");
        List<String> before = answers(env);
        String other = CHAT + "@1.1.0";
        ObjectNode records = window(100, 110, RUNNING, recently());
        ((ObjectNode) records.get("records")).removeAll().put(other, 10);
        Answer a = refused(post(env, records), 422, "wow-compat.wire.release-never-ran");
        assertEquals(other, a.json().path("release").asText());
        refused(post(env, finding(window(100, 110, RUNNING, recently()), other, 1, recently())), 422, "wow-compat.wire.release-never-ran");
        assertEquals(before, answers(env));
        // 1.1.0 deployed now: a window that ended an hour before does not name it.
        registry.deploy(env, CHAT, "1.1.0").expect(201);
        List<String> deployed = answers(env);
        ObjectNode earlier = window(100, 110, RUNNING, recently().minusSeconds(3_600));
        ((ObjectNode) earlier.get("records")).removeAll().put(other, 10);
        refused(post(env, earlier), 422, "wow-compat.wire.release-never-ran");
        assertEquals(deployed, answers(env));
        ObjectNode since = window(100, 110, other, recently());
        post(env, since).expect(200);
    }

    /** The registry's clock is the server's own: five minutes past it is two clocks apart, a millisecond more is refused. */
    @Test
    void timesAreCheckedAgainstTheRegistrysClock(TestDatabases databases) {
        Instant fixed = Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(3_600);
        try (RunningRegistry ahead = new RunningRegistry(databases.create(backend()).open(), RegistryServer.Config.local(0),
                Clock.fixed(fixed, ZoneOffset.UTC))) {
            String env = "clock";
            ahead.register(CHAT, chat("1.0.0")).expect(201);
            ahead.deploy(env, CHAT, "1.0.0").expect(201);
            ObjectNode atTheEdge = window(0, 10, RUNNING, fixed.plusSeconds(300));
            assertEquals(200, ahead.post("/environments/" + env + "/wire", atTheEdge.toString()).status());
            Answer past = ahead.post("/environments/" + env + "/wire", window(10, 20, RUNNING, fixed.plusSeconds(300).plusMillis(1)).toString());
            assertEquals(List.of(400, "wow-compat.wire.impossible-time"), List.of(past.status(), past.code()), past.body());
        }
    }

    private static final long YEAR_9999 = Instant.parse("9999-12-31T23:59:59Z").toEpochMilli();

    /**
     * Rows stored before the rules (a store at V7): counts past 2^63 and 2^53, wrapped below zero or turned into a
     * REAL, a carried revision no release declares, times in the year 9999. Migrated, every read answers 200, the
     * counts are held at 2^53, the undeclared type is gone and the times are not ahead of the clock.
     */
    @Test
    void theMigrationMendsWhatWindowsStoredBeforeTheRules(TestDatabases databases) throws Exception {
        TestDatabases.Database old = databases.create(backend());
        boolean sqlite = backend() == TestDatabases.Backend.SQLITE;
        String url = sqlite ? "jdbc:sqlite:" + old.address() : old.address();
        String user = old.environment().get("WOW_COMPAT_DB_USER");
        String password = old.environment().get("WOW_COMPAT_DB_PASSWORD");
        Flyway.configure().dataSource(url, user, password).locations(sqlite ? "classpath:db/migration" : "classpath:db/postgresql")
                .target("7").load().migrate();
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO services(name, created_at) VALUES ('chat-service', 0)");
            s.executeUpdate("INSERT INTO releases(service, version, major, minor, patch, registered_at, content_digest, manifest, report, "
                    + "uses_indexed) VALUES ('chat-service', '1.0.0', 1, 0, 0, 0, 'd', '" + chat("1.0.0") + "', '{}', 1)");
            s.executeUpdate("INSERT INTO release_types(release, kind, name, revision, written, published) SELECT id, 'event', '"
                    + TEXT_SENT + "', 1, 1, 1 FROM releases");
            s.executeUpdate("INSERT INTO deployments(environment, service, version, deployed_at) VALUES ('mended', 'chat-service', '1.0.0', 0)");
            // A sum past 2^63 is a REAL in SQLite, an error in PostgreSQL (which kept the last count below it).
            String past63 = sqlite ? "18446744073709551616.0" : "9223372036854775807";
            s.executeUpdate("INSERT INTO wire_records(environment, release, record_count) VALUES ('mended', 'chat-service@1.0.0', 5), "
                    + "('mended', '', " + past63 + "), ('mended', 'lost@1.0.0', -9223372036854775807)");
            s.executeUpdate("INSERT INTO wire_findings(environment, release, type_name, finding, severity, finding_count, first_seen, last_seen, "
                    + "examples) VALUES ('mended', 'chat-service@1.0.0', 'a', 'payload-invalid', 'breaking', 9223372036854775807, 0, 0, '[]'), "
                    + "('mended', 'chat-service@1.0.0', 'b', 'payload-invalid', 'breaking', 9223372036854775807, 0, " + YEAR_9999 + ", '[]'), "
                    + "('mended', '', 'c', 'payload-invalid', 'breaking', -9223372036854775807, 0, 0, '[]')");
            s.executeUpdate("INSERT INTO wire_carried(environment, kind, type_name, revision, record_count, first_seen, last_seen, first_topic, "
                    + "first_partition, first_offset) VALUES ('mended', 'event', '" + TEXT_SENT + "', 99, 1, 0, " + YEAR_9999 + ", 't', 0, 0), "
                    + "('mended', 'event', '" + TEXT_SENT + "', 1, 7, " + YEAR_9999 + ", " + YEAR_9999 + ", 't', 0, 0)");
            s.executeUpdate("INSERT INTO wire_windows(environment, since, updated, windows) VALUES ('mended', 0, " + YEAR_9999 + ", 3)");
            s.executeUpdate("INSERT INTO wire_watchers(environment, consumer_group, member, last_window) VALUES ('mended', 'g', 'host', "
                    + YEAR_9999 + ")");
        }
        long migrated = System.currentTimeMillis();
        try (RunningRegistry after = new RunningRegistry(old.open(), RegistryServer.Config.local(0))) {
            String metrics = after.get("/metrics").expect(200).body();
            assertEquals(TWO_TO_53, metric(metrics, "wow_compat_wire_records_total{environment=\"mended\",release=\"\"}"), metrics);
            assertEquals(TWO_TO_53, metric(metrics, "wow_compat_wire_records_total{environment=\"mended\",release=\"lost@1.0.0\"}"), metrics);
            assertEquals(5, metric(metrics, "wow_compat_wire_records_total{environment=\"mended\",release=\"chat-service@1.0.0\"}"), metrics);
            assertEquals(3.0 * TWO_TO_53, metric(metrics, "wow_compat_wire_findings_total{environment=\"mended\",id=\"payload-invalid\","
                    + "severity=\"breaking\"}"), metrics);
            long last = metric(metrics, "wow_compat_wire_last_window_timestamp_seconds{environment=\"mended\"}");
            assertTrue(last * 1000 >= migrated - 600_000 && last * 1000 <= System.currentTimeMillis(), "the last window at the migration: " + last);
            JsonNode wire = after.get("/environments/mended/wire").expect(200).json();
            assertEquals(2 * TWO_TO_53 + 5, wire.path("records").asLong());
            assertEquals(List.of(1), wire.path("carried").findValues("revision").stream().map(JsonNode::asInt).toList(), "revision 99 is gone");
            assertTrue(Instant.parse(wire.at("/carried/0/lastSeen").asText()).toEpochMilli() <= System.currentTimeMillis(), wire.toString());
            assertTrue(Instant.parse(wire.at("/watchers/0/lastWindow").asText()).toEpochMilli() <= System.currentTimeMillis(), wire.toString());
            wire.path("findings").forEach(f -> assertTrue(f.path("count").asLong() == TWO_TO_53, f.toString()));
            after.get("/can-deploy?service=" + CHAT + "&version=1.0.0&environment=mended").expect(200);
        }
    }

    /** The value of the /metrics line that starts with {@code series}. */
    private static long metric(String metrics, String series) {
        String line = metrics.lines().filter(l -> l.startsWith(series + " ")).findFirst().orElseThrow(() -> new AssertionError(series + " in " + metrics));
        return (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
    }
}
