package dev.wowcompat.store;

/**
 * The write-log row of a write, made from the write's outcome inside the write's own transaction: a committed write
 * and its row are stored together or not at all (docs/decisions.md, "Who may write"). A write that is not committed
 * (refused, a repeat, nothing to do) asks for no row here; its caller logs it after answering.
 */
@FunctionalInterface
public interface WriteRecord<T> {
    /** The row for the committed {@code outcome}, or null for none. */
    WriteLogEntry row(T outcome);

    /** No row: a write that is not a request (start-up data, a migration). */
    static <T> WriteRecord<T> none() {
        return outcome -> null;
    }
}
