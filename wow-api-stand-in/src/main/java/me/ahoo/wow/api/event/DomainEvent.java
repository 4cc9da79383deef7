package me.ahoo.wow.api.event;

import me.ahoo.wow.api.messaging.Message;
import me.ahoo.wow.api.modeling.AggregateId;

/** Stand-in for Wow's domain event message: an event body of type {@code T} and the aggregate that wrote it. */
public interface DomainEvent<T> extends Message<DomainEvent<T>, T> {
    AggregateId getAggregateId();
}
