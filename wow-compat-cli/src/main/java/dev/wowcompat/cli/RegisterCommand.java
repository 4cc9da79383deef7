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
import dev.wowcompat.report.ReportFormat;
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
                "Exit codes: 0 registered (or already registered with the same content), 1 refused as breaking, "
                        + "2 bad input, version already registered with other content, or no access."})
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

    @Override
    public Integer call() throws InvalidInputException {
        byte[] content = read(file);
        // Read locally first: bad input is reported with its pointers without a round trip, and the Manifest names its service.
        Manifest manifest = new ManifestReader(InputLimits.defaults()).read(content, file.toString());
        RegistryClient.Answer answer = new CliRegistry(registry, token.token(spec.commandLine().getErr())).register(manifest.service(), content);
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
        return ExitCodes.OK;
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
