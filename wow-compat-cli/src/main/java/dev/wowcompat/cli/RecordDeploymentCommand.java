package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.manifest.InvalidInputException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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

    @Mixin
    HelpOption help;

    @Mixin
    ReleaseInEnvironment target;

    @Mixin
    TokenOption token;

    @Override
    public Integer call() throws InvalidInputException {
        target.requireVersion();
        CliRegistry cli = new CliRegistry(target.registry, token.token(spec.commandLine().getErr()));
        RegistryClient.Answer answer = cli.recordDeployment(target.environment, target.service, target.version);
        PrintWriter out = spec.commandLine().getOut();
        String environment = target.environment;
        switch (answer.status()) {
            case 201 -> {
                JsonNode replaced = answer.tree().path("replaced");
                out.println(replaced.isObject()
                        ? "recorded " + target.release() + " in " + environment + ", replacing " + target.service + "@" + replaced.path("version").asText()
                        : "recorded " + target.release() + " in " + environment + " (nothing of " + target.service + " ran there before)");
            }
            case 200 -> out.println(target.release() + " already runs in " + environment + "; nothing changed");
            default -> {
                return ReleaseInEnvironment.refused(answer, cli.label(), spec.commandLine().getErr());
            }
        }
        out.flush();
        return ExitCodes.OK;
    }
}
