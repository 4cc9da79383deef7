package dev.wowcompat.audit;

import dev.wowcompat.profile.ProfileSet;
import java.util.List;

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
     * @param profile profile the values and report their drift (issue 26): meaning-drift, format-drift,
     *        code-list-drift, declared-meaning-contradicted
     */
    public record Settings(int maxRecordBytes, int maxAggregates, long maxMessages, String environment, List<AuditWaiver> waivers,
                           boolean profile) {
        public Settings {
            waivers = List.copyOf(waivers);
        }

        /** Without profiling: the records' checks only. */
        public Settings(int maxRecordBytes, int maxAggregates, long maxMessages, String environment, List<AuditWaiver> waivers) {
            this(maxRecordBytes, maxAggregates, maxMessages, environment, waivers, false);
        }
    }

    /** Told of the pass's progress now and then (the command line's line on a terminal). */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (read, remaining) -> { };

        /** @param remaining records still to read up to the end, or -1 when not known */
        void update(long read, long remaining);
    }

    private final RecordSource source;
    private final Catalog catalog;
    private final Settings settings;
    private final Tally tally;
    private volatile boolean stopped;
    private ValueDrift drift;

    public Audit(RecordSource source, Releases releases, Settings settings) {
        this.source = source;
        this.catalog = new Catalog(releases);
        this.settings = settings;
        this.tally = new Tally(settings.waivers());
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
        PayloadObserver observers = values == null ? observer : observed -> {
            values.observe(observed);
            observer.observe(observed);
        };
        Judge judge = new Judge(catalog, deployments, tally, observers, settings.maxRecordBytes(), settings.maxAggregates());
        long[] lastUpdate = {System.nanoTime()};
        Handoff.pass(source, judge, read -> {
            // Records read ahead of --max-messages are not judged: the source was told to stop at the limit.
            if (settings.maxMessages() > 0 && tally.messages() >= settings.maxMessages()) return;
            if (values != null) values.reading(read.record());
            judge.judge(read);
            long n = tally.messages();
            if (settings.maxMessages() > 0 && n >= settings.maxMessages()) source.stop();
            if ((n & 1023) == 0 && System.nanoTime() - lastUpdate[0] > 500_000_000L) {
                lastUpdate[0] = System.nanoTime();
                progress.update(n, source.remaining());
            }
        });
        if (source instanceof KafkaInput kafka) kafka.partitionCounts().forEach(tally::partitionsRead);
        // The values are judged once the pass is over (or stopped): a deployment is compared on all it read.
        if (values != null) values.findings(tally);
        return report();
    }

    /** The report of what was judged so far. */
    public AuditReport report() {
        return tally.report();
    }

    /**
     * The profiles of the values the pass read, by field and the release each record is attributed to; empty
     * without {@link Settings#profile()} or before {@link #run}.
     */
    public ProfileSet profiles() {
        return drift == null ? new ProfileSet() : drift.profiles();
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
