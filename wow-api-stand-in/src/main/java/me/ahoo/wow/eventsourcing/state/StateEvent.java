package me.ahoo.wow.eventsourcing.state;

import me.ahoo.wow.event.DomainEventStream;
import me.ahoo.wow.modeling.state.ReadOnlyStateAggregate;

/** Stand-in for wow-core's state event: the events one command wrote, with the aggregate's state of type {@code S} after them. */
public interface StateEvent<S> extends DomainEventStream, ReadOnlyStateAggregate<S> {
}
