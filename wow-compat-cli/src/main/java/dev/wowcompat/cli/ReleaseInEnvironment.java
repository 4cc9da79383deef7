package dev.wowcompat.cli;

import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Version;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Option;

/** A registered release and an environment of a registry: what {@code record-deployment} and {@code can-deploy} take. */
final class ReleaseInEnvironment {

    @Option(names = "--registry", required = true, paramLabel = "URL", description = "The registry, e.g. http://127.0.0.1:8081")
    String registry;

    @Option(names = "--service", required = true, paramLabel = "S", description = "The service, as its Manifest names it.")
    String service;

    @Option(names = "--version", required = true, paramLabel = "V", description = "The registered release's version, major.minor.patch.")
    String version;

    @Option(names = "--environment", required = true, paramLabel = "E",
            description = "The environment, e.g. production: lowercase letters, digits, '.', '_' and '-', at most 128.")
    String environment;

    /** Checked here too, so that a typo costs no round trip; the registry checks the rest. */
    void requireVersion() throws InvalidInputException {
        if (!Version.isValid(version)) {
            throw new InvalidInputException(new InputProblem("--version", "", "wow-compat.request.invalid-input",
                    Version.problem(version).orElseThrow()));
        }
    }

    String release() {
        return service + "@" + version;
    }

    /** A refusal as the user reads it: one listed problem is the detail itself, one sentence, not the same one twice. */
    static int refused(RegistryClient.Answer answer, String registryLabel, PrintWriter err) {
        List<String> lines = answer.problemLines(registryLabel);
        (answer.tree().path("problems").size() == 1 ? lines.subList(0, 1) : lines).forEach(err::println);
        err.flush();
        return ExitCodes.BAD_INPUT;
    }
}
