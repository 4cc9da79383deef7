package dev.wowcompat.maven;

import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.UnknownEnvironment;
import dev.wowcompat.gate.Gate;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.report.ReportJson;
import dev.wowcompat.report.Waiver;
import dev.wowcompat.rules.Finding;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.settings.crypto.SettingsDecrypter;

/**
 * "Can I deploy?" (docs/decisions.md, "Can I deploy?"): asks the registry whether a registered release of the service can be deployed to an
 * environment, given what runs there ({@code GET /can-deploy}), and fails the build when it cannot. The report goes
 * to the build log; {@code can-deploy.json}, {@code can-deploy.md} and {@code can-deploy.xml} (JUnit) are always
 * written to {@code outputDirectory}. Waivers, {@code failOn} and the report files work as in the {@code check} goal.
 * Bound to no phase: a deployment pipeline runs it on its own, before it deploys.
 */
@Mojo(name = "can-deploy", threadSafe = true)
public class CanDeployMojo extends AbstractReleaseMojo {
    /** The files' name before their extension. */
    static final String FILES = "can-deploy";

    /** The registry's base URL, e.g. {@code http://registry.example:8081}. */
    @Parameter(property = "wow-compat.registryUrl", required = true)
    private String registryUrl;

    /** The environment to deploy to, e.g. {@code production}. */
    @Parameter(property = "wow-compat.environment", required = true)
    private String environment;

    /**
     * The environment is new: a first deployment there, checked against nothing running. Without it, an environment
     * where no deployment was ever recorded fails the build (a typo must not pass the gate as a first deployment).
     */
    @Parameter(property = "wow-compat.newEnvironment", defaultValue = "false")
    private boolean newEnvironment;

    /** The service; by default the one the project's Manifest names (found as the other goals find it). */
    @Parameter(property = "wow-compat.service")
    private String service;

    /** The registered release to deploy, {@code major.minor.patch}. */
    @Parameter(property = "wow-compat.version", defaultValue = "${project.version}")
    private String version;

    /** {@code breaking}: fail on breaking findings; {@code warning}: on warnings too; {@code never}: only report. */
    @Parameter(property = "wow-compat.failOn", defaultValue = "breaking")
    private String failOn;

    /** Findings that do not count, as in the {@code check} goal: {@code <rule>}, {@code <subject>}, {@code <finding>}, {@code <reason>}. */
    @Parameter
    private List<Ignore> ignores;

    /** Report formats to write besides json, markdown and junit: {@code text}, {@code github}, {@code sarif}. */
    @Parameter(property = "wow-compat.formats")
    private List<String> formats;

    @Parameter(property = "wow-compat.outputDirectory", defaultValue = "${project.build.directory}/wow-compat")
    private File outputDirectory;

    private final SettingsDecrypter settingsDecrypter;

    @Inject
    public CanDeployMojo(SettingsDecrypter settingsDecrypter) {
        this.settingsDecrypter = settingsDecrypter;
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("wow-compat: can-deploy skipped (wow-compat.skip).");
            return;
        }
        // Configuration first: a mistake is reported before the registry is asked.
        List<Waiver> waivers = config(() -> Ignore.waivers(ignores));
        Outcome outcome = config(() -> Outcome.parse(failOn));
        Gate.Changes changelog = config(this::changesSetting);
        Set<ReportFormat> reportFormats = config(() -> ReportFiles.formats(formats));
        String env = required(environment, "<environment> (wow-compat.environment)", "the environment to deploy to, e.g. production");
        String release = release();
        String name = service();
        String candidate = name + "@" + release;

