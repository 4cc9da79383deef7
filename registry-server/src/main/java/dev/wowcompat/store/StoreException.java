package dev.wowcompat.store;

/** The store could not do what was asked (database unavailable, corrupt, full). Not the caller's fault. */
public final class StoreException extends RuntimeException {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
