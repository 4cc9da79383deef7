package dev.wowcompat.store;

import java.util.List;

/** The write log (docs/api.md, "GET /write-log"): who wrote what, and the writes refused without a principal. */
public interface WriteLogStore {

    /**
     * Appends one entry to the write log (its id is given by the store): for a write that stored nothing. A write
     * that stores passes its {@link WriteRecord} to its own method instead, so that the two are one transaction.
     */
    void appendWrite(WriteLogEntry entry);

    /**
     * Counts one write refused without a valid principal in the write log's row of its route, status and minute
     * (docs/api.md, "GET /write-log"): such writes cost the log one row a minute each, whatever they name.
     */
    void countRefusal(WriteLogEntry entry);

    /** Deletes the write log's oldest rows past the newest {@code keep}; says how many went. */
    int pruneWriteLog(int keep);

    /** A page of the write log, newest first. */
    java.util.List<WriteLogEntry> writeLog(WriteLogQuery query);
}
