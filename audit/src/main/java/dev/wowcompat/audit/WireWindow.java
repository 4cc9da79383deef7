package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One window of the wire: what the records of some offset ranges carried and had, as {@code POST
 * /environments/{env}/wire} takes it (docs/watch.md). The registry applies a window only when each range starts
 * where its partition's stored position is, so a window is counted once or not at all.
 *
 * @param records records per release they are attributed to ({@code service@version}; "" when none)
 * @param profiles the values profiled, or null when not profiled
 */
public record WireWindow(Instant start, Instant end, List<Range> ranges, Map<String, Long> records, List<Carried> carried,
                         List<Finding> findings, ProfileSet profiles) {

    public WireWindow {
        ranges = List.copyOf(ranges);
        records = Collections.unmodifiableMap(new LinkedHashMap<>(records));
        carried = List.copyOf(carried);
        findings = List.copyOf(findings);
    }

    /** Offsets of one partition: {@code from} inclusive, {@code to} exclusive (the next offset after the window). */
    public record Range(String topic, int partition, long from, long to) {}

    /** A record's place, the first that carried a type or an example of a finding. */
    public record Place(String topic, int partition, long offset) {}

    /**
     * @param revision the event's revision; 0 for states and commands
     * @param release the release the first record is attributed to ("" when none)
     * @param firstSeen record time of the first, or null when the records had none
     */
    public record Carried(String kind, String type, int revision, String release, long count, Instant firstSeen, Instant lastSeen,
                          Place first) {}

    public record Finding(AuditFinding id, String release, String type, long count, Instant firstSeen, Instant lastSeen,
                          List<AuditReport.Example> examples) {
        public Finding {
            examples = List.copyOf(examples);
        }
    }

    /** How many records the window holds. */
    public long recordCount() {
        return records.values().stream().mapToLong(Long::longValue).sum();
    }

    /** How many findings (records with one) the window holds. */
    public long findingCount() {
        return findings.stream().mapToLong(Finding::count).sum();
    }

    /** The same window over other ranges: the consumer's positions, which skip what is no record (transaction markers). */
    public WireWindow withRanges(List<Range> positions) {
        return new WireWindow(start, end, positions, records, carried, findings, profiles);
    }

    /** The same window without its profiles. */
    public WireWindow withProfiles(ProfileSet set) {
        return new WireWindow(start, end, ranges, records, carried, findings, set);
    }

    /** The body of {@code POST /environments/{env}/wire}. */
    public ObjectNode toJson(String group, String member) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode body = f.objectNode().put("group", group).put("member", member.length() > 200 ? member.substring(0, 200) : member)
                .put("start", start.toString()).put("end", end.toString());
        ArrayNode r = body.putArray("ranges");
        for (Range x : ranges) r.addObject().put("topic", x.topic()).put("partition", x.partition()).put("from", x.from()).put("to", x.to());
        ObjectNode byRelease = body.putObject("records");
        records.forEach(byRelease::put);
        ArrayNode c = body.putArray("carried");
        for (Carried x : carried) {
            ObjectNode o = c.addObject().put("kind", x.kind()).put("type", x.type());
            if (x.kind().equals("event")) o.put("revision", x.revision());
            else o.putNull("revision");
            o.put("release", x.release()).put("count", x.count());
            time(o, "firstSeen", x.firstSeen() == null ? end : x.firstSeen());
            time(o, "lastSeen", x.lastSeen() == null ? end : x.lastSeen());
            o.putObject("first").put("topic", x.first().topic()).put("partition", x.first().partition()).put("offset", x.first().offset());
        }
        ArrayNode fs = body.putArray("findings");
        for (Finding x : findings) {
            ObjectNode o = fs.addObject().put("id", x.id().id()).put("severity", x.id().severity().label()).put("release", x.release())
                    .put("type", x.type()).put("count", x.count());
            time(o, "firstSeen", x.firstSeen() == null ? end : x.firstSeen());
            time(o, "lastSeen", x.lastSeen() == null ? end : x.lastSeen());
            ArrayNode ex = o.putArray("examples");
            for (AuditReport.Example e : x.examples()) {
                ObjectNode one = ex.addObject();
                if (e.topic() == null) one.putNull("topic");
                else one.put("topic", e.topic());
                one.put("partition", e.partition()).put("offset", e.offset()).put("key", e.key()).put("pointer", e.pointer())
                        .put("message", e.message());
            }
        }
        if (profiles != null && profiles.size() > 0) body.set("profiles", ProfileJson.write(profiles));
        return body;
    }

    private static void time(ObjectNode o, String name, Instant at) {
        if (at == null) o.putNull(name);
        else o.put(name, at.toString());
    }

    /** The window of what a tally counted since its last cut. */
    static WireWindow of(WindowCounts counts, Instant start, Instant end, ProfileSet profiles) {
        List<Range> ranges = new ArrayList<>();
        counts.ranges.forEach((topic, byPartition) -> byPartition.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> ranges.add(new Range(topic, e.getKey(), e.getValue().from, e.getValue().to))));
        List<Carried> carried = new ArrayList<>();
        counts.carried.forEach((k, c) -> carried.add(new Carried(k.kind(), k.type(), k.revision(), c.release, c.seen.count,
                instant(c.seen.first), instant(c.seen.last), new Place(c.first.topic(), c.first.partition(), c.first.offset()))));
        List<Finding> findings = new ArrayList<>();
        counts.findings.forEach((k, c) -> findings.add(new Finding(k.finding(), k.release(), k.type(), c.seen.count,
                instant(c.seen.first), instant(c.seen.last), c.examples)));
        return new WireWindow(start, end, ranges, counts.records, carried, findings, profiles);
    }

    private static Instant instant(long millis) {
        return millis == Long.MAX_VALUE || millis == Long.MIN_VALUE ? null : Instant.ofEpochMilli(millis);
    }
}
