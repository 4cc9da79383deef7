package dev.wowcompat.window;

/**
 * Why a window of the wire cannot be what it claims (docs/api.md, "What a window may claim"): one sentence, the
 * member it is about (e.g. {@code carried[2].lastSeen}), and the kind of claim it breaks. The registry answers each
 * kind with its own problem code; a watcher that finds one in a window it built posts nothing.
 */
public final class WindowRefusal extends RuntimeException {
    /** The kinds of claim a window can break, each answered with its own problem code. */
    public enum Reason {
        /** Not a window: a member missing, of the wrong type, or out of its range. */
        FORM,
        /** The window covers no partition range. */
        EMPTY,
        /** A time the window gives cannot be true: after another it must precede, or ahead of the registry's clock. */
        TIME,
        /** A count is larger than the offsets the window's ranges cover. */
        COUNT,
        /** A count, or a sum of counts, would pass {@link WireWindow#MAX_COUNT}. */
        OVERFLOW,
        /** A carried type is attributed to no release, so no release can be said to declare it. */
        CARRIED_UNATTRIBUTED
    }

    private final Reason reason;
    private final String member;

    public WindowRefusal(Reason reason, String member, String message) {
        super(message);
        this.reason = reason;
        this.member = member;
    }

    public Reason reason() {
        return reason;
    }

    /** The member the refusal is about, as a path into the body ({@code end}, {@code findings[0].count}). */
    public String member() {
        return member;
    }
}
