package me.ahoo.wow.event.upgrader;

import com.fasterxml.jackson.databind.node.ObjectNode;
import me.ahoo.wow.serialization.event.DomainEventRecord;

/** Stand-in for Wow's event record an upgrader changes: its setters write through to the same JSON object. */
public class MutableDomainEventRecord implements DomainEventRecord {
    private final ObjectNode actual;

    public MutableDomainEventRecord(ObjectNode actual) {
        this.actual = actual;
    }

    public static MutableDomainEventRecord toMutableDomainEventRecord(DomainEventRecord record) {
        return record instanceof MutableDomainEventRecord mutable ? mutable : new MutableDomainEventRecord(record.getActual());
    }

    @Override
    public ObjectNode getActual() {
        return actual;
    }

    @Override
    public ObjectNode getBody() {
        return (ObjectNode) actual.get("body");
    }

    public void setName(String name) {
        actual.put("name", name);
    }

    public void setRevision(String revision) {
        actual.put("revision", revision);
    }

    public void setBodyType(String bodyType) {
        actual.put("bodyType", bodyType);
    }

    public void setBody(ObjectNode body) {
        actual.set("body", body);
    }
}
