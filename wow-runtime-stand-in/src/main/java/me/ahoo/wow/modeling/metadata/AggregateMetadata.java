package me.ahoo.wow.modeling.metadata;

/** Stand-in for Wow's metadata of an aggregate; the replay needs only its state part. */
public record AggregateMetadata<C, S>(Class<C> commandAggregateType, StateAggregateMetadata<S> state) {
    public StateAggregateMetadata<S> getState() {
        return state;
    }
}
