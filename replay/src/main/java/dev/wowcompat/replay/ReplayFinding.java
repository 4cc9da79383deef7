package dev.wowcompat.replay;

import dev.wowcompat.audit.ReportedFinding;
import dev.wowcompat.rules.Severity;

import java.util.Arrays;
import java.util.List;

/**
 * Every finding the replay can report: one row per id, with its severity and what it means, as the audit's are. The
 * id is stable (waivers and dashboards name it); each has a section in docs/replay.md with a breaking example and
 * the fix. {@code replay-event-unsourced} has two rows, one id: breaking when the state then differs from the
 * recorded one in a member the recorded release changed with that step's events, info when it does not (the event
 * changes nothing the state records, or what differs has another cause and its own finding).
 */
public enum ReplayFinding implements ReportedFinding {
    STATE_CHANGED("replay-state-changed", Severity.BREAKING,
            "the candidate rebuilds a recorded member of the state with another value: a meaning changed in code"),
    STATE_LOST("replay-state-lost", Severity.BREAKING,
            "a member of the recorded state is missing after the candidate's replay, or the candidate's sourcing threw"),
    EVENT_UNREADABLE("replay-event-unreadable", Severity.BREAKING,
            "after the candidate's upgraders, a recorded event resolves to no class of the candidate (Wow makes it a JsonDomainEvent and skips it)"),
    EVENT_UNSOURCED("replay-event-unsourced", Severity.BREAKING,
            "the candidate's state has no sourcing function for a recorded event, which Wow skips without a word, and the state then differs where that event's step changed it"),
    EVENT_UNSOURCED_UNCHANGED("replay-event-unsourced", Severity.INFO,
            "the candidate's state has no sourcing function for a recorded event; the state does not differ where that event's step changed it"),
    UPGRADER_FAILED("replay-upgrader-failed", Severity.BREAKING,
            "an upgrader of the candidate threw on a recorded event, or returned a record of another aggregate"),
    UPGRADER_UNGUARDED("replay-upgrader-unguarded", Severity.BREAKING,
            "the candidate's upgrader chain changes a record already at its event's current revision: an upgrader does not check its source revision"),
    UPGRADER_UNREGISTERED("replay-upgrader-unregistered", Severity.BREAKING,
            "an upgrader of the candidate is not listed in META-INF/services, or a revision the Manifest upgrades from is brought forward by no registered upgrader"),
    VERSION_CONFLICT("replay-version-conflict", Severity.BREAKING,
            "the recorded versions of an aggregate have a gap or a repeat, which Wow's sourcing refuses"),
    SNAPSHOT_UNREADABLE("replay-snapshot-unreadable", Severity.BREAKING,
            "a recorded state the candidate's state class cannot read, as Wow reads a snapshot"),
    ROLLBACK_EVENT_UNREADABLE("rollback-event-unreadable", Severity.BREAKING,
            "an event revision the candidate writes that the previous release (--baseline-classpath) cannot read or source");

    private final Entry entry;

    ReplayFinding(String id, Severity severity, String summary) {
        // A replay's finding is about what the candidate made of recorded events, never about a field's values.
        this.entry = new Entry(id, severity, summary, false);
    }

    @Override
    public Entry entry() {
        return entry;
    }

    /** One row per id (the breaking row of {@code replay-event-unsourced}): what the junit and SARIF reports list. */
    public static List<ReplayFinding> catalogue() {
        return Arrays.stream(values()).filter(f -> f != EVENT_UNSOURCED_UNCHANGED).toList();
    }
}
