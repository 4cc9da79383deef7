package dev.wowcompat.cli;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.LocatedManifest;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.manifest.SchemaPool;
import dev.wowcompat.report.FindingLocator;
import dev.wowcompat.report.Report;
import dev.wowcompat.gate.Gate;
import dev.wowcompat.rules.Level;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code wow-compat check}: a candidate Manifest against the earlier releases of its service (docs/architecture.md, "A check, from input to report"). */
@Command(name = "check", sortOptions = false,
        header = "Check a release's Manifest against earlier releases of its service.",
        description = {
                "The candidate is compared under the ADDITIVE rules (or --level) with every earlier release of its major version.",
                "Baselines of other services, and releases not earlier than the candidate, are not compared.",
                "Without --baseline or --registry the candidate is checked as a first release (closed objects, revision chains).",
                "Exit codes: 0 compatible, 1 breaking findings (or warnings with --fail-on warning), 2 bad input or usage."})
final class CheckCommand implements Callable<Integer>, ReadsManifests {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Option(names = "--candidate", required = true, paramLabel = "FILE", description = "The Manifest of the release to check.")
    Path candidate;

    @Option(names = "--baseline", paramLabel = "FILE|DIR",
            description = "An earlier release's Manifest, or a directory whose *.json files are all Manifests. Repeatable.")
    List<Path> baselines = new ArrayList<>();

    @Option(names = "--registry", paramLabel = "URL",
            description = "Take the baselines from a registry: every release of the candidate's service it holds.")
    String registry;

    @Option(names = "--level", paramLabel = "LEVEL", converter = Converters.LevelName.class, defaultValue = "ADDITIVE",
            description = "ADDITIVE (default), or a plain level (backward, forward, full, their -transitive forms, none) "
                    + "applied schema by schema, as the Maven plugin's <level>.")
    Level level = Level.ADDITIVE;

    @Mixin
    InputOptions input;

    @Mixin
    DialectOption draft;

    @Mixin
    ReportOptions report;

    @Override
    public Integer call() throws InvalidInputException {
        if (registry != null && !baselines.isEmpty()) {
            // The usage says one or the other: a check against both would mix a local history with the registry's.
            throw new ParameterException(spec.commandLine(), UsageErrors.eitherNotBoth(List.of("--baseline FILE|DIR...", "--registry URL")));
        }
        // One pool for the run: the candidate and its baselines are one history, in which most schemas repeat
        // unchanged from release to release, so each is held once however many releases are read.
        ManifestReader reader = draft.apply(new ManifestReader(input.limits())).sharing(new SchemaPool());
        // Baseline files are read while the candidate is (on a machine with a core to spare), trusting; then only
        // what the candidate does not have is checked against its meta-schema: each schema once per run.
        ManifestReader trusting = reader.trusting();
        InputFiles files = new InputFiles();
        InputFiles.Pending<Manifest> reading = files.readLater(baselines, trusting::read);
        LocatedManifest located = files.read(candidate, reader::readLocated);
        Manifest release = located == null ? null : located.manifest();
        List<Baseline> history = new ArrayList<>();
        for (InputFiles.ReadFile<Manifest> read : reading.get()) {
            try {
                reader.verify(read.value(), read.file().toString());
                // Named on its own when the argument is the file itself, not a directory holding it (no second look at the disk).
                history.add(new Baseline(read.file(), read.value(), read.argument().equals(read.file())));
            } catch (InvalidInputException e) {
                e.problems().forEach(files::add);
            }
        }
        files.throwIfAny();
        if (registry != null) {
            // A registry's releases passed every check when they were registered.
            for (Manifest m : new CliRegistry(registry).history(release.service(), trusting)) {
                history.add(new Baseline(Path.of(registry + " " + m.label()), m, false));
            }
        }
        noteBaselinesNotCompared(release, history);
        List<Manifest> earlier = history.stream().map(Baseline::manifest).toList();
        Report result = FindingLocator.forManifest(located, earlier).locate(Gate.check(level, release, earlier));
        return report.emit(result, spec);
    }

    /** @param named given as a file of its own rather than found in a directory */
    private record Baseline(Path file, Manifest manifest, boolean named) {}

    /**
     * A baseline the checker does not compare could make the check pass for the wrong reason, so say so on
     * standard error. A directory is a service's release history and may hold later releases (the candidate
     * itself, often), so only baselines named one by one are reported for their version.
     */
    private void noteBaselinesNotCompared(Manifest release, List<Baseline> history) {
        PrintWriter err = spec.commandLine().getErr();
        for (Baseline b : history) {
            Manifest m = b.manifest();
            if (!m.service().equals(release.service())) {
                err.println("wow-compat: note: " + b.file() + ": is a release of " + m.service() + ", not of "
                        + release.service() + "; not compared");
            } else if (b.named() && m.version().compareTo(release.version()) >= 0) {
                err.println("wow-compat: note: " + b.file() + ": version " + m.version()
                        + " is not earlier than the candidate's " + release.version() + "; not compared");
            }
        }
        err.flush();
    }
}
