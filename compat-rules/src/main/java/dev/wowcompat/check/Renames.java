package dev.wowcompat.check;

import static dev.wowcompat.check.TypeEntries.simpleName;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Manifest.Aggregate;
import dev.wowcompat.manifest.Manifest.Command;
import dev.wowcompat.manifest.Manifest.Event;
import dev.wowcompat.manifest.Manifest.Revision;
import dev.wowcompat.manifest.SchemaDoc;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A command or event the candidate no longer has: {@code type-renamed} when the candidate adds one of the same kind
 * with the same schema, else {@code type-removed}. One per comparison of a baseline with the candidate.
 */
final class Renames {
    private final Manifest baseline;
    private final Manifest candidate;
    private final ReleaseFindings out;
    private Map<String, SchemaDoc> addedCommands;
    private Map<String, SchemaDoc> addedEvents;
    /** Types added under the name of a removed one: the type-renamed finding says so, the changelog does not. */
    private final Set<String> renamedTargets = new HashSet<>();

    Renames(Manifest baseline, Manifest candidate, ReleaseFindings out) {
        this.baseline = baseline;
        this.candidate = candidate;
        this.out = out;
    }

    void commandRemoved(Command old) {
        removedType("command", old.typeName(), old.schema(), addedCommands());
    }

    void eventRemoved(Event old) {
        removedType("event", old.typeName(), latest(old).schema(), addedEvents());
    }

    /** Whether a type the candidate adds is the new name of a removed one. */
    boolean isRenameTarget(String typeName) {
        return renamedTargets.contains(typeName);
    }

    private void removedType(String kind, String typeName, SchemaDoc schema, Map<String, SchemaDoc> added) {
        String renamedTo = added.entrySet().stream()
                .filter(e -> e.getValue().equals(schema))
                .map(Map.Entry::getKey)
                .sorted()
                .findFirst().orElse(null);
        if (renamedTo != null) {
            renamedTargets.add(renamedTo);
            out.add(Finding.of(Rule.TYPE_RENAMED, typeName, "", Readers.BOTH,
                    kind + " " + typeName + " is gone and " + renamedTo + " with the same schema was added: looks like a"
                            + " rename of " + typeName + " to " + renamedTo + "; readers of the old name see nothing, and"
                            + " senders of the old name are refused"));
        } else {
            out.add(Comparison.typeRemoved(typeName,
                    kind + " " + typeName + " is gone from " + candidate.label()));
        }
    }

    /** Commands of the candidate (any aggregate) that the baseline does not have, by type name. */
    private Map<String, SchemaDoc> addedCommands() {
        if (addedCommands == null) {
            addedCommands = new HashMap<>();
            for (Aggregate a : candidate.aggregates().values()) {
                Aggregate b = baseline.aggregates().get(a.typeName());
                for (Command c : a.commands().values()) {
                    if (b == null || !b.commands().containsKey(simpleName(c.typeName()))) addedCommands.put(c.typeName(), c.schema());
                }
            }
        }
        return addedCommands;
    }

    /** Events of the candidate that the baseline does not have, by type name, with their latest revision's schema. */
    private Map<String, SchemaDoc> addedEvents() {
        if (addedEvents == null) {
            addedEvents = new HashMap<>();
            for (Aggregate a : candidate.aggregates().values()) {
                Aggregate b = baseline.aggregates().get(a.typeName());
                for (Event e : a.events().values()) {
                    if (b == null || !b.events().containsKey(simpleName(e.typeName()))) addedEvents.put(e.typeName(), latest(e).schema());
                }
            }
        }
        return addedEvents;
    }

    private static Revision latest(Event e) {
        return e.revisions().get(e.revisions().lastKey());
    }
}
