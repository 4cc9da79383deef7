package dev.wowcompat.check;

import static dev.wowcompat.check.TypeEntries.find;
import static dev.wowcompat.check.TypeEntries.schemaTypes;

import dev.wowcompat.diff.DiffContext;
import dev.wowcompat.diff.DiffContext.Role;
import dev.wowcompat.diff.SchemaDiff;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Manifest.Aggregate;
import dev.wowcompat.manifest.Manifest.Event;
import dev.wowcompat.manifest.Manifest.Revision;
import dev.wowcompat.manifest.SchemaDoc;
import dev.wowcompat.manifest.TypeEntry;
import dev.wowcompat.manifest.TypeKind;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.List;

/**
 * The rules of a release check that look at whole types rather than inside a schema: {@code state-view-changed}
 * and {@code revision-changed} on top of a schema's diff, new revisions' upgrade paths, new schemas' closed objects,
 * patch releases, and a breaking change across a major version. Type removals and renames, and the staging of
 * types, are found while one baseline is compared with the candidate ({@link Comparison}).
 */
final class TypeLevelRules {
    private TypeLevelRules() {}

    /**
     * The rules inside one schema of a type both releases have: the schema diff, and on top of it
     * {@code state-view-changed} for states and {@code revision-changed} for event revisions.
     *
     * @param changes where the compatible changes go, or null when this comparison is not the changelog's
     */
    static void compareSchemas(TypeEntry old, TypeEntry now, boolean againstPrevious, DiffCache diffs, ReleaseFindings out,
            List<Change> changes) {
        if (old.schema().equals(now.schema())) return;
        String subject = now.subject();
        switch (now.kind()) {
            case STATE -> {
                // Readers outside the service depended on a published state; an unpublished one is only a view.
                boolean published = old.published() || now.published();
                out.add(new Finding(Rule.STATE_VIEW_CHANGED, Rule.STATE_VIEW_CHANGED.severity(), subject, "", Readers.NONE,
                        "the state schema of " + subject + " changed (" + shortFp(old.schema()) + " -> "
                                + shortFp(now.schema()) + "): snapshots and state views with the old fingerprint will be rebuilt",
                        published ? "Nothing to do for snapshots: they are rebuilt from the events. The state is published"
                                + " in state events, so the change itself must be additive: see this subject's other findings."
                                : Rule.STATE_VIEW_CHANGED.fix()));
                if (published) out.add(diffs.diff(subject, Role.STATE, old.schema(), now.schema(), againstPrevious), changes);
            }
            case COMMAND -> out.add(diffs.diff(subject, Role.COMMAND, old.schema(), now.schema(), againstPrevious), changes);
            case EVENT -> {
                SchemaDiff.Result result = diffs.diff(subject, Role.EVENT, old.schema(), now.schema(), againstPrevious);
                out.add(result, changes);
                List<Finding> found = result.findings();
                // Staging findings are fixed by staging, not by a new revision.
                List<Finding> notAdditive = found.stream().filter(Finding::makesRevisionChanged).toList();
                if (!notAdditive.isEmpty()) {
                    Readers broken = notAdditive.stream().map(Finding::breaks).reduce(Readers.NONE, Readers::and);
                    out.add(Finding.of(Rule.REVISION_CHANGED, subject, "", broken,
                            "the schema of existing revision " + now.revision() + " of " + now.name()
                                    + " changed in a way that is not additive (see the findings at its pointers)"));
                }
            }
            default -> { }
        }
    }

    /** A breaking finding across a major boundary, as the {@code major-breaking-change} info it becomes. */
    static Finding toMajorChange(Finding f, Manifest from, Manifest to) {
        String message = f.rule().id() + " from " + from.version() + " to " + to.version() + ": " + f.message()
                + " (allowed in a new major version; stored data of " + from.version().major() + ".x needs a migration)";
        return new Finding(Rule.MAJOR_BREAKING_CHANGE, Rule.MAJOR_BREAKING_CHANGE.severity(), f.subject(), f.pointer(),
                f.breaks(), message, Rule.MAJOR_BREAKING_CHANGE.fix());
    }

    /**
     * A revision the previous release does not have is new: it needs an upgrade path from an existing, lower
     * revision, unless it is the first revision of its event.
     *
     * @param previous null for a first release
     */
    static void checkRevisionUpgrades(Manifest candidate, Manifest previous, ReleaseFindings out) {
        for (Aggregate aggregate : candidate.aggregates().values()) {
            for (Event event : aggregate.events().values()) {
                int lowest = event.revisions().firstKey();
                for (Revision r : event.revisions().values()) {
                    TypeEntry entry = new TypeEntry(TypeKind.EVENT, event.typeName(), r.revision(), r.schema(), r.written(), true);
                    if (previous != null && find(previous, entry) != null) continue;
                    Integer from = r.upgradesFrom();
                    if (from == null) {
                        if (r.revision() != lowest) {
                            out.add(Finding.of(Rule.REVISION_WITHOUT_UPGRADE, entry.subject(), "", Readers.NEW_READERS,
                                    "new revision " + r.revision() + " of " + event.typeName()
                                            + " has no upgradesFrom: stored events of earlier revisions cannot be upgraded to it"));
                        }
                    } else if (from >= r.revision() || !event.revisions().containsKey(from)) {
                        out.add(Finding.of(Rule.REVISION_WITHOUT_UPGRADE, entry.subject(), "", Readers.NEW_READERS,
                                "revision " + r.revision() + " of " + event.typeName() + " upgrades from revision " + from
                                        + ", which " + (from >= r.revision() ? "is not lower than it" : "this release does not declare")));
                    }
                }
            }
        }
    }

    /**
     * A schema the previous release did not have has nothing to be compared with, but what it declares binds
     * every later release: its closed objects are reported now, while they can still be opened.
     *
     * @param candidates schemas that may be new: those changed since the previous release, or all of a first one
     * @param previous null for a first release
     */
    static void checkIntroducedSchemas(List<TypeEntry> candidates, Manifest previous, ReleaseFindings out) {
        for (TypeEntry t : candidates) {
            if (previous == null || find(previous, t) == null) {
                out.addAll(SchemaDiff.introduced(t.schema().schema(),
                        new DiffContext(t.subject(), TypeEntries.role(t.kind()), true, false)));
            }
        }
    }

    /** A patch release keeps every schema: a fix that changes what is written belongs in a minor release. */
    static void checkPatchRelease(Manifest previous, Manifest candidate, ReleaseFindings out) {
        Version p = previous.version();
        Version c = candidate.version();
        if (p.major() != c.major() || p.minor() != c.minor()) return;
        for (TypeEntry now : schemaTypes(candidate)) {
            TypeEntry old = find(previous, now);
            if (old == null || !old.schema().equals(now.schema())) {
                patchChange(now.subject(), old == null ? "adds" : "changes", p, c, out);
            }
        }
        for (TypeEntry old : schemaTypes(previous)) {
            if (find(candidate, old) == null) patchChange(old.subject(), "drops", p, c, out);
        }
    }

    private static void patchChange(String subject, String what, Version previous, Version candidate, ReleaseFindings out) {
        out.add(Finding.of(Rule.PATCH_CHANGES_SCHEMA, subject, "", Readers.NONE,
                "patch release " + candidate + " " + what + " the schema of " + subject + " (compared with " + previous + ")"));
    }

    private static String shortFp(SchemaDoc d) {
        return d.fingerprint().substring(0, Math.min(12, d.fingerprint().length()));
    }
}
