package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the candidate's JVM answered for one run of streams: the state Wow's serializer wrote after the last stream
 * and its version (both empty when the run failed), what it saw of each event, and the failure that stopped it.
 * A step of {@code STEPS} leaves out the events read, upgraded and sourced as they should be, and the state when it
 * is the one recorded ({@code stateAsRecorded}: written and read back by Wow's mapper, equal to the recorded state of
 * the run's last record), as the comparison finds nothing in it (docs/replay.md, "The runner's protocol").
 */
public record SourceAnswer(OptionalInt version, Optional<JsonNode> state, List<EventSeen> events,
                           Optional<RunnerFailure> failure, boolean stateAsRecorded) {
    public SourceAnswer {
        events = List.copyOf(events);
    }

    /**
     * One event of a recorded stream as the candidate read it.
     *
     * @param record    the stream's place in the run (0 for the first)
     * @param event     the event's place in its stream (0 for the first)
     * @param name      the name recorded
     * @param revision  the revision recorded
     * @param upgradedName     the name after the candidate's upgrader chain
     * @param upgradedRevision the revision after it
     * @param readable  the upgraded event resolved to a class of the candidate (else Wow makes it a JsonDomainEvent)
     * @param sourced   the candidate's state has a sourcing function for that class
     * @param unguarded the chain, run again on the upgraded record, changed it
     */
    public record EventSeen(int record, int event, String name, String revision, String upgradedName,
                            String upgradedRevision, boolean readable, boolean sourced, boolean unguarded) {
    }

    /**
     * What stopped the run.
     *
     * @param kind   {@code upgrader-failed}, {@code event-unreadable}, {@code snapshot-unreadable},
     *               {@code version-conflict}, {@code sourcing-failed}, {@code aggregate-unknown},
     *               {@code record-unreadable} or {@code state-unwritable}
     * @param record the stream it stopped at
     * @param event  the event in it, or -1 when no one event is to blame
     * @param detail the candidate's exception, class and message, as it was thrown there
     */
    public record RunnerFailure(String kind, int record, int event, String detail) {
    }
}
