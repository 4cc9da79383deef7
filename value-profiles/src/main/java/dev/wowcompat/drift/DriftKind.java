package dev.wowcompat.drift;

import dev.wowcompat.rules.Severity;

/** The findings about what the values of a field mean, each with a stable id (sections in docs/audit.md). */
public enum DriftKind {
    /** q10, q50 and q90 of |x| all moved by a factor of 10 or more, the same way, from one release to the next. */
    MEANING_DRIFT("meaning-drift", Severity.BREAKING),
    /** The format class most strings fall in changed from one release to the next. */
    FORMAT_DRIFT("format-drift", Severity.BREAKING),
    /** In a code list without {@code enum}, frequent values vanished and new ones appeared. */
    CODE_LIST_DRIFT("code-list-drift", Severity.WARNING),
    /** The values of one release contradict the unit or format the Manifest declares for the field. */
    DECLARED_MEANING_CONTRADICTED("declared-meaning-contradicted", Severity.BREAKING);

    private final String id;
    private final Severity severity;

    DriftKind(String id, Severity severity) {
        this.id = id;
        this.severity = severity;
    }

    public String id() {
        return id;
    }

    /** BREAKING is what the issue and the audit's reports call an error. */
    public Severity severity() {
        return severity;
    }
}