        RegistryClient client = openRegistry(registryUrl, settingsDecrypter);
        getLog().info("wow-compat: can " + candidate + " be deployed to " + env + "? Asking the registry at " + client.base());
        RegistryClient.Answer answer = PluginRegistry.call(() -> client.canDeploy(name, release, env, newEnvironment));
        if (answer.status() == 401 || answer.status() == 403) {
            throw new MojoExecutionException(RegisterMojo.credentialsSentence(client, serverId, answer));
        }
        java.util.Optional<UnknownEnvironment> unknown = UnknownEnvironment.of(answer);
        if (unknown.isPresent()) {
            throw new MojoExecutionException("The wow-compat registry at " + unknown.get().sentence(client.base().toString(),
                    "<newEnvironment>true</newEnvironment> (-Dwow-compat.newEnvironment=true)"));
        }
        if (answer.status() != 200) {
            throw new MojoExecutionException("The wow-compat registry at " + client.base() + " cannot check " + candidate + " for "
                    + env + ": " + answer.describe() + ".");
        }
        Report report;
        java.util.Map<dev.wowcompat.rules.Severity, Long> unlisted;
        try {
            report = ReportJson.read(answer.tree(), client.base().toString());
            unlisted = ReportJson.unlisted(answer.tree(), report);
        } catch (InvalidInputException e) {
            throw new MojoExecutionException("The report of the wow-compat registry at " + client.base() + " cannot be read: "
                    + e.problems().get(0).line() + ".");
        }
        for (int i : Gate.unused(waivers, report)) {
            getLog().warn("wow-compat: <ignore> number " + i + " (" + waivers.get(i - 1).describe() + ") matches no finding; remove it.");
        }
        report = changelog.apply(report.withWaivers(waivers));
        Path out = outputDirectory.toPath();
        ReportFiles.write(report, out, reportFormats, FILES, r -> ReportJson.writeDeployment(r, env));
        logReport(ReportFormat.TEXT.render(report));

        List<Finding> failing = outcome.failing(report);
        if (!failing.isEmpty()) {
            throw new MojoFailureException(Outcome.message(candidate + " cannot be deployed to " + env + ": it", report, failing,
                    out.resolve(ReportFiles.fileName(FILES, ReportFormat.MARKDOWN)).toString()));
        }
        outcome.failOnUnlisted(candidate + " cannot be deployed to " + env + ": it", unlisted,
                out.resolve(ReportFiles.fileName(FILES, ReportFormat.MARKDOWN)).toString());
        getLog().info("wow-compat: " + candidate + " can be deployed to " + env + ".");
    }

    private String resolvedService;

    /** {@link #service}, else the service of the project's Manifest. */
    private String service() throws MojoExecutionException {
        if (resolvedService != null) return resolvedService;
        if (service != null && !service.isBlank()) {
            resolvedService = service.strip();
        } else {
            try {
                resolvedService = readManifest(manifestInput()).manifest().service();
            } catch (MojoFailureException e) {
                throw new MojoExecutionException("Set <service> (wow-compat.service), or give the project a Manifest to take it from: "
                        + e.getMessage());
            }
        }
        return resolvedService;
    }

    private String release() throws MojoExecutionException {
        String v = required(version, "<version> (wow-compat.version)", "the registered release to deploy");
        if (!Version.isValid(v)) {
            throw new MojoExecutionException("<version> (wow-compat.version) is '" + v + "', not a registered release's version "
                    + "(major.minor.patch): set it to the release to deploy" + (v.endsWith("-SNAPSHOT") ? "; a SNAPSHOT is never registered." : "."));
        }
        return v;
    }

    private static String required(String value, String name, String what) throws MojoExecutionException {
        if (value == null || value.isBlank()) throw new MojoExecutionException(name + " is required: " + what + ".");
        return value.strip();
    }

    private interface Setting<T> {
        T get() throws MojoFailureException;
    }

    /** A setting checked as the check goal checks it; here a bad one is bad input, not a refused deployment. */
    private static <T> T config(Setting<T> setting) throws MojoExecutionException {
        try {
            return setting.get();
        } catch (MojoFailureException e) {
            throw new MojoExecutionException(e.getMessage());
        }
    }
}
