package me.ahoo.wow.event;

import me.ahoo.wow.api.event.DomainEvent;
import me.ahoo.wow.api.modeling.SimpleAggregateId;

/** Stand-in for Wow's domain event whose body is an object of the event's class. */
public record SimpleDomainEvent<T>(String id, T body, SimpleAggregateId aggregateId, int version, int sequence,
                                   String revision, String name, boolean isLast) implements DomainEvent<T> {
    public String getId() {
        return id;
    }

    @Override
    public T getBody() {
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
