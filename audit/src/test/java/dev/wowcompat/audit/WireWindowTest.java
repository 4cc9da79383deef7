package dev.wowcompat.audit;

import static dev.wowcompat.audit.Records.JSON;
import static dev.wowcompat.audit.Records.headersOf;
import static dev.wowcompat.audit.Records.kcat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.Manifest;
import java.io.BufferedReader;
import java.io.StringReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
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
        KcatInput input = new KcatInput(new BufferedReader(new StringReader(String.join("\n", lines))), "test", 4, List.of(Pattern.compile(".*")));
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
        assertEquals(AuditFinding.MESSAGE_NOT_JSON, f.id());
        assertEquals("", f.type());
        assertEquals(1, f.count());
        assertEquals(Instant.ofEpochMilli(Records.TIME), f.firstSeen());
        assertEquals(9, f.examples().get(0).offset());
        Map<String, Long> carried = new TreeMap<>();
        w.carried().forEach(c -> carried.merge(c.kind() + " " + c.type() + "@" + c.revision(), c.count(), Long::sum));
        // Four state events of bank.account, each with one Deposited@1 and the state; the wallet's events, state and command.
        assertEquals(4L, carried.get("event bank.account.Deposited@1"), carried.toString());
        assertEquals(4L, carried.get("state bank.account@0"), carried.toString());
        assertEquals(1L, carried.get("command bank.account.Withdraw@0"), carried.toString());
        WireWindow.Carried first = w.carried().stream().filter(c -> c.type().equals("bank.account.Deposited")).findFirst().orElseThrow();
        assertEquals(new WireWindow.Place(STATE, 0, 0), first.first());
        JsonNode body = w.toJson("g", "me");
        assertEquals("g", body.path("group").asText());
        assertEquals(ranges.size(), body.path("ranges").size());
        assertEquals("message-not-json", body.at("/findings/0/id").asText());
        assertEquals("breaking", body.at("/findings/0/severity").asText());
        assertTrue(body.path("profiles").isObject(), "the values were profiled");
        assertTrue(body.path("carried").findValues("revision").stream().anyMatch(JsonNode::isNull), "no revision but for events");
    }

    @Test
    void aFindingIsKeptUnderTheTypeItIsAbout() throws Exception {
        // A command of a type no release declares: type-unregistered about that command type.
        ObjectNode c = Records.command("alice", 30);
        c.put("type", "bank.account.Teleport");
        ((ObjectNode) c.get("payload")).put("type", "bank.account.Teleport");
        WireWindow w = audit(List.of(kcat("wow.bank.commands", PartitionHash.partition(ALICE, 4), 0, headersOf(c), ALICE, c))).window();
        Map<String, String> byId = new TreeMap<>();
        w.findings().forEach(f -> byId.put(f.id().id(), f.type()));
        assertEquals("bank.account.Teleport", byId.get("type-unregistered"), w.findings().toString());
    }

    /** The bank releases, with 1.1.0 running in staging since before the records. */
    private static Releases staging() {
        ManifestFileReleases files = new ManifestFileReleases(Records.bankAndPayment());
        return new Releases() {
            @Override
            public List<Manifest> declaring(String aggregateType) {
                return files.declaring(aggregateType);
            }

            @Override
            public Deployments deployments(String environment) {
                return new Deployments(environment, List.of(new Deployments.Span("bank-service", "1.1.0", 0, Long.MAX_VALUE)));
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
        judge.judge(judge.read(record(kcat(STATE, 0, 10, headersOf(v2), ALICE, v2))));
        assertEquals(1, judge.windowRecords());
        WireWindow first = judge.cut(Instant.EPOCH, Instant.EPOCH.plusSeconds(10));
        assertEquals(Map.of("bank-service@1.1.0", 1L), first.records());
        assertEquals(List.of(new WireWindow.Range(STATE, 0, 10, 11)), first.ranges());
        assertEquals(0, judge.windowRecords(), "the next window starts empty");
        // Version 1 after version 2, in the next window: the version check remembers across windows.
        judge.judge(judge.read(record(kcat(STATE, 0, 11, headersOf(v1), ALICE, v1))));
        WireWindow second = judge.cut(Instant.EPOCH.plusSeconds(10), Instant.EPOCH.plusSeconds(20));
        assertEquals(List.of("aggregate-version-regressed bank-service@1.1.0 bank.account 1"),
                second.findings().stream().filter(f -> f.id() == AuditFinding.AGGREGATE_VERSION_REGRESSED).map(f -> f.id().id() + " " + f.release() + " " + f.type() + " " + f.count()).toList());
        assertEquals(List.of(new WireWindow.Range(STATE, 0, 11, 12)), second.ranges());
        // The partition read again from offset 10: what was seen there is forgotten, so version 2 then 1 is judged afresh.
        judge.forget(STATE, 0);
        judge.judge(judge.read(record(kcat(STATE, 0, 10, headersOf(v1), ALICE, v1))));
        judge.drop();
        assertEquals(0, judge.windowRecords());
        judge.judge(judge.read(record(kcat(STATE, 0, 10, headersOf(v2), ALICE, v2))));
        WireWindow third = judge.cut(Instant.EPOCH, Instant.EPOCH);
        assertTrue(third.findings().stream().noneMatch(f -> f.id() == AuditFinding.AGGREGATE_VERSION_REGRESSED), third.findings().toString());
        assertEquals(1, third.recordCount());
    }
}
