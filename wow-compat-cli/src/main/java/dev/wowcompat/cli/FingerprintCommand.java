package dev.wowcompat.cli;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.fingerprint.NotCanonicalizableException;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.manifest.ProblemCodes;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code wow-compat fingerprint}: the fingerprint (docs/architecture.md, "Fingerprints") of a JSON document or of one value inside it. */
@Command(name = "fingerprint", header = "Print the fingerprint of a JSON document or of a value inside it.",
        description = {
                "The value is the whole document unless --pointer names one inside it. The fingerprint is the",
                "lowercase hex SHA-256 of its RFC 8785 canonical form, as the registry names schemas."})
final class FingerprintCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(index = "0", paramLabel = "FILE", description = "A JSON file, e.g. a schema or a Manifest.")
    Path file;

    @Option(names = "--pointer", paramLabel = "P", defaultValue = "",
            description = "JSON pointer to the value to fingerprint, e.g. /contexts/bank/aggregates/account/state/schema.")
    String pointer;

    @Mixin
    InputOptions input;

    @Override
    public Integer call() throws InvalidInputException {
        InputFiles files = new InputFiles();
        JsonNode document = files.read(file, new JsonInput(input.limits())::parse);
        files.throwIfAny();
        JsonPointer at;
        try {
            at = JsonPointer.compile(pointer);
        } catch (IllegalArgumentException e) {
            throw problem("'" + pointer + "' is not a JSON pointer: it must be empty or start with /");
        }
        JsonNode value = document.at(at);
        if (value.isMissingNode()) {
            throw problem("nothing at this pointer");
        }
        String fingerprint;
        try {
            fingerprint = Fingerprint.of(value);
        } catch (NotCanonicalizableException e) {
            throw new InvalidInputException(new InputProblem(file.toString(), pointer + e.pointer(), ProblemCodes.SCHEMA_NOT_CANONICALIZABLE,
                    "this value has no canonical JSON form (RFC 8785), so it has no fingerprint: " + e.reason()));
        }
        spec.commandLine().getOut().println(fingerprint);
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    private InvalidInputException problem(String message) {
        return new InvalidInputException(new InputProblem(file.toString(), pointer, "wow-compat.input.no-such-pointer", message));
    }
}
