package dev.wowcompat.audit;

import java.util.List;

/**
 * One pass: every record of a source judged against the registered releases, counted into a report. The pass is
 * single-threaded (the judge and its caches are confined to it); {@link #stop()} may come from any thread, and the
 * report then holds what was judged so far.
 */
public final class Audit {
    /**
     * @param maxMessages stop after this many records (0: no limit)
     * @param environment judge each record against the release running there when it was written, or null
     */
    public record Settings(int maxRecordBytes, int maxAggregates, long maxMessages, String environment, List<AuditWaiver> waivers) {
        public Settings {
            waivers = List.copyOf(waivers);
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
        Judge judge = new Judge(catalog, deployments, tally, observer, settings.maxRecordBytes(), settings.maxAggregates());
        long[] lastUpdate = {System.nanoTime()};
        source.read(record -> {
            judge.judge(record);
            long n = tally.messages();
            if (settings.maxMessages() > 0 && n >= settings.maxMessages()) source.stop();
            if ((n & 1023) == 0 && System.nanoTime() - lastUpdate[0] > 500_000_000L) {
                lastUpdate[0] = System.nanoTime();
                progress.update(n, source.remaining());
            }
        });
        if (source instanceof KafkaInput kafka) kafka.partitionCounts().forEach(tally::partitionsRead);
        return report();
    }

    /** The report of what was judged so far. */
    public AuditReport report() {
        return tally.report();
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
