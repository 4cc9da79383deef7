package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code wow-compat schema FINGERPRINT_OR_PREFIX --registry URL}: the canonical schema a fingerprint names, found by
 * the 12 digits reports and pages show as well as by all 64. The registry resolves the prefix (302 when one schema
 * matches, 300 with the candidates when several do); this command follows the redirect and turns the rest into exit 2.
 *
 */
@Command(name = "schema", sortOptions = false,
        description = "Print the canonical schema a fingerprint, or a unique prefix of 8 or more hex digits, names in a registry.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the schema is printed", "2:bad input, no schema with that fingerprint, or an ambiguous prefix (the candidates are listed)"})
public final class SchemaCommand implements Callable<Integer> {
    static final String MALFORMED = "wow-compat.fingerprint.malformed";
    static final String AMBIGUOUS = "wow-compat.fingerprint.ambiguous";

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(index = "0", paramLabel = "FINGERPRINT_OR_PREFIX", description = "64 hex digits, or the first 8 or more of them.")
    String fingerprint;

    @Option(names = "--registry", required = true, paramLabel = "URL", description = "The registry to ask, e.g. http://127.0.0.1:8081.")
    String registry;

    @Override
    public Integer call() throws InvalidInputException {
        String fp = fingerprint.trim().toLowerCase(Locale.ROOT);
        if (!fp.matches("[0-9a-f]{8,64}")) {
            throw new InvalidInputException(new InputProblem(fingerprint, "", MALFORMED,
                    "not a fingerprint (64 hex digits) or a prefix of one (8 or more hex digits)"));
        }
        RegistryClient.Answer answer = new CliRegistry(registry).schema(fp);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        JsonNode body = answer.tree();
        if (answer.status() == 200) {
            String path = answer.uri().getPath();
            String full = path.substring(path.lastIndexOf('/') + 1);
            if (!full.equals(fp)) err.println(fp + ": " + full);
            out.println(answer.bodyText());
            return ExitCodes.OK;
        }
        if (answer.status() == 300) {
            List<InputProblem> problems = new ArrayList<>();
            JsonNode candidates = body.path("candidates");
            problems.add(new InputProblem(fp, "", AMBIGUOUS, candidates.size()
                    + (body.path("complete").asBoolean(true) ? "" : " or more") + " registered fingerprints start with it; give more digits"));
            for (JsonNode c : candidates) problems.add(new InputProblem(fp, "", AMBIGUOUS, "candidate " + c.path("fingerprint").asText()));
            throw new InvalidInputException(problems);
        }
        // The registry's problem as other registry commands show it: its stable code, then its detail.
        String code = body.path("code").asText("HTTP " + answer.status());
        throw new InvalidInputException(new InputProblem(fp, "", code, code + ": " + body.path("detail").asText()));
    }
}
