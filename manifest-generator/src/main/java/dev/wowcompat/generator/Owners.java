package dev.wowcompat.generator;

import java.util.Optional;

/**
 * Which aggregate or context Wow's scopes give a class once every aggregate is placed (wow-core's
 * {@code toScopeNamedAggregateSearcher}): an aggregate's scopes are the ones its context declares for it, its root's
 * package, and its commands' and events' class names. Error codes go to the aggregate found so, and schema
 * definitions are named after it, as wow-schema's naming strategy does.
 */
final class Owners {
    /** An aggregate of the Manifest. */
    record Aggregate(String context, String alias, String name) {
    }

    private final Scopes<Aggregate> aggregates;
    private final Contexts contexts;

    Owners(Scopes<Aggregate> aggregates, Contexts contexts) {
        this.aggregates = aggregates;
        this.contexts = contexts;
    }

    Optional<Aggregate> aggregateOf(String className) {
        return aggregates.search(className);
    }

    /** The name of the service's context Wow's scopes give a class (wow-core's {@code namedBoundedContext()}). */
    Optional<String> contextOf(String className) {
        return contexts.contextOf(className).map(Contexts.Declared::name);
    }

    /**
     * The prefix of a class's schema definition names: {@code <alias>.<aggregate>.} when an aggregate's scopes
     * cover it, else {@code <alias>.} when a context's do, else none (wow-schema's {@code resolveNamePrefix}).
     */
    String definitionPrefix(String className) {
        Optional<Aggregate> aggregate = aggregates.search(className);
        if (aggregate.isPresent()) {
            return aggregate.get().alias() + "." + aggregate.get().name() + ".";
        }
        return contexts.contextOf(className).map(c -> c.alias() + ".").orElse("");
    }
}
