package dev.wowcompat.rules;

import java.util.Locale;

/**
 * How strictly a candidate is compared. ADDITIVE is the Manifest policy of docs/rules.md; the others are the
 * usual registry levels for plain JSON Schema subjects, judged only by which documents validate.
 */
public enum Level {
    ADDITIVE(true, true, true),
    NONE(false, false, false),
    BACKWARD(true, false, false),
    BACKWARD_TRANSITIVE(true, false, true),
    FORWARD(false, true, false),
    FORWARD_TRANSITIVE(false, true, true),
    FULL(true, true, false),
    FULL_TRANSITIVE(true, true, true);

    private final boolean newReadsOld;
    private final boolean oldReadsNew;
    private final boolean transitive;

    Level(boolean newReadsOld, boolean oldReadsNew, boolean transitive) {
        this.newReadsOld = newReadsOld;
        this.oldReadsNew = oldReadsNew;
        this.transitive = transitive;
    }

    /** BACKWARD: the new schema must read everything the old one accepted (breaks of new readers count). */
    public boolean newReadsOld() {
        return newReadsOld;
    }

    /** FORWARD: the old schema must read everything the new one accepts (breaks of old readers count). */
    public boolean oldReadsNew() {
        return oldReadsNew;
    }

    /** Whether the candidate is compared with every earlier version, not only the latest. */
    public boolean transitive() {
        return transitive;
    }

    /** Whether a change that breaks these readers violates this level. */
    public boolean violatedBy(Readers breaks) {
        return (newReadsOld && breaks.breaksNewReaders()) || (oldReadsNew && breaks.breaksOldReaders());
    }

    public static Level parse(String text) {
        return valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
