package dev.wowcompat.maven;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.diff.SchemaTooDeepException;
import dev.wowcompat.gate.Gate;
import dev.wowcompat.json.SchemaDialect;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.LocatedManifest;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.report.FindingLocator;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.report.ReportJson;
import dev.wowcompat.report.Waiver;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Level;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.inject.Inject;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProjectHelper;
import org.apache.maven.settings.crypto.SettingsDecrypter;
import org.eclipse.aether.RepositorySystem;

/**
 * The CI gate: compares the project's Manifest with its baseline and fails the build on breaking changes.
 *
 * <p>Baseline, first that applies: {@code baseline} (a Manifest or a folder of them), {@code registryUrl} (the
 * registry's dry-run check), else the Manifests attached to earlier releases of this artifact in the Maven
 * repositories. The text report goes to the build log; {@code report.json}, {@code report.md} and
 * {@code report.xml} (JUnit) are always written to {@code outputDirectory}. The Manifest is attached to the
 * project (classifier {@code wow-manifest}, type {@code json}) so that {@code install}/{@code deploy} publish it
 * and the next release finds it.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends AbstractReleaseMojo {

    /** An earlier Manifest, or a folder whose {@code *.json} files are earlier Manifests. Wins over the other sources. */
    @Parameter(property = "wow-compat.baseline")
    private File baseline;

    /** The registry's base URL: the registry checks the Manifest against every release it holds (nothing is stored). */
    @Parameter(property = "wow-compat.registryUrl")
    private String registryUrl;

    /** {@code breaking}: fail on breaking findings; {@code warning}: on warnings too; {@code never}: only report. */
    @Parameter(property = "wow-compat.failOn", defaultValue = "breaking")
    private String failOn;

    /**
     * Findings that do not count: each {@code <ignore>} has a {@code <rule>} id (or {@code *}), a {@code <subject>}
     * glob and/or a {@code <finding>} id, and a required {@code <reason>}. Waived findings are listed in the reports.
     */
    @Parameter
    private List<Ignore> ignores;

    /**
     * The dialect of the schemas that do not say theirs: {@code 2020-12}, {@code 2019-09}, {@code draft-07},
     * {@code draft-06} or {@code draft-04}. Each such schema of the Manifest and of the baselines read here is read as
     * if its {@code $schema} said so. Unset, its keywords tell (a tuple-form {@code items} means draft-07). A
     * registry's check ({@code registryUrl}) reads the Manifest as the registry does, by the keywords.
     */
    @Parameter(property = "wow-compat.defaultDraft")
    private String defaultDraft;

    /**
     * {@code ADDITIVE} (the Manifest policy); or a plain level ({@code BACKWARD}, {@code FORWARD}, {@code FULL},
     * their {@code _TRANSITIVE} forms, {@code NONE}) applied to each schema against the same subject's earlier schemas.
     */
    @Parameter(property = "wow-compat.level", defaultValue = "ADDITIVE")
    private String level;

    /** Report formats to write besides json, markdown and junit: {@code text}, {@code github}, {@code sarif}. */
    @Parameter(property = "wow-compat.formats")
    private List<String> formats;

    @Parameter(property = "wow-compat.outputDirectory", defaultValue = "${project.build.directory}/wow-compat")
    private File outputDirectory;

    /** Attach the Manifest to the project (classifier {@code wow-manifest}) so install and deploy publish it. */
    @Parameter(property = "wow-compat.attach", defaultValue = "true")
    private boolean attach;

    /**
     * With the Maven-repository baseline: compare with every earlier release of the same major version that has
     * a Manifest (the rules are transitive within a major), not only the newest earlier release.
     */
    @Parameter(property = "wow-compat.transitive", defaultValue = "true")
    private boolean transitive;

    private final RepositorySystem repositorySystem;
    private final MavenProjectHelper projectHelper;
    private final SettingsDecrypter settingsDecrypter;

    @Inject
    public CheckMojo(RepositorySystem repositorySystem, MavenProjectHelper projectHelper, SettingsDecrypter settingsDecrypter) {
        this.repositorySystem = repositorySystem;
        this.projectHelper = projectHelper;
        this.settingsDecrypter = settingsDecrypter;
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("wow-compat: check skipped (wow-compat.skip).");
            return;
        }
        // Configuration first: a mistake in the pom is reported before any work is done.
        List<Waiver> waivers = Ignore.waivers(ignores);
        Outcome outcome = Outcome.parse(failOn);
        Level checkLevel = level();
        SchemaDialect draft = defaultDraft();
        Gate.Changes changelog = changesSetting();
        Set<ReportFormat> reportFormats = ReportFiles.formats(formats);

        long started = System.nanoTime();
        ManifestInput input = manifestInput(draft == null ? new ManifestReader() : new ManifestReader().withDefaultDialect(draft));
        LocatedManifest located = readManifest(input);
        Manifest candidate = located.manifest();
        long read = System.nanoTime();
        warnOnVersionMismatch(candidate);
        if (attach) attachManifest(projectHelper, manifestFile());

        Report report;
        Path out = outputDirectory.toPath();
        try {
            report = compare(input, located, checkLevel);
            long compared = System.nanoTime();
            warnOnUnusedWaivers(waivers, report);
            report = changelog.apply(report.withWaivers(waivers));
            ReportFiles.write(report, out, reportFormats);
            logReport(ReportFormat.TEXT.render(report));
            getLog().debug(String.format(java.util.Locale.ROOT, "wow-compat: read %d ms, baseline and check %d ms, reports %d ms",
                    (read - started) / 1_000_000, (compared - read) / 1_000_000, (System.nanoTime() - compared) / 1_000_000));
        } catch (SchemaTooDeepException e) {
            throw new MojoFailureException("wow-compat cannot check " + candidate.label() + ": " + e.subject() + ": " + e.getMessage());
        } catch (RuntimeException e) {
            // A defect in the engine: the user still gets one sentence, and the engine's trace is not attached as a cause.
            throw new MojoExecutionException("wow-compat failed while checking " + candidate.label() + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")") + ". This is a wow-compat bug; please report it.");
        }

        List<Finding> failing = outcome.failing(report);
        if (!failing.isEmpty()) {
            throw new MojoFailureException(Outcome.message(candidate.label(), report, failing,
                    input.display(out.resolve(ReportFiles.fileName(ReportFormat.MARKDOWN)))));
        }
        outcome.failOnUnlisted(candidate.label(), unlistedByRegistry, input.display(out.resolve(ReportFiles.fileName(ReportFormat.MARKDOWN))));
    }

    private Report compare(ManifestInput input, LocatedManifest located, Level checkLevel) throws MojoExecutionException, MojoFailureException {
        Manifest candidate = located.manifest();
        if (baseline != null) {
            List<Manifest> history = input.readBaselines(baseline);
            warnOnIgnoredBaselines(candidate, history);
            return local(located, history, checkLevel);
        }
        if (registryUrl != null && !registryUrl.isBlank()) {
            if (checkLevel != Level.ADDITIVE) {
                throw new MojoFailureException("<level> " + checkLevel + " needs the earlier Manifests themselves: the registry judges releases "
                        + "by ADDITIVE only. Use <baseline> or the previous releases in the Maven repositories with this level.");
            }
            // The registry answers with pointers; they are located in the local file all the same.
            return FindingLocator.forManifest(located, List.of()).locate(fromRegistry(candidate));
        }
        PreviousReleases releases = new PreviousReleases(repositorySystem, session.getRepositorySession(),
                project.getRemoteProjectRepositories(), getLog());
        List<PreviousReleases.Release> found = releases.find(project.getGroupId(), project.getArtifactId(), project.getVersion(), transitive);
        if (found.isEmpty()) {
            getLog().info("wow-compat: no earlier release of " + project.getGroupId() + ":" + project.getArtifactId()
                    + " with an attached Manifest was found; nothing to compare with, so the check passes.");
        }
        List<Manifest> history = new ArrayList<>();
        for (PreviousReleases.Release r : found) {
            getLog().info("wow-compat: baseline " + project.getGroupId() + ":" + project.getArtifactId() + ":" + r.version()
                    + " (its attached " + PreviousReleases.CLASSIFIER + ")");
            history.add(input.read(r.manifest().toPath(), "The Manifest attached to release " + r.version() + ", "));
        }
        warnOnIgnoredBaselines(candidate, history);
        return local(located, history, checkLevel);
    }

    /** The gate run here, its findings located on the candidate Manifest's lines. */
    private static Report local(LocatedManifest candidate, List<Manifest> history, Level checkLevel) {
        return FindingLocator.forManifest(candidate, history).locate(Gate.check(checkLevel, candidate.manifest(), history));
    }

    /** Findings the registry's report left out, by severity: none unless the check asked the registry. */
    private java.util.Map<dev.wowcompat.rules.Severity, Long> unlistedByRegistry = java.util.Map.of();

    private Report fromRegistry(Manifest candidate) throws MojoExecutionException, MojoFailureException {
        RegistryClient client = openRegistry(registryUrl, settingsDecrypter);
        byte[] content = manifestBytes();
        getLog().info("wow-compat: baseline: the releases of " + candidate.service() + " in the registry at " + client.base());
        RegistryClient.Answer answer = PluginRegistry.call(() -> client.check(candidate.service(), content));
        if (answer.status() == 401 || answer.status() == 403) {
            throw new MojoExecutionException(RegisterMojo.credentialsSentence(client, serverId, answer));
        }
        Optional<JsonNode> json = answer.json();
        JsonNode reportNode = json.map(RegisterMojo::reportIn).orElse(null);
        if (!answer.ok() && reportNode == null) {
            throw new MojoExecutionException("The wow-compat registry at " + client.base() + " could not check " + candidate.label() + ": "
                    + answer.describe() + ".");
        }
        if (reportNode == null) {
            throw new MojoExecutionException("The wow-compat registry at " + client.base() + " answered the check of " + candidate.label()
                    + " without a report (HTTP " + answer.status() + ").");
        }
        try {
            Report read = ReportJson.read(reportNode, client.base().toString());
            unlistedByRegistry = ReportJson.unlisted(reportNode, read);
            if (unlistedByRegistry.values().stream().anyMatch(n -> n > 0)) {
                getLog().warn("wow-compat: the registry's report lists its first findings only: "
                        + dev.wowcompat.text.Counts.of(unlistedByRegistry.get(dev.wowcompat.rules.Severity.BREAKING), "breaking finding") + " and "
                        + dev.wowcompat.text.Counts.of(unlistedByRegistry.get(dev.wowcompat.rules.Severity.WARNING), "warning")
                        + " were left out, and no <ignore> applies to them.");
            }
            return read;
        } catch (InvalidInputException e) {
            throw new MojoExecutionException("The report of the wow-compat registry at " + client.base() + " cannot be read: "
                    + e.problems().get(0).line() + ".");
        }
    }


    private SchemaDialect defaultDraft() throws MojoFailureException {
        if (defaultDraft == null || defaultDraft.isBlank()) return null;
        return SchemaDialect.fromName(defaultDraft).orElseThrow(() -> new MojoFailureException("<defaultDraft>"
                + " (wow-compat.defaultDraft) is '" + defaultDraft + "'; use one of " + SchemaDialect.names() + "."));
    }

    private Level level() throws MojoFailureException {
        try {
            return Level.parse(level);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new MojoFailureException("<level> (wow-compat.level) is '" + level + "'; use one of "
                    + java.util.Arrays.stream(Level.values()).map(Enum::name).collect(Collectors.joining(", ")) + ".");
        }
    }

    /**
     * The Manifest's version orders releases in the registry and in reports; a Manifest still carrying the last
     * release's version would be compared with nothing newer than itself, so say so.
     */
    private void warnOnVersionMismatch(Manifest candidate) {
        Optional<Version> release = ReleaseVersion.of(project.getVersion());
        if (release.isPresent() && !release.get().equals(candidate.version())) {
            getLog().warn("wow-compat: the Manifest says version " + candidate.version() + " but the project is " + project.getVersion()
                    + "; releases are ordered by the Manifest's version.");
        }
    }

    private void warnOnIgnoredBaselines(Manifest candidate, List<Manifest> history) {
        for (Manifest m : history) {
            if (!m.service().equals(candidate.service())) {
                getLog().warn("wow-compat: baseline " + m.label() + " is of another service than " + candidate.service() + "; it is not compared.");
            } else if (m.version().compareTo(candidate.version()) >= 0) {
                getLog().warn("wow-compat: baseline " + m.label() + " is not earlier than " + candidate.label()
                        + "; it is not compared (did the Manifest's version get bumped?).");
            }
        }
    }

    /** A waiver that matches nothing is stale: it would silently waive a future finding of the same kind. */
    private void warnOnUnusedWaivers(List<Waiver> waivers, Report report) {
        for (int i : Gate.unused(waivers, report)) {
            getLog().warn("wow-compat: <ignore> number " + i + " (" + waivers.get(i - 1).describe() + ") matches no finding; remove it.");
        }
    }
}
