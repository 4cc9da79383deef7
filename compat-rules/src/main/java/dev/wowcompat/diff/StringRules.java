package dev.wowcompat.diff;

import static dev.wowcompat.rules.Readers.BOTH;
import static dev.wowcompat.rules.Readers.NEW_READERS;
import static dev.wowcompat.rules.Readers.OLD_READERS;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;

/** Strings: {@code minLength}, {@code maxLength} and {@code pattern}. Both modes judge them alike. */
final class StringRules {
    private final Walker w;

    StringRules(Walker walker) {
        this.w = walker;
    }

    void compareStrings(View o, View n, Scope s) {
        w.compareLimit(o, n, "minLength", true, BigDecimal.ZERO, s);
        w.compareLimit(o, n, "maxLength", false, null, s);
        JsonNode a = o.get("pattern");
        JsonNode b = n.get("pattern");
        if (JsonValues.same(a, b)) return;
        if (a == null) {
            Constraints.tightened(w, n.at("pattern"), NEW_READERS, s.what() + " added pattern " + JsonValues.show(b),
                    Fixes.tightened(s, "pattern", null), s);
        } else if (b == null) {
            Constraints.loosened(w, o.at("pattern"), OLD_READERS, s.what() + " dropped pattern " + JsonValues.show(a),
                    Fixes.loosened(s, "pattern", a), s);
        } else {
            // Whether one regular expression accepts a subset of the other is not decidable here: assume neither.
            Constraints.tightened(w, n.at("pattern"), BOTH, s.what() + " changed pattern from " + JsonValues.show(a)
                    + " to " + JsonValues.show(b) + ": neither is known to accept everything the other does",
                    Fixes.tightened(s, "pattern", a), s);
        }
    }
}
