package dev.wowcompat.maven;

import dev.wowcompat.audit.AuditException;
import dev.wowcompat.audit.AuditRenderer;
import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.AuditWaiver;
import dev.wowcompat.audit.Durations;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.KafkaClientProperties;
import dev.wowcompat.audit.KafkaInput;
import dev.wowcompat.audit.RecordSource;
import dev.wowcompat.gate.Gate;
import dev.wowcompat.replay.Replay;
import dev.wowcompat.replay.ReplayException;
import dev.wowcompat.replay.ReplayRun;
import dev.wowcompat.report.ReportFormat;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.inject.Inject;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.eclipse.aether.RepositorySystem;

/**
 * The replay gate in the build: the state events of a sanitized sample kept in the repository (or of a Kafka
 * cluster) replayed with the project's own classes and runtime dependencies, and the build failed when the state they
 * rebuild differs from the state recorded (docs/replay.md). The same engine as {@code wow-compat replay}.
 *
 * <p>The reports ({@code replay.json}, {@code replay.md}, {@code replay.xml} and the {@code formats} asked for) are
 * written to {@code outputDirectory}; the text report goes to the build log.
 */
@Mojo(name = "replay", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.RUNTIME)
public class ReplayMojo extends AbstractWowCompatMojo {
    /** The reports' file name before its extension: {@code replay.json}, ... */
    static final String REPORT = "replay";

    /** Exports of state events in the audit's formats ({@code kcat -C -J} lines), e.g. {@code src/test/replay/sample.jsonl}. */
    /** This plugin, whose version the JSON report names (what {@code register}'s {@code replayReport} keeps). */
    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    private org.apache.maven.plugin.descriptor.PluginDescriptor plugin;

    @Parameter(property = "wow-compat.replay.inputs")
    private List<File> inputs;

    /** A Kafka cluster to read the state events from instead of files, as {@code --bootstrap-server} takes it. */
    @Parameter(property = "wow-compat.replay.bootstrapServers")
    private String bootstrapServers;

    /** Client properties for the cluster (SASL, SSL, ...), as Kafka's own tools take them. */
    @Parameter(property = "wow-compat.replay.kafkaConfig")
    private File kafkaConfig;

    /** The topics read, regular expressions matching a whole name; default: Wow's state topics, {@code ^wow\..*\.state}. */
    @Parameter(property = "wow-compat.replay.topics")
    private List<String> topics;

    /** {@code breaking}: fail on breaking findings; {@code warning}: on warnings too; {@code never}: only report. */
    @Parameter(property = "wow-compat.failOn", defaultValue = "breaking")
    private String failOn;

    /**
     * Findings that do not count: each {@code <ignore>} has a {@code <finding>} id (or {@code *}), a {@code <topic>}
     * glob (empty: every topic), and a required {@code <reason>}. Waived findings are listed in the reports.
     */
    @Parameter
    private List<ReplayIgnore> ignores;

    /** Report formats to write besides json, markdown and junit: {@code text}, {@code github}, {@code sarif}. */
    @Parameter(property = "wow-compat.formats")
    private List<String> formats;

    @Parameter(property = "wow-compat.outputDirectory", defaultValue = "${project.build.directory}/wow-compat")
    private File outputDirectory;

    /** The candidate JVM's maximum heap, as {@code -Xmx} takes it. */
    @Parameter(property = "wow-compat.replay.maxHeap", defaultValue = "512m")
    private String maxHeap;

    /** How long the whole replay may run ({@code 30m}, {@code 90s}); the candidate's JVM is stopped then. */
    @Parameter(property = "wow-compat.replay.timeout", defaultValue = "30m")
    private String timeout;

    /** How many aggregates' state events are held; those of further aggregates are counted, not replayed. */
    @Parameter(property = "wow-compat.replay.maxAggregates", defaultValue = "100000")
    private int maxAggregates;

