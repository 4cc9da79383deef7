package dev.wowcompat.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The commands Wow routes to every aggregate that does not handle them itself, and the events they emit
 * (wow-core's {@code CommandAggregateMetadata.toDefaultCommandFunction}): deleting, recovering, and applying
 * resource tags. An aggregate handling a command of the capability (a {@code DeleteAggregate} of its own, say)
 * replaces Wow's default. They come from Wow's API on the service's classpath; an API without them (an older Wow)
 * adds nothing.
 */
final class BuiltIns {
    /** One default route: handled unless the aggregate handles a command of the capability itself. */
    private record Route(String capability, String command, String event) {
    }

    private static final List<Route> ROUTES = List.of(
            new Route("me.ahoo.wow.api.command.DeleteAggregate", "me.ahoo.wow.api.command.DefaultDeleteAggregate",
                    "me.ahoo.wow.api.event.DefaultAggregateDeleted"),
            new Route("me.ahoo.wow.api.command.RecoverAggregate", "me.ahoo.wow.api.command.DefaultRecoverAggregate",
                    "me.ahoo.wow.api.event.DefaultAggregateRecovered"),
            new Route("me.ahoo.wow.api.abac.ApplyResourceTags", "me.ahoo.wow.api.abac.DefaultApplyResourceTags",
                    "me.ahoo.wow.api.abac.DefaultResourceTagsApplied"));

    /** A default command and the event it emits. */
    record Default(Class<?> command, Class<?> event) {
    }

    private final List<Loaded> routes = new ArrayList<>();

    private record Loaded(Class<?> capability, Default route) {
    }

    BuiltIns(ClassLoader loader) {
        for (Route r : ROUTES) {
            ClassScanner.tryLoad(r.capability(), loader).ifPresent(capability -> ClassScanner.tryLoad(r.command(), loader)
                    .ifPresent(command -> ClassScanner.tryLoad(r.event(), loader)
                            .ifPresent(event -> routes.add(new Loaded(capability, new Default(command, event))))));
        }
    }

    /** The defaults Wow routes to an aggregate handling these commands. */
    List<Default> of(Set<Class<?>> handledCommands) {
        List<Default> defaults = new ArrayList<>();
        for (Loaded r : routes) {
            if (handledCommands.stream().noneMatch(r.capability()::isAssignableFrom)) {
                defaults.add(r.route());
            }
        }
        return defaults;
    }
}
