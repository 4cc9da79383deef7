package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.gate.Gate;
import dev.wowcompat.report.ReplaySummary;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.text.Counts;
import dev.wowcompat.report.ReportJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code wow-compat register}: sends a release's Manifest to the registry, which checks it and stores it. */
@Command(name = "register", sortOptions = false,
        header = "Register a release's Manifest with a registry.",
        description = {"The registry checks the release against the service's earlier releases and stores it only "
                + "when it is compatible.",
                "With --replay-report, the verdict of the release's replay (wow-compat replay --format json) is kept with it.",
                "Exit codes: 0 registered (or already registered with the same content), 1 refused as breaking, "
                        + "2 bad input (a replay report that is not one included), version already registered with other content, or no access."})
public final class RegisterCommand implements Callable<Integer>, ReadsManifests {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(index = "0", paramLabel = "FILE", description = "The Manifest of the release.")
    Path file;

    @Option(names = "--registry", required = true, paramLabel = "URL", description = "The registry, e.g. http://127.0.0.1:8081")
    String registry;

    @Mixin
    TokenOption token;

    @Option(names = "--format", paramLabel = "F", converter = Converters.Format.class, defaultValue = "text",
            completionCandidates = ReportFormatNames.class,
            description = "Format of the registry's report, one of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). "
                    + "A refused release's text report goes to standard error with the problem; other formats to standard output.")
    ReportFormat format = ReportFormat.TEXT;

    @Option(names = "--changes", paramLabel = "all|none", defaultValue = "all", converter = Converters.Changes.class,
            description = "List the compatible changes of the registry's report (default), or leave them out.")
    Gate.Changes changes = Gate.Changes.ALL;

    @Option(names = "--replay-report", paramLabel = "FILE",
            description = "The JSON report of the release's replay (wow-compat replay --format json): its verdict is kept with the release.")
    Path replayReport;

    @Override
    public Integer call() throws InvalidInputException {
        byte[] content = read(file);
        // Read locally first: bad input is reported with its pointers without a round trip, and the Manifest names its service.
        Manifest manifest = new ManifestReader(InputLimits.defaults()).read(content, file.toString());
        // The replay report too, before anything is registered: a wrong file never leaves a release without its verdict.
        byte[] replay = replayReport == null ? null : replayReport(replayReport);
        CliRegistry cli = new CliRegistry(registry, token.token(spec.commandLine().getErr()));
        RegistryClient.Answer answer = cli.register(manifest.service(), content);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String label = manifest.label();
        switch (answer.status()) {
            case 201 -> out.println("registered " + label);
            case 200 -> out.println(label + " was already registered with the same content; nothing changed");
            default -> {
                answer.problemLines(file.toString()).forEach(err::println);
                JsonNode report = answer.tree().path("report");
                if (!report.isMissingNode()) (format == ReportFormat.TEXT ? err : out).print(render(report));
                err.flush();
                out.flush();
                return answer.tree().path("code").asText().equals("wow-compat.release.breaking") ? ExitCodes.FINDINGS : ExitCodes.BAD_INPUT;
            }
        }
        out.print(render(answer.tree()));
        out.flush();
        return replay == null ? ExitCodes.OK : keepReplay(cli, manifest, replay, out, err);
    }

    /** Keeps the replay's verdict with the release just registered (or registered before with the same content). */
    private int keepReplay(CliRegistry cli, Manifest manifest, byte[] replay, PrintWriter out, PrintWriter err) throws InvalidInputException {
        RegistryClient.Answer kept = cli.putReplay(manifest.service(), manifest.version().toString(), replay);
        if (kept.status() != 200 && kept.status() != 201) {
            kept.problemLines(replayReport.toString()).forEach(err::println);
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        JsonNode v = kept.tree();
        String found = v.path("findings").isEmpty() ? "no finding" : Counts.of(v.path("breaking").asLong(), "record") + " with a breaking finding, "
                + Counts.of(v.path("findings").size(), "finding id");
        out.println((kept.status() == 201 ? "kept the replay of " : "the replay of ") + manifest.label() + " ("
                + Counts.of(v.path("aggregates").asLong(), "aggregate") + ", " + Counts.of(v.path("events").asLong(), "event") + ", " + found + ")"
                + (kept.status() == 201 ? "" : " was already kept; nothing changed"));
        out.flush();
        return ExitCodes.OK;
    }

    /** The replay report's bytes, once it reads as one: else one sentence and exit 2, nothing registered. */
    static byte[] replayReport(Path file) throws InvalidInputException {
        String source = "--replay-report " + file;
        try {
            if (Files.isDirectory(file)) throw notReplay(source, "it is a directory; give the JSON report wow-compat replay wrote");
            if (Files.size(file) > ReplaySummary.MAX_BYTES) {
                throw notReplay(source, "it is larger than a replay report may be (" + ReplaySummary.MAX_BYTES / 1024 + " KiB)");
            }
            byte[] bytes = Files.readAllBytes(file);
            ReplaySummary.read(bytes, java.time.Instant.now());
            return bytes;
        } catch (java.nio.file.NoSuchFileException e) {
            throw notReplay(source, "no such file");
        } catch (IOException e) {
            throw notReplay(source, "it cannot be read");
        } catch (IllegalArgumentException e) {
            throw notReplay(source, e.getMessage());
        }
    }

    private static InvalidInputException notReplay(String source, String why) {
        return new InvalidInputException(new InputProblem(source, "", "wow-compat.replay.not-a-report", why));
    }

    /** The registry's JSON report (format 1), rendered as the check command renders its own. */
    private String render(JsonNode report) throws InvalidInputException {
        return format.render(changes.apply(ReportJson.read(report, registry)));
    }

    /** A file's bytes, read as check reads its inputs: the same sentence for a directory or a missing file. */
    static byte[] read(Path file) throws InvalidInputException {
        return new JsonInput(InputLimits.defaults()).read(file);
    }
}
