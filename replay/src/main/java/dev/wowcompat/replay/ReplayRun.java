package dev.wowcompat.replay;

import dev.wowcompat.audit.AuditException;
import dev.wowcompat.audit.AuditRenderer;
import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.AuditWaiver;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.KafkaInput;
import dev.wowcompat.audit.KcatInput;
import dev.wowcompat.audit.RecordSource;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.text.Counts;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * One replay as {@code wow-compat replay} and {@code mvn wow-compat:replay} ask for it: the one entry both call, so
 * that the command and the goal cannot replay differently (docs/replay.md).
 */
public final class ReplayRun {
    /** Wow's state event topics: {@code wow.<context alias>.<aggregate>.state}. */
    public static final String STATE_TOPICS = "^wow\\..*\\.state";

    /** The replay's findings in the audit's report formats. */
    public static final AuditRenderer.Catalogue CATALOGUE = new AuditRenderer.Catalogue("replay", ReplayFinding.catalogue(),
            "docs/replay.md", "REPLAY");

    /** How long the cluster may take to answer before the replay gives up, as the audit waits. */
    private static final Duration KAFKA_TIMEOUT = Duration.ofSeconds(30);

    private ReplayRun() {
    }

    /**
     * @param candidateClasspath the candidate's classes and runtime dependencies, in {@code java -cp} order
     * @param baselineClasspath  the previous release's classes and runtime dependencies, for the rollback check
     *                           (docs/replay.md, "rollback-event-unreadable"); empty when there is none
     * @param candidateInputs    exports of state events the candidate wrote, read with the previous release too
     * @param manifest           the candidate's Manifest (a file, or how to generate it), for {@code synthetic}, the
     *                           rollback check and {@code upgradesFrom}
     * @param synthetic          whether one generated record per event revision of the Manifest is read too
     * @param maxHeap            the candidate JVM's {@code -Xmx}
     * @param timeout            how long the whole replay may run
     * @param allowEmpty         whether reading no state event passes; without it that is an error, so a wrong path
     *                           or topic cannot pass
     */
    public record Request(List<Path> candidateClasspath, List<Path> baselineClasspath, List<Path> candidateInputs,
                          ReleaseManifest manifest, boolean synthetic, String maxHeap, Duration timeout,
                          int maxAggregates, List<AuditWaiver> waivers, boolean allowEmpty) {
        public Request {
            candidateClasspath = List.copyOf(candidateClasspath);
            baselineClasspath = List.copyOf(baselineClasspath);
            candidateInputs = List.copyOf(candidateInputs);
            waivers = List.copyOf(waivers);
        }

        /** The recorded history alone, the Manifest generated when something needs it. */
        public Request(List<Path> candidateClasspath, List<Path> baselineClasspath, String maxHeap, Duration timeout,
                       int maxAggregates, List<AuditWaiver> waivers, boolean allowEmpty) {
            this(candidateClasspath, baselineClasspath, List.of(), ReleaseManifest.generated(), false, maxHeap, timeout,
                    maxAggregates, waivers, allowEmpty);
        }

        Replay.Settings settings() {
            return new Replay.Settings(maxAggregates, waivers, Optional.of(manifest), synthetic,
                    baselineClasspath.isEmpty() ? Optional.empty()
                            : Optional.of(new Replay.Rollback(baselineClasspath, candidateInputs, maxHeap, timeout)));
        }
    }

    /**
     * @param outcome     the replay's findings and how much it replayed
     * @param nothingRead why no state event was read, when none was and {@link Request#allowEmpty()} let it pass
     * @param replayedAt  when the replay started
     */
    public record Result(Replay.Outcome outcome, Optional<String> nothingRead, Instant replayedAt) {
        public AuditReport report() {
            return outcome.report();
        }

        /**
         * The report in {@code format}; the JSON one says it is a replay's, when and on how much, which is what
         * {@code register --replay-report} keeps (docs/decisions.md, "The replay's verdict").
         */
        public String rendered(ReportFormat format, String toolVersion) {
            return format == ReportFormat.JSON ? outcome.json(CATALOGUE, toolVersion, replayedAt)
                    : AuditRenderer.render(outcome.report(), format, CATALOGUE);
        }
    }

