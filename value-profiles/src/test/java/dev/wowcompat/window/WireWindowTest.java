package dev.wowcompat.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a window may claim (docs/api.md): each rule of {@link WireWindow#validate}, and the body read back as written. */
class WireWindowTest {
    private static final long NOW = Instant.parse("2026-12-06T12:00:00Z").toEpochMilli();
    private static final long MINUTE = 60_000;
    private static final long TWO_TO_53 = 9_007_199_254_740_992L;
    private static final String RELEASE = "bank-service@1.1.0";
    private static final WireWindow.RecordRef FIRST = new WireWindow.RecordRef("wow.bank.event", 0, 100);

    /** Offsets 100 to 150 of one partition, 50 records of RELEASE, each carrying Deposited@1, three with a finding. */
    private static WireWindow window() {
        return new WireWindow("wow-compat-watch.prod", "host-1", NOW - 10_000, NOW, List.of(new WireWindow.Range("wow.bank.event", 0, 100, 150)),
                Map.of(RELEASE, 50L), List.of(carried(50, NOW - 5_000, NOW - 1_000)),
                List.of(finding(3, NOW - 4_000, NOW - 2_000)), null);
    }

    private static WireWindow.Carried carried(long count, long first, long last) {
        return new WireWindow.Carried("event", "bank.account.Deposited", 1, RELEASE, count, first, last, FIRST);
    }

    private static WireWindow.Finding finding(long count, long first, long last) {
        return new WireWindow.Finding("written-not-declared", "breaking", RELEASE, "bank.account.Deposited", count, first, last,
                List.of(new WireWindow.Example("wow.bank.event", 0, 101, "account-1", "/amount", "written before it is read")));
    }

    private static WireWindow with(List<WireWindow.Range> ranges, Map<String, Long> records, List<WireWindow.Carried> carried,
            List<WireWindow.Finding> findings) {
        WireWindow w = window();
        return new WireWindow(w.group(), w.member(), w.start(), w.end(), ranges, records, carried, findings, null);
    }

    private static WindowRefusal refused(WireWindow w, WindowRefusal.Reason reason, String member) {
        WindowRefusal r = assertThrows(WindowRefusal.class, () -> w.validate(NOW));
        assertEquals(reason, r.reason(), r.getMessage());
        assertEquals(member, r.member(), r.getMessage());
        return r;
    }

    @Test
    void aTrueWindowIsTaken() {
        window().validate(NOW);
        assertEquals(50, window().offsets());
        assertEquals(50, window().recordCount());
        assertEquals(List.of(RELEASE), List.copyOf(window().releases()));
    }

    @Test
    void noCountIsLargerThanTheOffsetsTheRangesCover() {
        List<WireWindow.Range> one = List.of(new WireWindow.Range("wow.bank.event", 0, 7, 8));
        // One offset, 10^15 records: the attack of a range of one offset.
        WindowRefusal r = refused(with(one, Map.of(RELEASE, 1_000_000_000_000_000L), List.of(), List.of()), WindowRefusal.Reason.COUNT, "records");
        assertTrue(r.getMessage().contains("counts 1000000000000000 records, but its ranges cover 1 offsets"), r.getMessage());
        refused(with(one, Map.of(RELEASE, 1L), List.of(carried(2, NOW, NOW)), List.of()), WindowRefusal.Reason.COUNT, "carried[0].count");
        refused(with(one, Map.of(RELEASE, 1L), List.of(carried(1, NOW, NOW)), List.of(finding(2, NOW, NOW))), WindowRefusal.Reason.COUNT,
                "findings[0].count");
        // Two partitions of 50 and 30 offsets: 80 records fit, 81 do not.
        List<WireWindow.Range> two = List.of(new WireWindow.Range("wow.bank.event", 0, 100, 150), new WireWindow.Range("wow.bank.event", 1, 0, 30));
        with(two, Map.of(RELEASE, 60L, "", 20L), List.of(), List.of()).validate(NOW);
        refused(with(two, Map.of(RELEASE, 61L, "", 20L), List.of(), List.of()), WindowRefusal.Reason.COUNT, "records");
    }

    @Test
    void aWindowOfEmptyRangesCoversNothingAndCountsNothing() {
        List<WireWindow.Range> empty = List.of(new WireWindow.Range("wow.bank.event", 0, 170, 170), new WireWindow.Range("junk", 3, 0, 0));
        WireWindow nothing = with(empty, Map.of(), List.of(), List.of());
        nothing.validate(NOW);
        assertTrue(nothing.coversNothing());
        assertFalse(window().coversNothing());
        // The attack: 1,000,000 records on a range of no offset.
        refused(with(empty, Map.of(RELEASE, 1_000_000L), List.of(), List.of()), WindowRefusal.Reason.COUNT, "records");
    }

    @Test
    void noCountNorSumPassesTwoToThe53() {
        List<WireWindow.Range> wide = List.of(new WireWindow.Range("wow.bank.event", 0, 0, TWO_TO_53), new WireWindow.Range("wow.bank.event", 1, 0, TWO_TO_53));
        with(wide, Map.of(RELEASE, TWO_TO_53), List.of(), List.of()).validate(NOW);
        refused(with(wide, Map.of(RELEASE, TWO_TO_53 + 1), List.of(), List.of()), WindowRefusal.Reason.OVERFLOW, "records[\"" + RELEASE + "\"]");
        // Each at the bound, their sum past it.
        refused(with(wide, Map.of(RELEASE, TWO_TO_53, "", 1L), List.of(), List.of()), WindowRefusal.Reason.OVERFLOW, "records");
        // Summing past 2^63: each count a long, their sum never wraps into a small number.
        refused(with(wide, Map.of(RELEASE, Long.MAX_VALUE, "", Long.MAX_VALUE), List.of(), List.of()), WindowRefusal.Reason.OVERFLOW,
                "records[\"\"]");
        refused(with(wide, Map.of(), List.of(), List.of(finding(Long.MAX_VALUE, NOW, NOW))), WindowRefusal.Reason.OVERFLOW, "findings[0].count");
        refused(with(wide, Map.of(), List.of(carried(TWO_TO_53 + 1, NOW, NOW)), List.of()), WindowRefusal.Reason.OVERFLOW, "carried[0].count");
    }

    @Test
    void timesAreInOrderAndNotAheadOfTheClock() {
        WireWindow w = window();
        refused(new WireWindow(w.group(), w.member(), NOW, NOW - 1, w.ranges(), w.records(), w.carried(), w.findings(), null),
                WindowRefusal.Reason.TIME, "end");
        long ninetyNine = Instant.parse("9999-12-31T00:00:00Z").toEpochMilli();
        refused(new WireWindow(w.group(), w.member(), ninetyNine, ninetyNine, w.ranges(), w.records(), w.carried(), w.findings(), null),
                WindowRefusal.Reason.TIME, "end");
        // Five minutes ahead is two clocks apart; a millisecond more is a claim from the future.
        new WireWindow(w.group(), w.member(), NOW, NOW + 5 * MINUTE, w.ranges(), w.records(), w.carried(), w.findings(), null).validate(NOW);
        refused(new WireWindow(w.group(), w.member(), NOW, NOW + 5 * MINUTE + 1, w.ranges(), w.records(), w.carried(), w.findings(), null),
                WindowRefusal.Reason.TIME, "end");
        refused(with(w.ranges(), w.records(), List.of(carried(50, NOW, ninetyNine)), List.of()), WindowRefusal.Reason.TIME, "carried[0].lastSeen");
        refused(with(w.ranges(), w.records(), List.of(carried(50, NOW, NOW - 1)), List.of()), WindowRefusal.Reason.TIME, "carried[0].firstSeen");
        refused(with(w.ranges(), w.records(), w.carried(), List.of(finding(1, NOW, NOW + 6 * MINUTE))), WindowRefusal.Reason.TIME,
                "findings[0].lastSeen");
        // Records written long before the window (a watcher catching up) are what they are.
        long longAgo = Instant.parse("2020-01-01T00:00:00Z").toEpochMilli();
        with(w.ranges(), w.records(), List.of(carried(50, longAgo, longAgo + 1)), List.of(finding(1, longAgo, longAgo))).validate(NOW);
    }

    @Test
    void aCarriedTypeNamesTheReleaseThatWroteIt() {
        WireWindow.Carried none = new WireWindow.Carried("event", "chat.message.TextSent", 99, "", 1, NOW, NOW, FIRST);
        refused(with(window().ranges(), window().records(), List.of(none), List.of()), WindowRefusal.Reason.CARRIED_UNATTRIBUTED, "carried[0].release");
    }

    @Test
    void theBodyReadsBackAsWritten() {
        WireWindow w = window();
        assertEquals(w, WireWindow.read(w.toJson(), 100));
        ObjectNode body = w.toJson();
        assertTrue(body.at("/carried/0/revision").isInt());
        assertEquals("2026-12-06T12:00:00Z", body.path("end").asText());
        assertEquals("host-1", WireWindow.read(w.withPoster("g", "host-1").toJson(), 100).member());
        assertEquals(200, w.withPoster("g", "x".repeat(500)).member().length(), "a long name is cut to what the registry keeps");
    }

    @Test
    void aBodyOfAnotherFormIsNoWindow() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode empty = window().toJson();
        empty.putArray("ranges");
        assertEquals(WindowRefusal.Reason.EMPTY, assertThrows(WindowRefusal.class, () -> WireWindow.read(empty, 100)).reason());
        ObjectNode farOffset = window().toJson();
        ((ObjectNode) farOffset.at("/ranges/0")).put("to", TWO_TO_53 + 1);
        WindowRefusal offset = assertThrows(WindowRefusal.class, () -> WireWindow.read(farOffset, 100));
        assertEquals(List.of(WindowRefusal.Reason.FORM, "ranges[0].to"), List.of(offset.reason(), offset.member()));
        // A count JSON holds but a long does not: no window, never a wrapped number.
        ObjectNode huge = (ObjectNode) json.readTree(window().toJson().toString().replace("\"count\":50", "\"count\":99999999999999999999"));
        assertEquals(WindowRefusal.Reason.FORM, assertThrows(WindowRefusal.class, () -> WireWindow.read(huge, 100)).reason());
        ObjectNode year = window().toJson().put("end", "+10000-01-01T00:00:00Z");
        refused(WireWindow.read(year, 100), WindowRefusal.Reason.TIME, "end");
        ObjectNode notTime = window().toJson().put("start", "yesterday");
        assertEquals("start", assertThrows(WindowRefusal.class, () -> WireWindow.read(notTime, 100)).member());
    }
}
