package dev.wowcompat.manifest;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Waiting for work started on another thread, for the reader and for the command line that reads files ahead. */
public final class Futures {
    private Futures() {}

    /** The future's value; what its work threw is thrown here as it was, as if the work had run on this thread. */
    public static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw e;
        }
    }
}
