package dev.wowcompat.maven;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.gate.Gate;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.report.ReportJson;
import dev.wowcompat.rules.Finding;
import java.util.List;
import java.util.Optional;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.settings.crypto.SettingsDecrypter;

/**
 * Registers the project's Manifest with the registry ({@code POST /services/{service}/releases}). The registry
 * refuses a release that breaks a reader (409, with its report in the build log) and a version registered
 * before with other content (409); registering the same content again is fine (200).
 */
@Mojo(name = "register", defaultPhase = LifecyclePhase.DEPLOY, threadSafe = true)
public class RegisterMojo extends AbstractReleaseMojo {

    /** The registry's base URL, e.g. {@code http://registry.example:8081}. */
    @Parameter(property = "wow-compat.registryUrl", required = true)
    private String registryUrl;

    /**
     * Register from SNAPSHOT builds too. Off by default: a SNAPSHOT's Manifest changes under the same version,
     * which the registry refuses, since releases are immutable.
     */
    @Parameter(property = "wow-compat.registerSnapshots", defaultValue = "false")
    private boolean registerSnapshots;

    /**
     * The JSON report of the release's replay ({@code wow-compat:replay} or {@code wow-compat replay --format json}):
     * its verdict is kept with the release (docs/replay.md, "Keeping the verdict with the release"). Read before
     * anything is registered; a file that is not a replay report fails the build.
     */
    @Parameter(property = "wow-compat.replayReport")
    private java.io.File replayReport;

    private final SettingsDecrypter settingsDecrypter;

    @Inject
    public RegisterMojo(SettingsDecrypter settingsDecrypter) {
        this.settingsDecrypter = settingsDecrypter;
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("wow-compat: register skipped (wow-compat.skip).");
            return;
        }
        if (project.getVersion().endsWith("-SNAPSHOT") && !registerSnapshots) {
            getLog().info("wow-compat: " + project.getVersion() + " is a SNAPSHOT; only releases are registered (see registerSnapshots).");
            return;
        }
        Gate.Changes changelog = changesSetting();
        Manifest candidate = readManifest(manifestInput()).manifest();
        byte[] content = manifestBytes();
        byte[] replay = replayReport == null ? null : replayReportBytes(replayReport.toPath());
        RegistryClient client = openRegistry(registryUrl, settingsDecrypter);
        RegistryClient.Answer answer = PluginRegistry.call(() -> client.register(candidate.service(), content));
        Optional<Report> report = answer.json().map(RegisterMojo::reportIn).flatMap(node -> readReport(node, client)).map(changelog::apply);

        if (answer.status() == 201 || answer.status() == 200) {
            getLog().info("wow-compat: " + candidate.label() + (answer.status() == 201 ? " registered" : " was registered before with the same content")
                    + " at " + client.base() + ".");
            // The check goal has shown the report already; repeat it only when the registry found something.
            report.filter(r -> !r.findings().isEmpty()).ifPresent(r -> logReport(ReportFormat.TEXT.render(r)));
            if (replay != null) keepReplay(client, candidate, replay);
            return;
        }
        if (answer.status() == 401 || answer.status() == 403) {
            throw new MojoExecutionException(credentialsSentence(client, serverId, answer));
        }
        if (answer.status() == 409 && report.isPresent()) {
            Report r = report.get();
            logReport(ReportFormat.TEXT.render(r));
            List<Finding> failing = Outcome.BREAKING.failing(r);
            if (!failing.isEmpty()) {
                throw new MojoFailureException(Outcome.message("The registry at " + client.base() + " refused " + candidate.label() + ": it",
                        r, failing, null));
            }
        }
        if (answer.status() >= 500) {
            throw new MojoExecutionException("The registry at " + client.base() + " failed to register " + candidate.label() + ": "
                    + answer.describe() + ".");
        }
        throw new MojoFailureException("The registry at " + client.base() + " refused " + candidate.label() + ": "
                + answer.describe() + ".");
    }

    /** Keeps the replay's verdict with the release just registered (or registered before with the same content). */
    private void keepReplay(RegistryClient client, Manifest candidate, byte[] replay) throws MojoExecutionException, MojoFailureException {
        RegistryClient.Answer kept = PluginRegistry.call(() -> client.putReplay(candidate.service(), candidate.version().toString(), replay));
        if (kept.status() == 401 || kept.status() == 403) throw new MojoExecutionException(credentialsSentence(client, serverId, kept));
        if (kept.status() != 200 && kept.status() != 201) {
            throw new MojoFailureException("The registry at " + client.base() + " did not keep the replay of " + candidate.label() + ": "
                    + kept.describe() + ".");
        }
        JsonNode v = kept.tree();
        getLog().info("wow-compat: the replay of " + candidate.label() + " (" + v.path("aggregates").asLong() + " aggregates, "
                + v.path("events").asLong() + " events, " + v.path("breaking").asLong() + " records with a breaking finding) "
                + (kept.status() == 201 ? "is kept with it." : "was kept before; nothing changed."));
    }

    /** The replay report's bytes once it reads as one; else one sentence, before anything is registered. */
    static byte[] replayReportBytes(java.nio.file.Path file) throws MojoExecutionException {
        try {
            if (java.nio.file.Files.size(file) > dev.wowcompat.report.ReplaySummary.MAX_BYTES) {
                throw new MojoExecutionException("replayReport " + file + " is larger than a replay report may be.");
            }
            byte[] bytes = java.nio.file.Files.readAllBytes(file);
            dev.wowcompat.report.ReplaySummary.read(bytes, java.time.Instant.now());
            return bytes;
        } catch (java.nio.file.NoSuchFileException e) {
            throw new MojoExecutionException("replayReport " + file + ": no such file.");
        } catch (java.io.IOException e) {
            throw new MojoExecutionException("replayReport " + file + " cannot be read.");
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("replayReport " + file + ": " + e.getMessage() + ".");
        }
    }

    /** The report in an answer: the answer itself, or the {@code report} member of a problem document. */
    static JsonNode reportIn(JsonNode answer) {
        if (answer.isObject() && answer.has("findings") && answer.has("format")) return answer;
        JsonNode nested = answer.get("report");
        return nested != null && nested.isObject() ? nested : null;
    }

    private Optional<Report> readReport(JsonNode node, RegistryClient client) {
        try {
            return Optional.of(ReportJson.read(node, client.base().toString()));
        } catch (InvalidInputException e) {
            getLog().warn("wow-compat: the registry's report cannot be read: " + e.problems().get(0).line());
            return Optional.empty();
        }
    }

    /** One sentence for a 401/403, saying which credentials were used. */
    static String credentialsSentence(RegistryClient client, String serverId, RegistryClient.Answer answer) {
        String detail = answer.describe();
        if (serverId == null || serverId.isBlank()) {
            return "The wow-compat registry at " + client.base() + " needs a token (" + detail + "): set <serverId> to a <server> of settings.xml "
                    + "whose <password> is the token.";
        }
        return "The wow-compat registry at " + client.base() + " refused the token of <server> " + serverId.trim() + " from settings.xml ("
                + detail + ").";
    }
}
