package dev.wowcompat.diff;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The JSON types a schema lets through, shared by every family of rules. A type set is a set of type names; null
 * stands for "any type". {@code integer} is a {@code number}. It reads schemas through {@link View} only, so every
 * class of the diff may use it.
 */
final class JsonTypes {
    private JsonTypes() {}

    private static final List<String> BASIC_TYPES = List.of("null", "boolean", "object", "array", "number", "string");
    /** Parts and branches looked into for a schema's types; deeper nesting counts as any type. */
    private static final int MAX_TYPE_DEPTH = 6;

    /** The schema's own {@code type} keyword as a set; null when it has none (or an unreadable one). */
    static Set<String> ownTypes(View v) {
        JsonNode t = v.get("type");
        if (t == null) return null;
        Set<String> out = new LinkedHashSet<>();
        if (t.isTextual()) {
            out.add(t.textValue());
        } else if (t.isArray()) {
            for (JsonNode x : t) if (x.isTextual()) out.add(x.textValue());
        } else {
            return null;
        }
        return out;
    }

    /**
     * The JSON types a schema lets through, judged by what it accepts rather than how it is spelled: its own
     * {@code type}, narrowed by each allOf part and by the union of its anyOf (and oneOf) branches. So
     * {@code {"type": "string"}} and {@code {"oneOf": [{"type": "string"}]}} have the same types. Null: any type.
     */
    static Set<String> effectiveTypes(View v, int depth) {
        Set<String> out = ownTypes(v);
        if (v.own == null || depth >= MAX_TYPE_DEPTH || (v.mask() & (Keywords.ALL_OF | Keywords.ANY_ONE_OF)) == 0) return out;
        for (View part : v.allOfParts()) out = intersect(out, effectiveTypes(part, depth + 1));
        for (String kw : new String[] {"anyOf", "oneOf"}) {
            List<View> branches = v.branches(kw);
            if (branches == null || branches.isEmpty()) continue;
            Set<String> union = new LinkedHashSet<>();
            boolean anyType = false;
            for (View b : branches) {
                if (b.isFalse()) continue;
                Set<String> t = effectiveTypes(b, depth + 1);
                if (t == null) {
                    anyType = true;
                    break;
                }
                union.addAll(t);
            }
            if (!anyType) out = intersect(out, union);
        }
        return out;
    }

    /** The effective types of a schema, narrowed by the {@code type} of the enclosing schemas that also apply. */
    static Set<String> types(View v, List<View> also) {
        Set<String> out = effectiveTypes(v, 0);
        for (View a : also) out = intersect(out, ownTypes(a));
        return out;
    }

    /** Whether a type set (null: any type) lets values of type {@code t} through; integer is a number. */
    static boolean accepts(Set<String> types, String t) {
        return types == null || types.contains(t) || (t.equals("integer") && types.contains("number"));
    }

    private static Set<String> intersect(Set<String> a, Set<String> b) {
        if (a == null) return b;
        if (b == null) return a;
        Set<String> out = new LinkedHashSet<>();
        for (String t : a) if (accepts(b, t)) out.add(t);
        for (String t : b) if (accepts(a, t)) out.add(t);
        return out;
    }

    /** Whether every value of the types {@code inner} is one of the types {@code outer}. */
    static boolean covers(Set<String> outer, Set<String> inner) {
        if (outer == null) return true;
        for (String t : inner == null ? BASIC_TYPES : inner) if (!accepts(outer, t)) return false;
        return true;
    }

    /** Whether a type set lets values of one keyword family's JSON type through (number includes integer). */
    static boolean allows(Set<String> types, String family) {
        if (types == null) return true;
        if (family.equals("number")) return types.contains("number") || types.contains("integer");
        return types.contains(family);
    }

    static String showTypes(Set<String> types) {
        if (types == null) return "any type";
        if (types.size() == 1) return types.iterator().next();
        return types.toString();
    }
}
