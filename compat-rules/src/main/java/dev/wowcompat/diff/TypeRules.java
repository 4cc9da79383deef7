package dev.wowcompat.diff;

import static dev.wowcompat.rules.Readers.NEW_READERS;
import static dev.wowcompat.rules.Readers.OLD_READERS;
import static dev.wowcompat.rules.Rule.ENUM_VALUE_ADDED;
import static dev.wowcompat.rules.Rule.FIELD_TYPE_CHANGED;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.rules.Readers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Types and values: {@code type}, {@code enum} and {@code const}, which JSON types and which values a schema lets
 * through. {@link #compareValues} holds the one place where the modes part: under ADDITIVE a changed const is a
 * changed meaning.
 */
public final class TypeRules {
    private final Walker w;

    TypeRules(Walker walker) {
        this.w = walker;
    }

    /** {@code ot}, {@code nt}: the JSON types each schema lets through, enclosing schemas included. */
    void compareTypes(View o, View n, Set<String> ot, Set<String> nt, Scope s) {
        // A difference that only comes from an enclosing schema is reported there, not again in every branch.
        if (Objects.equals(JsonTypes.ownTypes(o), JsonTypes.ownTypes(n))) return;
        boolean oldRejects = !JsonTypes.covers(ot, nt);
        boolean newRejects = !JsonTypes.covers(nt, ot);
        if (!oldRejects && !newRejects) return;
        String ptr = n.get("type") != null ? n.at("type") : o.at("type");
        w.emit(FIELD_TYPE_CHANGED, null, ptr, Readers.of(oldRejects, newRejects),
                s.what() + " changed type from " + JsonTypes.showTypes(ot) + " to " + JsonTypes.showTypes(nt),
                Fixes.typeChanged(s, ot, nt), s);
    }

    private static List<JsonNode> allowedValues(View v) {
        JsonNode e = v.get("enum");
        JsonNode c = v.get("const");
        List<JsonNode> out = null;
        if (e != null && e.isArray()) {
            out = new ArrayList<>(e.size());
            for (JsonNode x : e) out.add(x);
        }
        if (c != null) {
            boolean inEnum = out == null || out.stream().anyMatch(x -> JsonValues.same(x, c));
            out = inEnum ? List.of(c) : List.of();
        }
        return out;
    }

    private static List<JsonNode> minus(List<JsonNode> a, List<JsonNode> b) {
        Set<String> keys = new HashSet<>();
        for (JsonNode x : b) keys.add(JsonValues.key(x));
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode x : a) if (!keys.contains(JsonValues.key(x))) out.add(x);
        return out;
    }

    private static String showValues(List<JsonNode> values) {
        StringBuilder out = new StringBuilder();
        int shown = 0;
        for (JsonNode v : values) {
            if (shown == 10) {
                out.append(", ... (").append(values.size() - shown).append(" more)");
                break;
            }
            if (shown++ > 0) out.append(", ");
            out.append(JsonValues.show(v));
        }
        return values.isEmpty() ? "no value" : out.toString();
    }

    /** enum and const: which values are allowed. ADDITIVE: a changed const is a changed meaning. */
    void compareValues(View o, View n, Scope s) {
        JsonNode oe = o.get("enum");
        JsonNode oc = o.get("const");
        JsonNode ne = n.get("enum");
        JsonNode nc = n.get("const");
        if (oe == null && oc == null && ne == null && nc == null) return;
        if (JsonValues.same(oe, ne) && JsonValues.same(oc, nc)) return;
        List<JsonNode> ov = allowedValues(o);
        List<JsonNode> nv = allowedValues(n);
        List<JsonNode> removed = ov == null || nv == null ? List.of() : minus(ov, nv);
        List<JsonNode> added = ov == null || nv == null ? List.of() : minus(nv, ov);
        if (ov != null && nv != null && removed.isEmpty() && added.isEmpty()) return;
        String ptr = ne != null ? n.at("enum") : nc != null ? n.at("const") : oe != null ? o.at("enum") : o.at("const");
        if (!w.structural() && (oc != null || nc != null)) {
            String msg = oc == null ? s.what() + " now has const " + JsonValues.show(nc)
                    : nc == null ? s.what() + " no longer has const " + JsonValues.show(oc)
                    : s.what() + " changed const from " + JsonValues.show(oc) + " to " + JsonValues.show(nc);
            MeaningRules.changed(w, ptr, msg, null, s);
            return;
        }
        if (ov == null) {
            Constraints.tightened(w, ptr, NEW_READERS, s.what() + " now only allows " + showValues(nv),
                    Fixes.tightened(s, "enum", null), s);
            return;
        }
        if (nv == null) {
            Constraints.loosened(w, ptr, OLD_READERS, s.what() + " no longer restricts its values to "
                    + showValues(ov), Fixes.loosened(s, "enum", oe != null ? oe : oc), s);
            return;
        }
        if (!removed.isEmpty()) {
            Constraints.tightened(w, ptr, NEW_READERS, s.what() + " no longer allows " + showValues(removed)
                    + ": stored data may hold it", Fixes.tightened(s, "enum", oe != null ? oe : oc), s);
        }
        if (!added.isEmpty()) {
            w.emit(ENUM_VALUE_ADDED, null, ptr, OLD_READERS, s.what() + " now also allows " + showValues(added)
                    + ": old readers do not know it", Fixes.enumAdded(s, oe != null ? oe : oc, added), s);
        }
    }
}
