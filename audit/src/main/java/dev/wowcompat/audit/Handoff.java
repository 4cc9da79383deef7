package dev.wowcompat.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A pass over a source on two threads: the source's thread reads each record and does the first part of its work
 * (the audit: parses its value, {@link Judge#read}), the judging thread does the rest one by one in the order read,
 * so what it holds (the audit's judge, tally and version check; the replay's streams) stays confined to one thread
 * and the outcome is the same as on one. Parsing is about half of a record's cost, so on two cores the pass takes
 * about as long as the longer half (docs/decisions.md, "The audit's speed"; the replay reads its records so too).
 *
 * <p>Records go over in batches: what one poll of Kafka gave ({@link RecordSource.Sink#flush}), cut at
 * {@value #BATCH_RECORDS} records or {@value #BATCH_BYTES} bytes of values. At most {@value #QUEUED} batches wait; the
 * reader waits when they do. So what is held between the threads is bounded whatever the topic holds.
 */
public final class Handoff<T> implements RecordSource.Sink {
    static final int BATCH_RECORDS = 512;
    static final int BATCH_BYTES = 256 * 1024;
    static final int QUEUED = 4;

    /** What the source's thread does with each record before it is handed over. */
    @FunctionalInterface
    public interface Reading<T> {
        T read(AuditRecord record) throws AuditException;
    }

    /** What the judging thread does with each record, in order. */
    @FunctionalInterface
    public interface Judging<T> {
        void judge(T read) throws AuditException;
    }

    /** The end of the records: a batch of its own, told apart by identity. */
    private final List<T> end = new ArrayList<>(0);
    private final BlockingQueue<List<T>> queue = new ArrayBlockingQueue<>(QUEUED);
    private final Reading<T> reading;
    private final RecordSource source;
    private List<T> batch = new ArrayList<>();
    private long batchBytes;
    /** What stopped the judging thread (the registry out of reach), rethrown on the reading thread. */
    private volatile Throwable failure;

    private Handoff(Reading<T> reading, RecordSource source) {
        this.reading = reading;
        this.source = source;
    }

    /**
     * Reads every record of the source on this thread and judges them on another, in order; returns when all read
     * are judged.
     *
     * @throws AuditException from the source, or from the judging (the pass then stops reading)
     */
    public static <T> void pass(RecordSource source, Reading<T> reading, Judging<T> judging) throws AuditException {
        Handoff<T> handoff = new Handoff<>(reading, source);
        Thread judgingThread = new Thread(() -> handoff.judgeAll(judging), "wow-compat-judge");
        judgingThread.setDaemon(true);
        judgingThread.start();
        try {
            source.read(handoff);
            handoff.flush();
        } finally {
            handoff.finish(judgingThread);
        }
        Throwable failed = handoff.failure;
        if (failed instanceof AuditException e) throw e;
        if (failed instanceof RuntimeException e) throw e;
        if (failed instanceof Error e) throw e;
    }

    @Override
    public void accept(AuditRecord record) throws AuditException {
        batch.add(reading.read(record));
        batchBytes += record.value() == null ? 0 : record.value().length;
        if (batch.size() >= BATCH_RECORDS || batchBytes >= BATCH_BYTES) flush();
    }

    @Override
    public void flush() throws AuditException {
        if (batch.isEmpty()) return;
        hand(batch);
        batch = new ArrayList<>();
        batchBytes = 0;
    }

    private void hand(List<T> records) throws AuditException {
        try {
            queue.put(records);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AuditException("the audit was interrupted");
        }
    }

    private void judgeAll(Judging<T> judging) {
        try {
            for (List<T> records = queue.take(); records != end; records = queue.take()) {
                if (failure != null) continue; // drained, not judged: the reader is told to stop
                try {
                    for (T read : records) judging.judge(read);
                } catch (AuditException | RuntimeException | Error e) {
                    failure = e;
                    source.stop();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Tells the judging thread the records end, and waits until it has judged them all. */
    private void finish(Thread judgingThread) throws AuditException {
        try {
            // The judging thread takes until the end: offering again only matters if it died of an error.
            while (!queue.offer(end, 100, TimeUnit.MILLISECONDS)) {
                if (!judgingThread.isAlive()) return;
            }
            judgingThread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AuditException("the audit was interrupted");
        }
    }
}
