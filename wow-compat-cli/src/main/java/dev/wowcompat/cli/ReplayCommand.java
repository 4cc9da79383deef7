package dev.wowcompat.cli;

import dev.wowcompat.audit.AuditException;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.audit.AuditRenderer;
import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.AuditWaiver;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.KafkaInput;
import dev.wowcompat.audit.RecordSource;
import dev.wowcompat.replay.BootJar;
import dev.wowcompat.replay.ReplayException;
import dev.wowcompat.replay.ReplayFinding;
import dev.wowcompat.replay.ReleaseManifest;
import dev.wowcompat.replay.ReplayRun;
import dev.wowcompat.manifest.Version;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

/**
 * {@code wow-compat replay}: recorded state events replayed with the candidate's own classes and the Wow runtime they
 * ship, in a JVM of their own, and the state rebuilt compared with the state recorded (module replay,
 * docs/replay.md).
 */
@Command(name = "replay", sortOptions = false,
        header = "Replay recorded state events with the candidate's code and report the state it rebuilds differently.",
        description = {
                "Runs the candidate's classes (--classpath) in a JVM of their own with Wow's runtime on that classpath,",
                "over Wow state events from Kafka (read to the end offsets taken at start, no group) or kcat -J lines (--input).",
                "Findings: docs/replay.md. Exit codes: 0 nothing at or above --fail-on, 1 findings, 2 bad input, or the candidate could not run."})
final class ReplayCommand implements Callable<Integer> {
    /** Wow's state event topics: {@code wow.<context alias>.<aggregate>.state}. */
    static final String DEFAULT_TOPICS = ReplayRun.STATE_TOPICS;

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Option(names = "--classpath", paramLabel = "CP",
            description = "The candidate's compiled classes and runtime dependencies, as java -cp takes them (wow-core among them). Repeatable.")
    List<String> classpath = new ArrayList<>();

    @Option(names = "--jar", paramLabel = "FILE",
            description = "The candidate as a Spring Boot jar, instead of --classpath: unpacked as Boot lays it out into a temporary directory deleted at the end.")
    Path jar;

    @Mixin
    KafkaOptions kafka;

    @Option(names = "--input", paramLabel = "FILE", description = "Read state events as kcat -C -J prints them, one a line, instead of Kafka. Repeatable.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--manifest", paramLabel = "FILE",
            description = "The candidate's Manifest, for --synthetic, the rollback check and upgradesFrom; without it, it is generated from the candidate's classes as `wow-compat manifest` does.")
    Path manifest;

    @Option(names = "--classes", paramLabel = "DIR",
            description = "The candidate's own classes, to generate its Manifest from (default: the --classpath entries whose META-INF/wow-metadata.json names an aggregate). Repeatable.")
    List<Path> classes = new ArrayList<>();

    @Option(names = "--service", paramLabel = "NAME", description = "The generated Manifest's service name (default: the bounded context's name).")
    String service;

    @Option(names = "--version", paramLabel = "V", description = "The generated Manifest's version, major.minor.patch (default: 0.0.0).")
    String version;

    @Option(names = "--synthetic",
            description = "Also read one generated record per event revision of the candidate's Manifest with the candidate's upgraders and classes; with it, no recorded input is needed.")
    boolean synthetic;

    @Option(names = "--baseline-classpath", paramLabel = "CP",
            description = "The previous release's classes and runtime dependencies, as java -cp takes them: it must read what the candidate writes (rollback-event-unreadable). Repeatable.")
    List<String> baselineClasspath = new ArrayList<>();

    @Option(names = "--candidate-input", paramLabel = "FILE",
            description = "State events the candidate wrote (kcat -J lines, e.g. from staging), read with the previous release too. Repeatable; needs --baseline-classpath.")
    List<Path> candidateInputs = new ArrayList<>();

