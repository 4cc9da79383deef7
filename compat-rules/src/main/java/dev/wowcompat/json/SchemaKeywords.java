package dev.wowcompat.json;

import java.util.List;
import java.util.Set;

/**
 * Where the keywords of every supported draft put subschemas, taken together (a keyword a draft does not have holds
 * no subschema there, but walking it anyway finds nothing wrong). The walks that must visit every schema position,
 * and only those (never the data of {@code const}, {@code enum}, {@code default} or {@code examples}), share these.
 */
public final class SchemaKeywords {
    private SchemaKeywords() {}

    /** Keywords whose value is one schema ({@code items} too, in its one-schema form). */
    public static final List<String> SINGLE = List.of("additionalProperties", "additionalItems", "unevaluatedItems",
            "unevaluatedProperties", "contains", "propertyNames", "if", "then", "else", "not", "contentSchema", "items");
    /** Keywords whose value is an array of schemas ({@code items} too, in its tuple form before 2020-12). */
    public static final List<String> ARRAYS = List.of("allOf", "anyOf", "oneOf", "prefixItems", "items");
    /**
     * Keywords whose value maps names to schemas. {@code definitions} and {@code dependencies} are the older drafts',
     * which the newer meta-schemas keep reserved; a {@code dependencies} entry that is a list of names is no schema.
     */
    public static final List<String> MAPS = List.of("properties", "patternProperties", "$defs", "definitions",
            "dependentSchemas", "dependencies");
    /** Keywords whose value is data, never a schema: an {@code $anchor} or a {@code $ref} inside it is a value. */
    public static final Set<String> DATA = Set.of("enum", "const", "default", "examples");
}
