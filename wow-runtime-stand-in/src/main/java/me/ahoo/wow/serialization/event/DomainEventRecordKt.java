package me.ahoo.wow.serialization.event;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Stand-in for the top-level functions of Wow's DomainEventRecord.kt. */
public final class DomainEventRecordKt {
    private DomainEventRecordKt() {
    }

    public static DomainEventRecord toDomainEventRecord(ObjectNode actual) {
        return new DelegatingDomainEventRecord(actual);
    }
}
