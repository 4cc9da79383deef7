package me.ahoo.wow.event;

import me.ahoo.wow.api.event.DomainEvent;
import me.ahoo.wow.api.messaging.Message;

import java.util.List;

/** Stand-in for wow-core's stream of the events one command wrote: a message whose body is the list of them. */
public interface DomainEventStream extends Message<DomainEventStream, List<DomainEvent<?>>> {
}
