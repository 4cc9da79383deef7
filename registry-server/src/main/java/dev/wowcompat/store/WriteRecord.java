package dev.wowcompat.store;

import java.util.function.Function;

/**
 * The write-log row of a write, made by the caller before the write from what the request names (principal, route,
 * status), and appended by the store in the write's own transaction: a committed write and its row are stored together
 * or not at all (docs/decisions.md, "Who may write"). A write that is not committed (refused, a repeat, nothing to do)
 * appends no row here; its caller logs it after answering, knowing from {@link #appended} that nothing was kept.
 *
 * <p>The store calls nothing of its caller's inside the transaction: the row is a value, and the version a row may learn
 * only from the write's outcome (a registration's, a deletion's) is read from that outcome by {@code version}, a function
 * of the outcome alone.
 */
public final class WriteRecord<T> {
    private static final WriteRecord<?> NONE = new WriteRecord<>(null, null);

    private final WriteLogEntry row;
    private final Function<? super T, String> version;
    /** The row as appended, once the store appended it; read by the caller after the write returns. */
    private volatile WriteLogEntry appended;
    /** The version read from the committed outcome, or null. */
    private volatile String learnt;

    private WriteRecord(WriteLogEntry row, Function<? super T, String> version) {
        this.row = row;
        this.version = version;
    }

    /** No row: a write that is not a request (start-up data, a migration). */
    @SuppressWarnings("unchecked")
    public static <T> WriteRecord<T> none() {
        return (WriteRecord<T>) NONE;
    }

    /** {@code row}, as it is, for the committed write. */
    public static <T> WriteRecord<T> of(WriteLogEntry row) {
        return new WriteRecord<>(row, null);
    }

    /** {@code row} with the version {@code version} reads from the committed outcome (kept as it is when that is null). */
    public static <T> WriteRecord<T> of(WriteLogEntry row, Function<? super T, String> version) {
        return new WriteRecord<>(row, version);
    }

    /** Appends the row for the committed {@code outcome}, if any, on the write's connection. */
    void appendTo(java.sql.Connection c, T outcome) throws java.sql.SQLException {
        if (row == null) return;
        String read = version == null ? null : version.apply(outcome);
        // The time is read once the write's locks are held, as the write's own is: rows of one service keep its order.
        WriteLogEntry entry = row.at(System.currentTimeMillis(), read == null ? row.version() : read);
        WriteLogTables.append(c, entry);
        learnt = read;
        appended = entry;
    }

    /**
     * The row as the store appended it in the write's transaction, or null when it appended none. Set before the
     * commit: a write whose commit then failed threw, and its caller logs it as failed.
     */
    public WriteLogEntry appended() {
        return appended;
    }

    /** The version the appended row learnt from the write's outcome; null when it learnt none (or none was appended). */
    public String learnt() {
        return learnt;
    }
}