    /** Pass when no state event was read; without it that fails, so a wrong path or topic cannot pass. */
    @Parameter(property = "wow-compat.replay.allowEmpty", defaultValue = "false")
    private boolean allowEmpty;

    /** Skip this goal only ({@code wow-compat.skip} skips every wow-compat goal). */
    @Parameter(property = "wow-compat.replay.skip", defaultValue = "false")
    private boolean skipReplay;

    /**
     * Resolve the previous release (its jar and runtime dependencies) for the rollback check: whether it can read
     * what this release writes. No earlier release: nothing to roll back to, and the replay runs without it.
     */
    @Parameter(property = "wow-compat.replay.rollbackCheck", defaultValue = "true")
    private boolean rollbackCheck;

    /** The release to roll back to; default: the newest earlier release of this artifact in the Maven repositories. */
    @Parameter(property = "wow-compat.replay.baselineVersion")
    private String baselineVersion;

    private final RepositorySystem repositorySystem;

    @Inject
    public ReplayMojo(RepositorySystem repositorySystem) {
        this.repositorySystem = repositorySystem;
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip || skipReplay) {
            getLog().info("wow-compat: replay skipped (" + (skip ? "wow-compat.skip" : "wow-compat.replay.skip") + ").");
            return;
        }
        // Configuration first: a mistake in the pom is reported before anything is resolved or started.
        List<AuditWaiver> waivers = ReplayIgnore.waivers(ignores);
        Gate.FailOn failing = Gate.FailOn.valueOf(Outcome.parse(failOn).name());
        Set<ReportFormat> reportFormats = ReportFiles.formats(formats);
        Duration limit = duration();
        List<Pattern> topicPatterns = topicPatterns();
        boolean fromFiles = inputs != null && !inputs.isEmpty();
        boolean fromKafka = bootstrapServers != null && !bootstrapServers.isBlank();
        if (fromFiles == fromKafka) {
            throw new MojoFailureException("wow-compat:replay needs either <inputs> (exports of state events, kcat -J lines) or "
                    + "<bootstrapServers> (a Kafka cluster), and not both.");
        }
        if (maxAggregates <= 0) {
            throw new MojoFailureException("<maxAggregates> (wow-compat.replay.maxAggregates) must be positive.");
        }

        List<Path> candidate = candidateClasspath();
        List<Path> baseline = baselineClasspath();
        ReplayRun.Request request = new ReplayRun.Request(candidate, baseline, maxHeap, limit, maxAggregates, waivers, allowEmpty);
        ReplayRun.Result result;
        try (RecordSource source = fromFiles ? ReplayRun.files(inputs.stream().map(File::toPath).toList(), topicPatterns, From.EARLIEST)
                : ReplayRun.kafka(bootstrapServers, clientProperties(), topicPatterns, From.EARLIEST,
                        kafkaConfig == null ? null : kafkaConfig.toString())) {
            result = ReplayRun.run(request, source, Replay.Progress.NONE);
        } catch (AuditException | ReplayException e) {
            throw new MojoExecutionException("wow-compat:replay: " + e.getMessage());
        }
        result.nothingRead().ifPresent(why -> getLog().warn("wow-compat: no state event was read: " + why));

