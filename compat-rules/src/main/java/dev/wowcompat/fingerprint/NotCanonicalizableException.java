package dev.wowcompat.fingerprint;

/**
 * A JSON tree that has no RFC 8785 canonical form: a number beyond the IEEE-754 double range, a lone UTF-16
 * surrogate, or a node that is not JSON data at all. It names the place (JSON pointer) so that callers can turn
 * it into a user-facing problem; it carries no stack trace because it describes the input, not a bug.
 */
public final class NotCanonicalizableException extends IllegalArgumentException {
    private final String pointer;
    private final String reason;

    NotCanonicalizableException(String pointer, String reason) {
        super((pointer.isEmpty() ? "at the document root" : "at " + pointer) + ": " + reason);
        this.pointer = pointer;
        this.reason = reason;
    }

    /** RFC 6901 JSON pointer to the offending value, "" for the root. */
    public String pointer() {
        return pointer;
    }

    /** What is wrong, without the location. */
    public String reason() {
        return reason;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