    @Option(names = "--max-heap", paramLabel = "SIZE", defaultValue = "512m",
            description = "The candidate's JVM's maximum heap, as -Xmx takes it (default: ${DEFAULT-VALUE}).")
    String maxHeap;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30m", converter = Converters.Timeout.class,
            description = "How long the whole replay may run; the candidate's JVM is stopped then (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--max-aggregates", paramLabel = "N", defaultValue = "100000",
            description = "How many aggregates' state events are held; those of further aggregates are counted, not replayed (default: ${DEFAULT-VALUE}).")
    int maxAggregates;

    @Option(names = "--allow-empty", description = "Exit 0 when no record was read; without it, that is exit 2, so a wrong path or topic cannot pass.")
    boolean allowEmpty;

    @Mixin
    VerdictOptions verdict;

    @Option(names = "--ignore", paramLabel = "FINDING:TOPIC_GLOB:REASON", converter = IgnoreFinding.class,
            description = "Waive FINDING (or *) on topics matching the glob (empty: every topic); the reason is shown in the report. Repeatable.")
    List<AuditWaiver> ignores = new ArrayList<>();

    static final class IgnoreFinding implements ITypeConverter<AuditWaiver> {
        @Override
        public AuditWaiver convert(String value) {
            try {
                return AuditWaiver.parse(value, ReplayFinding.catalogue());
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** The replay's findings in the audit's report formats. */
    static final AuditRenderer.Catalogue CATALOGUE = ReplayRun.CATALOGUE;

    @Override
    public Integer call() throws InvalidInputException {
        PrintWriter err = spec.commandLine().getErr();
        try {
            return replay(err);
        } catch (AuditException | ReplayException e) {
            err.println("wow-compat replay: " + Failures.oneLine(e.getMessage()));
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
    }

    private int replay(PrintWriter err) throws AuditException, ReplayException, InvalidInputException {
        boolean recorded = !inputs.isEmpty() || kafka.given();
        boolean generatedOnly = synthetic || !baselineClasspath.isEmpty();
        if (!inputs.isEmpty() && kafka.given() || !recorded && !generatedOnly) {
            throw new AuditException("give either --bootstrap-servers (or --kafka-config) to read Kafka, or --input FILE (repeatable) to read kcat -J lines"
                    + (recorded ? "" : ", or --synthetic to read generated records only"));
        }
        if (maxAggregates <= 0) {
            throw new AuditException("--max-aggregates must be positive");
        }
        if (classpath.isEmpty() == (jar == null)) {
            throw new AuditException("give the candidate either as --classpath CP or as --jar FILE (a Spring Boot jar)");
        }
        if (!candidateInputs.isEmpty() && baselineClasspath.isEmpty()) {
            throw new AuditException("--candidate-input is read with the previous release: give its classes with --baseline-classpath");
        }
        if (manifest != null && (!classes.isEmpty() || service != null || version != null)) {
            throw new AuditException("--manifest gives the candidate's Manifest; --classes, --service and --version are for generating one, so give one or the other");
        }
        if (version != null && !Version.isValid(version)) {
            throw new AuditException("--version: " + Version.problem(version).orElseThrow());
        }
        List<Path> baseline = entries(baselineClasspath);
        if (!baselineClasspath.isEmpty() && baseline.isEmpty()) {
            throw new AuditException("--baseline-classpath is empty: give the previous release's classes and dependencies");
        }
        if (jar != null) {
            try (BootJar boot = BootJar.unpack(jar)) {
                return replay(boot.classpath(), baseline, recorded, err);
            }
        }
        return replay(entries(classpath), baseline, recorded, err);
    }

    private int replay(List<Path> candidate, List<Path> baseline, boolean recorded, PrintWriter err)
            throws AuditException, ReplayException, InvalidInputException {
        List<Pattern> topics = kafka.topics.isEmpty() ? List.of(Pattern.compile(DEFAULT_TOPICS)) : kafka.topicPatterns();
        From start = kafka.start();
        ReplayRun.Request request = new ReplayRun.Request(candidate, baseline, candidateInputs,
                new ReleaseManifest(Optional.ofNullable(manifest), classes, Optional.ofNullable(service), Optional.ofNullable(version)),
                synthetic, maxHeap, timeout, maxAggregates, ignores, allowEmpty);
        ReplayRun.Result result;
        ReplayProgress progress = new ReplayProgress(err, Terminal.stderrIsTerminal());
        try {
            if (recorded) {
                try (RecordSource source = source(topics, start, err)) {
                    result = ReplayRun.run(request, source, progress);
                }
            } else {
                result = ReplayRun.runGenerated(request, progress);
            }
        } finally {
            progress.clear();
        }
        result.nothingRead().ifPresent(why -> {
            err.println("wow-compat replay: no state event was read: " + why);
            err.flush();
        });
        AuditReport report = result.report();
        verdict.show(result.rendered(verdict.format, VersionProvider.version()), () -> AuditRenderer.verdict(report, CATALOGUE),
                spec.commandLine().getOut());
        return report.failing(verdict.failOn).isEmpty() ? ExitCodes.OK : ExitCodes.FINDINGS;
    }

    /** The entries of classpath lists as {@code java -cp} takes them, in order. */
    private static List<Path> entries(List<String> lists) {
        List<Path> entries = new ArrayList<>();
        for (String list : lists) {
            for (String entry : list.split(Pattern.quote(File.pathSeparator))) {
                if (!entry.isBlank()) {
                    entries.add(Path.of(entry));
                }
            }
        }
        return entries;
    }

    private RecordSource source(List<Pattern> topics, From start, PrintWriter err) throws AuditException {
        if (!inputs.isEmpty()) {
            return ReplayRun.files(inputs, topics, start);
        }
        Properties properties = kafka.clientProperties(err, "replay", KafkaInput.OVERRIDDEN, "it joins no consumer group and commits no offset");
        return ReplayRun.kafka(kafka.bootstrapServers, properties, topics, start, kafka.configFile());
    }
}
