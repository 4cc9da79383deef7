package dev.wowcompat.cli;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.gate.Gate;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.report.Waiver;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * How a check's report is shown and what makes it fail: shared by every command that produces a report of the engine
 * ({@code check}, {@code check-schema}, {@code can-deploy}). The format, output and fail-on are {@link VerdictOptions},
 * the audit's too; the changelog and the waivers of rules are the engine's own.
 */
final class ReportOptions {
    @Mixin
    VerdictOptions verdict;

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
        ReportFormat format = verdict.format;
        String rendered = format == ReportFormat.JSON ? json.apply(report) : format.render(report);
        verdict.show(rendered, () -> ReportFormat.TEXT.render(report).lines().findFirst().orElse(report.verdict()), spec.commandLine().getOut());
        return exitCode(report);
    }

    int exitCode(Report report) {
        return verdict.failOn.failing(report).isEmpty() ? ExitCodes.OK : ExitCodes.FINDINGS;
    }
}
