package me.ahoo.wow.serialization.event;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import me.ahoo.wow.api.event.DomainEvent;
import me.ahoo.wow.api.modeling.MaterializedNamedAggregate;
import me.ahoo.wow.api.modeling.SimpleAggregateId;
import me.ahoo.wow.event.SimpleDomainEvent;
import me.ahoo.wow.event.upgrader.EventUpgraderFactory;
import me.ahoo.wow.serialization.JsonSerializerKt;

/**
 * Stand-in for Wow's record of one domain event over its JSON object: the upgrader chain runs first, then the body
 * type is resolved by the event's name and revision, then by its {@code bodyType}, and an event neither resolves
 * becomes a {@link JsonDomainEvent}.
 */
public interface DomainEventRecord {
    ObjectNode getActual();

    default String getId() {
        return text("id");
    }

    default String getName() {
        return text("name");
    }

    default String getRevision() {
        return text("revision");
    }

    default String getBodyType() {
        return text("bodyType");
    }

    default JsonNode getBody() {
        return getActual().get("body");
    }

    default String getContextName() {
        return text("contextName");
    }

    default String getAggregateName() {
        return text("aggregateName");
    }

    default String getAggregateId() {
        return text("aggregateId");
    }

    default String getTenantId() {
        return text("tenantId");
    }

    default int getVersion() {
        return getActual().path("version").asInt();
    }

    default int getSequence() {
        return getActual().path("sequence").asInt();
    }

    default boolean isLast() {
        return getActual().path("isLast").asBoolean();
    }

    default SimpleAggregateId toAggregateId() {
        return new SimpleAggregateId(new MaterializedNamedAggregate(getContextName(), getAggregateName()),
                getAggregateId(), getTenantId());
    }

    default DomainEvent<Object> toDomainEvent() {
        DomainEventRecord upgraded = EventUpgraderFactory.INSTANCE.upgrade(this);
        Class<?> bodyType = upgraded.resolveBodyType();
        if (bodyType == null) {
            @SuppressWarnings({"unchecked", "rawtypes"})
            DomainEvent<Object> json = (DomainEvent) new JsonDomainEvent(upgraded.getId(), upgraded.getBodyType(),
                    upgraded.getBody(), upgraded.toAggregateId(), upgraded.getVersion(), upgraded.getSequence(),
                    upgraded.getRevision(), upgraded.getName(), upgraded.isLast());
            return json;
        }
        Object body;
        try {
            body = JsonSerializerKt.getJsonSerializer().treeToValue(upgraded.getBody(), bodyType);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return new SimpleDomainEvent<>(upgraded.getId(), body, upgraded.toAggregateId(), upgraded.getVersion(),
                upgraded.getSequence(), upgraded.getRevision(), upgraded.getName(), upgraded.isLast());
    }

    private Class<?> resolveBodyType() {
        Class<?> registered = EventTypeRegistry.INSTANCE.resolve(
                new EventTypeId(getContextName(), getAggregateName(), getName()), getRevision());
        if (registered != null) {
            return registered;
        }
        String bodyType = getBodyType();
        if (bodyType == null) {
            return null;
        }
        try {
            return Class.forName(bodyType, true, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    /** As Wow's Kotlin reads a member ({@code actual[field].asString()}): a record without it throws. */
    private String text(String field) {
        JsonNode node = getActual().get(field);
        if (node == null) {
            throw new NullPointerException("the record has no \"" + field + "\"");
        }
        return node.isNull() ? null : node.asText();
    }
}
