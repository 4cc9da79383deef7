package me.ahoo.wow.serialization.event;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Stand-in for the top-level functions of Wow's EventStreamRecord.kt. */
public final class EventStreamRecordKt {
    private EventStreamRecordKt() {
    }

    public static EventStreamRecord toEventStreamRecord(ObjectNode actual) {
        return () -> actual;
    }
}
