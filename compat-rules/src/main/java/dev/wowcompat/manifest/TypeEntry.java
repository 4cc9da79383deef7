package dev.wowcompat.manifest;

/**
 * One named type of a release, flattened for lookup and storage.
 *
 * @param name the type name (for states and aggregates the aggregate's name, for errors the code)
 * @param revision the event revision, 0 for other kinds
 * @param schema null for aggregates and error codes
 * @param published for states: whether the state travels in state events (true for every other kind)
 */
public record TypeEntry(TypeKind kind, String name, int revision, SchemaDoc schema, boolean written, boolean published) {

    /** The subject as reports write it: the name, with {@code @revision} for event revisions. */
    public String subject() {
        return kind == TypeKind.EVENT ? name + "@" + revision : name;
    }
}
