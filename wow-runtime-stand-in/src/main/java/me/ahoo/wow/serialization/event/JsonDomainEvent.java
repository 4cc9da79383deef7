package me.ahoo.wow.serialization.event;

import com.fasterxml.jackson.databind.JsonNode;
import me.ahoo.wow.api.event.DomainEvent;
import me.ahoo.wow.api.modeling.SimpleAggregateId;

/** Stand-in for Wow's event whose body resolved to no class: the body stays JSON, and sourcing finds no function. */
public record JsonDomainEvent(String id, String bodyType, JsonNode body, SimpleAggregateId aggregateId, int version,
                              int sequence, String revision, String name, boolean isLast)
        implements DomainEvent<JsonNode> {
    public String getId() {
        return id;
    }

    public String getBodyType() {
        return bodyType;
    }

    @Override
    public JsonNode getBody() {
        return body;
    }

    @Override
    public SimpleAggregateId getAggregateId() {
        return aggregateId;
    }

    public String getName() {
        return name;
    }

    public String getRevision() {
        return revision;
    }

    public int getVersion() {
        return version;
    }
}
