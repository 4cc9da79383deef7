package me.ahoo.wow.api.event;

/** Stand-in for the Kotlin object Wow's default delete handler emits. */
public final class DefaultAggregateDeleted implements AggregateDeleted {
    public static final DefaultAggregateDeleted INSTANCE = new DefaultAggregateDeleted();

    private DefaultAggregateDeleted() {
    }
}
