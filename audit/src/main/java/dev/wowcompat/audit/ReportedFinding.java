package dev.wowcompat.audit;

import dev.wowcompat.rules.Severity;

/**
 * A finding a report of the audit's shape names: the audit's own ({@link AuditFinding}) or the replay's. One row of
 * an enum each, with a stable id, a severity and one sentence; the report and its six formats are the same for both.
 * A row holds its {@link Entry}; the accessors read it here, once for every such enum.
 */
public interface ReportedFinding {
    /**
     * What a row of such an enum says.
     *
     * @param summary     one sentence: what the finding means
     * @param aboutValues whether it is about the values of a field across records (counted in fields), not one record
     */
    record Entry(String id, Severity severity, String summary, boolean aboutValues) {}

    Entry entry();

    default String id() {
        return entry().id();
    }

    default Severity severity() {
        return entry().severity();
    }

    /** One sentence: what the finding means. */
    default String summary() {
        return entry().summary();
    }

    /** Whether it is about the values of a field across records (counted in fields), not about one record. */
    default boolean aboutValues() {
        return entry().aboutValues();
    }
}
