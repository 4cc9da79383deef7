package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * One state event as the running release recorded it: where it was read (topic, partition, offset), its aggregate,
 * its version, the events of its command (name and revision, in order), and the record itself as one line of JSON
 * for the candidate's JVM, which holds the state the release computed after them ({@link #state()}).
 */
public record RecordedStateEvent(String topic, int partition, long offset, AggregateKey aggregate, int version,
                                 boolean deleted, List<RecordedEvent> events, String line) {
    public RecordedStateEvent {
        events = List.copyOf(events);
    }

    /**
     * The state recorded, read from the line when it is asked for: most states are only compared in the candidate's
     * JVM, so a replay holds each record as its text alone (docs/performance.md, "The replay").
     */
    public JsonNode state() {
        try {
            return Replay.JSON.readTree(line).path("state");
        } catch (IOException e) {
            throw new UncheckedIOException("a record read once no longer reads", e);
        }
    }

    /** An aggregate: {@code context.aggregate}, its id and its tenant. */
    public record AggregateKey(String contextName, String aggregateName, String id, String tenantId) {
        public String type() {
            return contextName + "." + aggregateName;
        }
    }

    public record RecordedEvent(String name, String revision) {
    }
}
