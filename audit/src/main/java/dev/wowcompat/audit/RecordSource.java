package dev.wowcompat.audit;

/**
 * Where records come from: Kafka ({@link KafkaInput}) or kcat -J lines ({@link KcatInput}). The judge never knows
 * which, so every check runs the same on both.
 */
public interface RecordSource extends AutoCloseable {

    /** Takes each record; may end the pass by throwing (the registry out of reach). */
    @FunctionalInterface
    interface Sink {
        void accept(AuditRecord record) throws AuditException;

        /**
         * The records handed so far are all the source has at hand (Kafka's poll gave no more): whatever waits to
         * be judged should be judged now, not when more records come ({@code --follow} on a quiet topic).
         */
        default void flush() throws AuditException {
        }
    }

    /**
     * Hands every record to {@code sink}, in each partition's order, until the source's end (the end offsets taken
     * at start, the end of the file) or until {@link #stop()}.
     *
     * @throws AuditException when the source cannot be read (Kafka unreachable, a line that is not a record)
     */
    void read(Sink sink) throws AuditException;

    /** Asks {@link #read} to return soon, from any thread (Ctrl-C, {@code --max-messages}). */
    void stop();

    /** Records still to read up to the end known now, or -1 when the source cannot tell. */
    default long remaining() {
        return -1;
    }

    /**
     * What is left to read, for the progress line: the lag for Kafka ("lag 12,345 records"), the share of a file
     * read ("41% of 5,000,831 bytes"), or the bytes read from a pipe; empty when the source cannot tell.
     */
    default String progress() {
        return "";
    }

    /**
     * Why the pass read no record, once {@link #read} has returned without one: the input was empty, no topic matched
     * {@code --topic} (naming the topics there), or nothing was written from {@code --from} on.
     */
    default String nothingRead() {
        return "the source gave no record";
    }

    @Override
    default void close() {
    }
}
