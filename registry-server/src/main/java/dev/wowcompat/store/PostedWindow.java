package dev.wowcompat.store;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One window a watcher posted (docs/api.md, "POST /environments/{env}/wire"), as the API checked it and the store
 * applies it: the partition ranges it covers and what it counted in them. Times are epoch milliseconds; finding ids
 * and severities are the labels of the body, not the audit's types, since the registry does not depend on the audit
 * (what a watcher builds and posts is the audit's own window, of instants and typed findings).
 *
 * @param records records per release they were attributed to ({@code service@version}, or "" when none was found)
 */
public record PostedWindow(String group, String member, long start, long end, List<Range> ranges, Map<String, Long> records,
                           List<Carried> carried, List<Finding> findings) {
    public PostedWindow {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(member, "member");
        ranges = List.copyOf(ranges);
        records = Map.copyOf(records);
        carried = List.copyOf(carried);
        findings = List.copyOf(findings);
    }

    /** Offsets {@code from} (inclusive) to {@code to} (exclusive, the next offset after the window) of one partition. */
    public record Range(String topic, int partition, long from, long to) {}

    /** Where one record is. */
    public record RecordRef(String topic, int partition, long offset) {}

    /**
     * A type the window's records carried: kind {@code event}, {@code command} or {@code state}; revision 0 but for
     * events. {@code release} is who wrote its first record ("" when unknown): checked as a release, not kept.
     */
    public record Carried(String kind, String type, int revision, String release, long count, long firstSeen, long lastSeen,
                          RecordRef first) {}

    /**
     * A finding of the window: its audit finding id and severity label, the release and type it is about ("" when
     * unknown), and its first examples, each one compact JSON object.
     */
    public record Finding(String id, String severity, String release, String type, long count, long firstSeen, long lastSeen,
                          List<String> examples) {
        public Finding {
            examples = List.copyOf(examples);
        }
    }

    /** Every release the window names (records, carried types, findings), "" (none found) left out. */
    public java.util.SortedSet<String> releases() {
        java.util.SortedSet<String> out = new java.util.TreeSet<>(records.keySet());
        carried.forEach(t -> out.add(t.release()));
        findings.forEach(f -> out.add(f.release()));
        out.remove("");
        return out;
    }

    /** The records of the window, all releases together. */
    public long recordCount() {
        return records.values().stream().mapToLong(Long::longValue).sum();
    }
}
