package dev.wowcompat.audit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A watch's records read and judged in the judge's lanes, one thread each, while the watcher's thread polls the next
 * (docs/decisions.md, "Watching the wire"): each lane sees every record of its partitions in the order read, parses
 * it and judges it at once, on the core that will read its tree. The watcher's thread touches the judge (a cut, a
 * drop, a seek that forgets versions) only after {@link #drain}, when every record handed over is judged; a handing
 * waits while four polls, or 16 MiB of values, wait to be judged, so what is held stays bounded whatever the topic
 * holds.
 */
final class PollJudging implements AutoCloseable {
    private final WindowJudge judge;
    private final List<ExecutorService> lanes = new ArrayList<>();
    /**
     * How much may wait to be judged while the next poll is read: more than one poll, so that a slow fetch or a poll
     * slow to judge does not leave a lane idle (docs/performance.md, "The watch"), and little, so that what is held
     * stays bounded whatever the topic holds: at most this many polls, and no further poll once their values reach
     * {@link #BYTES_AHEAD}.
     */
    private static final int POLLS_AHEAD = 4;
    private static final long BYTES_AHEAD = 16L << 20;
    /** A poll handed over: per lane given some of its records, what stops their judging (a lookup failed) or null; and the bytes of its values. */
    private record Handed(List<Future<AuditException>> judged, long bytes) {}
    /** The polls handed over and not yet seen judged, oldest first. */
    private final ArrayDeque<Handed> judging = new ArrayDeque<>();
    private long bytesAhead;
    /**
     * Per lane, what stopped a poll's judging there, seen by the lane's polls after it: they are not judged (their
     * window is dropped anyway), so a registry out of reach costs one failed lookup per lane, not one per poll ahead.
     * Written by the lane's thread; cleared by {@link #drain}, after which every lane is idle.
     */
    private final AuditException[] stoppedAhead;
    private long records;
    private long bytes;

    PollJudging(WindowJudge judge) {
        this.judge = judge;
        this.stoppedAhead = new AuditException[judge.lanes()];
        for (int i = 0; i < judge.lanes(); i++) {
            String name = "wow-compat-watch-judge-" + i;
            lanes.add(Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, name);
                t.setDaemon(true);
                return t;
            }));
        }
    }

    /**
     * Hands the records to their lanes once there is room ahead of them.
     *
     * @throws AuditException when a lookup failed while a poll before was judged: the window is not whole, and these
     *         records are not judged (drop the window; they are read again)
     */
    void hand(List<AuditRecord> read) throws AuditException {
        List<List<AuditRecord>> byLane = new ArrayList<>(lanes.size());
        for (int i = 0; i < lanes.size(); i++) byLane.add(new ArrayList<>());
        long pollBytes = 0;
        for (AuditRecord r : read) {
            byLane.get(judge.laneOf(r.topic(), r.partition())).add(r);
            pollBytes += r.value() == null ? 0 : r.value().length;
        }
        bytes += pollBytes;
        records += read.size();
        while (!judging.isEmpty() && (judging.size() >= POLLS_AHEAD || bytesAhead >= BYTES_AHEAD)) {
            AuditException failed = awaitOldest();
            if (failed != null) {
                drain();
                throw failed;
            }
        }
        bytesAhead += pollBytes;
        List<Future<AuditException>> judged = new ArrayList<>(lanes.size());
        for (int i = 0; i < lanes.size(); i++) {
            List<AuditRecord> mine = byLane.get(i);
            if (mine.isEmpty()) continue;
            int lane = i;
            judged.add(lanes.get(i).submit(() -> {
                if (stoppedAhead[lane] != null) return stoppedAhead[lane];
                for (AuditRecord r : mine) {
                    try {
                        judge.judge(r);
                    } catch (AuditException e) {
                        stoppedAhead[lane] = e;
                        return e;
                    }
                }
                return null;
            }));
        }
        judging.addLast(new Handed(judged, pollBytes));
    }

    /**
     * Waits until every record handed over is judged; the judge is then idle, and the caller's to use.
     *
     * @return what stopped the judging (the registry out of reach for a lookup: the window is not whole), or null
     */
    AuditException drain() {
        AuditException first = null;
        while (!judging.isEmpty()) {
            AuditException failed = awaitOldest();
            if (first == null) first = failed;
        }
        Arrays.fill(stoppedAhead, null);
        return first;
    }

    /**
     * Waits for the oldest poll handed over to be judged in every lane: what stopped it first, or null. An interrupt is
     * kept for after, as the judge must be idle.
     */
    private AuditException awaitOldest() {
        Handed oldest = judging.removeFirst();
        bytesAhead -= oldest.bytes();
        AuditException first = null;
        boolean interrupted = false;
        for (Future<AuditException> lane : oldest.judged()) {
            while (true) {
                try {
                    AuditException failed = lane.get();
                    if (first == null) first = failed;
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (interrupted) Thread.currentThread().interrupt();
                    throw new IllegalStateException("judging a record failed", e.getCause());
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        return first;
    }

    /** Records handed over since the window started (judged once {@link #drain} returns). */
    long records() {
        return records;
    }

    /** Bytes of values handed over since the window started. */
    long bytes() {
        return bytes;
    }

    /** A window starts: the counts of what was handed over start again. */
    void newWindow() {
        records = 0;
        bytes = 0;
    }

    @Override
    public void close() {
        for (ExecutorService lane : lanes) lane.shutdownNow();
    }
}
