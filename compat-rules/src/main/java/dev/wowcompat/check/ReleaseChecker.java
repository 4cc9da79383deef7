package dev.wowcompat.check;

import static dev.wowcompat.check.TypeEntries.find;
import static dev.wowcompat.check.TypeEntries.schemaTypes;
import static dev.wowcompat.check.TypeEntries.schemasChangedSince;

import dev.wowcompat.diff.SchemaDiff;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.TypeEntry;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Severity;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The ADDITIVE check of a candidate release against the releases of the same service before it
 * (docs/decisions.md, "Which releases a candidate is compared with"): transitive within the major version, staging rules against the previous release, and only
 * {@code major-breaking-change} info across a major boundary.
 *
 * <p>{@link Baselines} chooses the releases to compare with; {@link Comparison} compares one of them with the
 * candidate type by type; {@link TypeLevelRules} holds the rules on whole types; everything inside one schema is
 * {@link SchemaDiff}'s. The candidate is compared in full with the previous release only.
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
        Baselines baselines = Baselines.of(candidate, history);
        ReleaseFindings findings = new ReleaseFindings();
        DiffCache diffs = new DiffCache();
        // The changelog is what changed since the release the candidate follows, so only that comparison feeds it.
        List<Change> changes = new ArrayList<>();
        if (baselines.previous() != null) {
            withinMajor(candidate, baselines.sameMajor(), findings, diffs, changes);
        } else if (baselines.earlierMajor() != null) {
            acrossMajor(candidate, baselines.earlierMajor(), findings, diffs, changes);
        } else {
            firstRelease(candidate, findings, diffs, changes);
        }
        List<Finding> sorted = new ArrayList<>(findings.all());
        sorted.sort(ORDER);
        return new Report(LEVEL, release(candidate), baselines.compared().stream().map(ReleaseChecker::release).toList(),
                sorted, List.of(), changes);
    }

    private static void withinMajor(Manifest candidate, List<Manifest> sameMajor, ReleaseFindings findings, DiffCache diffs,
            List<Change> changes) {
        Manifest previous = sameMajor.get(sameMajor.size() - 1);
        // The previous release first: when a finding turns up against several releases, the wording kept is
        // the one against the release the person reading the report just changed.
        new Comparison(previous, candidate, true, findings, diffs, changes).run();
        List<TypeEntry> changed = schemasChangedSince(previous, candidate);
        for (int i = sameMajor.size() - 2; i >= 0; i--) {
            for (TypeEntry now : changed) {
                TypeEntry old = find(sameMajor.get(i), now);
                if (old != null) TypeLevelRules.compareSchemas(old, now, false, diffs, findings, null);
            }
        }
        TypeLevelRules.checkRevisionUpgrades(candidate, previous, findings);
        TypeLevelRules.checkPatchRelease(previous, candidate, findings);
        TypeLevelRules.checkIntroducedSchemas(changed, previous, findings);
    }

    private static void acrossMajor(Manifest candidate, Manifest lastOfEarlierMajor, ReleaseFindings findings, DiffCache diffs,
            List<Change> changes) {
        ReleaseFindings acrossMajor = new ReleaseFindings();
        new Comparison(lastOfEarlierMajor, candidate, false, acrossMajor, diffs, changes).run();
        for (Finding f : acrossMajor.all()) {
            if (f.severity() == Severity.BREAKING) findings.add(TypeLevelRules.toMajorChange(f, lastOfEarlierMajor, candidate));
        }
    }

    private static void firstRelease(Manifest candidate, ReleaseFindings findings, DiffCache diffs, List<Change> changes) {
        // Everything a first release declares is new: its changelog lists every type (nothing can break yet).
        Manifest nothing = new Manifest(candidate.format(), candidate.service(), candidate.version(), Map.of(), null);
        new Comparison(nothing, candidate, false, new ReleaseFindings(), diffs, changes).run();
        TypeLevelRules.checkRevisionUpgrades(candidate, null, findings);
        TypeLevelRules.checkIntroducedSchemas(schemaTypes(candidate), null, findings);
    }

    private static Report.Release release(Manifest m) {
        return new Report.Release(m.service(), m.version().toString());
    }
}
