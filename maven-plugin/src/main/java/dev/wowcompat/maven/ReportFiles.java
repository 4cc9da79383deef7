package dev.wowcompat.maven;

import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;

/** Writes a report in every requested format under {@code target/wow-compat/}. */
final class ReportFiles {
    /** Written on every run, whatever {@code formats} says: CI jobs and dashboards rely on finding them. */
    static final Set<ReportFormat> ALWAYS = EnumSet.of(ReportFormat.JSON, ReportFormat.MARKDOWN, ReportFormat.JUNIT);

    private ReportFiles() {}

    /** The check goal's files: {@code report.json}, {@code report.md}, ... */
    static final String REPORT = "report";

    static String fileName(ReportFormat format) {
        return fileName(REPORT, format);
    }

    /** @param base the name before the extension, e.g. {@code can-deploy} for {@code can-deploy.json} */
    static String fileName(String base, ReportFormat format) {
        return format.fileName(base);
    }

    /** The formats to write: the three always written plus those named in {@code formats}. */
    static Set<ReportFormat> formats(List<String> requested) throws MojoFailureException {
        Set<ReportFormat> out = EnumSet.copyOf(ALWAYS);
        if (requested == null) return out;
        for (String entry : requested) {
            // Accept both <formats><format>sarif</format></formats> and -Dwow-compat.formats=sarif,github.
            for (String name : entry.split(",")) {
                if (name.isBlank()) continue;
                try {
                    out.add(ReportFormat.parse(name));
                } catch (IllegalArgumentException e) {
                    throw new MojoFailureException("Unknown report format '" + name.trim() + "' in <formats>; use any of "
                            + String.join(", ", names()) + ".");
                }
            }
        }
        return out;
    }

    static List<Path> write(Report report, Path directory, Set<ReportFormat> formats) throws MojoExecutionException {
        return write(report, directory, formats, REPORT, ReportFormat.JSON::render);
    }

    /**
     * @param base the files' name before the extension
     * @param json how the goal writes its json report (can-deploy's adds the environment and the verdict)
     */
    static List<Path> write(Report report, Path directory, Set<ReportFormat> formats, String base, Function<Report, String> json)
            throws MojoExecutionException {
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(directory);
            for (ReportFormat format : formats) {
                Path file = directory.resolve(fileName(base, format));
                Files.writeString(file, format == ReportFormat.JSON ? json.apply(report) : format.render(report), StandardCharsets.UTF_8);
                written.add(file);
            }
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the wow-compat report to " + directory + ": " + e.getMessage() + ".");
        }
        return written;
    }

    private static List<String> names() {
        List<String> out = new ArrayList<>();
        for (ReportFormat f : ReportFormat.values()) out.add(f.name().toLowerCase(Locale.ROOT));
        return out;
    }
}
