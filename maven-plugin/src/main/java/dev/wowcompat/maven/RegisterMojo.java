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
        RegistryClient client = openRegistry(registryUrl, settingsDecrypter);
        RegistryClient.Answer answer = PluginRegistry.call(() -> client.register(candidate.service(), content));
        Optional<Report> report = answer.json().map(RegisterMojo::reportIn).flatMap(node -> readReport(node, client)).map(changelog::apply);

        if (answer.status() == 201 || answer.status() == 200) {
            getLog().info("wow-compat: " + candidate.label() + (answer.status() == 201 ? " registered" : " was registered before with the same content")
                    + " at " + client.base() + ".");
            // The check goal has shown the report already; repeat it only when the registry found something.
            report.filter(r -> !r.findings().isEmpty()).ifPresent(r -> logReport(ReportFormat.TEXT.render(r)));
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
