package dev.wowcompat.diff;

import static dev.wowcompat.rules.Readers.NEW_READERS;
import static dev.wowcompat.rules.Readers.OLD_READERS;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.json.JsonPointers;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Arrays: items by position (prefixItems, or the array form of items) and after them, item counts, uniqueness,
 * {@code contains} and {@code unevaluatedItems}. The item schemas are walked again by {@link Walker#compare}.
 */
final class ArrayRules {
    private final Walker w;

    ArrayRules(Walker walker) {
        this.w = walker;
    }

    /** Positional items (prefixItems, or draft-07 array-form items) and the schema for the items after them. */
    private record Items(List<View> tuple, View rest) {}

    private static Items items(View v) {
        JsonNode prefix = v.get("prefixItems");
        JsonNode items = v.get("items");
        String tupleKw = null;
        String restKw = "items";
        if (prefix != null && prefix.isArray()) {
            tupleKw = "prefixItems";
        } else if (items != null && items.isArray()) {
            tupleKw = "items";
            restKw = "additionalItems";
        }
        List<View> tuple = new ArrayList<>();
        if (tupleKw != null) {
            JsonNode arr = v.get(tupleKw);
            String base = v.at(tupleKw);
            for (int i = 0; i < arr.size(); i++) tuple.add(v.doc.view(arr.get(i), JsonPointers.child(base, i)));
        }
        return new Items(tuple, v.doc.view(v.get(restKw), v.at(restKw)));
    }

    private static List<View> alsoItems(List<View> also) {
        if (also.isEmpty()) return List.of();
        List<View> out = new ArrayList<>();
        for (View a : also) {
            JsonNode it = a.get("items");
            if (it != null && !it.isArray() && a.get("prefixItems") == null) out.add(a.doc.view(it, a.at("items")));
        }
        return out;
    }

    void compareArrays(View o, View n, Scope s) {
        Items a = items(o);
        Items b = items(n);
        int positions = Math.max(a.tuple.size(), b.tuple.size());
        for (int i = 0; i < positions; i++) {
            View ov = i < a.tuple.size() ? a.tuple.get(i) : a.rest;
            View nv = i < b.tuple.size() ? b.tuple.get(i) : b.rest;
            w.compare(ov, nv, s.item(i));
        }
        if (!(a.rest.synthetic && b.rest.synthetic)) {
            w.compare(a.rest, b.rest, positions == 0 ? s.items(alsoItems(s.oldAlso()), alsoItems(s.newAlso()))
                    : s.items(List.of(), List.of()).noted("after item " + (positions - 1)));
        }
        w.compareLimit(o, n, "minItems", true, BigDecimal.ZERO, s);
        w.compareLimit(o, n, "maxItems", false, null, s);
        boolean ua = JsonValues.isTrue(o.get("uniqueItems"));
        boolean ub = JsonValues.isTrue(n.get("uniqueItems"));
        if (!ua && ub) {
            Constraints.tightened(w, n.at("uniqueItems"), NEW_READERS, s.what() + " now requires unique items",
                    Fixes.tightened(s, "uniqueItems", null), s);
        } else if (ua && !ub) {
            Constraints.loosened(w, o.at("uniqueItems"), OLD_READERS, s.what() + " no longer requires unique items",
                    Fixes.loosened(s, "uniqueItems", o.get("uniqueItems")), s);
        }
        JsonNode ca = o.get("contains");
        JsonNode cb = n.get("contains");
        if (ca != null && cb != null) {
            w.compare(o.doc.view(ca, o.at("contains")), n.doc.view(cb, n.at("contains")), s.noted("'contains'"));
            w.compareLimit(o, n, "minContains", true, BigDecimal.ONE, s);
            w.compareLimit(o, n, "maxContains", false, null, s);
        } else if (cb != null) {
            Constraints.tightened(w, n.at("contains"), NEW_READERS, s.what() + " now must contain a matching item ('contains')",
                    Fixes.tightened(s, "contains", null), s);
        } else if (ca != null) {
            Constraints.loosened(w, o.at("contains"), OLD_READERS, s.what() + " no longer must contain a matching item ('contains')",
                    Fixes.loosened(s, "contains", ca), s);
        }
        if (o.get("unevaluatedItems") != null || n.get("unevaluatedItems") != null) {
            w.compare(o.doc.view(o.get("unevaluatedItems"), o.at("unevaluatedItems")),
                    n.doc.view(n.get("unevaluatedItems"), n.at("unevaluatedItems")), s.items(List.of(), List.of()).noted("unevaluatedItems"));
        }
    }
}
