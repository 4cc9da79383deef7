package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.testing.KafkaCluster;
import dev.wowcompat.testing.RepositoryRoot;
import dev.wowcompat.testing.RunningRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit's drift findings end to end (issue 26): a real registry holding parcel-service 1.0.0 and 1.1.0 (the same
 * schemas: only the code changed) and tracking-service 2.3.0, which reads its dispatches; each test an environment of
 * its own where 1.0.0 was replaced by 1.1.0; Wow 8 event streams written by both, read from Kafka's own in-JVM KRaft
 * cluster or as kcat lines. Seconds that become milliseconds are meaning-drift ×1000 naming the reader; natural
 * variance across a deployment that changes nothing is no finding; a date that becomes epoch digits is format-drift;
 * profiles recorded by one audit let a second one, reading only the records after the deployment, find the drift.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuditDriftCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOPIC = "wow.parcel.parcel.event";
    private static final String TYPE = "parcel-service.parcel.parcel_dispatched";
    private static final int PER_SIDE = 300;

    @RegisterExtension
    static final KafkaCluster kafka = new KafkaCluster();

    @TempDir
    static Path dir;
    private RunningRegistry registry;

    /** When records of each environment were written: while 1.0.0 ran, and after 1.1.0 replaced it. */
    private record Times(long before, long after) {}

    private final Map<String, Times> times = new TreeMap<>();

    @BeforeAll
    void start() throws Exception {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        for (String release : List.of("parcel-service-1.0.0", "parcel-service-1.1.0", "tracking-service-2.3.0")) {
            String manifest = Files.readString(RepositoryRoot.resolve("docs/audit/" + release + ".json"));
            registry.register(release.substring(0, release.lastIndexOf('-')), manifest).expect(201);
        }
        for (String env : List.of("units", "calm", "formats", "kept", "waived", "slots", "undeclared")) {
            registry.deploy(env, "tracking-service", "2.3.0").expect(201);
            registry.deploy(env, "parcel-service", "1.0.0").expect(201);
            long before = System.currentTimeMillis();
            Thread.sleep(20);
            registry.deploy(env, "parcel-service", "1.1.0").expect(201);
            times.put(env, new Times(before, System.currentTimeMillis() + 1));
        }
        kafka.createTopics(new NewTopic(TOPIC, 1, (short) 1));
    }

    @AfterAll
    void stop() throws Exception {
        if (registry != null) registry.close();
    }

    /** What the code of a release does to the values it writes. */
    private record Writes(boolean millis, boolean epochPromise, boolean burst) {
        static final Writes AS_DECLARED = new Writes(false, false, false);
    }

    /**
     * A Wow 8 event stream value of parcel {@code i}: a weight log-normal with σ = 1.5 (a burst of heavy freight makes
     * a third of them ten times heavier), dispatch and hand-over times in epoch seconds (or milliseconds), a status
     * from a small code list in a changing mix, and a promised delivery date in RFC 3339 (or epoch digits).
     */
    private static ObjectNode dispatched(int i, Random random, Writes w) {
        double weight = Math.exp(Math.log(2000) + 1.5 * random.nextGaussian()) * (w.burst() && i % 3 == 0 ? 10 : 1);
        long at = 1764748800L + i * 37L + random.nextInt(30);
        long promised = at + 86400L * (1 + random.nextInt(4));
        ObjectNode body = JSON.createObjectNode().put("parcelId", "p-" + i).put("weightGrams", Math.max(1, Math.round(weight)))
                .put("dispatchedAt", w.millis() ? at * 1000 : at).put("handedOverAt", at + 600 + random.nextInt(7200))
                .put("status", List.of("packed", "in_transit", "delivered").get(random.nextInt(w.burst() ? 2 : 3)))
                .put("promisedBy", w.epochPromise() ? Long.toString(promised)
                        : DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochSecond(promised).atOffset(ZoneOffset.UTC)));
        ObjectNode v = JSON.createObjectNode().put("id", "s-p-" + i).put("contextName", "parcel-service").put("aggregateName", "parcel");
        v.putObject("header");
        v.put("aggregateId", "p-" + i).put("tenantId", "(0)").put("ownerId", "").put("spaceId", "").put("commandId", "c-" + i)
                .put("requestId", "c-" + i).put("version", 1);
        ObjectNode event = v.putArray("body").addObject().put("id", "e-" + i).put("name", "parcel_dispatched").put("revision", "0.0.1")
                .put("bodyType", "com.example.parcel.api.ParcelDispatched");
        event.set("body", body);
        v.put("createTime", 1764748800000L);
        return v;
    }

    /** Values written by 1.0.0 then by 1.1.0, parcels numbered on from {@code first}. */
    private static List<ObjectNode> stream(int first, long seed, Writes writes) {
        Random random = new Random(seed);
        List<ObjectNode> out = new ArrayList<>();
        for (int i = first; i < first + PER_SIDE; i++) out.add(dispatched(i, random, writes));
        return out;
    }

    /** kcat -J lines of the values, written at {@code ts}, from offset {@code offset} on. */
    private static List<String> lines(List<ObjectNode> values, long ts, int offset) {
        List<String> out = new ArrayList<>();
        for (ObjectNode v : values) {
            ObjectNode line = JSON.createObjectNode().put("topic", TOPIC).put("partition", 0).put("offset", offset++).put("tstype", "create")
                    .put("ts", ts).put("broker", 1);
            line.putArray("headers");
            line.put("key", v.get("aggregateId").asText()).put("payload", v.toString());
            out.add(line.toString());
        }
        return out;
    }

    private static Path file(String name, List<String> lines) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, lines);
        return f;
    }

    /** A stream across the environment's deployment: 1.0.0 writes {@code before}, 1.1.0 writes {@code after}. */
    private Path across(String env, Writes before, Writes after) throws Exception {
        Times t = times.get(env);
        List<String> out = new ArrayList<>(lines(stream(0, 1, before), t.before(), 0));
        out.addAll(lines(stream(PER_SIDE, 2, after), t.after(), PER_SIDE));
        return file(env + ".jsonl", out);
    }

    private Cli.Result audit(String env, Path input, String... more) {
        List<String> args = new ArrayList<>(List.of("audit", "--input", input.toString(), "--registry", registry.base(),
                "--environment", env, "--format", "json"));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    private static Map<String, Long> counts(JsonNode report) {
        Map<String, Long> out = new TreeMap<>();
        report.path("findings").forEach(f -> out.put(f.get("id").asText(), f.get("count").asLong()));
        return out;
    }

    private static JsonNode example(JsonNode report, String id) {
        for (JsonNode f : report.path("findings")) if (f.get("id").asText().equals(id)) return f.at("/examples/0");
        throw new AssertionError("no " + id + " in " + report);
    }

    /** The members issue 26 gives each example of a drift finding, checked on a meaning-drift ×1000 at /dispatchedAt. */
    private void assertSecondsBecameMilliseconds(JsonNode report, String env) {
        assertEquals(Map.of("meaning-drift", 1L), counts(report), report.toString());
        JsonNode e = example(report, "meaning-drift");
        assertEquals(TYPE, e.get("type").asText());
        assertEquals(1, e.get("revision").asInt());
        assertEquals("/dispatchedAt", e.get("pointer").asText());
        assertEquals("parcel-service@1.0.0", e.at("/before/release").asText());
        assertEquals("parcel-service@1.1.0", e.at("/after/release").asText());
        assertEquals(PER_SIDE, e.at("/before/count").asLong());
        assertEquals(PER_SIDE, e.at("/after/count").asLong());
        assertEquals(1000, e.get("factor").asDouble(), 30, e.toString());
        assertTrue(e.at("/before/q50").asDouble() > 1e9 && e.at("/before/q50").asDouble() < 1e10, e.toString());
        assertTrue(e.at("/after/q50").asDouble() > 1e12 && e.at("/after/q50").asDouble() < 1e13, e.toString());
        assertTrue(e.get("message").asText().contains("×1000: seconds → milliseconds?"), e.get("message").asText());
        assertEquals(List.of("tracking-service@2.3.0 (runs in " + env + ")"), JSON.convertValue(e.get("consumers"), List.class));
        Instant deployed = Instant.parse(e.get("deployedAt").asText());
        assertTrue(deployed.toEpochMilli() > times.get(env).before() && deployed.toEpochMilli() < times.get(env).after(), e.toString());
        assertEquals(TOPIC, e.get("topic").asText());
        assertEquals(PER_SIDE, e.get("offset").asLong(), "the example points at the first record the new release wrote");
    }

    @Test
    void secondsBecomingMillisecondsOnKafkaIsMeaningDriftTimesAThousandNamingTheReader() throws Exception {
        Times t = times.get("units");
        List<ObjectNode> values = new ArrayList<>(stream(0, 1, Writes.AS_DECLARED));
        values.addAll(stream(PER_SIDE, 2, new Writes(true, false, false)));
        for (int i = 0; i < values.size(); i++) {
            kafka.producer().send(new ProducerRecord<>(TOPIC, 0, i < PER_SIDE ? t.before() : t.after(),
                    values.get(i).get("aggregateId").asText().getBytes(StandardCharsets.UTF_8),
                    values.get(i).toString().getBytes(StandardCharsets.UTF_8)));
        }
        kafka.producer().flush();
        Cli.Result r = Cli.run("audit", "--bootstrap-servers", kafka.bootstrapServers(), "--topic", TOPIC, "--registry", registry.base(),
                "--environment", "units", "--format", "json", "--timeout", "60s");
        assertEquals(1, r.code(), r.err() + r.out());
        JsonNode report = JSON.readTree(r.out());
        assertEquals(2 * PER_SIDE, report.get("messages").asLong());
        assertEquals(JSON.readTree("{\"parcel-service@1.0.0\":" + PER_SIDE + ",\"parcel-service@1.1.0\":" + PER_SIDE + "}"), report.get("releases"));
        assertSecondsBecameMilliseconds(report, "units");

        Cli.Result text = Cli.run("audit", "--bootstrap-servers", kafka.bootstrapServers(), "--topic", TOPIC, "--registry", registry.base(),
                "--environment", "units", "--timeout", "60s");
        assertTrue(text.out().contains("BREAKING meaning-drift: 1 field\n"), text.out());
        assertTrue(text.out().contains("read by tracking-service@2.3.0 (runs in units)"), text.out());

        Cli.Result off = Cli.run("audit", "--bootstrap-servers", kafka.bootstrapServers(), "--topic", TOPIC, "--registry", registry.base(),
                "--environment", "units", "--format", "json", "--timeout", "60s", "--no-profiles");
        assertEquals(0, off.code(), off.err() + off.out());
        assertEquals(Map.of(), counts(JSON.readTree(off.out())));
    }

    @Test
    void naturalVarianceAcrossADeploymentThatChangesNothingIsNoFinding() throws Exception {
        Cli.Result r = audit("calm", across("calm", Writes.AS_DECLARED, new Writes(false, false, true)));
        assertEquals(0, r.code(), r.err() + r.out());
        JsonNode report = JSON.readTree(r.out());
        assertEquals(Map.of(), counts(report), report.toString());
        assertEquals(JSON.readTree("{\"parcel-service@1.0.0\":" + PER_SIDE + ",\"parcel-service@1.1.0\":" + PER_SIDE + "}"), report.get("releases"));
    }

    @Test
    void aDateBecomingEpochDigitsIsFormatDrift() throws Exception {
        Cli.Result r = audit("formats", across("formats", Writes.AS_DECLARED, new Writes(false, true, false)));
        assertEquals(1, r.code(), r.err() + r.out());
        JsonNode report = JSON.readTree(r.out());
        assertEquals(Map.of("format-drift", 1L), counts(report), report.toString());
        JsonNode e = example(report, "format-drift");
        assertEquals("/promisedBy", e.get("pointer").asText());
        assertEquals(1.0, e.at("/before/formats/date-time").asDouble());
        assertEquals(1.0, e.at("/after/formats/epoch-seconds").asDouble());
        assertTrue(e.get("factor").isNull());
        assertEquals(List.of("tracking-service@2.3.0 (runs in formats)"), JSON.convertValue(e.get("consumers"), List.class));
        assertEquals("breaking", report.at("/findings/0/severity").asText());
    }

    @Test
    void driftFindingsAreWaivedAndGatedAsTheOthers() throws Exception {
        Path input = across("waived", Writes.AS_DECLARED, new Writes(true, true, false));
        Cli.Result waived = audit("waived", input, "--ignore", "meaning-drift:wow.parcel.*:the consumers read both units until 2.0",
                "--ignore", "format-drift::the consumers read both forms");
        assertEquals(0, waived.code(), waived.err() + waived.out());
        JsonNode report = JSON.readTree(waived.out());
        assertEquals(Map.of(), counts(report));
        assertEquals(2, report.get("waived").size(), report.toString());
        assertEquals(0, audit("waived", input, "--fail-on", "never").code());
        Cli.Result sarif = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--environment", "waived",
                "--format", "sarif");
        assertEquals(1, sarif.code(), sarif.err());
        assertTrue(sarif.out().contains("\"ruleId\" : \"meaning-drift\""), sarif.out());
    }

    @Test
    void junkFieldsPostedForAReleaseLeaveRoomForTheFieldsTheAuditRecords() throws Exception {
        // Once, 1,024 junk fields took every slot of parcel-service 1.0.0, and the real audit then recorded nothing.
        dev.wowcompat.profile.ProfileSet junk = new dev.wowcompat.profile.ProfileSet();
        for (int i = 0; i < 1024; i++) junk.observe(TYPE, 1, "parcel-service@1.0.0", JSON.createObjectNode().put("junk" + i, i));
        RunningRegistry.Answer refused = registry.post("/environments/slots/profiles", dev.wowcompat.profile.ProfileJson.write(junk).toString());
        assertEquals(400, refused.status(), refused.body());
        assertEquals("wow-compat.profile.undeclared-field", JSON.readTree(refused.body()).path("code").asText(), refused.body());

        Path before = file("slots-before.jsonl", lines(stream(0, 1, Writes.AS_DECLARED), times.get("slots").before(), 0));
        Cli.Result recorded = audit("slots", before, "--record-profiles");
        assertEquals(0, recorded.code(), recorded.err() + recorded.out());
        assertTrue(recorded.err().contains("recorded the profiles of 6 fields in slots; now kept there: parcel-service@1.0.0 6 fields\n"), recorded.err());
    }

    @Test
    void aFieldNoReleaseDeclaresIsLeftOutOfTheRecordedProfilesInsteadOfHavingThePostRefused() throws Exception {
        List<ObjectNode> values = stream(0, 1, Writes.AS_DECLARED);
        for (ObjectNode v : values) ((ObjectNode) v.at("/body/0/body")).put("courierNote", "left at the door");
        Path written = file("undeclared.jsonl", lines(values, times.get("undeclared").before(), 0));
        // The same offsets as the other test's records: an environment of its own, since each record counts once per
        // environment whichever group read it.
        Cli.Result recorded = audit("undeclared", written, "--record-profiles", "--group", "undeclared-fields");
        assertNotEquals(2, recorded.code(), recorded.err() + recorded.out());
        assertTrue(recorded.err().contains("1 profiled field that no release declares left out of the profiles recorded"), recorded.err());
        assertTrue(recorded.err().contains("recorded the profiles of 6 fields in undeclared; now kept there: parcel-service@1.0.0 6 fields\n"), recorded.err());
    }

    @Test
    void profilesRecordedByOneAuditLetTheNextFindTheDriftFromTheRecordsAfterTheDeploymentAlone() throws Exception {
        Times t = times.get("kept");
        Path before = file("kept-before.jsonl", lines(stream(0, 1, Writes.AS_DECLARED), t.before(), 0));
        Path after = file("kept-after.jsonl", lines(stream(PER_SIDE, 2, new Writes(true, false, false)), t.after(), PER_SIDE));

        Cli.Result alone = audit("kept", after);
        assertEquals(0, alone.code(), "nothing kept yet, nothing before to compare with: " + alone.out());

        Cli.Result recorded = audit("kept", before, "--record-profiles");
        assertEquals(0, recorded.code(), recorded.err() + recorded.out());
        // What the registry answered, not a count of "merged" fields on a first run.
        assertTrue(recorded.err().contains("recorded the profiles of 6 fields in kept; now kept there: parcel-service@1.0.0 6 fields\n"), recorded.err());
        assertFalse(recorded.err().contains("merged"), recorded.err());
        JsonNode kept = registry.get("/environments/kept/profiles/" + TYPE + "?release=parcel-service@1.0.0").expect(200).json();
        assertEquals(6, kept.get("fields").size(), kept.toString());

        Cli.Result r = audit("kept", after);
        assertEquals(1, r.code(), r.err() + r.out());
        JsonNode report = JSON.readTree(r.out());
        assertEquals(JSON.readTree("{\"parcel-service@1.1.0\":" + PER_SIDE + "}"), report.get("releases"));
        assertSecondsBecameMilliseconds(report, "kept");
    }

    @Test
    void recordingProfilesNeedsAnEnvironmentOfARegistry() {
        Cli.Result r = Cli.run("audit", "--input", "docs/audit/drift.jsonl", "--manifest", "docs/audit/parcel-service-1.0.0.json",
                "--record-profiles");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--record-profiles needs --registry and --environment"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }
}
