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

    private record First(String type, String pointer, String message) {}

    /** The type the findings added next are about (the record's, then each event's in turn); "" until named. */
    private String about = "";

    Verdict(AuditRecord record) {
        this.record = record;
    }

    AuditRecord record() {
        return record;
    }

    /** The findings added from now on are about this type ({@code bank.account}, {@code bank.account.Deposited}). */
    void about(String type) {
        about = type == null ? "" : type;
    }

    String about() {
        return about;
    }

    void add(AuditFinding finding, String pointer, String message) {
        if (first == null) {
            first = new EnumMap<>(AuditFinding.class);
            more = new EnumMap<>(AuditFinding.class);
        }
        if (first.putIfAbsent(finding, new First(about, pointer, message)) != null) more.merge(finding, 1, Integer::sum);
    }

    boolean has(AuditFinding finding) {
        return first != null && first.containsKey(finding);
    }

    /** Counts each finding once, with how many more of it this record has. */
    void close(Tally tally) {
        if (first == null) return;
        first.forEach((f, at) -> {
            int extra = more.getOrDefault(f, 0);
            tally.add(f, record, at.type(), at.pointer(), extra == 0 ? at.message() : at.message() + " (and " + extra + " more in this record)");
        });
    }
}
