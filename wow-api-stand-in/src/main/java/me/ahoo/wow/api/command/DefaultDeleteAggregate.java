package me.ahoo.wow.api.command;

import me.ahoo.wow.api.annotation.CommandRoute;

/** Stand-in for the Kotlin object Wow routes to every aggregate that handles no {@link DeleteAggregate} itself. */
@CommandRoute(action = "", method = CommandRoute.Method.DELETE, appendIdPath = CommandRoute.AppendPath.ALWAYS)
public final class DefaultDeleteAggregate implements DeleteAggregate {
    public static final DefaultDeleteAggregate INSTANCE = new DefaultDeleteAggregate();

    private DefaultDeleteAggregate() {
    }
}
