package dev.wowcompat.diff;

import static dev.wowcompat.rules.Readers.BOTH;
import static dev.wowcompat.rules.Readers.NEW_READERS;
import static dev.wowcompat.rules.Readers.OLD_READERS;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;

/**
 * Numbers: the lower and upper bounds in every draft's spelling, and {@code multipleOf}, which
 * {@link #compareMultipleOf} judges as a meaning under ADDITIVE and as a constraint under the plain levels.
 */
final class NumberRules {
    private final Walker w;

    NumberRules(Walker walker) {
        this.w = walker;
    }

    /** A numeric bound; draft-04's boolean exclusiveMinimum/exclusiveMaximum make minimum/maximum exclusive. */
    private record Bound(BigDecimal value, boolean exclusive, String keyword, JsonNode written) {
        String show() {
            return keyword + " " + JsonValues.plain(value) + (exclusive && !keyword.startsWith("exclusive") ? " (exclusive)" : "");
        }
    }

    private static Bound bound(View v, boolean lower) {
        String plainKw = lower ? "minimum" : "maximum";
        String exclKw = lower ? "exclusiveMinimum" : "exclusiveMaximum";
        JsonNode plain = v.get(plainKw);
        JsonNode excl = v.get(exclKw);
        // Read by its JSON type in every draft: draft-04's boolean makes the bound beside it exclusive, draft-06's
        // number is a bound of its own. Neither spelling means anything else in another draft.
        Bound b = null;
        if (plain != null && plain.isNumber()) {
            b = new Bound(plain.decimalValue(), JsonValues.isTrue(excl), plainKw, plain);
        }
        if (excl != null && excl.isNumber()) {
            Bound e = new Bound(excl.decimalValue(), true, exclKw, excl);
            if (stricter(e, b, lower)) b = e;
        }
        return b;
    }

    /** Whether bound x lets fewer values through than bound y (null: no bound). */
    private static boolean stricter(Bound x, Bound y, boolean lower) {
        if (x == null) return false;
        if (y == null) return true;
        int c = x.value.compareTo(y.value);
        if (!lower) c = -c;
        return c > 0 || (c == 0 && x.exclusive && !y.exclusive);
    }

    void compareNumbers(View o, View n, Scope s) {
        for (boolean lower : new boolean[] {true, false}) {
            Bound a = bound(o, lower);
            Bound b = bound(n, lower);
            boolean tighter = stricter(b, a, lower);
            boolean looser = stricter(a, b, lower);
            if (!tighter && !looser) continue;
            String side = lower ? "lower bound" : "upper bound";
            String ptr = b != null ? n.at(b.keyword) : o.at(a.keyword);
            String msg = a == null ? s.what() + " added " + b.show()
                    : b == null ? s.what() + " dropped " + a.show()
                    : s.what() + " changed its " + side + " from " + a.show() + " to " + b.show();
            String kw = a != null ? a.keyword : b.keyword;
            JsonNode before = a == null ? null : a.written;
            if (tighter) Constraints.tightened(w, ptr, NEW_READERS, msg, Fixes.tightened(s, kw, before), s);
            else Constraints.loosened(w, ptr, OLD_READERS, msg, Fixes.loosened(s, kw, before), s);
        }
        compareMultipleOf(o, n, s);
    }

    /**
     * ADDITIVE: multipleOf is the value's granularity (cents, whole seconds), a meaning. Plain levels: a multiple
     * of 10 is a multiple of 5, so 10 -> 5 only loosens and 5 -> 10 only tightens.
     */
    private void compareMultipleOf(View o, View n, Scope s) {
        JsonNode an = o.get("multipleOf");
        JsonNode bn = n.get("multipleOf");
        if (JsonValues.same(an, bn)) return;
        String ptr = bn != null ? n.at("multipleOf") : o.at("multipleOf");
        String msg = an == null ? s.what() + " added multipleOf " + JsonValues.show(bn)
                : bn == null ? s.what() + " dropped multipleOf " + JsonValues.show(an)
                : s.what() + " changed multipleOf from " + JsonValues.show(an) + " to " + JsonValues.show(bn);
        if (!w.structural()) {
            MeaningRules.changed(w, ptr, msg, Fixes.meaningChanged(s, "multipleOf", an, bn), s);
            return;
        }
        BigDecimal a = JsonValues.number(an);
        BigDecimal b = JsonValues.number(bn);
        boolean tighter = b != null && b.signum() != 0 && (a == null || a.remainder(b).signum() != 0);
        boolean looser = a != null && a.signum() != 0 && (b == null || b.remainder(a).signum() != 0);
        if (tighter) Constraints.tightened(w, ptr, looser ? BOTH : NEW_READERS, msg, Fixes.tightened(s, "multipleOf", an), s);
        else if (looser) Constraints.loosened(w, ptr, OLD_READERS, msg, Fixes.loosened(s, "multipleOf", an), s);
    }
}
