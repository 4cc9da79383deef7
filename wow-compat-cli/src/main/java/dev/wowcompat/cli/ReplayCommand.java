package dev.wowcompat.cli;

import dev.wowcompat.audit.AuditException;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.audit.AuditRenderer;
import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.AuditWaiver;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.KafkaInput;
import dev.wowcompat.audit.KcatInput;
import dev.wowcompat.audit.RecordSource;
import dev.wowcompat.replay.CandidateJvm;
import dev.wowcompat.replay.Replay;
import dev.wowcompat.replay.ReplayException;
import dev.wowcompat.replay.ReplayFinding;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
    static final String DEFAULT_TOPICS = "^wow\\..*\\.state";

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Option(names = "--classpath", paramLabel = "CP", required = true,
            description = "The candidate's compiled classes and runtime dependencies, as java -cp takes them (wow-core among them). Repeatable.")
    List<String> classpath = new ArrayList<>();

    @Mixin
    KafkaOptions kafka;

    @Option(names = "--input", paramLabel = "FILE", description = "Read state events as kcat -C -J prints them, one a line, instead of Kafka. Repeatable.")
    List<Path> inputs = new ArrayList<>();

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
    static final AuditRenderer.Catalogue CATALOGUE = new AuditRenderer.Catalogue("replay", ReplayFinding.catalogue(),
            "docs/replay.md", "REPLAY");

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
        if (inputs.isEmpty() == !kafka.given()) {
            throw new AuditException("give either --bootstrap-servers (or --kafka-config) to read Kafka, or --input FILE (repeatable) to read kcat -J lines");
        }
        if (maxAggregates <= 0) {
            throw new AuditException("--max-aggregates must be positive");
        }
        List<Path> candidate = new ArrayList<>();
        for (String list : classpath) {
            for (String entry : list.split(Pattern.quote(File.pathSeparator))) {
                if (!entry.isBlank()) {
                    candidate.add(Path.of(entry));
                }
            }
        }
        List<Pattern> topics = kafka.topics.isEmpty() ? List.of(Pattern.compile(DEFAULT_TOPICS)) : kafka.topicPatterns();
        From start = kafka.start();
        AuditReport report;
        Replay.Outcome outcome;
        java.time.Instant replayedAt = java.time.Instant.now();
        try (RecordSource source = source(topics, start, err); CandidateJvm jvm = CandidateJvm.start(candidate, maxHeap, timeout)) {
            outcome = new Replay(new Replay.Settings(maxAggregates, ignores)).replay(source, jvm);
            report = outcome.report();
            if (report.messages() == 0) {
                if (!allowEmpty) {
                    throw new AuditException("no state event was read: " + source.nothingRead() + " (--allow-empty accepts this)");
                }
                err.println("wow-compat replay: no state event was read: " + source.nothingRead());
                err.flush();
            }
        }
        // The JSON report says it is a replay's, when and on how much: what register --replay-report keeps.
        String rendered = verdict.format == dev.wowcompat.report.ReportFormat.JSON
                ? outcome.json(CATALOGUE, VersionProvider.version(), replayedAt)
                : AuditRenderer.render(report, verdict.format, CATALOGUE);
        verdict.show(rendered, () -> AuditRenderer.verdict(report, CATALOGUE),
                spec.commandLine().getOut());
        return report.failing(verdict.failOn).isEmpty() ? ExitCodes.OK : ExitCodes.FINDINGS;
    }

    private RecordSource source(List<Pattern> topics, From start, PrintWriter err) throws AuditException {
        if (!inputs.isEmpty()) {
            List<RecordSource> files = new ArrayList<>();
            for (Path input : inputs) {
                files.add(file(input, topics, start));
            }
            return new InOrder(files);
        }
        Properties properties = kafka.clientProperties(err, "replay", KafkaInput.OVERRIDDEN, "it joins no consumer group and commits no offset");
        return new KafkaInput(new KafkaInput.Options(kafka.bootstrapServers, properties, topics, start, false, Duration.ofSeconds(30),
                () -> { }, kafka.configFile()));
    }

    private static RecordSource file(Path input, List<Pattern> topics, From start) throws AuditException {
        if (Files.isDirectory(input)) {
            throw new AuditException(input + " is a directory; --input takes a file of kcat -J lines");
        }
        InputStream in;
        long size;
        try {
            size = Files.size(input);
            in = Files.newInputStream(input);
        } catch (NoSuchFileException e) {
            throw new AuditException(input + ": no such file");
        } catch (IOException e) {
            throw new AuditException(input + ": cannot be read (" + e.getMessage() + ")");
        }
        try {
            return KcatInput.of(in, size, input.toString(), 0, topics, start);
        } catch (IllegalArgumentException e) {
            try {
                in.close();
            } catch (IOException ignored) {
                // nothing was read from it
            }
            throw new AuditException(e.getMessage() + ": give --from earliest (the default), an instant or a duration");
        }
    }

    /** Several exports read one after the other, as one source. */
    private static final class InOrder implements RecordSource {
        private final List<RecordSource> sources;
        private volatile boolean stopped;

        InOrder(List<RecordSource> sources) {
            this.sources = List.copyOf(sources);
        }

        @Override
        public void read(Sink sink) throws AuditException {
            for (RecordSource source : sources) {
                if (stopped) {
                    return;
                }
                source.read(sink);
            }
        }

        @Override
        public void stop() {
            stopped = true;
            sources.forEach(RecordSource::stop);
        }

        @Override
        public String nothingRead() {
            return sources.isEmpty() ? "no input" : sources.get(sources.size() - 1).nothingRead();
        }

        @Override
        public void close() {
            for (RecordSource source : sources) {
                try {
                    source.close();
                } catch (Exception e) {
                    // Closing a file that was read: nothing is lost.
                }
            }
        }
    }
}
