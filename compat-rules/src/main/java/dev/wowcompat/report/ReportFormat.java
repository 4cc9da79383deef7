package dev.wowcompat.report;

import java.util.Locale;

/** The report formats of DESIGN §5. */
public enum ReportFormat {
    TEXT, JSON, MARKDOWN, JUNIT, GITHUB, SARIF;

    public static ReportFormat parse(String text) {
        return valueOf(text.trim().toUpperCase(Locale.ROOT));
    }

    /** Renders the report in this format. */
    public String render(Report report) {
        throw new UnsupportedOperationException("TODO renderers");
    }
}
