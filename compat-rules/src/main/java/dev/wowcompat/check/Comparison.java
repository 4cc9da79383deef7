package dev.wowcompat.check;

import static dev.wowcompat.check.TypeEntries.simpleName;
import static dev.wowcompat.check.TypeLevelRules.compareSchemas;

import dev.wowcompat.diff.Staging;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Manifest.Aggregate;
import dev.wowcompat.manifest.Manifest.Command;
import dev.wowcompat.manifest.Manifest.Event;
import dev.wowcompat.manifest.Manifest.Revision;
import dev.wowcompat.manifest.TypeEntry;
import dev.wowcompat.manifest.TypeKind;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.ChangeKind;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One baseline against the candidate, aggregate by aggregate: states, commands, events and error codes removed or
 * changed ({@link Renames} tells a removal from a rename). It is the only place that knows the type-level changes
 * of the changelog (types, revisions and error codes added, staged types and revisions written).
 */
final class Comparison {
    private final Manifest baseline;
    private final Manifest candidate;
    private final boolean againstPrevious;
    private final ReleaseFindings out;
    private final DiffCache diffs;
    private final List<Change> changes;
    private final Renames renames;

    Comparison(Manifest baseline, Manifest candidate, boolean againstPrevious, ReleaseFindings out, DiffCache diffs,
            List<Change> changes) {
        this.baseline = baseline;
        this.candidate = candidate;
        this.againstPrevious = againstPrevious;
        this.out = out;
        this.diffs = diffs;
        this.changes = changes;
        this.renames = new Renames(baseline, candidate, out);
    }

    private void change(ChangeKind kind, String subject, String message) {
        changes.add(new Change(kind, subject, "", message));
    }

    private static String staged(boolean written) {
        return written ? "written" : "staged (\"written\": false)";
    }

    void run() {
        for (Aggregate after : candidate.aggregates().values()) {
            if (!baseline.aggregates().containsKey(after.typeName())) {
                // A new aggregate is compared with an empty one: all it declares is added.
                Aggregate none = new Aggregate(after.context(), after.name(), Optional.empty(), Map.of(), Map.of(), Map.of());
                compareState(none, after);
                compareCommands(none, after);
                compareEvents(none, after);
                compareErrors(none, after);
            }
        }
        for (Aggregate before : baseline.aggregates().values()) {
            Aggregate after = candidate.aggregates().get(before.typeName());
            if (after == null) {
                out.add(typeRemoved(before.typeName(),
                        "aggregate " + before.typeName() + " (its state, commands, events and error codes) is gone"
                                + " from " + candidate.label()));
            } else {
                compareState(before, after);
                compareCommands(before, after);
                compareEvents(before, after);
                compareErrors(before, after);
            }
        }
        changes.removeIf(c -> c.kind() == ChangeKind.TYPE_ADDED && renames.isRenameTarget(c.subject()));
    }

    private void compareState(Aggregate before, Aggregate after) {
        if (before.state().isEmpty()) {
            after.state().ifPresent(st -> change(ChangeKind.TYPE_ADDED, after.typeName(), "new state of " + after.typeName()
                    + (st.published() ? ", published" : ", a view (\"published\": false)")));
            return;
        }
        if (after.state().isEmpty()) {
            out.add(typeRemoved(before.typeName(),
                    "the state schema of " + before.typeName() + " is gone"));
            return;
        }
        Manifest.State old = before.state().get();
        Manifest.State now = after.state().get();
        compareSchemas(new TypeEntry(TypeKind.STATE, before.typeName(), 0, old.schema(), true, old.published()),
                new TypeEntry(TypeKind.STATE, after.typeName(), 0, now.schema(), true, now.published()),
                againstPrevious, diffs, out, changes);
    }

    private void compareCommands(Aggregate before, Aggregate after) {
        for (Command now : after.commands().values()) {
            Command old = before.commands().get(simpleName(now.typeName()));
            if (old == null) {
                change(ChangeKind.TYPE_ADDED, now.typeName(), "new command " + now.typeName() + ", " + staged(now.written()));
            } else if (!old.written() && now.written()) {
                change(ChangeKind.TYPE_NOW_WRITTEN, now.typeName(), "command " + now.typeName()
                        + " was staged in " + baseline.version() + " and is accepted from senders now");
            }
        }
        for (Command old : before.commands().values()) {
            Command now = after.commands().get(simpleName(old.typeName()));
            if (now == null) {
                renames.commandRemoved(old);
            } else {
                compareSchemas(new TypeEntry(TypeKind.COMMAND, old.typeName(), 0, old.schema(), old.written(), true),
                        new TypeEntry(TypeKind.COMMAND, now.typeName(), 0, now.schema(), now.written(), true),
                        againstPrevious, diffs, out, changes);
            }
        }
    }

