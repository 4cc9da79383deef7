package dev.wowcompat.store;

import java.util.Objects;

/**
 * What a release reads or sends of a type, as its Manifest's {@code consumes} and {@code sends} say: an event
 * revision it reads, a state it reads, a command it sends. Kept beside the release ({@code release_uses}) so that
 * the readers of a type are found without reading every Manifest.
 *
 * @param kind {@code event} and {@code state} (read) or {@code command} (sent)
 * @param name the event or command type ({@code context.aggregate.Name}), or the aggregate whose state is read
 * @param revision the event revision read; 0 for a state and a command
 */
public record TypeUse(String kind, String name, int revision) {
    public TypeUse {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        if (!kind.equals("event") && !kind.equals("state") && !kind.equals("command")) {
            throw new IllegalArgumentException("a type is read as an event or a state, or sent as a command; not as " + kind);
        }
    }

    /** The aggregate the type belongs to: the name itself for a state, else the name without its last segment. */
    public String aggregate() {
        if (kind.equals("state")) return name;
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }
}
