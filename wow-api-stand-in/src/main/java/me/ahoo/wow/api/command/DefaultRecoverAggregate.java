package me.ahoo.wow.api.command;

import me.ahoo.wow.api.annotation.CommandRoute;

/** Stand-in for the Kotlin object Wow routes to every aggregate that handles no {@link RecoverAggregate} itself. */
@CommandRoute(action = "recover", method = CommandRoute.Method.PUT, appendIdPath = CommandRoute.AppendPath.ALWAYS)
public final class DefaultRecoverAggregate implements RecoverAggregate {
    public static final DefaultRecoverAggregate INSTANCE = new DefaultRecoverAggregate();

    private DefaultRecoverAggregate() {
    }
}
