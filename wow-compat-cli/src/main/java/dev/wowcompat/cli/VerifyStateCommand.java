package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.wire.JsonSchemas;
import dev.wowcompat.wire.ManifestSchemas;
import dev.wowcompat.wire.StateVerification;
import dev.wowcompat.wire.StateVerifier;
import dev.wowcompat.wire.Violation;
import dev.wowcompat.wire.WireRefusal;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code wow-compat verify-state}: is a stored state (a state view, a state event or a snapshot) of a schema we
 * know, is that schema current, and does the state validate against it?
 */
@Command(name = "verify-state", sortOptions = false,
        header = "Verify a state view, state event or snapshot against its schemaFingerprint.",
        description = {"Exit codes: 0 the fingerprint is known and current and the state validates; 1 it is unknown, "
                + "stale (rebuild the view) or the state does not validate; 2 bad input."})
public final class VerifyStateCommand implements Callable<Integer>, ReadsManifests {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(index = "0", paramLabel = "FILE", description = "{version, schemaFingerprint, state} (with aggregate), a state event or a snapshot.")
    Path file;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    static final class Source {
        @Option(names = "--manifest", paramLabel = "FILE", description = "Verify against this release's Manifest.")
        Path manifest;

        @Option(names = "--registry", paramLabel = "URL", description = "Verify against every release a registry holds.")
        String registry;
    }

    @Override
    public Integer call() throws InvalidInputException {
        byte[] content = RegisterCommand.read(file);
        JsonNode document = new JsonInput(InputLimits.defaults()).parse(content, file.toString());
        Result result = source.manifest != null ? local(document) : remote(content);
        PrintWriter out = spec.commandLine().getOut();
        out.println(file + ": fingerprint " + result.fingerprint() + (result.aggregate() == null ? "" : " (" + result.aggregate() + ")"));
        out.println("  known:   " + yesNo(result.known()) + (result.releases().isEmpty() ? "" : " (" + String.join(", ", result.releases()) + ")"));
        out.println("  current: " + yesNo(result.current()) + (result.known() && !result.current()
                ? " - the current state schema is " + result.currentFingerprint() + ": rebuild views and snapshots of this fingerprint" : ""));
        // An unknown fingerprint names no schema, so nothing validated the state: "no" would claim it failed.
        out.println("  valid:   " + (result.known() ? yesNo(result.valid())
                : "not validated: no release registers a state schema with this fingerprint, so there is none to validate against"));
        for (String v : result.violations()) out.println(file + ": " + v);
        out.flush();
        return result.known() && result.current() && result.valid() ? ExitCodes.OK : ExitCodes.FINDINGS;
    }

    private record Result(String fingerprint, String aggregate, boolean known, boolean current, boolean valid,
                          String currentFingerprint, List<String> releases, List<String> violations) {}

    private Result local(JsonNode document) throws InvalidInputException {
        Manifest manifest = new ManifestReader(InputLimits.defaults()).read(source.manifest);
        JsonSchemas schemas = new JsonSchemas();
        StateVerification v;
        try {
            v = new StateVerifier(schemas).verify(document, new ManifestSchemas(manifest));
        } catch (WireRefusal r) {
            throw new InvalidInputException(new InputProblem(file.toString(), r.pointer(), "wow-compat.verify.refused", r.getMessage()));
        }
        List<String> violations = new ArrayList<>();
        for (Violation x : v.violations()) violations.add(x.pointer() + ": " + x.message());
        return new Result(v.fingerprint(), v.aggregate(), v.known(), v.current(), v.valid(), v.currentFingerprint(),
                v.releases().stream().map(r -> r.service() + "@" + r.version()).toList(), violations);
    }

    private Result remote(byte[] content) throws InvalidInputException {
        RegistryClient.Answer a = new CliRegistry(source.registry).verifyState(content);
        if (a.problem()) {
            List<InputProblem> problems = new ArrayList<>();
            a.problemLines(file.toString()).forEach(line -> problems.add(new InputProblem(file.toString(),
                    a.tree().path("pointer").asText(""), a.tree().path("code").asText(), line.substring(file.toString().length() + 2))));
            throw new InvalidInputException(problems);
        }
        JsonNode b = a.tree();
        List<String> releases = new ArrayList<>();
        b.path("releases").forEach(r -> releases.add(r.path("service").asText() + "@" + r.path("version").asText()));
        List<String> violations = new ArrayList<>();
        b.path("violations").forEach(x -> violations.add(x.path("pointer").asText() + ": " + x.path("message").asText()));
        return new Result(b.path("fingerprint").asText(), b.path("aggregate").isTextual() ? b.path("aggregate").asText() : null,
                b.path("known").asBoolean(), b.path("current").asBoolean(), b.path("valid").asBoolean(),
                b.path("currentFingerprint").isTextual() ? b.path("currentFingerprint").asText() : null, releases, violations);
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }
}
