package me.ahoo.wow.serialization.event;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Stand-in for Wow's event record over a JSON object as it was read. */
public class DelegatingDomainEventRecord implements DomainEventRecord {
    private final ObjectNode actual;

    public DelegatingDomainEventRecord(ObjectNode actual) {
        this.actual = actual;
    }

    @Override
    public ObjectNode getActual() {
        return actual;
    }
}
