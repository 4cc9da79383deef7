package dev.wowcompat.report;

import dev.wowcompat.text.Counts;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Level;
import dev.wowcompat.rules.Location;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Severity;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The wording and ordering every renderer shares, so that text, markdown, junit and the annotations tell the
 * reader the same thing in the same order.
 */
final class ReportParts {
    private ReportParts() {}

    /** Within one subject: worst first, then by place in the schema, then by rule. */
    static final Comparator<Finding> FINDING_ORDER = Comparator
            .comparing(Finding::severity)
            .thenComparing(Finding::pointer)
            .thenComparing(f -> f.rule().id());

    /**
     * Findings grouped by subject. Subjects with breaking findings come first (the reader's build failed because
     * of them), then by name, so that the grouping does not depend on the order the checker produced.
     */
    static Map<String, List<Finding>> bySubject(List<Finding> findings) {
        Map<String, List<Finding>> groups = findings.stream().collect(Collectors.groupingBy(Finding::subject));
        Map<String, List<Finding>> ordered = new LinkedHashMap<>();
        groups.entrySet().stream()
                .sorted(Comparator.<Map.Entry<String, List<Finding>>, Severity>comparing(e -> worst(e.getValue()))
                        .thenComparing(Map.Entry::getKey))
                .forEach(e -> {
                    List<Finding> list = new ArrayList<>(e.getValue());
                    list.sort(FINDING_ORDER);
                    ordered.put(e.getKey(), List.copyOf(list));
                });
        return ordered;
    }

    /** Waived findings grouped by subject the same way. */
    static Map<String, List<Report.Waived>> waivedBySubject(List<Report.Waived> waived) {
        Map<String, List<Report.Waived>> ordered = new LinkedHashMap<>();
        waived.stream()
                .sorted(Comparator.comparing((Report.Waived w) -> w.finding().subject())
                        .thenComparing(Report.Waived::finding, FINDING_ORDER))
                .forEach(w -> ordered.computeIfAbsent(w.finding().subject(), k -> new ArrayList<>()).add(w));
        return ordered;
    }

    /** The changelog grouped by subject, in the report's order (subject, pointer, kind). */
    static Map<String, List<Change>> changesBySubject(List<Change> changes) {
        Map<String, List<Change>> out = new LinkedHashMap<>();
        changes.stream().sorted(Change.ORDER).forEach(c -> out.computeIfAbsent(c.subject(), k -> new ArrayList<>()).add(c));
        return out;
    }

    /** One change on one line, without its subject: {@code kind at pointer: message}. */
    static String changeLine(Change change) {
        return change.kind().id() + (change.pointer().isEmpty() ? "" : " at " + change.pointer()) + ": "
                + oneLine(change.message());
    }

    /** "3 compatible changes", the heading of every changelog. */
    static String changesHeading(Report report) {
        int n = report.changes().size();
        return Counts.of(n, "compatible change");
    }

    static Severity worst(List<Finding> findings) {
        return findings.stream().map(Finding::severity).min(Comparator.naturalOrder()).orElse(Severity.INFO);
    }

    /** {@code service@version}; a plain schema version may have no version part. */
    static String label(Report.Release release) {
        if (release == null) return "(unnamed)";
        String service = release.service() == null ? "" : release.service();
        String version = release.version() == null ? "" : release.version();
        if (version.isEmpty()) return service;
        if (service.isEmpty()) return version;
        return service + "@" + version;
    }

    static String baselines(Report report) {
        if (report.baselines().isEmpty()) return "no baseline";
        return report.baselines().stream().map(ReportParts::label).collect(Collectors.joining(", "));
    }

    /** "2 breaking, 1 warning, 0 info" plus the waived count when there are any. */
    static String counts(Report report) {
        String counts = report.count(Severity.BREAKING) + " breaking, " + report.count(Severity.WARNING) + " warning, "
                + report.count(Severity.INFO) + " info";
        return report.waived().isEmpty() ? counts : counts + ", " + report.waived().size() + " waived";
    }

