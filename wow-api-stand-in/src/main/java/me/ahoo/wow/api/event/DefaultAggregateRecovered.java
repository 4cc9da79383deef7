package me.ahoo.wow.api.event;

/** Stand-in for the Kotlin object Wow's default recover handler emits. */
public final class DefaultAggregateRecovered implements AggregateRecovered {
    public static final DefaultAggregateRecovered INSTANCE = new DefaultAggregateRecovered();

    private DefaultAggregateRecovered() {
    }
}
