package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.text.Counts;
import java.io.PrintWriter;
import java.util.List;
import java.util.ArrayList;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.UnknownEnvironment;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportJson;
import dev.wowcompat.rules.Severity;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code wow-compat can-deploy}: may a registered release be deployed to an environment (docs/decisions.md, "Can I deploy?")? The registry
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
                + "deployment recorded yet is refused as a likely typo, naming the known ones; a first deployment there says "
                + "so with --new-environment.",
                "Exit codes: 0 deployable, 1 not deployable (breaking findings, or warnings with --fail-on warning), 2 bad input, "
                        + "a release or environment the registry does not have, or the registry unreachable."})
final class CanDeployCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    ReleaseInEnvironment target;

    @Option(names = "--new-environment", description = "The environment is new: a first deployment there, checked against "
            + "nothing running. Without it, an environment where no deployment was ever recorded is refused (exit 2).")
    boolean newEnvironment;

    @Mixin
    ReportOptions report;

    @Override
    public Integer call() throws InvalidInputException {
        target.requireVersion();
        CliRegistry cli = new CliRegistry(target.registry);
        RegistryClient.Answer answer = cli.canDeploy(target.service, target.version, target.environment, newEnvironment);
        Optional<UnknownEnvironment> unknown = UnknownEnvironment.of(answer);
        if (unknown.isPresent()) {
            spec.commandLine().getErr().println(unknown.get().sentence(cli.label(), "--new-environment"));
            spec.commandLine().getErr().flush();
            return ExitCodes.BAD_INPUT;
        }
        if (answer.status() != 200) return ReleaseInEnvironment.refused(answer, cli.label(), spec.commandLine().getErr());
        Report checked = ReportJson.read(answer.tree(), cli.label() + " can-deploy");
        JsonNode replay = answer.tree().path("replay");
        int code = report.emit(checked, spec, r -> withReplay(ReportJson.writeDeployment(r, target.environment), replay));
        // Whether the candidate was replayed: after the text report it reads, else beside the verdict on standard error.
        boolean besideText = report.verdict.format == ReportFormat.TEXT && report.verdict.output == null;
        PrintWriter said = besideText ? spec.commandLine().getOut() : spec.commandLine().getErr();
        if (!replay.isMissingNode()) {
            said.println(replayLine(target.service + "@" + target.version, replay));
            said.flush();
        }
        // The registry lists at most 100 findings; those it left out cannot be waived here, so they count as they are.
        java.util.Map<Severity, Long> unlisted = ReportJson.unlisted(answer.tree(), checked);
        long left = unlisted.values().stream().mapToLong(Long::longValue).sum();
        if (left == 0) return code;
        spec.commandLine().getErr().println("wow-compat: warning: the registry listed " + checked.findings().size() + " findings and left "
                + Counts.of(left, "more finding") + " out (" + unlisted.get(Severity.BREAKING) + " of them breaking); --ignore "
                + "applies to the listed ones only");
        spec.commandLine().getErr().flush();
        return report.verdict.failOn.failsOn(unlisted) ? ExitCodes.FINDINGS : code;
    }

    /**
     * One line on the candidate's replay as the registry keeps it (docs/replay.md, "Keeping the verdict with the
     * release"): never replayed is said as such, not as a failure.
     */
    static String replayLine(String label, JsonNode replay) {
        if (!replay.path("replayed").asBoolean(false)) {
            return "Replay: " + label + " was not replayed (no replay report was kept with it)";
        }
        StringBuilder line = new StringBuilder("Replay: " + label + " was replayed on " + replay.path("replayedAt").asText() + " by wow-compat "
                + replay.path("toolVersion").asText() + ": " + Counts.of(replay.path("aggregates").asLong(), "aggregate")
                + ", " + Counts.of(replay.path("events").asLong(), "event") + "; ");
        if (replay.path("findings").isEmpty()) return line.append("no finding").toString();
        List<String> found = new ArrayList<>();
        for (JsonNode f : replay.path("findings")) {
            found.add(f.path("id").asText() + " (" + f.path("severity").asText() + ") in " + Counts.of(f.path("count").asLong(), "record"));
        }
        return line.append("found ").append(String.join(", ", found)).toString();
    }

    /** The JSON report with the registry's {@code replay} member, as the registry answered it. */
    private static String withReplay(String json, JsonNode replay) {
        if (replay.isMissingNode()) return json;
        try {
            ObjectMapper mapper = new ObjectMapper()
                    .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));
            ObjectNode out = (ObjectNode) mapper.readTree(json);
            out.set("replay", replay);
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(out) + "\n";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
