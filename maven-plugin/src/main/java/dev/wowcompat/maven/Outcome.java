package dev.wowcompat.maven;

import dev.wowcompat.gate.Gate;
import java.util.ArrayList;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Severity;
import java.util.List;
import java.util.Locale;
import org.apache.maven.plugin.MojoFailureException;
import java.util.stream.Collectors;

/**
 * When a report fails the build ({@code failOn}), and the failure message for it: one sentence with the counts,
 * then the first findings, one per line, so the CI summary shows what broke without opening the report.
 */
enum Outcome {
    BREAKING, WARNING, NEVER;

    /** Findings listed in a failure message; the rest are counted and left to the report files. */
    static final int FIRST_FINDINGS = 5;

    /** The {@code <failOn>} setting; a wrong one fails the goal's configuration. */
    static Outcome parse(String failOn) throws MojoFailureException {
        try {
            return valueOf(failOn.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new MojoFailureException("<failOn> (wow-compat.failOn) is '" + failOn + "'; use breaking, warning or never.");
        }
    }

    /** The findings that fail the build under this setting: the gate's rule, shared with the command line. */
    List<Finding> failing(Report report) {
        return new ArrayList<>(Gate.FailOn.valueOf(name()).failing(report));
    }

    /**
     * Fails the build when findings the registry left out of its report (counted by severity) fail under this
     * setting: no waiver was matched against them, so they count as they are.
     */
    void failOnUnlisted(String what, java.util.Map<Severity, Long> unlisted, String where) throws MojoFailureException {
        if (!Gate.FailOn.valueOf(name()).failsOn(unlisted)) return;
        throw new MojoFailureException(what + " has findings the registry's report left out ("
                + dev.wowcompat.text.Counts.of(unlisted.getOrDefault(Severity.BREAKING, 0L), "breaking finding") + ", "
                + dev.wowcompat.text.Counts.of(unlisted.getOrDefault(Severity.WARNING, 0L), "warning") + "); no waiver was matched against them."
                + (where == null ? "" : " See " + where + "."));
    }

    /**
     * @param what e.g. "bank-service@1.1.0" or "The registry refused bank-service@1.1.0:"
     * @param where where the full report is, or null
     */
    static String message(String what, Report report, List<Finding> failing, String where) {
        long breaking = report.count(Severity.BREAKING);
        long warnings = report.count(Severity.WARNING);
        StringBuilder sb = new StringBuilder(what).append(" has ");
        if (breaking > 0 && warnings > 0 && failing.size() > breaking) {
            sb.append(count(breaking, "breaking finding")).append(" and ").append(count(warnings, "warning"));
        } else if (breaking > 0) {
            sb.append(count(breaking, "breaking finding"));
        } else {
            sb.append(count(warnings, "warning"));
        }
        if (!report.baselines().isEmpty()) {
            sb.append(" against ").append(report.baselines().stream()
                    .map(b -> b.service() + "@" + b.version()).collect(Collectors.joining(", ")));
        }
        sb.append(".");
        failing.stream().limit(FIRST_FINDINGS).forEach(f -> sb.append("\n  ").append(line(f)));
        if (failing.size() > FIRST_FINDINGS) {
            sb.append("\n  ... and ").append(failing.size() - FIRST_FINDINGS).append(" more");
        }
        if (where != null) sb.append("\nFull report: ").append(where);
        return sb.toString();
    }

    /** {@code [field-removed] bank.account.Deposited@1 /properties/amount: message} */
    static String line(Finding f) {
        StringBuilder sb = new StringBuilder("[").append(f.rule().id()).append("] ").append(f.subject());
        if (!f.pointer().isEmpty()) sb.append(" ").append(f.pointer());
        return sb.append(": ").append(f.message()).toString();
    }

    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
