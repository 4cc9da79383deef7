package dev.wowcompat.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.rules.Finding;
import java.util.List;
import java.util.Objects;

/**
 * Walks two JSON Schemas of one subject (draft 2020-12 or draft-07, boolean schemas included) and reports
 * every change as a {@link Finding} with its rule and JSON pointer. Pure and thread-safe.
 *
 * <p>Pointers point into the new schema where the change is, or into the old one for something removed. Local
 * {@code $ref} resolve against each schema's own root; a remote one is refused with an
 * {@link IllegalArgumentException}, never fetched. With {@link DiffContext#structural()} only changes to which
 * documents validate are reported, {@code breaks} naming the side that rejects (the plain levels); otherwise
 * the ADDITIVE policy of DESIGN §5 applies.
 */
public final class SchemaDiff {
    private SchemaDiff() {}

    /**
     * @throws IllegalArgumentException when a schema is not a schema (neither object nor boolean), or a $ref the
     *         comparison has to follow is remote, dangling or a cycle that never reaches a schema
     */
    public static List<Finding> compare(JsonNode oldSchema, JsonNode newSchema, DiffContext context) {
        Objects.requireNonNull(oldSchema, "oldSchema");
        Objects.requireNonNull(newSchema, "newSchema");
        Objects.requireNonNull(context, "context");
        // Most schemas do not change between releases: equal documents resolve every $ref alike, so nothing differs.
        if (JsonValues.same(oldSchema, newSchema)) return List.of();
        Walker walker = new Walker(context);
        walker.compare(new SchemaDocument(oldSchema).root(), new SchemaDocument(newSchema).root(), Scope.root());
        return walker.findings();
    }

    /**
     * What a schema that is new in this release (a new type or revision, with nothing to compare it with)
     * means for the releases after it: under the ADDITIVE policy, each closed object in it
     * ({@code closed-content-model}, a warning), because readers of this release will reject every property
     * added to it later. Nothing under the plain levels.
     */
    public static List<Finding> introduced(JsonNode newSchema, DiffContext context) {
        Objects.requireNonNull(newSchema, "newSchema");
        Objects.requireNonNull(context, "context");
        if (context.structural()) return List.of();
        Walker walker = new Walker(context);
        walker.introduce(new SchemaDocument(newSchema).root());
        return walker.findings();
    }
}