    /** Replays what {@code source} holds with the candidate and reports what differs; closes neither. */
    public static Result run(Request request, RecordSource source, Replay.Progress progress) throws ReplayException {
        return run(request, source, true, progress);
    }

    /**
     * Reads only generated records (docs/replay.md, "Generated records"): the synthetic ones and the rollback check's,
     * so no recorded history is needed.
     */
    public static Result runGenerated(Request request, Replay.Progress progress) throws ReplayException {
        if (!request.synthetic() && request.baselineClasspath().isEmpty()) {
            throw new ReplayException("without recorded state events, a replay reads generated records only: ask for them (--synthetic) or for the rollback check (--baseline-classpath)");
        }
        return run(request, new InOrder(List.of()), false, progress);
    }

    private static Result run(Request request, RecordSource source, boolean recorded, Replay.Progress progress) throws ReplayException {
        if (request.maxAggregates() <= 0) {
            throw new ReplayException("The number of aggregates held (--max-aggregates) must be positive.");
        }
        Instant replayedAt = Instant.now();
        Replay.Outcome outcome;
        try (CandidateJvm jvm = CandidateJvm.launch(request.candidateClasspath(), request.maxHeap(), request.timeout())) {
            outcome = new Replay(request.settings()).replay(source, jvm, progress);
        }
        if (outcome.report().messages() == 0 && recorded) {
            String why = outcome.notStateEvents() == 0 ? source.nothingRead()
                    : "none of the " + Counts.of(outcome.notStateEvents(), "record") + " read is a state event (" + Replay.STATE_EVENT + ")";
            if (!request.allowEmpty()) {
                throw new ReplayException("no state event was read: " + why + " (--allow-empty accepts this)");
            }
            return new Result(outcome, Optional.of(why), replayedAt);
        }
        return new Result(outcome, Optional.empty(), replayedAt);
    }

    /** The state events of exports in the audit's formats ({@code kcat -C -J} lines), read one file after the other. */
    public static RecordSource files(List<Path> inputs, List<Pattern> topics, From from) throws AuditException {
        List<RecordSource> files = new ArrayList<>();
        try {
            for (Path input : inputs) {
                files.add(file(input, topics, from));
            }
        } catch (AuditException e) {
            files.forEach(RecordSource::close);
            throw e;
        }
        return new InOrder(files);
    }

    /** The state events of a Kafka cluster, read to the end offsets taken at start, in no consumer group, as the audit reads. */
    public static RecordSource kafka(String bootstrapServers, Properties clientProperties, List<Pattern> topics, From from,
                                     String configFile) throws AuditException {
        return new KafkaInput(new KafkaInput.Options(bootstrapServers, clientProperties, topics, from, false, KAFKA_TIMEOUT,
                () -> { }, configFile));
    }

    private static RecordSource file(Path input, List<Pattern> topics, From from) throws AuditException {
        if (Files.isDirectory(input)) {
            throw new AuditException(input + " is a directory; a replay's input is a file of kcat -J lines");
        }
        try {
            return export(input, topics, from);
        } catch (NoSuchFileException e) {
            throw new AuditException(input + ": no such file");
        } catch (IOException e) {
            throw new AuditException(input + ": cannot be read (" + e.getMessage() + ")");
        } catch (IllegalArgumentException e) {
            throw new AuditException(e.getMessage() + ": give --from earliest (the default), an instant or a duration");
        }
    }

    /**
     * Opens one export in the audit's formats ({@code kcat -C -J} lines), for the recorded history and for what the
     * candidate wrote (the rollback check): each caller words a failure for the option that named the file.
     *
     * @throws IllegalArgumentException if the export cannot start where {@code from} says (the file is closed)
     */
    static KcatInput export(Path input, List<Pattern> topics, From from) throws IOException {
        long size = Files.size(input);
        InputStream in = Files.newInputStream(input);
        try {
            return KcatInput.of(in, size, input.toString(), 0, topics, from);
        } catch (IllegalArgumentException e) {
            try {
                in.close();
            } catch (IOException ignored) {
                // nothing was read from it
            }
            throw e;
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
