package dev.wowcompat.check;

import dev.wowcompat.diff.DiffContext.Role;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Manifest.Aggregate;
import dev.wowcompat.manifest.Manifest.Command;
import dev.wowcompat.manifest.Manifest.Event;
import dev.wowcompat.manifest.Manifest.Revision;
import dev.wowcompat.manifest.TypeEntry;
import dev.wowcompat.manifest.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The types of a release that have a schema (states, commands, event revisions), and the same type in another
 * release.
 */
final class TypeEntries {
    private TypeEntries() {}

    /** The states, commands and event revisions of a release: the types that have a schema. */
    static List<TypeEntry> schemaTypes(Manifest m) {
        return m.types().stream().filter(t -> t.schema() != null).toList();
    }

    /** The candidate's schemas that the previous release did not have with the same fingerprint. */
    static List<TypeEntry> schemasChangedSince(Manifest previous, Manifest candidate) {
        List<TypeEntry> out = new ArrayList<>();
        for (TypeEntry now : schemaTypes(candidate)) {
            TypeEntry before = find(previous, now);
            if (before == null || !before.schema().equals(now.schema())) out.add(now);
        }
        return out;
    }

    /** The same type (state, command or event revision) in another release, or null. */
    static TypeEntry find(Manifest release, TypeEntry type) {
        String aggregateName = type.kind() == TypeKind.STATE ? type.name() : type.name().substring(0, type.name().lastIndexOf('.'));
        Aggregate a = release.aggregates().get(aggregateName);
        if (a == null) return null;
        return switch (type.kind()) {
            case STATE -> a.state().map(st -> new TypeEntry(TypeKind.STATE, a.typeName(), 0, st.schema(), true, st.published())).orElse(null);
            case COMMAND -> {
                Command c = a.commands().get(simpleName(type.name()));
                yield c == null ? null : new TypeEntry(TypeKind.COMMAND, c.typeName(), 0, c.schema(), c.written(), true);
            }
            case EVENT -> {
                Event e = a.events().get(simpleName(type.name()));
                Revision r = e == null ? null : e.revisions().get(type.revision());
                yield r == null ? null : new TypeEntry(TypeKind.EVENT, e.typeName(), r.revision(), r.schema(), r.written(), true);
            }
            default -> null;
        };
    }

    static Role role(TypeKind kind) {
        return switch (kind) {
            case STATE -> Role.STATE;
            case COMMAND -> Role.COMMAND;
            case EVENT -> Role.EVENT;
            default -> throw new IllegalArgumentException(kind + " has no schema");
        };
    }

    /** {@code Name} of {@code context.aggregate.Name}. */
    static String simpleName(String typeName) {
        return typeName.substring(typeName.lastIndexOf('.') + 1);
    }
}
