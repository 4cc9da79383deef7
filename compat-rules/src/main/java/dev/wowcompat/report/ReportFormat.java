package dev.wowcompat.report;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The report formats (docs/architecture.md, "A check, from input to report"), each with its file extension, its
 * media type and its renderer: the one list of formats. The command line's {@code --format} and its help, the
 * registry's {@code format} parameter and its media types, and the Maven plugin's report files read it.
 */
public enum ReportFormat {
    TEXT("txt", "text/plain; charset=utf-8", TextReport::render),
    JSON("json", "application/json", ReportJson::write),
    MARKDOWN("md", "text/markdown; charset=utf-8", MarkdownReport::render),
    JUNIT("xml", "application/xml; charset=utf-8", JunitReport::render),
    GITHUB("txt", "text/plain; charset=utf-8", GithubReport::render),
    SARIF("sarif", "application/sarif+json", SarifReport::render);

    private final String fileExtension;
    private final String mediaType;
    private final Function<Report, String> renderer;

    ReportFormat(String fileExtension, String mediaType, Function<Report, String> renderer) {
        this.fileExtension = fileExtension;
        this.mediaType = mediaType;
        this.renderer = renderer;
    }

    /** The media type of a rendered report, as an answer's {@code Content-Type} says it. */
    public String mediaType() {
        return mediaType;
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

    /**
     * The file a report in this format is written to, beside the others: {@code base} and the extension, and for a
     * format whose extension an earlier format has already (github's {@code txt}) its name too, e.g.
     * {@code report-github.txt}, so that every format has a file of its own.
     */
    public String fileName(String base) {
        boolean shared = Arrays.stream(values()).limit(ordinal()).anyMatch(f -> f.fileExtension.equals(fileExtension));
        return base + (shared ? "-" + label() : "") + "." + fileExtension;
    }

    /** Renders the report in this format. */
    public String render(Report report) {
        return renderer.apply(report);
    }
}
