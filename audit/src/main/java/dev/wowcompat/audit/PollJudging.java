package dev.wowcompat.audit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A watch's records judged on a thread of their own, one poll after the other, while the watcher's thread polls the
 * next and parses it (docs/decisions.md, "Watching the wire"): as the audit's two threads, the judge sees every record
 * in the order read and is used by one thread at a time. The watcher's thread touches the judge (a cut, a drop, a
 * seek that forgets versions) only after {@link #drain}, when every record handed over is judged; a handing waits
 * while four polls, or 16 MiB of values, wait to be judged, so what is held stays bounded whatever the topic holds.
 */
final class PollJudging implements AutoCloseable {
    private final WindowJudge judge;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "wow-compat-watch-judge");
        t.setDaemon(true);
        return t;
    });
    /**
     * How much may wait to be judged while the next poll is read: more than one poll, so that a slow fetch or a poll
     * slow to judge does not leave the other thread idle (docs/performance.md, "The watch"), and little, so that the
     * trees held stay bounded whatever the topic holds: at most this many polls, and no further poll once their values
     * reach {@link #BYTES_AHEAD}.
     */
    private static final int POLLS_AHEAD = 4;
    private static final long BYTES_AHEAD = 16L << 20;
    /** A poll handed over: what stops its judging (a lookup failed) or null, and the bytes of its values. */
    private record Handed(Future<AuditException> judged, long bytes) {}
    /** The polls handed over and not yet seen judged, oldest first. */
    private final ArrayDeque<Handed> judging = new ArrayDeque<>();
    private long bytesAhead;
    /**
     * What stopped a poll's judging, seen by the polls after it on the judging thread: they are not judged (their
     * window is dropped anyway), so a registry out of reach costs one failed lookup, not one per poll ahead. Cleared
     * by {@link #drain}, after which the judging thread is idle.
     */
    private AuditException stoppedAhead;
    private long records;
    private long bytes;

    PollJudging(WindowJudge judge) {
        this.judge = judge;
    }

    /**
     * Parses the records here, then hands them to the judging thread once there is room ahead of it.
     *
     * @throws AuditException when a lookup failed while the poll before was judged: the window is not whole, and these
     *         records are not judged (drop the window; they are read again)
     */
    void hand(List<AuditRecord> read) throws AuditException {
        List<Judge.ParsedRecord> parsed = new ArrayList<>(read.size());
        long pollBytes = 0;
        for (AuditRecord r : read) {
            parsed.add(judge.read(r));
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
        judging.addLast(new Handed(thread.submit(() -> {
            if (stoppedAhead != null) return stoppedAhead;
            for (Judge.ParsedRecord r : parsed) {
                try {
                    judge.judge(r);
                } catch (AuditException e) {
                    stoppedAhead = e;
                    return e;
                }
            }
            return null;
        }), pollBytes));
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
        stoppedAhead = null;
        return first;
    }

    /** Waits for the oldest poll handed over to be judged: what stopped it, or null. An interrupt is kept for after, as the judge must be idle. */
    private AuditException awaitOldest() {
        Handed oldest = judging.removeFirst();
        bytesAhead -= oldest.bytes();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return oldest.judged().get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw new IllegalStateException("judging a record failed", e.getCause());
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
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
        thread.shutdownNow();
    }
}
