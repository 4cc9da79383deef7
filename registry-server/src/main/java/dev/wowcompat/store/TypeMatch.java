package dev.wowcompat.store;

import java.util.List;

/** A type name found by search, with the kinds it has and the services that declare it. */
public record TypeMatch(String name, List<String> kinds, List<String> services) {
    public TypeMatch {
        kinds = List.copyOf(kinds);
        services = List.copyOf(services);
    }
}
