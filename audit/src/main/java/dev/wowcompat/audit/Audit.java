package dev.wowcompat.audit;

import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.window.WireWindow;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One pass: every record of a source judged against the registered releases, counted into a report. Records are
 * read and parsed on the caller's thread and judged in their order on one other ({@link Handoff}): the judge, its
 * caches and the tally are confined to that thread. {@link #stop()} may come from any thread, and the report then
 * holds what was judged so far.
 */
public final class Audit {
    /**
     * @param maxMessages stop after this many records (0: no limit)
     * @param environment judge each record against the release running there when it was written, or null
     * @param profile profile the values and report their drift (docs/decisions.md, "Meaning drift"): meaning-drift, format-drift,
     *        code-list-drift, declared-meaning-contradicted
     * @param window count what {@link #window} posts (offsets per partition, records per release, what was carried,
     *        findings by release and type); off, the pass spends nothing on it per record
     */
    public record Settings(int maxRecordBytes, int maxAggregates, long maxMessages, String environment, List<AuditWaiver> waivers,
                           boolean profile, boolean window) {
        public Settings {
            waivers = List.copyOf(waivers);
        }

        /** Without a window of the wire: a pass that only reports counts nothing per partition, release and type. */
        public Settings(int maxRecordBytes, int maxAggregates, long maxMessages, String environment, List<AuditWaiver> waivers,
                        boolean profile) {
            this(maxRecordBytes, maxAggregates, maxMessages, environment, waivers, profile, false);
        }

        /** Without profiling: the records' checks only. */
        public Settings(int maxRecordBytes, int maxAggregates, long maxMessages, String environment, List<AuditWaiver> waivers) {
            this(maxRecordBytes, maxAggregates, maxMessages, environment, waivers, false, false);
        }
    }

    /** Told of the pass's progress now and then (the command line's line on a terminal). */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (read, left) -> { };

        /**
         * @param left what is left to read, in words ({@link RecordSource#progress()}: the lag for Kafka, the share
         *             of a file read, the bytes read from a pipe), or empty when the source cannot tell
         */
        void update(long read, String left);
    }

    private final RecordSource source;
    private final Catalog catalog;
    private final Settings settings;
    private final Tally tally;
    private volatile boolean stopped;
    private ValueDrift drift;
    private final java.time.Instant started = java.time.Instant.now();

    public Audit(RecordSource source, Releases releases, Settings settings) {
        this.source = source;
        this.catalog = new Catalog(releases);
        this.settings = settings;
        this.tally = new Tally(settings.waivers(), settings.window());
    }

    /**
     * Reads and judges until the source's end, {@code maxMessages} or {@link #stop()}.
     *
     * @throws AuditException when the source or the registry cannot be reached, or the input is not records
     */
    public AuditReport run(PayloadObserver observer, Progress progress) throws AuditException {
        Deployments deployments = settings.environment() == null ? null : catalog.releases().deployments(settings.environment());
        ValueDrift values = settings.profile() ? new ValueDrift(catalog, deployments) : null;
        drift = values;
        PayloadObserver observers = observed -> {
            if (catalog.declares(observed)) tally.carried(observed);
            if (values != null) values.observe(observed);
            observer.observe(observed);
        };
        Judge judge = new Judge(catalog, deployments, tally, observers, settings.maxRecordBytes(), settings.maxAggregates());
        long[] lastUpdate = {System.nanoTime()};
        Handoff.pass(source, judge::read, read -> {
            // Records read ahead of --max-messages are not judged: the source was told to stop at the limit.
            if (settings.maxMessages() > 0 && tally.messages() >= settings.maxMessages()) return;
            if (values != null) values.reading(read.record());
            judge.judge(read);
            long n = tally.messages();
            if (settings.maxMessages() > 0 && n >= settings.maxMessages()) source.stop();
            if ((n & 1023) == 0 && System.nanoTime() - lastUpdate[0] > 500_000_000L) {
                lastUpdate[0] = System.nanoTime();
                progress.update(n, source.progress());
            }
        });
        if (source instanceof KafkaInput kafka) kafka.partitionCounts().forEach(tally::partitionsRead);
        // The values are judged once the pass is over (or stopped): a deployment is compared on all it read.
        if (values != null) values.findings(tally);
        return report();
    }

    /** The report of what was judged so far. */
    public AuditReport report() {
        return tally.report().withNotRun(notRun());
    }

    /**
     * The findings this pass cannot check, with the reason: what needs the release that ran then without an
     * environment, the findings about values without profiling, the partition of commands without a partition count.
     */
    Map<AuditFinding, String> notRun() {
        Map<AuditFinding, String> out = new EnumMap<>(AuditFinding.class);
        for (AuditFinding f : AuditFinding.values()) {
            if (f.aboutValues() && !settings.profile()) out.put(f, "the values were not profiled (--no-profiles)");
            else if (f.needsEnvironment() && settings.environment() == null) {
                out.put(f, "it needs --environment (with --registry): the release that ran when each record was written");
            }
        }
        if (source instanceof KcatInput kcat && !kcat.knowsPartitionCount()) {
            out.put(AuditFinding.ENVELOPE_PARTITION_MISMATCH, "the partition count of the topics is not known (records read with --input; give --partitions)");
        }
        return out;
    }

    /**
     * The profiles of the values the pass read, by field and the release each record is attributed to; empty
     * without {@link Settings#profile()} or before {@link #run}.
     */
    public ProfileSet profiles() {
        return drift == null ? new ProfileSet() : drift.profiles();
    }

    /**
     * What the pass judged as one window of the wire ({@code audit --record-profiles} posts it): the offsets judged
     * per partition, records per release, what was carried, the findings not waived, and the profiles. Once, after
     * {@link #run}: it takes what the tally counted. Only for a pass whose settings keep a window.
     */
    public WireWindow window() {
        return tally.cutWindow().window(started, java.time.Instant.now(), profiles());
    }

    /** The waivers that matched no record (1-based), for a warning. */
    public List<Integer> unusedWaivers() {
        return tally.unusedWaivers();
    }

    public void stop() {
        stopped = true;
        source.stop();
    }

    public boolean stopped() {
        return stopped;
    }
}
