package dev.wowcompat.report;

import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import java.util.List;
import java.util.Map;

/** A report for pull-request comments and job summaries. User text is escaped so it cannot turn into markup. */
final class MarkdownReport {
    private MarkdownReport() {}

    static String render(Report report) {
        StringBuilder out = new StringBuilder();
        out.append("## wow-compat: ").append(report.verdict()).append("\n\n");
        out.append(text(ReportParts.label(report.candidate()))).append(" checked against ")
                .append(text(ReportParts.baselines(report))).append(" at level ").append(code(report.level()))
                .append(": **").append(ReportParts.counts(report)).append("**.\n");
        if (report.findings().isEmpty()) {
            out.append('\n').append(ReportParts.noFindings(report)).append('\n');
        }
        for (Map.Entry<String, List<Finding>> group : ReportParts.bySubject(report.findings()).entrySet()) {
            out.append("\n### ").append(code(group.getKey())).append("\n\n");
            for (Finding f : group.getValue()) {
                finding(out, f, null, ReportParts.plain(report));
            }
        }
        if (!report.waived().isEmpty()) {
            out.append("\n### Waived (not counted in the verdict)\n\n");
            for (Map.Entry<String, List<Report.Waived>> group : ReportParts.waivedBySubject(report.waived()).entrySet()) {
                for (Report.Waived w : group.getValue()) {
                    finding(out, w.finding(), w.reason(), ReportParts.plain(report));
                }
            }
        }
        changes(out, report);
        return out.toString();
    }

    /** The changelog as a table after the findings: one row per change. */
    private static void changes(StringBuilder out, Report report) {
        if (report.changes().isEmpty()) return;
        out.append("\n### Compatible changes\n\n").append(ReportParts.changesHeading(report)).append(".\n\n");
        out.append("| Subject | Change | Where | What |\n|---|---|---|---|\n");
        for (Change c : report.changes()) {
            out.append("| ").append(code(c.subject())).append(" | ").append(code(c.kind().id())).append(" | ")
                    .append(c.pointer().isEmpty() ? "the whole type" : code(c.pointer())).append(" | ")
                    .append(text(c.message())).append(" |\n");
        }
    }

    private static void finding(StringBuilder out, Finding f, String waivedReason, boolean plain) {
        out.append("- **").append(f.severity().label()).append("** ").append(code(f.rule().id()));
        if (waivedReason != null) out.append(" on ").append(code(f.subject()));
        out.append(" at ").append(f.pointer().isEmpty() ? "the whole type" : code(f.pointer()))
                .append(" (id ").append(code(f.id())).append(")\n");
        out.append("  - ").append(text(f.message())).append('\n');
        out.append("  - Breaks ").append(text(ReportParts.breaks(f, plain))).append('\n');
        out.append("  - **Fix:** ").append(text(f.fix())).append('\n');
        if (waivedReason != null) out.append("  - **Waived because:** ").append(text(waivedReason)).append('\n');
    }

    /**
     * Backslash-escapes the characters CommonMark and GitHub read as inline markup. Block markers (#, -, +, 1.)
     * only count at the start of a line, and user text never starts one here.
     */
    static String text(String raw) {
        String s = ReportParts.oneLine(raw);
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ("\\`*_[]<>|~&".indexOf(c) >= 0) out.append('\\');
            out.append(c);
        }
        return out.toString();
    }

    /** A code span whose fence is longer than any run of backticks inside it, as CommonMark requires. */
    static String code(String raw) {
        String s = ReportParts.oneLine(raw);
        int longest = 0;
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            run = s.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        boolean pad = s.startsWith("`") || s.endsWith("`") || s.isEmpty();
        return fence + (pad ? " " : "") + s + (pad ? " " : "") + fence;
    }
}
