package dev.wowcompat.audit;

import dev.wowcompat.rules.Severity;

/**
 * A finding a report of the audit's shape names: the audit's own ({@link AuditFinding}) or the replay's. One row of
 * an enum each, with a stable id, a severity and one sentence; the report and its six formats are the same for both.
 */
public interface ReportedFinding {
    String id();

    Severity severity();

    /** One sentence: what the finding means. */
    String summary();

    /** Whether it is about the values of a field across records (counted in fields), not about one record. */
    boolean aboutValues();
}