    /** The one-line verdict every human-facing format starts with. */
    static String verdictLine(Report report) {
        return report.verdict().toUpperCase(java.util.Locale.ROOT) + ": " + label(report.candidate())
                + " against " + baselines(report) + " (level " + report.level() + "): " + counts(report);
    }

    /**
     * What a report without findings says: every reader keeps working, unless findings were waived, which still break
     * whom they name; the report must not call them harmless (docs/decisions.md, "No findings, or all waived").
     */
    static String noFindings(Report report) {
        int waived = report.waived().size();
        if (waived == 0) return "No findings: every reader keeps working.";
        return "No findings other than the " + Counts.of(waived, "waived one", "waived ones")
                + " below, which still " + (waived == 1 ? "breaks" : "break") + " the readers " + (waived == 1 ? "it names" : "they name") + ".";
    }

    /**
     * Whom the finding breaks, for a report's "Breaks" line: in its rule's own words when the rule has them (a
     * rollback's reader is the release rolled back to), else in the general words of old and new readers.
     */
    static String breaks(Finding finding, boolean plain) {
        if (plain) return finding.breaks().plainWords();
        return finding.rule().readers(finding.breaks()).orElseGet(() -> finding.breaks().words());
    }

    /**
     * Whether a report is of plain JSON Schema versions ({@code check-schema}: a plain level, and the candidate is the
     * subject {@link Report#PLAIN_SCHEMA}), whose readers are told in words of versions, not releases. A Manifest
     * checked at a plain level keeps the words of releases.
     */
    static boolean plain(Report report) {
        return report.level() != null && !report.level().equals(Level.ADDITIVE.name())
                && Arrays.stream(Level.values()).anyMatch(l -> l.name().equals(report.level()))
                && report.candidate() != null && Report.PLAIN_SCHEMA.equals(report.candidate().service());
    }

    /** Short form for one-line formats. */
    static String breaksShort(Readers readers) {
        return switch (readers) {
            case OLD_READERS -> "breaks old readers";
            case NEW_READERS -> "breaks new readers";
            case BOTH -> "breaks old and new readers";
            case NONE -> "breaks no reader";
        };
    }

    /** Where in the subject's schema: the pointer, or the whole type when the pointer is empty. */
    static String where(String pointer) {
        return pointer.isEmpty() ? "the whole type" : pointer;
    }

    /**
     * A location's file as CI tools and editors expect it: relative to the working directory when the file is under
     * it (GitHub resolves annotation paths against the workspace, where the build runs), else as given; always with
     * forward slashes.
     */
    static String path(Location location) {
        String file = location.file();
        try {
            Path absolute = Path.of(file).toAbsolutePath().normalize();
            Path workingDirectory = Path.of("").toAbsolutePath();
            if (absolute.startsWith(workingDirectory)) file = workingDirectory.relativize(absolute).toString();
        } catch (InvalidPathException e) {
            // Not a path of this file system (a name given by the caller): shown as given.
        }
        return file.replace('\\', '/');
    }

    /** {@code path:line:column}, the form editors and terminals make clickable; "" when there is no location. */
    static String position(Finding f) {
        Location l = f.location();
        return l == null ? "" : path(l) + ":" + l.line() + ":" + l.column();
    }

    /**
     * User text as one printable line: a line break would split a finding in two (or end a workflow command), and
     * other control characters (terminal escape sequences among them) must not reach a terminal or a CI log.
     */
    static String oneLine(String text) {
        if (text == null) return "";
        String joined = text.replace("\r\n", " ").replace('\r', ' ').replace('\n', ' ');
        StringBuilder out = new StringBuilder(joined.length());
        joined.codePoints().forEach(cp -> {
            if (cp == '\t') out.append(' ');
            else if (Character.isISOControl(cp)) out.append('\uFFFD');
            else out.appendCodePoint(cp);
        });
        return out.toString();
    }
}
