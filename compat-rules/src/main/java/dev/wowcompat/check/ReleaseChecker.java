package dev.wowcompat.check;

import dev.wowcompat.diff.DiffContext;
import dev.wowcompat.diff.DiffContext.Role;
import dev.wowcompat.diff.SchemaDiff;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Manifest.Aggregate;
import dev.wowcompat.manifest.Manifest.Command;
import dev.wowcompat.manifest.Manifest.Event;
import dev.wowcompat.manifest.Manifest.Revision;
import dev.wowcompat.manifest.SchemaDoc;
import dev.wowcompat.manifest.TypeEntry;
import dev.wowcompat.manifest.TypeKind;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.ChangeKind;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.TreeMap;

/**
 * The ADDITIVE check of a candidate release against the releases of the same service before it
 * (DESIGN §5): transitive within the major version, staging rules against the previous release, and only
 * {@code major-breaking-change} info across a major boundary.
 *
 * <p>Type-level rules (removals, renames, revisions, staging of types, patch releases) live here; everything
 * inside one schema is {@link SchemaDiff}'s. The candidate is compared in full with the previous release only.
 * Older releases of the major see only the schemas that changed since the previous release: the rest was checked
 * against them when the previous release was, so the cost of a long history is the size of the change, not the
 * size of the service. A schema pair is diffed at most once per check. An instance is stateless and may be shared.
 */
public final class ReleaseChecker {

    public static final String LEVEL = "ADDITIVE";

    private static final Comparator<Finding> ORDER = Comparator
            .comparing(Finding::severity)
            .thenComparing(Finding::subject)
            .thenComparing(Finding::pointer)
            .thenComparing(f -> f.rule().id());

    /** @param history any releases; those of other services, or not earlier than the candidate, are ignored */
    public Report check(Manifest candidate, Collection<Manifest> history) {
        TreeMap<Version, Manifest> earlier = new TreeMap<>();
        for (Manifest m : history) {
            if (m.service().equals(candidate.service()) && m.version().compareTo(candidate.version()) < 0) {
                earlier.put(m.version(), m);
            }
        }
        List<Manifest> sameMajor = earlier.values().stream()
                .filter(m -> m.version().major() == candidate.version().major())
                .toList();
        Findings findings = new Findings();
        DiffCache diffs = new DiffCache();
        // The changelog is what changed since the release the candidate follows, so only that comparison feeds it.
        List<Change> changes = new ArrayList<>();
        List<Manifest> baselines;
        if (!sameMajor.isEmpty()) {
            baselines = sameMajor;
            Manifest previous = sameMajor.get(sameMajor.size() - 1);
            // The previous release first: when a finding turns up against several releases, the wording kept is
            // the one against the release the person reading the report just changed.
            new Comparison(previous, candidate, true, findings, diffs, changes).run();
            List<TypeEntry> changed = schemasChangedSince(previous, candidate);
            for (int i = sameMajor.size() - 2; i >= 0; i--) {
                for (TypeEntry now : changed) {
                    TypeEntry old = find(sameMajor.get(i), now);
                    if (old != null) compareSchemas(old, now, false, diffs, findings, null);
                }
            }
            checkRevisionUpgrades(candidate, previous, findings);
            checkPatchRelease(previous, candidate, findings);
            checkIntroducedSchemas(changed, previous, findings);
        } else if (!earlier.isEmpty()) {
            Manifest lastOfEarlierMajor = earlier.lastEntry().getValue();
            baselines = List.of(lastOfEarlierMajor);
            Findings acrossMajor = new Findings();
            new Comparison(lastOfEarlierMajor, candidate, false, acrossMajor, diffs, changes).run();
            for (Finding f : acrossMajor.all()) {
                if (f.severity() == Severity.BREAKING) findings.add(toMajorChange(f, lastOfEarlierMajor, candidate));
            }
        } else {
            baselines = List.of();
            // Everything a first release declares is new: its changelog lists every type (nothing can break yet).
            Manifest nothing = new Manifest(candidate.format(), candidate.service(), candidate.version(), Map.of(), null);
            new Comparison(nothing, candidate, false, new Findings(), diffs, changes).run();
            checkRevisionUpgrades(candidate, null, findings);
            checkIntroducedSchemas(schemaTypes(candidate), null, findings);
        }
        List<Finding> sorted = new ArrayList<>(findings.all());
        sorted.sort(ORDER);
        return new Report(LEVEL, release(candidate), baselines.stream().map(ReleaseChecker::release).toList(), sorted,
                List.of(), changes);
    }

    /** The candidate's schemas that the previous release did not have with the same fingerprint. */
    private static List<TypeEntry> schemasChangedSince(Manifest previous, Manifest candidate) {
        List<TypeEntry> out = new ArrayList<>();
        for (TypeEntry now : schemaTypes(candidate)) {
            TypeEntry before = find(previous, now);
            if (before == null || !before.schema().equals(now.schema())) out.add(now);
        }
        return out;
    }

