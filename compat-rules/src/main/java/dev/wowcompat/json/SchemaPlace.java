package dev.wowcompat.json;

/**
 * Where a subschema is: its parent's place and its own tokens. The walks that visit every subschema keep this and
 * build the JSON pointer only for the few places that need one (a problem, a reference), not for every node.
 *
 * @param root the pointer of the walk's root, for the root's own place (null below it)
 * @param keyword the keyword that holds the subschema
 * @param member the name in a map of subschemas ({@code properties}, {@code $defs} ...), or null
 * @param index the position in an array of subschemas ({@code allOf}, {@code prefixItems} ...), or -1
 */
public record SchemaPlace(SchemaPlace parent, String root, String keyword, String member, int index) {

    public static SchemaPlace root(String pointer) {
        return new SchemaPlace(null, pointer, null, null, -1);
    }

    /** The subschema that is the value of {@code keyword}. */
    public SchemaPlace under(String keyword) {
        return new SchemaPlace(this, null, keyword, null, -1);
    }

    /** The subschema named {@code member} in the map that is the value of {@code keyword}. */
    public SchemaPlace under(String keyword, String member) {
        return new SchemaPlace(this, null, keyword, member, -1);
    }

    /** The subschema at {@code index} in the array that is the value of {@code keyword}. */
    public SchemaPlace under(String keyword, int index) {
        return new SchemaPlace(this, null, keyword, null, index);
    }

    public String pointer() {
        if (parent == null) return root;
        String base = JsonPointers.child(parent.pointer(), keyword);
        if (member != null) return JsonPointers.child(base, member);
        return index >= 0 ? JsonPointers.child(base, index) : base;
    }
}
