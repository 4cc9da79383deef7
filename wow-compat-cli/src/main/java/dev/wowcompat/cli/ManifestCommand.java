package dev.wowcompat.cli;

import dev.wowcompat.generator.GeneratedManifest;
import dev.wowcompat.generator.GenerationException;
import dev.wowcompat.generator.GenerationRequest;
import dev.wowcompat.generator.ManifestGenerator;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.ProblemCodes;
import dev.wowcompat.manifest.Version;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code wow-compat manifest}: the Manifest of a service generated from its compiled classes, for builds that are
 * not Maven (docs/manifest-from-code.md). It writes the same bytes as the Maven plugin's {@code manifest} goal
 * given the same classes, classpath, service and version.
 *
 * <p>Here {@code --version} is the release's version, so the command has {@code --help} but not the standard
 * {@code --version} flag; {@code wow-compat --version} still prints the tool's.
 */
@Command(name = "manifest", sortOptions = false,
        header = "Generate a service's Manifest from its compiled classes.",
        description = {
                "Reads the classes with Wow's annotations and wow-compat's, loading them through the given classpath,",
                "and writes the Manifest (format 1) to --out or standard output.",
                "Exit codes: 0 written (warnings, if any, on standard error), 2 bad input (one line per problem),",
                "a warning under --strict, or usage."})
final class ManifestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Option(names = "--classes", required = true, paramLabel = "DIR",
            description = "A directory of the service's compiled classes (e.g. build/classes/java/main). Repeatable.")
    List<Path> classes = new ArrayList<>();

    @Option(names = "--classpath", paramLabel = "CP",
            description = "The service's runtime classpath: jars and directories separated by '${sys:path.separator}'. Repeatable.")
    List<String> classpath = new ArrayList<>();

    @Option(names = "--service", required = true, paramLabel = "NAME", description = "The Manifest's service name (kebab-case).")
    String service;

    @Option(names = "--version", required = true, paramLabel = "V", description = "The release's version, major.minor.patch.")
    String version;

    @Option(names = "--previous", paramLabel = "FILE",
            description = "The previous release's Manifest: its revision numbers are kept.")
    Path previous;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the Manifest here instead of to standard output.")
    Path out;

    @Option(names = "--strict", description = "Exit 2 when there is any warning (something the Manifest leaves out or cannot tell), writing nothing.")
    boolean strict;

    @Override
    public Integer call() throws GenerationException, InvalidInputException, IOException {
        if (!Version.isValid(version)) {
            throw new ParameterException(spec.commandLine(), "--version: " + Version.problem(version).orElseThrow());
        }
        List<InputProblem> missing = new ArrayList<>();
        for (Path dir : classes) {
            if (!Files.isDirectory(dir)) missing.add(new InputProblem(dir.toString(), "", ProblemCodes.UNREADABLE, "no such directory of classes (--classes)"));
        }
        if (previous != null && !Files.isRegularFile(previous)) {
            missing.add(new InputProblem(previous.toString(), "", ProblemCodes.UNREADABLE, "no such file (--previous)"));
        }
        if (!missing.isEmpty()) throw new InvalidInputException(missing);

        GenerationRequest request = new GenerationRequest(classes.stream().map(p -> p.toAbsolutePath().normalize()).toList(),
                classpathEntries(), service, version, Optional.ofNullable(previous), strict);
        // In this JVM (an isolated class loader): the CLI is already a JVM of its own, a fork would start a second one.
        GeneratedManifest generated = new ManifestGenerator(false).generate(request);
        PrintWriter err = spec.commandLine().getErr();
        for (String warning : generated.warnings()) {
            err.println("wow-compat manifest: warning: " + warning);
        }
        err.flush();
        if (out == null) {
            // The generator's UTF-8 text unchanged: the writer of main() is UTF-8 and adds no line separator.
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.print(new String(generated.json(), StandardCharsets.UTF_8));
            stdout.flush();
        } else {
            VerdictOptions.write(out, generated.json(), "the Manifest");
        }
        return ExitCodes.OK;
    }

    private List<Path> classpathEntries() {
        List<Path> entries = new ArrayList<>();
        for (String value : classpath) {
            for (String entry : value.split(File.pathSeparator)) {
                if (!entry.isBlank()) entries.add(Path.of(entry).toAbsolutePath().normalize());
            }
        }
        return entries;
    }
}
