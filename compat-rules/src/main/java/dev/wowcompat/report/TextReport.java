package dev.wowcompat.report;

import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The default report, for a person reading a terminal or a CI log: verdict first, then findings by subject. */
final class TextReport {
    private TextReport() {}

    static String render(Report report) {
        StringBuilder out = new StringBuilder();
        out.append(ReportParts.verdictLine(report)).append('\n');
        if (report.findings().isEmpty()) {
            out.append('\n').append(ReportParts.noFindings(report)).append('\n');
        }
        for (Map.Entry<String, List<Finding>> group : ReportParts.bySubject(report.findings()).entrySet()) {
            out.append('\n').append(ReportParts.oneLine(group.getKey())).append('\n');
            for (Finding f : group.getValue()) {
                finding(out, f, "  ", ReportParts.plain(report));
            }
        }
        if (!report.waived().isEmpty()) {
            out.append("\nWaived (not counted in the verdict):\n");
            for (Map.Entry<String, List<Report.Waived>> group : ReportParts.waivedBySubject(report.waived()).entrySet()) {
                out.append("  ").append(ReportParts.oneLine(group.getKey())).append('\n');
                for (Report.Waived w : group.getValue()) {
                    finding(out, w.finding(), "    ", ReportParts.plain(report));
                    out.append("    ").append("  Waived because: ").append(ReportParts.oneLine(w.reason())).append('\n');
                }
            }
        }
        changes(out, report);
        return out.toString();
    }

    /** The changelog after the findings, so the verdict and what broke stay first. */
    private static void changes(StringBuilder out, Report report) {
        if (report.changes().isEmpty()) return;
        out.append("\nCompatible changes (").append(report.changes().size()).append("):\n");
        for (Map.Entry<String, List<Change>> group : ReportParts.changesBySubject(report.changes()).entrySet()) {
            out.append("  ").append(ReportParts.oneLine(group.getKey())).append('\n');
            for (Change c : group.getValue()) out.append("    ").append(ReportParts.changeLine(c)).append('\n');
        }
    }

    /** Two spaces and {@code path:line:col} when the finding has a location. */
    private static String fileLocation(Finding f) {
        String position = ReportParts.position(f);
        return position.isEmpty() ? "" : "  " + ReportParts.oneLine(position);
    }

    private static void finding(StringBuilder out, Finding f, String indent, boolean plain) {
        out.append(indent).append(f.severity().label().toUpperCase(Locale.ROOT)).append(' ').append(f.rule().id())
                .append(" at ").append(ReportParts.where(f.pointer())).append("  [id ").append(f.id()).append(']')
                .append(fileLocation(f)).append('\n');
        String inner = indent + "  ";
        out.append(inner).append(ReportParts.oneLine(f.message())).append('\n');
        out.append(inner).append("Breaks: ").append(ReportParts.breaks(f, plain)).append('\n');
        out.append(inner).append("Fix: ").append(ReportParts.oneLine(f.fix())).append('\n');
    }
}