    private void compareEvents(Aggregate before, Aggregate after) {
        for (Event old : before.events().values()) {
            Event now = after.events().get(simpleName(old.typeName()));
            if (now == null) {
                renames.eventRemoved(old);
                continue;
            }
            for (Revision r : old.revisions().values()) {
                Revision n = now.revisions().get(r.revision());
                String subject = old.typeName() + "@" + r.revision();
                if (n == null) {
                    out.add(Finding.of(Rule.REVISION_REMOVED, subject, "", Readers.NEW_READERS,
                            "revision " + r.revision() + " of " + old.typeName() + " is gone, but stored events of that"
                                    + " revision are facts that replay and new consumers still read"));
                } else {
                    compareSchemas(new TypeEntry(TypeKind.EVENT, old.typeName(), r.revision(), r.schema(), r.written(), true),
                            new TypeEntry(TypeKind.EVENT, now.typeName(), n.revision(), n.schema(), n.written(), true),
                            againstPrevious, diffs, out, changes);
                }
            }
            eventChanges(old, now);
            if (againstPrevious) {
                for (Revision n : now.revisions().values()) {
                    if (!old.revisions().containsKey(n.revision()) && n.written()) {
                        out.add(Staging.writtenBeforeRead(now.typeName() + "@" + n.revision(),
                                "revision " + n.revision() + " of " + now.typeName()
                                        + " is written by " + candidate.version() + ", but " + baseline.version()
                                        + " does not read it yet: during a rolling upgrade its nodes meet events they cannot decode"));
                    }
                }
            }
        }
        for (Event now : after.events().values()) {
            if (!before.events().containsKey(simpleName(now.typeName()))) newEvent(now);
        }
    }

    /** Revisions added, and a staged event or revision written now (staging the type stages its revisions). */
    private void eventChanges(Event old, Event now) {
        boolean typeNowWritten = !old.written() && now.written();
        if (typeNowWritten) {
            change(ChangeKind.TYPE_NOW_WRITTEN, now.typeName(), "event " + now.typeName() + " was staged in "
                    + baseline.version() + " and is written now");
        }
        for (Revision n : now.revisions().values()) {
            Revision r = old.revisions().get(n.revision());
            if (r == null) {
                change(ChangeKind.REVISION_ADDED, now.typeName() + "@" + n.revision(), "new revision " + n.revision() + " of " + now.typeName()
                        + (n.upgradesFrom() == null ? "" : ", upgrades from revision " + n.upgradesFrom()) + ", " + staged(n.written()));
            } else if (!r.written() && n.written() && !typeNowWritten) {
                change(ChangeKind.REVISION_NOW_WRITTEN, now.typeName() + "@" + n.revision(), "revision " + n.revision() + " of " + now.typeName()
                        + " was staged in " + baseline.version() + " and is written now");
            }
        }
    }

    /** A new event: written before the previous release reads it is a finding; otherwise it is a change. */
    private void newEvent(Event now) {
        boolean written = now.revisions().values().stream().anyMatch(Revision::written);
        if (!againstPrevious || !written) {
            change(ChangeKind.TYPE_ADDED, now.typeName(), "new event " + now.typeName() + " (revisions "
                    + now.revisions().keySet().stream().map(String::valueOf).collect(Collectors.joining(", ")) + "), " + staged(written));
            return;
        }
        for (Revision n : now.revisions().values()) {
            if (n.written()) {
                out.add(Staging.writtenBeforeRead(now.typeName() + "@" + n.revision(),
                        "new event " + now.typeName() + " (revision " + n.revision() + ") is written by "
                                + candidate.version() + ", but " + baseline.version()
                                + " does not read it yet: during a rolling upgrade its nodes meet an event type they do not know"));
            }
        }
    }

    private void compareErrors(Aggregate before, Aggregate after) {
        for (Manifest.ErrorCode now : after.errors().values()) {
            if (!declares(before, now.code())) change(ChangeKind.ERROR_CODE_ADDED, now.code(), "new error code " + now.code());
        }
        for (Manifest.ErrorCode old : before.errors().values()) {
            if (after.errors().values().stream().noneMatch(e -> e.code().equals(old.code()))) {
                out.add(Finding.of(Rule.ERROR_CODE_REMOVED, old.code(), "", Readers.OLD_READERS,
                        "error code " + old.code() + " is gone; clients that match on it stop recognising the error"));
            }
        }
    }

    private static boolean declares(Aggregate aggregate, String code) {
        for (Manifest.ErrorCode e : aggregate.errors().values()) if (e.code().equals(code)) return true;
        return false;
    }

    /** The detector of {@code type-removed} (docs/rules.md): an aggregate, its state, or (from {@link Renames}) a command or event is gone. */
    static Finding typeRemoved(String typeName, String message) {
        return Finding.of(Rule.TYPE_REMOVED, typeName, "", Readers.OLD_READERS, message);
    }
}
