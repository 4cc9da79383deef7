package dev.wowcompat.audit;

import java.time.Instant;

/**
 * The audit's judge for a watch: records judged one by one as {@link Audit} judges them (the same {@link Judge},
 * encodings and {@link ValueDrift}), cut into windows of the wire. At each cut the window's counts and profiles
 * restart; the judge's caches, the version check and the environment's history go on across windows. Used by one
 * thread at a time (the watch judges on one, and cuts or drops a window on its own once the judging is idle), except
 * {@link #read}, which any thread may call (the watch parses on one thread while it judges on another).
 */
public final class WindowJudge {
    /** How often the environment's history is read again, so that a deployment made while the watch runs is seen. */
    static final long HISTORY_EVERY_MILLIS = 60_000;

    private final Catalog catalog;
    private final String environment;
    private final Tally tally = new Tally(java.util.List.of(), true);
    private final ValueDrift values;
    private final Judge judge;
    private Deployments deployments;
    private long historyReadAt;

    /**
     * @param environment judge each record against the release running there when it was written
     * @param profile profile the values and report their drift at each cut
     * @throws AuditException when the registry cannot be reached or knows no such environment
     */
    public WindowJudge(Releases releases, String environment, int maxRecordBytes, int maxAggregates, boolean profile) throws AuditException {
        this.catalog = new Catalog(releases);
        this.environment = environment;
        this.deployments = releases.deployments(environment);
        this.historyReadAt = System.currentTimeMillis();
        this.values = profile ? new ValueDrift(catalog, deployments) : null;
        PayloadObserver observer = observed -> {
            tally.carried(observed);
            if (values != null) values.observe(observed);
        };
        this.judge = new Judge(catalog, deployments, tally, observer, maxRecordBytes, maxAggregates);
    }

    /** Reads one record's value; thread-safe. */
    public Judge.ParsedRecord read(AuditRecord record) {
        return judge.read(record);
    }

    /**
     * Judges one record read by {@link #read}, in its partition's order.
     *
     * @throws AuditException when the registry cannot be reached to look a type up: the window is then not whole
     *         (drop it with {@link #drop()} and read its records again)
     */
    public void judge(Judge.ParsedRecord read) throws AuditException {
        if (values != null) values.reading(read.record());
        judge.judge(read);
    }

    /** The records of the partition are read again from another offset: the versions seen there are forgotten. */
    public void forget(String topic, int partition) {
        judge.forget(topic, partition);
    }

    /** Records judged in the window so far. */
    public long windowRecords() {
        return tally.windowRecords();
    }

    /** Bytes of values judged in the window so far. */
    public long windowBytes() {
        return tally.windowBytes();
    }

    /**
     * Ends the window: the drift findings of its values, then what it counted, and a fresh window for the records
     * that follow. Every so often the environment's history is read again for the next window.
     *
     * @throws AuditException when the registry cannot be reached for the kept profiles the drift compares with
     */
    public WireWindow cut(Instant start, Instant end) throws AuditException {
        if (values != null) values.findings(tally);
        WindowCounts done = tally.cutWindow();
        return WireWindow.of(done, start, end, values == null ? null : values.cut());
    }

    /** Drops what the window counted (its records will be read again, or were counted already). */
    public void drop() {
        tally.cutWindow();
        if (values != null) values.cut();
    }

    /**
     * Reads the environment's history again when it is older than a minute; when a deployment was made since, the
     * releases are read again too (a release registered since may run now). Call between windows.
     *
     * @throws AuditException when the registry cannot be reached
     */
    public void refresh() throws AuditException {
        long now = System.currentTimeMillis();
        if (now - historyReadAt < HISTORY_EVERY_MILLIS) return;
        Deployments read = catalog.releases().deployments(environment);
        historyReadAt = now;
        if (read.sameAs(deployments)) return;
        deployments = read;
        catalog.forget();
        judge.deployments(read);
        if (values != null) values.deployments(read);
    }
}
