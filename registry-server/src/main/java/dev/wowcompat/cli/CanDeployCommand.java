package dev.wowcompat.cli;

import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportJson;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wow-compat can-deploy}: may a registered release be deployed to an environment (DESIGN §9)? The registry
 * answers ({@code GET /can-deploy}), so the command line and the API judge alike: the check runs where the releases
 * and the deployments are, over one moment of the environment. Waivers, the format and the exit code are applied
 * here, by the same {@link ReportOptions} as {@code check}.
 *
 * <p>Here {@code --version} is the release's version, so the command has {@code --help} but not the standard
 * {@code --version} flag, as {@code record-deployment}.
 */
@Command(name = "can-deploy", sortOptions = false,
        header = "Check whether a registered release can be deployed to an environment.",
        description = {"The registry compares the release with the releases running in the environment: the release it "
                + "replaces must read what it writes, every consumer there must read the event revisions it writes, it must "
                + "read what the producers there write, and a rollback must read what was written. An environment with no "
                + "deployment recorded yet runs nothing: a first deployment.",
                "Exit codes: 0 deployable, 1 not deployable (breaking findings, or warnings with --fail-on warning), 2 bad input, "
                        + "a release the registry does not have, or the registry unreachable."})
final class CanDeployCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Option(names = "--registry", required = true, paramLabel = "URL", description = "The registry, e.g. http://127.0.0.1:8081")
    String registry;

    @Option(names = "--service", required = true, paramLabel = "S", description = "The service, as its Manifest names it.")
    String service;

    @Option(names = "--version", required = true, paramLabel = "V", description = "The registered release's version, major.minor.patch.")
    String version;

    @Option(names = "--environment", required = true, paramLabel = "E",
            description = "The environment, e.g. production: lowercase letters, digits, '.', '_' and '-', at most 64.")
    String environment;

    @Mixin
    ReportOptions report;

    @Override
    public Integer call() throws InvalidInputException {
        if (!Version.isValid(version)) {
            // Checked here too, so that a typo costs no round trip; the registry checks the rest.
            throw new InvalidInputException(new InputProblem("--version", "", "wow-compat.request.bad-parameter",
                    "'" + version + "' is not a release version of the form major.minor.patch"));
        }
        CliRegistry cli = new CliRegistry(registry);
        RegistryClient.Answer answer = cli.canDeploy(service, version, environment);
        if (answer.status() != 200) {
            PrintWriter err = spec.commandLine().getErr();
            List<String> lines = answer.problemLines(cli.label());
            (answer.tree().path("problems").size() == 1 ? lines.subList(0, 1) : lines).forEach(err::println);
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        Report checked = ReportJson.read(answer.tree(), cli.label() + " can-deploy");
        return report.emit(checked, spec, r -> ReportJson.writeDeployment(r, environment));
    }
}
