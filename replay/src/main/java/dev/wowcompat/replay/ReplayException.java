package dev.wowcompat.replay;

/** The replay could not run: one sentence in our words, for the command to print before it exits 2. */
public final class ReplayException extends Exception {
    public ReplayException(String message) {
        super(message);
    }

    public ReplayException(String message, Throwable cause) {
        super(message, cause);
    }
}
