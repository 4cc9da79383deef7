package dev.wowcompat.store;

import dev.wowcompat.report.ReplaySummary;

/**
 * What a replay of a release found (docs/replay.md), as the registry keeps it with the release: its report's verdict
 * (how much it replayed, each finding's id, severity and count); the examples stay with the report.
 *
 * @param storedAt when the registry stored it (epoch milliseconds)
 * @param principal who stored it
 */
public record ReplayVerdict(String service, String version, ReplaySummary summary, long storedAt, String principal) {

    /** The same replay sent again: equal but for when and by whom it was stored. */
    public boolean sameAs(ReplayVerdict other) {
        return other != null && service.equals(other.service) && version.equals(other.version) && summary.equals(other.summary);
    }

    /** What storing a verdict did. */
    public enum Outcome {
        /** Stored: the release had none, or an earlier replay's, now replaced. */
        STORED,
        /** The release keeps this verdict already: nothing changed. */
        SAME,
        NOT_REGISTERED
    }
}
