package dev.wowcompat.audit;

import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.window.WireWindow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the records judged in one window carried and had, as the registry keeps it per environment: records per
 * release, the payloads carried by kind, type, revision and release, each finding by id, release and type with its
 * count, first and last record time and first examples, and the offsets judged per partition. Confined to the
 * judging thread, as the tally that fills it. Bounded whatever the topic holds: past {@value #MAX_KEYS}
 * finding or carried keys, a finding is kept under its id and release with no type, and a payload is not counted.
 */
final class WindowCounts {
    /** Distinct keys kept per window: a topic of junk names many types, and the window must stay small. */
    static final int MAX_KEYS = 2_000;

    record FindingKey(AuditFinding finding, String release, String type) {}

    /** One carried type: the registry counts it by kind, type and revision, whatever release wrote it. */
    record CarriedKey(String kind, String type, int revision) {}

    /** The longest type name a window names; a longer one, or one with spaces, is no type the registry could hold. */
    static final int MAX_TYPE = 512;

    static final class Seen {
        long count;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        void at(long timestamp) {
            count++;
            if (timestamp >= 0) {
                first = Math.min(first, timestamp);
                last = Math.max(last, timestamp);
            }
        }

        void add(Seen other) {
            count += other.count;
            first = Math.min(first, other.first);
            last = Math.max(last, other.last);
        }
    }

    static final class FindingCount {
        final Seen seen = new Seen();
        // As many as the registry takes of a window (WireWindow), whatever a pass keeps for its own report.
        final List<AuditReport.Example> examples = new ArrayList<>(WireWindow.MAX_EXAMPLES);
    }

    static final class CarriedCount {
        final Seen seen = new Seen();
        final AuditReport.Example first;
        /** The release the first record is attributed to. */
        final String release;
        /** The record last counted: a record carrying the type twice (two events of a state event) counts once. */
        AuditRecord last;

        CarriedCount(AuditReport.Example first, String release) {
            this.first = first;
            this.release = release;
        }
    }

    /** First offset judged and the offset after the last, per topic and partition. */
    static final class Range {
        final long from;
        long to;

        Range(long from, long to) {
            this.from = from;
            this.to = to;
        }
    }

    final Map<String, Long> records = new TreeMap<>();
    final Map<FindingKey, FindingCount> findings = new LinkedHashMap<>();
    final Map<CarriedKey, CarriedCount> carried = new LinkedHashMap<>();
    final Map<String, Map<Integer, Range>> ranges = new TreeMap<>();
    long judged;
    long droppedCarried;
    /** The partition of the record last counted: most records follow one of the same partition. */
    private Range lastRange;
    private String lastTopic;
    private int lastPartition = -1;

    void record(AuditRecord r) {
        if (lastRange != null && r.partition() == lastPartition && r.topic().equals(lastTopic)) {
            lastRange.to = Math.max(lastRange.to, r.offset() + 1);
            return;
        }
        Map<Integer, Range> byPartition = ranges.computeIfAbsent(r.topic(), k -> new HashMap<>());
        Range range = byPartition.get(r.partition());
        if (range == null) byPartition.put(r.partition(), range = new Range(r.offset(), r.offset() + 1));
        else range.to = Math.max(range.to, r.offset() + 1);
        lastRange = range;
        lastTopic = r.topic();
        lastPartition = r.partition();
    }

    void judged(String release, AuditRecord r) {
        judged++;
        records.merge(release, 1L, Long::sum);
    }

    void finding(AuditFinding finding, String release, String type, long timestamp, AuditReport.Example example) {
        FindingCount c = findingCount(new FindingKey(finding, release, typeName(type) ? type : ""));
        c.seen.at(timestamp);
        // An example is a record: a drift finding whose writer's first record is not known has none.
        if (c.examples.size() < WireWindow.MAX_EXAMPLES && example.topic() != null && example.offset() >= 0) c.examples.add(example);
    }

    /** The count of the key, or of the key without its type once {@value #MAX_KEYS} keys are kept. */
    private FindingCount findingCount(FindingKey key) {
        FindingCount c = findings.get(key);
        if (c != null) return c;
        FindingKey kept = findings.size() >= MAX_KEYS ? new FindingKey(key.finding(), key.release(), "") : key;
        return findings.computeIfAbsent(kept, k -> new FindingCount());
    }

    /**
     * Adds what another window of the same records' span counted (a lane of the watch's judging, which judged other
     * partitions): the same bounds hold for the sum as for either.
     */
    void add(WindowCounts other) {
        other.records.forEach((release, n) -> records.merge(release, n, Long::sum));
        other.findings.forEach((key, theirs) -> {
            FindingCount c = findingCount(key);
            c.seen.add(theirs.seen);
            for (AuditReport.Example e : theirs.examples) if (c.examples.size() < WireWindow.MAX_EXAMPLES) c.examples.add(e);
        });
        other.carried.forEach((key, theirs) -> {
            CarriedCount c = carried.get(key);
            if (c == null) {
                if (carried.size() < MAX_KEYS) carried.put(key, theirs);
                else droppedCarried += theirs.seen.count;
                return;
            }
            // The first record is the one written first, whichever lane judged it.
            CarriedCount kept = theirs.seen.first < c.seen.first ? theirs : c;
            if (kept != c) carried.put(key, kept);
            kept.seen.add((kept == c ? theirs : c).seen);
        });
        other.ranges.forEach((topic, byPartition) -> byPartition.forEach((partition, theirs) -> ranges.computeIfAbsent(topic, k -> new HashMap<>())
                .merge(partition, theirs, (a, b) -> new Range(Math.min(a.from, b.from), Math.max(a.to, b.to)))));
        lastRange = null;
        judged += other.judged;
        droppedCarried += other.droppedCarried;
    }

    /**
     * The window of what was counted, from {@code start} to {@code end} (the watcher's clock), as the registry takes it
     * (docs/api.md, "What a window may claim"): a record's time past the window's end (a producer's clock ahead) is
     * held at the end, a type or finding without record times is seen at the end, a count is at most the offsets
     * judged (a drift finding counts fields, not records), and a carried type without a release is left out (no
     * release ran then: no release claims it). The group and member are the poster's, named when it posts.
     */
    WireWindow window(java.time.Instant start, java.time.Instant end, ProfileSet profiles) {
        long from = start.toEpochMilli();
        long until = end.toEpochMilli();
        List<WireWindow.Range> out = new ArrayList<>();
        ranges.forEach((topic, byPartition) -> byPartition.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> out.add(new WireWindow.Range(topic, e.getKey(), e.getValue().from, e.getValue().to))));
        long offsets = 0;
        for (WireWindow.Range r : out) offsets = Math.addExact(offsets, r.width());
        List<WireWindow.Carried> kept = new ArrayList<>();
        for (Map.Entry<CarriedKey, CarriedCount> e : carried.entrySet()) {
            CarriedCount c = e.getValue();
            if (c.release.isEmpty()) continue;
            CarriedKey k = e.getKey();
            kept.add(new WireWindow.Carried(k.kind(), k.type(), k.revision(), c.release, Math.min(c.seen.count, offsets),
                    seen(c.seen.first, until), seen(c.seen.last, until), new WireWindow.RecordRef(c.first.topic(), c.first.partition(), c.first.offset())));
        }
        List<WireWindow.Finding> found = new ArrayList<>();
        for (Map.Entry<FindingKey, FindingCount> e : findings.entrySet()) {
            FindingKey k = e.getKey();
            FindingCount c = e.getValue();
            List<WireWindow.Example> examples = c.examples.stream()
                    .map(x -> new WireWindow.Example(x.topic(), x.partition(), x.offset(), x.key(), x.pointer(), x.message())).toList();
            long first = seen(c.seen.first, until);
            found.add(new WireWindow.Finding(k.finding().id(), k.finding().severity().label(), k.release(), k.type(),
                    Math.min(c.seen.count, offsets), first, Math.max(first, seen(c.seen.last, until)), examples));
        }
        return new WireWindow("", "", from, Math.max(from, until), out, records, kept, found, profiles);
    }

    /** A record time as the window gives it: the window's end when none was known, and never after it. */
    private static long seen(long millis, long end) {
        return millis == Long.MAX_VALUE || millis == Long.MIN_VALUE ? end : Math.min(millis, end);
    }

    /** Whether the text can be a type name in the registry: not empty, no space or control character, not too long. */
    static boolean typeName(String type) {
        if (type == null || type.isEmpty() || type.length() > MAX_TYPE) return false;
        for (int i = 0; i < type.length(); i++) {
            char ch = type.charAt(i);
            if (ch == ' ' || Character.isISOControl(ch)) return false;
        }
        return true;
    }

    void carried(PayloadObserver.Observed o, AuditRecord r) {
        boolean event = o.kind().equals("event");
        // An event whose revision is not known, or a name no registry could hold, tells nothing a reader could be checked against.
        if ((event && o.revision() < 1) || !typeName(o.type())) return;
        CarriedKey key = new CarriedKey(o.kind(), o.type(), event ? o.revision() : 0);
        CarriedCount c = carried.get(key);
        if (c == null) {
            if (carried.size() >= MAX_KEYS) {
                droppedCarried++;
                return;
            }
            c = new CarriedCount(new AuditReport.Example(r.topic(), r.partition(), r.offset(), null, "", ""), o.release() == null ? "" : o.release());
            carried.put(key, c);
        }
        if (c.last == r) return;
        c.last = r;
        c.seen.at(r.timestamp() >= 0 ? r.timestamp() : o.timestamp());
    }
}
