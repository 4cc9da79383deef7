package dev.wowcompat.audit;

import static dev.wowcompat.audit.Records.JSON;
import static dev.wowcompat.audit.Records.headersOf;
import static dev.wowcompat.audit.Records.kcat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.window.WireWindow;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What a window of the wire holds, from the audit's own judging: the offsets judged per partition, records per
 * release, each finding by id, release and type, what was carried; and a watch's windows, cut while the judge's
 * version check goes on.
 */
class WireWindowTest {
    private static final String STATE = "wow.bank.account.state";
    private static final String ALICE = "bank.account/t1/alice";

    private static Audit audit(List<String> lines) throws AuditException {
        KcatInput input = new KcatInput(new ByteArrayInputStream(String.join("\n", lines).getBytes(StandardCharsets.UTF_8)), "test", 4, List.of(Pattern.compile(".*")));
        Audit audit = new Audit(input, new ManifestFileReleases(Records.bankAndPayment()), new Audit.Settings(1 << 20, 1000, 0, null, List.of(), true, true));
        audit.run(PayloadObserver.NONE, Audit.Progress.NONE);
        return audit;
    }

    @Test
    void anAuditsWindowHoldsItsRangesRecordsFindingsAndWhatWasCarried() throws Exception {
        List<String> lines = new ArrayList<>(Records.clean());
        // Offsets 5 and 9 of partition 1: the range is from the first judged to after the last, gaps included.
        ObjectNode s = Records.stateEvent("bob", 1, 10, 10);
        lines.add(kcat(STATE, 1, 5, headersOf(s), "bank.account/t1/bob", s));
        lines.add(kcat(STATE, 1, 9, List.of(), "bank.account/t1/bob", "not json"));
        Audit audit = audit(lines);
        WireWindow w = audit.window();
        assertEquals(12, w.recordCount());
        assertEquals(Map.of("", 12L), w.records(), "no environment: no release");
        Map<String, String> ranges = new TreeMap<>();
        w.ranges().forEach(r -> ranges.put(r.topic() + "/" + r.partition(), r.from() + ".." + r.to()));
        assertEquals(Map.of(STATE + "/0", "0..3", STATE + "/1", "5..10", "wow.bank.commands/" + PartitionHash.partition(ALICE, 4), "0..1",
                "wow.bank.receipts/0", "0..2", "wow.payment.wallet.event/0", "0..2", "wow.payment.wallet.state/0", "0..1",
                "wow.payment.wallet.command/0", "0..1"), ranges);
        assertEquals(1, w.findings().size(), w.findings().toString());
        WireWindow.Finding f = w.findings().get(0);
        assertEquals(AuditFinding.MESSAGE_NOT_JSON.id(), f.id());
        assertEquals("", f.type());
        assertEquals(1, f.count());
        assertEquals(Records.TIME, f.firstSeen());
        assertEquals(9, f.examples().get(0).offset());
        // Without an environment no release ran: none claims what the records carried, so the window carries nothing.
        assertEquals(List.of(), w.carried());
        JsonNode body = w.withPoster("g", "me").toJson();
        assertEquals("g", body.path("group").asText());
        assertEquals(ranges.size(), body.path("ranges").size());
        assertEquals("message-not-json", body.at("/findings/0/id").asText());
        assertEquals("breaking", body.at("/findings/0/severity").asText());
        assertTrue(body.path("profiles").isObject(), "the values were profiled");
    }

    /**
     * A watch's window carries what the release running then declares, a record once however many of its events
     * are of the type; a revision no release declares is a finding (event-revision-unregistered), never a carried
     * type; a record time ahead of the window's end is held at the end; and the window is one the registry's rules
     * take (docs/api.md, "What a window may claim").
     */
    @Test
    void aWatchCarriesWhatItsReleaseDeclaresAndFindsTheRest() throws Exception {
        WindowJudge judge = new WindowJudge(staging(), "staging", 1 << 20, 1000, false);
        ObjectNode twice = Records.stateEvent("alice", 1, 100, 100);
        ((ArrayNode) twice.at("/payload/events")).addObject().put("name", "bank.account.Deposited").put("revision", 1)
                .putObject("payload").put("amount", 5);
        ObjectNode unregistered = Records.stateEvent("alice", 2, 50, 150);
        ((ObjectNode) unregistered.at("/payload/events/0")).put("revision", 99);
        judge.judge(record(kcat(STATE, 0, 0, headersOf(twice), ALICE, twice)));
        judge.judge(record(kcat(STATE, 0, 1, headersOf(unregistered), ALICE, unregistered)));
        long end = Records.TIME - 60_000; // the records' producer clock runs a minute ahead of the watcher's
        WireWindow w = judge.cut(Instant.ofEpochMilli(end - 10_000), Instant.ofEpochMilli(end));
        Map<String, Long> carried = new TreeMap<>();
        w.carried().forEach(c -> carried.put(c.kind() + " " + c.type() + "@" + c.revision() + " " + c.release(), c.count()));
        assertEquals(Map.of("event bank.account.Deposited@1 bank-service@1.1.0", 1L, "state bank.account@0 bank-service@1.1.0", 2L), carried);
        assertEquals(List.of("event-revision-unregistered bank-service@1.1.0 1"), w.findings().stream()
                .filter(f -> f.id().startsWith("event-")).map(f -> f.id() + " " + f.release() + " " + f.count()).toList());
        JsonNode body = w.withPoster("wow-compat-watch.staging", "host-1").toJson();
        assertTrue(body.path("carried").findValues("revision").stream().anyMatch(JsonNode::isNull), "no revision but for events");
        assertTrue(w.carried().stream().allMatch(c -> c.firstSeen() == end && c.lastSeen() == end), w.carried().toString());
        w.withPoster("wow-compat-watch.staging", "host-1").validate(end);
    }

