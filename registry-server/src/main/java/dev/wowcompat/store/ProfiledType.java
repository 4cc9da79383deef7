package dev.wowcompat.store;

import java.util.List;

/** A type (and revision, 0 for states and commands) with stored profiles in an environment: its releases and fields. */
public record ProfiledType(String type, int revision, List<String> releases, int pointers) {
    public ProfiledType {
        releases = List.copyOf(releases);
    }
}
