package dev.wowcompat.audit;

import java.util.EnumMap;
import java.util.Map;

/**
 * What one record has: each finding once, with the first place and message (and how many more of it). The judge
 * makes one per record, hands it to the record's encoding and to the checks they share, and closes it into the tally.
 */
final class Verdict {
    private final AuditRecord record;
    /** Made at the first finding: most records have none, and every record gets a verdict. */
    private Map<AuditFinding, First> first;
    private Map<AuditFinding, Integer> more;

    private record First(String pointer, String message) {}

    Verdict(AuditRecord record) {
        this.record = record;
    }

    AuditRecord record() {
        return record;
    }

    void add(AuditFinding finding, String pointer, String message) {
        if (first == null) {
            first = new EnumMap<>(AuditFinding.class);
            more = new EnumMap<>(AuditFinding.class);
        }
        if (first.putIfAbsent(finding, new First(pointer, message)) != null) more.merge(finding, 1, Integer::sum);
    }

    boolean has(AuditFinding finding) {
        return first != null && first.containsKey(finding);
    }

    /** Counts each finding once, with how many more of it this record has. */
    void close(Tally tally) {
        if (first == null) return;
        first.forEach((f, at) -> {
            int extra = more.getOrDefault(f, 0);
            tally.add(f, record, at.pointer(), extra == 0 ? at.message() : at.message() + " (and " + extra + " more in this record)");
        });
    }
}