    /** The same type (state, command or event revision) in another release, or null. */
    private static TypeEntry find(Manifest release, TypeEntry type) {
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

    /**
     * The rules inside one schema of a type both releases have: the schema diff, and on top of it
     * {@code state-view-changed} for states and {@code revision-changed} for event revisions.
     *
     * @param changes where the compatible changes go, or null when this comparison is not the changelog's
     */
    private static void compareSchemas(TypeEntry old, TypeEntry now, boolean againstPrevious, DiffCache diffs, Findings out,
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

    private static Report.Release release(Manifest m) {
        return new Report.Release(m.service(), m.version().toString());
    }

    private static Finding toMajorChange(Finding f, Manifest from, Manifest to) {
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
    private static void checkRevisionUpgrades(Manifest candidate, Manifest previous, Findings out) {
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
    private static void checkIntroducedSchemas(List<TypeEntry> candidates, Manifest previous, Findings out) {
        for (TypeEntry t : candidates) {
            if (previous == null || find(previous, t) == null) {
                out.addAll(SchemaDiff.introduced(t.schema().schema(), new DiffContext(t.subject(), role(t.kind()), true, false)));
            }
        }
    }

    /** A patch release keeps every schema: a fix that changes what is written belongs in a minor release. */
    private static void checkPatchRelease(Manifest previous, Manifest candidate, Findings out) {
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

    private static void patchChange(String subject, String what, Version previous, Version candidate, Findings out) {
        out.add(Finding.of(Rule.PATCH_CHANGES_SCHEMA, subject, "", Readers.NONE,
                "patch release " + candidate + " " + what + " the schema of " + subject + " (compared with " + previous + ")"));
    }

    /** The states, commands and event revisions of a release: the types that have a schema. */
    private static List<TypeEntry> schemaTypes(Manifest m) {
        return m.types().stream().filter(t -> t.schema() != null).toList();
    }

    private static Role role(TypeKind kind) {
        return switch (kind) {
            case STATE -> Role.STATE;
            case COMMAND -> Role.COMMAND;
            case EVENT -> Role.EVENT;
            default -> throw new IllegalArgumentException(kind + " has no schema");
        };
    }

    private static String simpleName(String typeName) {
        return typeName.substring(typeName.lastIndexOf('.') + 1);
    }

    /** Findings keyed by id: the same change seen against several baselines is reported once, at its worst. */
    private static final class Findings {
        private final Map<String, Finding> byId = new LinkedHashMap<>();

        void add(Finding f) {
            byId.merge(f.id(), f, (a, b) -> b.severity().compareTo(a.severity()) < 0 ? b : a);
        }

        void addAll(Collection<Finding> fs) {
            fs.forEach(this::add);
        }

        /** A schema comparison's findings, and its changes when this comparison feeds the changelog. */
        void add(SchemaDiff.Result result, List<Change> changes) {
            addAll(result.findings());
            if (changes != null) changes.addAll(result.changes());
        }

        Collection<Finding> all() {
            return byId.values();
        }
    }

    /** Diff results of one check by (subject, role, old fingerprint, new fingerprint, staging). */
    private static final class DiffCache {
        private record Key(String subject, Role role, String before, String after, boolean againstPrevious) {}

        private final Map<Key, SchemaDiff.Result> results = new HashMap<>();

        SchemaDiff.Result diff(String subject, Role role, SchemaDoc old, SchemaDoc now, boolean againstPrevious) {
            return results.computeIfAbsent(new Key(subject, role, old.fingerprint(), now.fingerprint(), againstPrevious),
                    k -> SchemaDiff.diff(old.schema(), now.schema(), new DiffContext(subject, role, againstPrevious, false)));
        }
    }

    /**
     * One baseline against the candidate. It is the only place that knows the type-level changes of the changelog
     * (types, revisions and error codes added, staged types and revisions written).
     */
    private static final class Comparison {
        private final Manifest baseline;
        private final Manifest candidate;
        private final boolean againstPrevious;
        private final Findings out;
        private final DiffCache diffs;
        private final List<Change> changes;
        private Map<String, SchemaDoc> addedCommands;
        private Map<String, SchemaDoc> addedEvents;
        /** Types added under the name of a removed one: the type-renamed finding says so, the changelog does not. */
        private final Set<String> renamedTargets = new HashSet<>();

        Comparison(Manifest baseline, Manifest candidate, boolean againstPrevious, Findings out, DiffCache diffs,
                List<Change> changes) {
            this.baseline = baseline;
            this.candidate = candidate;
            this.againstPrevious = againstPrevious;
            this.out = out;
            this.diffs = diffs;
            this.changes = changes;
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
                    out.add(Finding.of(Rule.TYPE_REMOVED, before.typeName(), "", Readers.OLD_READERS,
                            "aggregate " + before.typeName() + " (its state, commands, events and error codes) is gone"
                                    + " from " + candidate.label()));
                } else {
                    compareState(before, after);
                    compareCommands(before, after);
                    compareEvents(before, after);
                    compareErrors(before, after);
                }
            }
            changes.removeIf(c -> c.kind() == ChangeKind.TYPE_ADDED && renamedTargets.contains(c.subject()));
        }

        private void compareState(Aggregate before, Aggregate after) {
            if (before.state().isEmpty()) {
                after.state().ifPresent(st -> change(ChangeKind.TYPE_ADDED, after.typeName(), "new state of " + after.typeName()
                        + (st.published() ? ", published" : ", a view (\"published\": false)")));
                return;
            }
            if (after.state().isEmpty()) {
                out.add(Finding.of(Rule.TYPE_REMOVED, before.typeName(), "", Readers.OLD_READERS,
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
                    removedType("command", old.typeName(), old.schema(), addedCommands());
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
                    removedType("event", old.typeName(), latest(old).schema(), addedEvents());
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
                            out.add(Finding.of(Rule.WRITTEN_BEFORE_READ, now.typeName() + "@" + n.revision(), "",
                                    Readers.OLD_READERS, "revision " + n.revision() + " of " + now.typeName()
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
                    out.add(Finding.of(Rule.WRITTEN_BEFORE_READ, now.typeName() + "@" + n.revision(), "", Readers.OLD_READERS,
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

        /** A removed command or event is a rename when the candidate adds one of the same kind with the same schema. */
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
                out.add(Finding.of(Rule.TYPE_REMOVED, typeName, "", Readers.OLD_READERS,
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

    private static String shortFp(SchemaDoc d) {
        return d.fingerprint().substring(0, Math.min(12, d.fingerprint().length()));
    }
}
