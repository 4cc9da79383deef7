package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Version;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wow-compat record-deployment}: tells the registry that a registered release now runs in an environment
 * ({@code POST /environments/{env}/deployments}), replacing the service's release running there.
 *
 * <p>Here {@code --version} is the release's version, so the command has {@code --help} but not the standard
 * {@code --version} flag, as {@code manifest}.
 */
@Command(name = "record-deployment", sortOptions = false,
        header = "Record that a registered release runs in an environment.",
        description = {"The registry keeps which release of each service runs in each environment: recording a version "
                + "replaces the service's release running there, which joins the environment's history.",
                "Exit codes: 0 recorded (or that version already runs there), 2 bad input, a release the registry does "
                        + "not have, no access, or the registry unreachable."})
final class RecordDeploymentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Option(names = "--registry", required = true, paramLabel = "URL", description = "The registry, e.g. http://127.0.0.1:8081")
    String registry;

    @Option(names = "--service", required = true, paramLabel = "S", description = "The service, as its Manifest names it.")
    String service;

    @Option(names = "--version", required = true, paramLabel = "V", description = "The release's version, major.minor.patch.")
    String version;

    @Option(names = "--environment", required = true, paramLabel = "E",
            description = "The environment, e.g. staging: lowercase letters, digits, '.', '_' and '-', at most 64.")
    String environment;

    @Option(names = "--token", paramLabel = "T", description = "Bearer token for writing (default: the environment variable "
            + RegistryClient.TOKEN_VARIABLE + "). Prefer the variable: a command line is visible to other users.")
    String token;

    @Override
    public Integer call() throws InvalidInputException {
        if (!Version.isValid(version)) {
            // Checked here too, so that a typo costs no round trip; the registry checks the environment's name.
            throw new InvalidInputException(new InputProblem("--version", "", "wow-compat.request.invalid-input",
                    "'" + version + "' is not a release version of the form major.minor.patch"));
        }
        String t = token != null ? token : System.getenv(RegistryClient.TOKEN_VARIABLE);
        CliRegistry cli = new CliRegistry(registry, t);
        RegistryClient.Answer answer = cli.recordDeployment(environment, service, version);
        PrintWriter out = spec.commandLine().getOut();
        String release = service + "@" + version;
        switch (answer.status()) {
            case 201 -> {
                JsonNode replaced = answer.tree().path("replaced");
                out.println(replaced.isObject()
                        ? "recorded " + release + " in " + environment + ", replacing " + service + "@" + replaced.path("version").asText()
                        : "recorded " + release + " in " + environment + " (nothing of " + service + " ran there before)");
            }
            case 200 -> out.println(release + " already runs in " + environment + "; nothing changed");
            default -> {
                PrintWriter err = spec.commandLine().getErr();
                List<String> lines = answer.problemLines(cli.label());
                // One listed problem is the detail itself: one sentence, not the same one twice.
                (answer.tree().path("problems").size() == 1 ? lines.subList(0, 1) : lines).forEach(err::println);
                err.flush();
                return ExitCodes.BAD_INPUT;
            }
        }
        out.flush();
        return ExitCodes.OK;
    }
}
