package dev.wowcompat.cli;

import dev.wowcompat.gate.Gate;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.report.ReportFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * Where a report goes and what makes it fail: {@code --format}, {@code --output} and {@code --fail-on}, declared once
 * for every command that reports ({@code check}, {@code check-schema} and {@code can-deploy} through
 * {@link ReportOptions}, and {@code audit}).
 */
final class VerdictOptions {
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

    /**
     * Prints the rendered report to {@code out}, or writes it to {@code --output} and prints only its verdict line.
     *
     * @throws InvalidInputException when the output file cannot be written
     */
    void show(String rendered, Supplier<String> verdict, PrintWriter out) throws InvalidInputException {
        if (output == null) {
            out.print(rendered);
        } else {
            write(output, rendered.getBytes(StandardCharsets.UTF_8), "the report");
            out.println(verdict.get() + " (" + format.label() + " report written to " + output + ")");
        }
        out.flush();
    }

    /** Writes {@code --output}, or says in one sentence of ours why it cannot (shared by every command's --output). */
    static void write(Path file, byte[] content, String what) throws InvalidInputException {
        Path parent = file.toAbsolutePath().getParent();
        try {
            if (parent != null) Files.createDirectories(parent);
        } catch (IOException e) {
            // The JDK names only the path ("/proc/nope"): say what failed and what to do.
            throw unwritable(file, what, "its directory " + parent + " does not exist and cannot be created; give an --output in a directory you may write to");
        }
        try {
            Files.write(file, content);
        } catch (AccessDeniedException e) {
            throw unwritable(file, what, "permission denied; give an --output in a directory you may write to");
        } catch (IOException e) {
            throw unwritable(file, what, Files.isDirectory(file) ? "it is a directory; give a file name"
                    : "the file cannot be written; give an --output in a directory you may write to");
        }
    }

    private static InvalidInputException unwritable(Path file, String what, String why) {
        return new InvalidInputException(new InputProblem(file.toString(), "", "wow-compat.output.unwritable",
                "cannot write " + what + ": " + why));
    }
}
