package dev.wowcompat.generator;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Wow's scope search (wow-core's {@code ScopeSearcher} and {@code ScopeComparator}): a class belongs to the owner
 * of the most specific scope that is its name or a package above it. Scopes are package names (and, for an
 * aggregate, the names of its commands and events); the most specific is the one with the most dots, then the
 * longest. Wow decides with it which context an aggregate root is in, which aggregate a command, an event or an
 * error belongs to, and the prefix of a schema's definition names.
 *
 * @param <T> what a scope leads to
 */
final class Scopes<T> {
    /** Wow's order: more dot-separated parts first, then longer, then the reverse of the natural order. */
    private static final Comparator<String> MOST_SPECIFIC_FIRST = Comparator
            .comparingInt((String scope) -> scope.split("\\.", -1).length).reversed()
            .thenComparing(Comparator.comparingInt(String::length).reversed())
            .thenComparing(Comparator.<String>reverseOrder());

    private final TreeMap<String, T> owners = new TreeMap<>(MOST_SPECIFIC_FIRST);

    /** Like Wow's map of scopes, a scope given twice leads to the owner given last. */
    Scopes<T> put(String scope, T owner) {
        if (!scope.isBlank()) {
            owners.put(scope, owner);
        }
        return this;
    }

    Optional<T> search(String className) {
        T exact = owners.get(className);
        if (exact != null) {
            return Optional.of(exact);
        }
        for (Map.Entry<String, T> e : owners.entrySet()) {
            if (className.startsWith(e.getKey() + ".")) {
                return Optional.of(e.getValue());
            }
        }
        return Optional.empty();
    }
}
