package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * One state event as the running release recorded it: where it was read (topic, partition, offset), its aggregate,
 * its version, the events of its command (name and revision, in order), the state the release computed after them,
 * and the record itself as one line of JSON for the candidate's JVM.
 */
public record RecordedStateEvent(String topic, int partition, long offset, AggregateKey aggregate, int version,
                                 boolean deleted, List<RecordedEvent> events, JsonNode state, String line) {
    public RecordedStateEvent {
        events = List.copyOf(events);
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
