package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One state event as the running release recorded it: where it was read (topic, partition, offset), its aggregate,
 * its version, the events of its command (name and revision, in order), and the record itself as one line of UTF-8
 * JSON for the candidate's JVM ({@code text}), which holds the state the release computed after them
 * ({@link #state()}). The text is held as the bytes that go to the candidate's JVM, written as they are
 * (docs/performance.md, "The replay"); a line break in it, which JSON allows only between its tokens, is made a
 * blank here, so that whoever made the record, it is one line of the runner's protocol.
 */
public record RecordedStateEvent(String topic, int partition, long offset, AggregateKey aggregate, int version,
                                 boolean deleted, List<RecordedEvent> events, byte[] text) {
    public RecordedStateEvent {
        events = List.copyOf(events);
        text = oneLine(text);
    }

    /** The same, of the record's text. */
    public RecordedStateEvent(String topic, int partition, long offset, AggregateKey aggregate, int version,
                              boolean deleted, List<RecordedEvent> events, String line) {
        this(topic, partition, offset, aggregate, version, deleted, events, line.getBytes(StandardCharsets.UTF_8));
    }

    /** The record's line as text. */
    public String line() {
        return new String(text, StandardCharsets.UTF_8);
    }

    /**
     * The state recorded, read from the line when it is asked for: most states are only compared in the candidate's
     * JVM, so a replay holds each record as its text alone (docs/performance.md, "The replay").
     */
    public JsonNode state() {
        try {
            return Replay.JSON.readTree(text).path("state");
        } catch (IOException e) {
            throw new UncheckedIOException("a record read once no longer reads", e);
        }
    }

    /** The bytes with each line break a blank: the same bytes when there is none, as nearly always. */
    private static byte[] oneLine(byte[] text) {
        for (int i = 0; i < text.length; i++) {
            if (text[i] == '\n' || text[i] == '\r') {
                byte[] line = text.clone();
                for (int j = i; j < line.length; j++) {
                    if (line[j] == '\n' || line[j] == '\r') {
                        line[j] = ' ';
                    }
                }
                return line;
            }
        }
        return text;
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
