package dev.wowcompat.audit;

import dev.wowcompat.window.WireWindow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The audit's judge for a watch: records judged one by one as {@link Audit} judges them (the same {@link Judge},
 * encodings and {@link ValueDrift}), cut into windows of the wire. At each cut the window's counts and profiles
 * restart; the judge's caches, the version check and the environment's history go on across windows.
 *
 * <p>The judging is split into lanes that may run at once, one thread each (docs/decisions.md, "Watching the wire"):
 * every partition's records go to one lane, always the same, which reads and judges them in their order, so the
 * version check of a partition is whole in its lane and a record's tree is judged on the core that built it. Each lane
 * counts and profiles on its own; a cut adds the lanes' windows and profiles together and draws the drift from the
 * sum, as one judge would. Cutting, dropping, forgetting and reading the history again are done only while no lane
 * judges.
 */
public final class WindowJudge {
    /** How often the environment's history is read again, so that a deployment made while the watch runs is seen. */
    static final long HISTORY_EVERY_MILLIS = 60_000;
    /** At most this many lanes, and no more than the machine has processors. */
    private static final int MAX_LANES = 4;

    /** The state of one lane: confined to the thread judging it, or to the caller while none judges. */
    private static final class Lane {
        final Catalog catalog;
        final Tally tally = new Tally(List.of(), true);
        final ValueDrift values;
        final Judge judge;

        Lane(Releases releases, Deployments deployments, int maxRecordBytes, int maxAggregates, boolean profile) {
            this.catalog = new Catalog(releases);
            this.values = profile ? new ValueDrift(catalog, deployments) : null;
            PayloadObserver observer = observed -> {
                if (catalog.declares(observed)) tally.carried(observed);
                if (values != null) values.observe(observed);
            };
            this.judge = new Judge(catalog, deployments, tally, observer, maxRecordBytes, maxAggregates);
        }
    }

    private final Releases releases;
    private final String environment;
    private final List<Lane> lanes = new ArrayList<>();
    private Deployments deployments;
    private long historyReadAt;

    /**
     * @param environment judge each record against the release running there when it was written
     * @param maxAggregates how many aggregates the version check remembers, shared among the lanes
     * @param profile profile the values and report their drift at each cut
     * @throws AuditException when the registry cannot be reached or knows no such environment
     */
    public WindowJudge(Releases releases, String environment, int maxRecordBytes, int maxAggregates, boolean profile) throws AuditException {
        this(releases, environment, maxRecordBytes, maxAggregates, profile, Math.min(MAX_LANES, Runtime.getRuntime().availableProcessors()));
    }

    /** @param count how many lanes, at least one */
    WindowJudge(Releases releases, String environment, int maxRecordBytes, int maxAggregates, boolean profile, int count) throws AuditException {
        if (count < 1) throw new IllegalArgumentException("a judge needs a lane");
        this.releases = releases;
        this.environment = environment;
        this.deployments = releases.deployments(environment);
        this.historyReadAt = System.currentTimeMillis();
        for (int i = 0; i < count; i++) {
            lanes.add(new Lane(releases, deployments, maxRecordBytes, Math.max(1, maxAggregates / count), profile));
        }
    }

    /** How many lanes may judge at once. */
    int lanes() {
        return lanes.size();
    }

    /** The lane that judges every record of the partition. */
    int laneOf(String topic, int partition) {
        return Math.floorMod(31 * topic.hashCode() + partition, lanes.size());
    }

    /**
     * Reads one record's value and judges it, in its partition's order, on the thread of the record's lane (one
     * thread at a time per lane).
     *
     * @throws AuditException when the registry cannot be reached to look a type up: the window is then not whole
     *         (drop it with {@link #drop()} and read its records again)
     */
    public void judge(AuditRecord record) throws AuditException {
        Lane lane = lane(record);
        if (lane.values != null) lane.values.reading(record);
        lane.judge.judge(lane.judge.read(record));
    }

    private Lane lane(AuditRecord record) {
        return lanes.get(laneOf(record.topic(), record.partition()));
    }

    /** The records of the partition are read again from another offset: the versions seen there are forgotten. */
    public void forget(String topic, int partition) {
        lanes.get(laneOf(topic, partition)).judge.forget(topic, partition);
    }

    /** Records judged in the window so far. */
    public long windowRecords() {
        long n = 0;
        for (Lane lane : lanes) n += lane.tally.windowRecords();
        return n;
    }

    /**
     * Ends the window: the lanes' counts and profiles added together, the drift findings of the sum, and a fresh
     * window for the records that follow. Every so often the environment's history is read again for the next window.
     *
     * @throws AuditException when the registry cannot be reached for the kept profiles the drift compares with
     */
    public WireWindow cut(Instant start, Instant end) throws AuditException {
        Lane all = lanes.get(0);
        for (Lane other : lanes.subList(1, lanes.size())) {
            all.tally.addWindow(other.tally);
            if (all.values != null) all.values.add(other.values);
        }
        if (all.values != null) all.values.findings(all.tally);
        WindowCounts done = all.tally.cutWindow();
        return done.window(start, end, all.values == null ? null : all.values.cut());
    }

    /** Drops what the window counted (its records will be read again, or were counted already). */
    public void drop() {
        for (Lane lane : lanes) {
            lane.tally.cutWindow();
            if (lane.values != null) lane.values.cut();
        }
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
        Deployments read = releases.deployments(environment);
        historyReadAt = now;
        if (read.sameAs(deployments)) return;
        deployments = read;
        for (Lane lane : lanes) {
            lane.catalog.forget();
            lane.judge.deployments(read);
            if (lane.values != null) lane.values.deployments(read);
        }
    }
}