        AuditReport report = result.report();
        Path out = outputDirectory.toPath();
        writeReports(result, out, reportFormats);
        logReport(AuditRenderer.render(report, ReportFormat.TEXT, ReplayRun.CATALOGUE));
        List<AuditReport.Counted> failed = report.failing(failing);
        if (!failed.isEmpty()) {
            StringBuilder message = new StringBuilder("The replay of " + project.getArtifactId() + " " + project.getVersion()
                    + " found " + Outcome.count(failed.size(), "failing finding") + ":");
            for (AuditReport.Counted counted : failed.subList(0, Math.min(failed.size(), Outcome.FIRST_FINDINGS))) {
                message.append("\n  [").append(counted.finding().id()).append("] ").append(Outcome.count(counted.count(), "time"));
                if (!counted.examples().isEmpty()) {
                    AuditReport.Example first = counted.examples().get(0);
                    message.append(", first at ").append(first.key()).append(" ").append(first.pointer()).append(": ").append(first.message());
                }
            }
            message.append("\nFull report: ").append(out.resolve(ReportFormat.MARKDOWN.fileName(REPORT)));
            throw new MojoFailureException(message.toString());
        }
    }

    /** The project's compiled classes, then its runtime dependencies, as Maven puts them on the runtime classpath. */
    private List<Path> candidateClasspath() throws MojoExecutionException {
        try {
            List<Path> classpath = new ArrayList<>();
            for (String element : project.getRuntimeClasspathElements()) {
                classpath.add(Path.of(element));
            }
            return classpath;
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("The project's runtime classpath is not resolved: " + e.getMessage());
        }
    }

    /**
     * The previous release's classpath for the rollback check, or none. It is handed to the engine in
     * {@link ReplayRun.Request#baselineClasspath()}, where the command line's {@code --baseline-classpath} goes too.
     */
    private List<Path> baselineClasspath() throws MojoExecutionException {
        if (!rollbackCheck) return List.of();
        PreviousReleaseClasspath releases = new PreviousReleaseClasspath(repositorySystem, session.getRepositorySession(),
                project.getRemoteProjectRepositories());
        Optional<PreviousReleaseClasspath.Resolved> resolved = releases.resolve(project.getGroupId(), project.getArtifactId(),
                project.getVersion(), baselineVersion);
        if (resolved.isEmpty()) {
            getLog().info("wow-compat: no earlier release of " + project.getGroupId() + ":" + project.getArtifactId()
                    + " was found; there is nothing to roll back to.");
            return List.of();
        }
        getLog().info("wow-compat: rollback baseline " + project.getGroupId() + ":" + project.getArtifactId() + ":"
                + resolved.get().version() + " (" + dev.wowcompat.text.Counts.of(resolved.get().classpath().size(), "classpath entry", "classpath entries") + ")");
        return resolved.get().classpath();
    }

    private void writeReports(ReplayRun.Result result, Path directory, Set<ReportFormat> reportFormats) throws MojoExecutionException {
        try {
            Files.createDirectories(directory);
            for (ReportFormat format : reportFormats) {
                Files.writeString(directory.resolve(format.fileName(REPORT)), result.rendered(format, plugin.getVersion()),
                        StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the replay's report to " + directory + ": " + e.getMessage() + ".");
        }
    }

    private Duration duration() throws MojoFailureException {
        try {
            return Durations.positive(timeout);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("<timeout> (wow-compat.replay.timeout) is '" + timeout + "': " + e.getMessage() + ".");
        }
    }

    private List<Pattern> topicPatterns() throws MojoFailureException {
        List<Pattern> patterns = new ArrayList<>();
        for (String topic : topics == null || topics.isEmpty() ? List.of(ReplayRun.STATE_TOPICS) : topics) {
            try {
                patterns.add(Pattern.compile(topic));
            } catch (PatternSyntaxException e) {
                throw new MojoFailureException("<topics> holds '" + topic + "', which is not a regular expression: " + e.getDescription() + ".");
            }
        }
        return patterns;
    }

    private Properties clientProperties() throws MojoFailureException {
        if (kafkaConfig == null) return new Properties();
        Properties properties;
        try {
            properties = KafkaClientProperties.load(kafkaConfig.toPath(), "<kafkaConfig>");
        } catch (AuditException e) {
            throw new MojoFailureException("wow-compat:replay: " + e.getMessage());
        }
        KafkaClientProperties.droppedWarning(properties, KafkaInput.OVERRIDDEN, "<kafkaConfig> " + kafkaConfig, "replay",
                "it joins no consumer group and commits no offset.").ifPresent(warning -> getLog().warn("wow-compat: " + warning));
        return properties;
    }
}
