package dev.wowcompat.wire;

/** A document a reader refuses outright (before validating it), as the wire-protocol page says it must. */
public final class WireRefusal extends Exception {
    public enum Reason { UNKNOWN_FORMAT, UNKNOWN_KIND, UNKNOWN_STRUCTURE, NOT_A_STATE, MALFORMED_FINGERPRINT }

    private final Reason reason;
    private final String pointer;

    public WireRefusal(Reason reason, String pointer, String message) {
        super(message, null, false, false);
        this.reason = reason;
        this.pointer = pointer;
    }

    public Reason reason() {
        return reason;
    }

    public String pointer() {
        return pointer;
    }
}
