package dev.wowcompat.audit;

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
 * seek that forgets versions) only after {@link #drain}, when every record handed over is judged; a handing waits for
 * the poll before it, so at most one poll is judged while one is parsed, whatever the topic holds.
 */
final class PollJudging implements AutoCloseable {
    private final WindowJudge judge;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "wow-compat-watch-judge");
        t.setDaemon(true);
        return t;
    });
    /** The poll being judged: what stopped its judging (a lookup failed), or null once all are judged. */
    private Future<AuditException> judging;
    private long records;
    private long bytes;

    PollJudging(WindowJudge judge) {
        this.judge = judge;
    }

    /**
     * Parses the records here, then hands them to the judging thread once the poll before is judged.
     *
     * @throws AuditException when a lookup failed while the poll before was judged: the window is not whole, and these
     *         records are not judged (drop the window; they are read again)
     */
    void hand(List<AuditRecord> read) throws AuditException {
        List<Judge.ParsedRecord> parsed = new ArrayList<>(read.size());
        for (AuditRecord r : read) {
            parsed.add(judge.read(r));
            bytes += r.value() == null ? 0 : r.value().length;
        }
        records += read.size();
        AuditException failed = drain();
        if (failed != null) throw failed;
        judging = thread.submit(() -> {
            for (Judge.ParsedRecord r : parsed) {
                try {
                    judge.judge(r);
                } catch (AuditException e) {
                    return e;
                }
            }
            return null;
        });
    }

    /**
     * Waits until every record handed over is judged; the judge is then idle, and the caller's to use.
     *
     * @return what stopped the judging (the registry out of reach for a lookup: the window is not whole), or null
     */
    AuditException drain() {
        if (judging == null) return null;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return judging.get();
                } catch (InterruptedException e) {
                    // The judge must be idle before the caller touches it: the wait goes on, the interrupt is kept.
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw new IllegalStateException("judging a record failed", e.getCause());
                }
            }
        } finally {
            judging = null;
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
