package dev.wowcompat.generator;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;

/** The service as the generator sees it, before schemas: values only. */
final class Model {
    private Model() {
    }

    /** A bounded context and its aggregates, by aggregate name. */
    record Context(String name, String alias, SortedMap<String, Aggregate> aggregates) {
    }

    /**
     * An aggregate: its root class, its state class, its commands and events by Wow name, and its error codes by
     * kebab-case code.
     */
    record Aggregate(String name, Class<?> root, Class<?> state, SortedMap<String, Class<?>> commands,
                     SortedMap<String, List<Class<?>>> events, SortedMap<String, ErrorCodeEntry> errors) {
    }

    /**
     * What the service reads and sends, by the registry's type names (the Manifest's {@code consumes} and
     * {@code sends}).
     *
     * @param events   event type names ({@code context.aggregate.Name}) and the revision numbers read of each
     * @param states   aggregate type names ({@code context.aggregate}) whose state is read
     * @param commands command type names sent
     */
    record Readings(SortedMap<String, SortedSet<Integer>> events, SortedSet<String> states, SortedSet<String> commands) {
    }

    /** An error code clients may match on, in kebab-case, and its description (may be blank). */
    record ErrorCodeEntry(String code, String description) {
    }

    /** One event revision: its class, its label, the number it is given and the revision it upgrades from. */
    record Revision(Class<?> type, String label, int number, Integer upgradesFrom, boolean written) {
    }

    /** Event revision numbers already given by the previous release, by label as written, for one event. */
    record PreviousNumbers(Map<String, Integer> byLabel, int highest) {
        /** The number released for this label ("1.2" and "1.2.0" are one label), or null. */
        Integer number(String label) {
            for (Map.Entry<String, Integer> e : byLabel.entrySet()) {
                if (Revisions.compare(e.getKey(), label) == 0) {
                    return e.getValue();
                }
            }
            return null;
        }
    }
}
