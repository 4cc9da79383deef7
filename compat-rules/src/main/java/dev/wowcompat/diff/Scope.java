package dev.wowcompat.diff;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the walk is, in the words a report uses ("property 'address.street'", "the items of 'tags'"), whether
 * old and new have swapped roles (inside {@code not}), and the other schemas of each side that apply to the
 * same value (enclosing schemas seen from inside allOf/anyOf/oneOf/then/else), whose types narrow what a
 * branch has to say.
 *
 * @param path dotted property path from the root, with [] for array items and [i] for tuple positions
 * @param note where inside that property, e.g. "in anyOf branch 2", or null
 * @param property the innermost property name, or null at the root
 */
record Scope(String path, String note, String property, boolean swapped, List<View> oldAlso, List<View> newAlso) {

    static Scope root() {
        return new Scope("", null, null, false, List.of(), List.of());
    }

    Scope property(String name, List<View> oldAlsoHere, List<View> newAlsoHere) {
        return new Scope(path.isEmpty() ? name : path + "." + name, note, name, swapped, oldAlsoHere, newAlsoHere);
    }

    Scope items(List<View> oldAlsoHere, List<View> newAlsoHere) {
        return new Scope(path + "[]", note, property, swapped, oldAlsoHere, newAlsoHere);
    }

    Scope item(int index) {
        return new Scope(path + "[" + index + "]", note, property, swapped, List.of(), List.of());
    }

    Scope noted(String more) {
        return new Scope(path, note == null ? more : note + ", " + more, property, swapped, oldAlso, newAlso);
    }

    /** A schema that applies to the same value as the current pair (a branch, a conditional, a dependency). */
    Scope branch(String more, View oldHere, View newHere) {
        return new Scope(path, note == null ? more : note + ", " + more, property, swapped,
                plus(oldAlso, oldHere), plus(newAlso, newHere));
    }

    /** Inside {@code not}: what the inner schema accepts, the outer rejects. */
    Scope negated(View oldHere, View newHere) {
        return new Scope(path, note == null ? "inside 'not'" : note + ", inside 'not'", property, !swapped,
                List.of(), List.of());
    }

    /** A probe starts afresh: it asks a yes/no question about two schemas, not about this place. */
    Scope detached() {
        return new Scope(path, note, property, false, List.of(), List.of());
    }

    /** "property 'a.b'", "the items of 'tags'", "item 0 of 'pair'", "the schema", with the note if any. */
    String what() {
        String base;
        if (path.isEmpty()) {
            base = "the schema";
        } else if (path.endsWith("[]")) {
            String of = path.substring(0, path.length() - 2);
            base = of.isEmpty() ? "the array items" : "the items of '" + of + "'";
        } else if (path.endsWith("]")) {
            int open = path.lastIndexOf('[');
            String of = path.substring(0, open);
            base = "item " + path.substring(open + 1, path.length() - 1) + (of.isEmpty() ? "" : " of '" + of + "'");
        } else {
            base = "property '" + path + "'";
        }
        return note == null ? base : base + " (" + note + ")";
    }

    private static List<View> plus(List<View> list, View v) {
        List<View> out = new ArrayList<>(list.size() + 1);
        out.addAll(list);
        out.add(v);
        return out;
    }
}
