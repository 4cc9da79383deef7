package me.ahoo.wow.modeling.state;

/** Stand-in for wow-core's read-only view of an aggregate's state; a state-event handler may take one. */
public interface ReadOnlyStateAggregate<S> {
    S getState();
}
