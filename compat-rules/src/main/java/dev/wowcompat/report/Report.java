package dev.wowcompat.report;

import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Location;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The result of one check: JSON report format 1 (docs/api.md, "POST /services/{service}/releases"). Renderers in this package turn it into text,
 * json, markdown, junit, github and sarif.
 *
 * @param level the level name, e.g. {@code ADDITIVE} or {@code BACKWARD_TRANSITIVE}
 * @param baselines the releases (or schema versions) the candidate was compared with
 * @param findings the findings that count, sorted (severity, subject, pointer, rule)
 * @param waived findings a waiver moved out of {@link #findings}, with the waiver's reason
 * @param changes the compatible changes (the release's changelog), sorted by {@link Change#ORDER}; a change at the
 *        place (subject and pointer) of a finding, counted or waived, is left out: the finding already says it
 */
public record Report(String level, Release candidate, List<Release> baselines, List<Finding> findings, List<Waived> waived,
                     List<Change> changes) {

    public static final int FORMAT = 1;
    /** The subject, and the candidate's service, of a report on plain JSON Schema versions (check-schema). */
    public static final String PLAIN_SCHEMA = "schema";

    public Report {
        baselines = List.copyOf(baselines);
        findings = List.copyOf(findings);
        waived = List.copyOf(waived);
        changes = changelog(changes, findings, waived);
    }

    public Report(String level, Release candidate, List<Release> baselines, List<Finding> findings, List<Waived> waived) {
        this(level, candidate, baselines, findings, waived, List.of());
    }

    public Report(String level, Release candidate, List<Release> baselines, List<Finding> findings) {
        this(level, candidate, baselines, findings, List.of(), List.of());
    }

    /** The same report with these changes as its changelog. */
    public Report withChanges(List<Change> changelog) {
        return new Report(level, candidate, baselines, findings, waived, changelog);
    }

    private static List<Change> changelog(List<Change> changes, List<Finding> findings, List<Waived> waived) {
        if (changes.isEmpty()) return List.of();
        Set<String> places = new HashSet<>();
        findings.forEach(f -> places.add(f.subject() + '\n' + f.pointer()));
        waived.forEach(w -> places.add(w.finding().subject() + '\n' + w.finding().pointer()));
        return changes.stream().filter(c -> !places.contains(c.subject() + '\n' + c.pointer()))
                .distinct().sorted(Change.ORDER).toList();
    }

    /** {@code breaking} when any counted finding is breaking, else {@code compatible}. */
    public String verdict() {
        return count(Severity.BREAKING) > 0 ? "breaking" : "compatible";
    }

    public boolean compatible() {
        return count(Severity.BREAKING) == 0;
    }

    public long count(Severity severity) {
        return findings.stream().filter(f -> f.severity() == severity).count();
    }

    /**
     * Moves every finding a waiver matches to {@link #waived}; then every {@code revision-changed} whose causes
     * (the subject's findings it is derived from) were all waived follows them, with their reasons: waiving the
     * cause is the decision, the derived finding only restates it.
     */
    public Report withWaivers(List<Waiver> waivers) {
        if (waivers.isEmpty()) return this;
        List<Finding> kept = new ArrayList<>();
        List<Waived> moved = new ArrayList<>(waived);
        for (Finding f : findings) {
            Waiver w = waivers.stream().filter(x -> x.matches(f)).findFirst().orElse(null);
            if (w == null) kept.add(f);
            else moved.add(new Waived(f, w.reason()));
        }
        List<Finding> derivedWaived = new ArrayList<>();
        for (Finding f : kept) {
            if (f.rule() != Rule.REVISION_CHANGED) continue;
            List<Finding> causes = findings.stream()
                    .filter(c -> c.subject().equals(f.subject()) && c.makesRevisionChanged()).toList();
            List<Waived> waivedCauses = moved.stream().filter(x -> causes.contains(x.finding())).toList();
            if (!causes.isEmpty() && waivedCauses.size() == causes.size()) {
                String reasons = waivedCauses.stream().map(x -> x.finding().rule().id() + ": " + x.reason())
                        .distinct().collect(Collectors.joining("; "));
                moved.add(new Waived(f, "derived from waived findings (" + reasons + ")"));
                derivedWaived.add(f);
            }
        }
        kept.removeAll(derivedWaived);
        return new Report(level, candidate, baselines, kept, moved, changes);
    }

    /**
     * The same report with each finding, counted or waived, at the location {@code where} gives it (null: none).
     * Locations are not part of a finding's id, so waivers match the same findings before and after.
     */
    public Report located(Function<Finding, Location> where) {
        List<Finding> locatedFindings = findings.stream().map(f -> f.withLocation(where.apply(f))).toList();
        List<Waived> locatedWaived = waived.stream()
                .map(w -> new Waived(w.finding().withLocation(where.apply(w.finding())), w.reason())).toList();
        return new Report(level, candidate, baselines, locatedFindings, locatedWaived, changes);
    }

    /**
     * The same report with at most {@code n} of each list (the first ones: breaking findings come first), for an
     * answer that must stay bounded whatever the input; {@link ReportJson#toNode(Report, int)} says how many were
     * left out. Its counts and verdict are those of the listed findings only.
     */
    public Report listing(int n) {
        if (baselines.size() <= n && findings.size() <= n && waived.size() <= n && changes.size() <= n) return this;
        // The changelog is already free of the findings' places; cutting it after keeps it so.
        return new Report(level, candidate, first(baselines, n), first(findings, n), first(waived, n), first(changes, n));
    }

    private static <T> List<T> first(List<T> all, int n) {
        return all.size() <= n ? all : all.subList(0, n);
    }

    /** A release, or for plain schemas the label of one schema version. */
    public record Release(String service, String version) {}

    public record Waived(Finding finding, String reason) {}
}
