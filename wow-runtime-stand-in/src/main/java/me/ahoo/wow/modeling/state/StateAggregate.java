package me.ahoo.wow.modeling.state;

import me.ahoo.wow.event.DomainEventStream;

/** Stand-in for Wow's state aggregate: a state at a version, moved on by one event stream at a time. */
public interface StateAggregate<S> extends ReadOnlyStateAggregate<S> {
    int getVersion();

    boolean getDeleted();

    StateAggregate<S> onSourcing(DomainEventStream eventStream);
}
