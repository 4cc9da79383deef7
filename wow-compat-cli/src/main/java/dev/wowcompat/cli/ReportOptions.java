package dev.wowcompat.cli;

import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.gate.Gate;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.report.Waiver;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** How a check's report is shown and what makes it fail: shared by every command that produces a report. */
final class ReportOptions {

    @Option(names = "--format", paramLabel = "F", converter = Converters.Format.class, defaultValue = "text",
            completionCandidates = ReportFormatNames.class,
            description = "Report format, one of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    ReportFormat format = ReportFormat.TEXT;

    @Option(names = "--output", paramLabel = "FILE",
            description = "Write the report to FILE (parent directories are created) and only the verdict to standard output.")
    Path output;

    @Option(names = "--fail-on", paramLabel = "breaking|warning|never", defaultValue = "breaking", converter = Converters.FailOn.class,
            description = "Exit 1 on breaking findings (default), on warnings too, or never.")
    Gate.FailOn failOn = Gate.FailOn.BREAKING;

    @Option(names = "--changes", paramLabel = "all|none", defaultValue = "all", converter = Converters.Changes.class,
            description = "List the compatible changes (the changelog) beside the findings (default), or leave them out.")
    Gate.Changes changes = Gate.Changes.ALL;

    @Option(names = "--ignore", paramLabel = "RULE:SUBJECT_GLOB:REASON|FINDING_ID:REASON", converter = Converters.Ignore.class,
            description = "Waive findings of RULE (or *) on subjects matching the glob (* matches anything), or the one "
                    + "finding with FINDING_ID (12 hex digits, from a report); the reason is shown in the report. Repeatable.")
    List<Waiver> ignores = new ArrayList<>();

    /**
     * Applies the waivers, writes the report where asked, and says how the command exits.
     *
     * @throws InvalidInputException when the output file cannot be written
     */
    int emit(Report checked, CommandSpec spec) throws InvalidInputException {
        return emit(checked, spec, ReportFormat.JSON::render);
    }

    /**
     * The same, with the command's own JSON form of the report (can-deploy's adds the environment and the verdict).
     *
     * @throws InvalidInputException when the output file cannot be written
     */
    int emit(Report checked, CommandSpec spec, Function<Report, String> json) throws InvalidInputException {
        PrintWriter err = spec.commandLine().getErr();
        for (int i : Gate.unused(ignores, checked)) {
            err.println("wow-compat: warning: --ignore number " + i + " (" + ignores.get(i - 1).describe() + ") matches no finding; remove it");
        }
        err.flush();
        Report report = changes.apply(checked.withWaivers(ignores));
        String rendered = format == ReportFormat.JSON ? json.apply(report) : format.render(report);
        PrintWriter out = spec.commandLine().getOut();
        if (output == null) {
            out.print(rendered);
        } else {
            write(output, rendered);
            String verdict = ReportFormat.TEXT.render(report).lines().findFirst().orElse(report.verdict());
            out.println(verdict + " (" + format.label() + " report written to " + output + ")");
        }
        out.flush();
        return exitCode(report);
    }

    int exitCode(Report report) {
        return failOn.failing(report).isEmpty() ? ExitCodes.OK : ExitCodes.FINDINGS;
    }

    static void write(Path file, String content) throws InvalidInputException {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (AccessDeniedException e) {
            throw unwritable(file, "permission denied");
        } catch (IOException e) {
            throw unwritable(file, e.getMessage());
        }
    }

    private static InvalidInputException unwritable(Path file, String why) {
        return new InvalidInputException(new InputProblem(file.toString(), "", "wow-compat.output.unwritable",
                "cannot write the report: " + why));
    }
}
