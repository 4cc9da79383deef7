package me.ahoo.wow.event;

import me.ahoo.wow.api.event.DomainEvent;
import me.ahoo.wow.messaging.handler.MessageExchange;

/** Stand-in for wow-core's exchange of one domain event; a handler may take it for its event of type {@code T}. */
public interface DomainEventExchange<T> extends MessageExchange<DomainEventExchange<T>, DomainEvent<T>> {
}
