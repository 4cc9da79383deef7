package dev.wowcompat.diff;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the walk is, in the words a report uses ("property 'address.street'", "the items of 'tags'"), whether
 * old and new have swapped roles (inside {@code not}), and the other schemas of each side that apply to the
 * same value (enclosing schemas seen from inside allOf/anyOf/oneOf/then/else), whose types narrow what a
 * branch has to say.
 *
 * <p>The path is a chain of steps, turned into text only when a finding needs it: most places never do.
 *
 * @param parent the scope this one descends from, or null at the root
 * @param step how this scope descends from its parent: a property name, "[]" for array items, "[i]" for a
 *        tuple position; null when the value is the parent's (a note or a branch)
 * @param note where inside that place, e.g. "in anyOf branch 2", or null
 * @param property the innermost property name, or null at the root
 */
record Scope(Scope parent, String step, boolean propertyStep, String note, String property, boolean swapped,
        List<View> oldAlso, List<View> newAlso) {

    static Scope root() {
        return new Scope(null, null, false, null, null, false, List.of(), List.of());
    }

    Scope property(String name, List<View> oldAlsoHere, List<View> newAlsoHere) {
        return new Scope(this, name, true, note, name, swapped, oldAlsoHere, newAlsoHere);
    }

    Scope items(List<View> oldAlsoHere, List<View> newAlsoHere) {
        return new Scope(this, "[]", false, note, property, swapped, oldAlsoHere, newAlsoHere);
    }

    Scope item(int index) {
        return new Scope(this, "[" + index + "]", false, note, property, swapped, List.of(), List.of());
    }

    Scope noted(String more) {
        return new Scope(parent, step, propertyStep, join(note, more), property, swapped, oldAlso, newAlso);
    }

    /** A schema that applies to the same value as the current pair (a branch, a conditional, a dependency). */
    Scope branch(String more, View oldHere, View newHere) {
        return new Scope(parent, step, propertyStep, join(note, more), property, swapped, plus(oldAlso, oldHere), plus(newAlso, newHere));
    }

    /** Inside {@code not}: what the inner schema accepts, the outer rejects. */
    Scope negated() {
        return new Scope(parent, step, propertyStep, join(note, "inside 'not'"), property, !swapped, List.of(), List.of());
    }

    /** Dotted property path from the root, with [] for array items and [i] for tuple positions. */
    String path() {
        // Iterative: a walk through recursive $ref may be thousands of steps deep.
        List<Scope> chain = new ArrayList<>();
        for (Scope at = this; at.parent != null; at = at.parent) if (at.step != null) chain.add(at);
        StringBuilder out = new StringBuilder();
        for (int i = chain.size() - 1; i >= 0; i--) {
            Scope at = chain.get(i);
            if (at.propertyStep && out.length() > 0) out.append('.');
            out.append(at.step);
        }
        return out.toString();
    }

    /** "property 'a.b'", "the items of 'tags'", "item 0 of 'pair'", "the schema", with the note if any. */
    String what() {
        String path = path();
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

    private static String join(String note, String more) {
        return note == null ? more : note + ", " + more;
    }

    private static List<View> plus(List<View> list, View v) {
        List<View> out = new ArrayList<>(list.size() + 1);
        out.addAll(list);
        out.add(v);
        return out;
    }
}