    @Test
    void aFindingIsKeptUnderTheTypeItIsAbout() throws Exception {
        // A command of a type no release declares: type-unregistered about that command type.
        ObjectNode c = Records.command("alice", 30);
        c.put("type", "bank.account.Teleport");
        ((ObjectNode) c.get("payload")).put("type", "bank.account.Teleport");
        WireWindow w = audit(List.of(kcat("wow.bank.commands", PartitionHash.partition(ALICE, 4), 0, headersOf(c), ALICE, c))).window();
        Map<String, String> byId = new TreeMap<>();
        w.findings().forEach(f -> byId.put(f.id(), f.type()));
        assertEquals("bank.account.Teleport", byId.get("type-unregistered"), w.findings().toString());
    }

    /**
     * Lanes judge apart and are added at the cut: the window is the one a single judge would have cut, its drift drawn
     * from the values of every lane together. The accounts' deposits turn a hundred times larger when 1.1.0 replaces
     * 1.0.0: no lane of three holds the 200 values a side the drift needs, the window does.
     */
    @Test
    void lanesJudgingApartCutTheWindowOneJudgeCuts() throws Exception {
        long deployed = Records.TIME + 1_000_000;
        List<AuditRecord> records = new ArrayList<>();
        long[] offsets = new long[4];
        int[] versions = new int[30];
        for (int i = 0; i < 600; i++) {
            int account = i % 30;
            boolean after = i >= 300;
            ObjectNode s = Records.stateEvent("a" + account, ++versions[account], (after ? 100 : 1) * (10 + i % 90), 1000 + i);
            String key = "bank.account/t1/a" + account;
            int partition = PartitionHash.partition(key, 4);
            records.add(new AuditRecord(STATE, partition, offsets[partition]++, after ? deployed + i : Records.TIME + i, headers(s), key.getBytes(),
                    JSON.writeValueAsBytes(s), 4));
        }
        records.add(new AuditRecord(STATE, 1, offsets[1]++, deployed + 700, List.of(), "x".getBytes(), "not json".getBytes(), 4));
        Releases history = replaced(deployed);
        WindowJudge one = new WindowJudge(history, "staging", 1 << 20, 1000, true, 1);
        WindowJudge three = new WindowJudge(history, "staging", 1 << 20, 1000, true, 3);
        assertTrue(IntStream.range(0, 4).map(p -> three.laneOf(STATE, p)).distinct().count() > 1, "the partitions are judged in several lanes");
        for (AuditRecord r : records) {
            one.judge(r);
            three.judge(r);
        }
        assertEquals(records.size(), three.windowRecords());
        WireWindow alone = one.cut(Instant.EPOCH, Instant.EPOCH);
        WireWindow apart = three.cut(Instant.EPOCH, Instant.EPOCH);
        assertTrue(alone.findings().stream().anyMatch(f -> f.id().equals(AuditFinding.MEANING_DRIFT.id())), alone.findings().toString());
        assertEquals(summary(alone), summary(apart));
        assertEquals(0, three.windowRecords(), "every lane starts a fresh window");
    }

    /** What a window says, but for the order of examples (each lane keeps its own first ones). */
    private static List<Object> summary(WireWindow w) {
        Map<String, Object> findings = new TreeMap<>();
        w.findings().forEach(f -> findings.put(f.id() + " " + f.release() + " " + f.type(), List.of(f.count(), String.valueOf(f.firstSeen()),
                String.valueOf(f.lastSeen()), f.examples().size())));
        Map<String, Object> carried = new TreeMap<>();
        w.carried().forEach(c -> carried.put(c.kind() + " " + c.type() + "@" + c.revision(), List.of(c.release(), c.count(), String.valueOf(c.firstSeen()),
                String.valueOf(c.lastSeen()), c.first())));
        Map<String, Long> profiles = new TreeMap<>();
        w.profiles().fields().forEach((k, p) -> profiles.put(k.toString(), p.count()));
        return List.of(w.ranges(), w.records(), findings, carried, profiles);
    }

