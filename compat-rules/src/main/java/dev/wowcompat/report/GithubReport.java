package dev.wowcompat.report;

import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Location;
import java.util.List;
import java.util.Map;

/**
 * GitHub Actions workflow commands: one annotation per finding ({@code ::error}, {@code ::warning},
 * {@code ::notice}), on the finding's line of the candidate file when it has a location, preceded by the plain
 * verdict line. Waived findings become notices that carry the reason.
 */
final class GithubReport {
    private GithubReport() {}

    static String render(Report report) {
        StringBuilder out = new StringBuilder();
        out.append(ReportParts.oneLine(ReportParts.verdictLine(report))).append('\n');
        for (Map.Entry<String, List<Finding>> group : ReportParts.bySubject(report.findings()).entrySet()) {
            for (Finding f : group.getValue()) {
                String command = switch (f.severity()) {
                    case BREAKING -> "error";
                    case WARNING -> "warning";
                    case INFO -> "notice";
                };
                annotation(out, command, f.location(), f.rule().id() + " " + f.subject(), body(f));
            }
        }
        for (List<Report.Waived> group : ReportParts.waivedBySubject(report.waived()).values()) {
            for (Report.Waived w : group) {
                Finding f = w.finding();
                annotation(out, "notice", f.location(), "waived " + f.rule().id() + " " + f.subject(),
                        "Waived because: " + w.reason() + ". " + body(f));
            }
        }
        changes(out, report);
        return out.toString();
    }

    /** Changes listed in one annotation, at most; the rest are counted (annotations are limited per step). */
    static final int CHANGES_IN_NOTICE = 20;

    /**
     * The changelog as one summary notice: one annotation per change would bury the findings (GitHub shows a
     * limited number per step), and a compatible change needs no action on any line.
     */
    private static void changes(StringBuilder out, Report report) {
        List<Change> changes = report.changes();
        if (changes.isEmpty()) return;
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < Math.min(changes.size(), CHANGES_IN_NOTICE); i++) {
            Change c = changes.get(i);
            if (i > 0) list.append("; ");
            list.append(c.kind().id()).append(' ').append(c.subject()).append(c.pointer().isEmpty() ? "" : c.pointer());
        }
        if (changes.size() > CHANGES_IN_NOTICE) list.append("; and ").append(changes.size() - CHANGES_IN_NOTICE).append(" more");
        annotation(out, "notice", null, "wow-compat: " + ReportParts.changesHeading(report), list.toString());
    }

    private static String body(Finding f) {
        return ReportParts.oneLine(f.message()) + " (at " + ReportParts.where(f.pointer()) + "; "
                + ReportParts.breaksShort(f.breaks()) + ") Fix: " + ReportParts.oneLine(f.fix());
    }

    private static void annotation(StringBuilder out, String command, Location at, String title, String message) {
        out.append("::").append(command).append(' ').append(fileProperties(at))
                .append("title=").append(property(ReportParts.oneLine(title))).append("::")
                .append(data(ReportParts.oneLine(message))).append('\n');
    }

    /**
     * {@code file=PATH,line=L,col=C,} for a located annotation, so that GitHub shows it on that line of the pull
     * request's diff; "" otherwise.
     */
    private static String fileProperties(Location at) {
        if (at == null) return "";
        return "file=" + property(ReportParts.oneLine(ReportParts.path(at))) + ",line=" + at.line() + ",col=" + at.column() + ",";
    }

    /** The escaping GitHub applies to a command's message: %, CR and LF. */
    static String data(String text) {
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** Property values additionally escape the separators of the property list, ':' and ','. */
    static String property(String text) {
        return data(text).replace(":", "%3A").replace(",", "%2C");
    }
}
