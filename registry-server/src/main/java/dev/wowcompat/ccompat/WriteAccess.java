package dev.wowcompat.ccompat;

import dev.wowcompat.access.Grant;
import dev.wowcompat.store.WriteRecord;
import io.javalin.http.Context;

/**
 * What a write of this API needs from the registry's write gate, which wraps it (docs/api.md, "Who may write"): the
 * grant it needs, what the write log names, and the write-log row stored in the write's own transaction.
 */
public interface WriteAccess {
    /** Refuses the write (403) unless its caller holds {@code needed}. */
    void require(Context ctx, Grant needed);

    /** The subject (as the write log's service) and version the write names. */
    void about(Context ctx, String subject, String version);

    /** The write-log row of this write, answered {@code status} when stored. */
    <T> WriteRecord<T> record(Context ctx, int status);

    /** The same, with the version the write learns from its outcome (a registration's new version). */
    <T> WriteRecord<T> record(Context ctx, int status, java.util.function.Function<T, String> version);
}