    private static List<AuditRecord.Header> headers(ObjectNode envelope) {
        List<String> h = headersOf(envelope);
        List<AuditRecord.Header> out = new ArrayList<>();
        for (int i = 0; i + 1 < h.size(); i += 2) out.add(new AuditRecord.Header(h.get(i), h.get(i + 1).getBytes()));
        return out;
    }

    /** The bank releases, with 1.1.0 running in staging since before the records. */
    private static Releases staging() {
        return staging(new Deployments.Span("bank-service", "1.1.0", 0, Long.MAX_VALUE));
    }

    /** The bank releases; in staging 1.0.0 ran until {@code at}, then 1.1.0. */
    private static Releases replaced(long at) {
        return staging(new Deployments.Span("bank-service", "1.1.0", at, Long.MAX_VALUE), new Deployments.Span("bank-service", "1.0.0", 0, at));
    }

    /** The bank releases, with this history in staging. */
    private static Releases staging(Deployments.Span... history) {
        ManifestFileReleases files = new ManifestFileReleases(Records.bankAndPayment());
        return new Releases() {
            @Override
            public List<Manifest> declaring(String aggregateType) {
                return files.declaring(aggregateType);
            }

            @Override
            public Deployments deployments(String environment) {
                return new Deployments(environment, List.of(history));
            }
        };
    }

    private static AuditRecord record(String line) throws Exception {
        JsonNode l = JSON.readTree(line);
        List<AuditRecord.Header> headers = new ArrayList<>();
        for (int i = 0; i + 1 < l.path("headers").size(); i += 2) {
            headers.add(new AuditRecord.Header(l.path("headers").get(i).asText(), l.path("headers").get(i + 1).asText().getBytes()));
        }
        return new AuditRecord(l.path("topic").asText(), l.path("partition").asInt(), l.path("offset").asLong(), l.path("ts").asLong(), headers,
                l.path("key").asText().getBytes(), l.path("payload").asText().getBytes(), 1);
    }

    @Test
    void aWatchCutsWindowsAndItsVersionCheckGoesOnAcrossThemUntilAPartitionIsReadAgain() throws Exception {
        WindowJudge judge = new WindowJudge(staging(), "staging", 1 << 20, 1000, false);
        ObjectNode v2 = Records.stateEvent("alice", 2, 50, 150);
        ObjectNode v1 = Records.stateEvent("alice", 1, 100, 100);
        judge.judge(record(kcat(STATE, 0, 10, headersOf(v2), ALICE, v2)));
        assertEquals(1, judge.windowRecords());
        WireWindow first = judge.cut(Instant.EPOCH, Instant.EPOCH.plusSeconds(10));
        assertEquals(Map.of("bank-service@1.1.0", 1L), first.records());
        assertEquals(List.of(new WireWindow.Range(STATE, 0, 10, 11)), first.ranges());
        assertEquals(0, judge.windowRecords(), "the next window starts empty");
        // Version 1 after version 2, in the next window: the version check remembers across windows.
        judge.judge(record(kcat(STATE, 0, 11, headersOf(v1), ALICE, v1)));
        WireWindow second = judge.cut(Instant.EPOCH.plusSeconds(10), Instant.EPOCH.plusSeconds(20));
        assertEquals(List.of("aggregate-version-regressed bank-service@1.1.0 bank.account 1"),
                second.findings().stream().filter(f -> f.id().equals(AuditFinding.AGGREGATE_VERSION_REGRESSED.id())).map(f -> f.id() + " " + f.release() + " " + f.type() + " " + f.count()).toList());
        assertEquals(List.of(new WireWindow.Range(STATE, 0, 11, 12)), second.ranges());
        // The partition read again from offset 10: what was seen there is forgotten, so version 2 then 1 is judged afresh.
        judge.forget(STATE, 0);
        judge.judge(record(kcat(STATE, 0, 10, headersOf(v1), ALICE, v1)));
        judge.drop();
        assertEquals(0, judge.windowRecords());
        judge.judge(record(kcat(STATE, 0, 10, headersOf(v2), ALICE, v2)));
        WireWindow third = judge.cut(Instant.EPOCH, Instant.EPOCH);
        assertTrue(third.findings().stream().noneMatch(f -> f.id().equals(AuditFinding.AGGREGATE_VERSION_REGRESSED.id())), third.findings().toString());
        assertEquals(1, third.recordCount());
    }
}
