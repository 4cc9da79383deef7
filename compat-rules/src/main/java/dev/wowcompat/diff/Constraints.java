package dev.wowcompat.diff;

import static dev.wowcompat.rules.Rule.CONSTRAINT_LOOSENED;
import static dev.wowcompat.rules.Rule.CONSTRAINT_TIGHTENED;

import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;

/**
 * The detector of {@code constraint-tightened} and {@code constraint-loosened} (docs/rules.md): every keyword family
 * that finds one of its constraints moved (a bound, a pattern, an enum, a branch, a closed object ...) says so here,
 * with the pointer, whom it breaks and the fix. Stricter is tightened (new readers reject old data), looser is
 * loosened (old readers reject new data), and inside {@code not} each is the other ({@link #mirrored}).
 */
public final class Constraints {
    private Constraints() {
    }

    /** A constraint the new schema makes stricter. */
    static void tightened(Walker w, String pointer, Readers breaks, String message, String fix, Scope s) {
        w.emit(CONSTRAINT_TIGHTENED, null, pointer, breaks, message, fix, s);
    }

    /** A constraint the new schema makes looser. */
    static void loosened(Walker w, String pointer, Readers breaks, String message, String fix, Scope s) {
        loosened(w, null, pointer, breaks, message, fix, s);
    }

    /** A looser constraint at a severity of its own (null: the rule's). */
    static void loosened(Walker w, Severity severity, String pointer, Readers breaks, String message, String fix, Scope s) {
        w.emit(CONSTRAINT_LOOSENED, severity, pointer, breaks, message, fix, s);
    }

    /** The rule a finding becomes inside {@code not}, where a stricter inner schema makes the whole looser. */
    static Rule mirrored(Rule rule) {
        if (rule == CONSTRAINT_TIGHTENED) return CONSTRAINT_LOOSENED;
        if (rule == CONSTRAINT_LOOSENED) return CONSTRAINT_TIGHTENED;
        return rule;
    }
}
