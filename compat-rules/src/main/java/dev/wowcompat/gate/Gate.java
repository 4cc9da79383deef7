package dev.wowcompat.gate;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.Waiver;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Level;
import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.rules.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The CI gate both front ends run (the command line's {@code check} and the Maven plugin's {@code check} goal), so
 * that a level, a waiver and a fail-on setting mean the same in both: check at a level, apply waivers, name the
 * stale ones, decide which findings fail.
 */
public final class Gate {
    private Gate() {}

    /** Which findings fail the gate. */
    public enum FailOn {
        BREAKING, WARNING, NEVER;

        /** @throws IllegalArgumentException naming the accepted values */
        public static FailOn parse(String text) {
            try {
                return valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new IllegalArgumentException("fail-on is '" + text + "'; use breaking, warning or never");
            }
        }

        /** The findings that fail the gate under this setting. */
        public List<Finding> failing(Report report) {
            return report.findings().stream().filter(f -> switch (this) {
                case BREAKING -> f.severity() == Severity.BREAKING;
                case WARNING -> f.severity() == Severity.BREAKING || f.severity() == Severity.WARNING;
                case NEVER -> false;
            }).toList();
        }

        /**
         * Whether findings a report left out of its list ({@link dev.wowcompat.report.ReportJson#unlisted}, counted by
         * severity) fail the gate: no waiver could be matched against them, so they count as they are.
         */
        public boolean failsOn(java.util.Map<Severity, Long> unlisted) {
            long breaking = unlisted.getOrDefault(Severity.BREAKING, 0L);
            long warnings = unlisted.getOrDefault(Severity.WARNING, 0L);
            return switch (this) {
                case BREAKING -> breaking > 0;
                case WARNING -> breaking + warnings > 0;
                case NEVER -> false;
            };
        }
    }

    /** Whether a report lists the compatible changes beside its findings ({@code --changes}, {@code <changes>}). */
    public enum Changes {
        ALL, NONE;

        /** @throws IllegalArgumentException naming the accepted values */
        public static Changes parse(String text) {
            try {
                return valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new IllegalArgumentException("changes is '" + text + "'; use all or none");
            }
        }

        /** The report as this setting shows it: with its changelog, or without. */
        public Report apply(Report report) {
            return this == ALL ? report : report.withChanges(List.of());
        }
    }

    /**
     * The candidate against its history: the release rules under ADDITIVE, schema by schema under a plain level.
     * An empty history checks a first release on its own (closed objects, revision chains).
     */
    public static Report check(Level level, Manifest candidate, List<Manifest> history) {
        return level == Level.ADDITIVE
                ? new ReleaseChecker().check(candidate, history)
                : PlainLevelCheck.check(level, candidate, history);
    }

    /**
     * The 1-based positions of waivers that match none of the report's findings (call before applying them): a
     * stale waiver would silently waive a future finding of the same kind, so both front ends warn about it.
     */
    public static List<Integer> unused(List<Waiver> waivers, Report report) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < waivers.size(); i++) {
            if (report.findings().stream().noneMatch(waivers.get(i)::matches)) out.add(i + 1);
        }
        return out;
    }
}
