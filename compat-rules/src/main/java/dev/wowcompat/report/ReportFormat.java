package dev.wowcompat.report;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The report formats (docs/architecture.md, "A check, from input to report"), each with its renderer. */
public enum ReportFormat {
    TEXT("txt", TextReport::render),
    JSON("json", ReportJson::write),
    MARKDOWN("md", MarkdownReport::render),
    JUNIT("xml", JunitReport::render),
    GITHUB("txt", GithubReport::render),
    SARIF("sarif", SarifReport::render);

    private final String fileExtension;
    private final Function<Report, String> renderer;

    ReportFormat(String fileExtension, Function<Report, String> renderer) {
        this.fileExtension = fileExtension;
        this.renderer = renderer;
    }

    /**
     * @throws IllegalArgumentException naming the known formats when the text is none of them
     */
    public static ReportFormat parse(String text) {
        String wanted = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.name().equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown report format '" + text + "'; expected one of " + names()));
    }

    /** The lower-case names users type, e.g. {@code text, json, markdown, junit, github, sarif}. */
    public static String names() {
        return Arrays.stream(values()).map(ReportFormat::label).collect(Collectors.joining(", "));
    }

    /** The lower-case name users type. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The usual file extension of this format, without the dot (e.g. for {@code target/wow-compat/report.md}). */
    public String fileExtension() {
        return fileExtension;
    }

    /** Renders the report in this format. */
    public String render(Report report) {
        return renderer.apply(report);
    }
}
