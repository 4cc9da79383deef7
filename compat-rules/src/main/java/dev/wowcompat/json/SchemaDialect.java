package dev.wowcompat.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * The JSON Schema dialects a Manifest may use (docs/decisions.md, "Drafts"): draft 2020-12, the default, and drafts 2019-09, 07, 06
 * and 04 when a schema's {@code $schema} says so, or (07, 2019-09) when the keywords of a schema without one tell
 * ({@link DialectInference}). Each schema is checked against its own dialect's meta-schema.
 */
public enum SchemaDialect {
    DRAFT_2020_12("https://json-schema.org/draft/2020-12/schema", "draft 2020-12"),
    DRAFT_2019_09("https://json-schema.org/draft/2019-09/schema", "draft 2019-09"),
    DRAFT_07("http://json-schema.org/draft-07/schema#", "draft-07"),
    DRAFT_06("http://json-schema.org/draft-06/schema#", "draft-06"),
    DRAFT_04("http://json-schema.org/draft-04/schema#", "draft-04");

    private final String metaSchemaId;
    private final String label;

    SchemaDialect(String metaSchemaId, String label) {
        this.metaSchemaId = metaSchemaId;
        this.label = label;
    }

    /** The canonical {@code $schema} value of this dialect. */
    public String metaSchemaId() {
        return metaSchemaId;
    }

    /** How people name the dialect, e.g. {@code draft-04}. */
    public String label() {
        return label;
    }

    /** The keyword that gives a schema its identifier: {@code id} in draft-04, {@code $id} since draft-06. */
    public String idKeyword() {
        return this == DRAFT_04 ? "id" : "$id";
    }

    /**
     * The dialect a {@code $schema} value names, with or without its trailing empty fragment ({@code #}).
     * Other spellings (http for 2020-12, https for draft-07) are not the dialects' identifiers and are refused.
     */
    public static Optional<SchemaDialect> fromId(String id) {
        if (id == null) return Optional.empty();
        String bare = withoutEmptyFragment(id);
        for (SchemaDialect d : values()) {
            if (withoutEmptyFragment(d.metaSchemaId).equals(bare)) return Optional.of(d);
        }
        return Optional.empty();
    }

    /**
     * The dialect a person names on a command line or in a build file: {@code 2020-12}, {@code 2019-09},
     * {@code draft-07} (or {@code 07}, {@code 7}), {@code draft-06}, {@code draft-04}, or a {@code $schema} value.
     */
    public static Optional<SchemaDialect> fromName(String name) {
        if (name == null) return Optional.empty();
        String bare = name.trim().toLowerCase(java.util.Locale.ROOT);
        if (bare.startsWith("draft")) bare = bare.substring("draft".length()).replaceFirst("^[-/ ]", "");
        for (SchemaDialect d : values()) {
            String number = d.label.substring("draft".length()).replaceFirst("^[- ]", "");
            if (bare.equals(number) || bare.equals(number.replaceFirst("^0", ""))) return Optional.of(d);
        }
        return fromId(name.trim());
    }

    /** The names {@link #fromName} accepts, for messages. */
    public static String names() {
        StringBuilder sb = new StringBuilder();
        for (SchemaDialect d : values()) {
            if (sb.length() > 0) sb.append(", ");
            sb.append(d == DRAFT_2020_12 || d == DRAFT_2019_09 ? d.label.substring("draft ".length()) : d.label);
        }
        return sb.toString();
    }

    private static String withoutEmptyFragment(String id) {
        return id.endsWith("#") ? id.substring(0, id.length() - 1) : id;
    }

    /**
     * The dialect of a schema: its {@code $schema}, or when it has none the one its keywords tell
     * ({@link DialectInference}; draft 2020-12 when they tell nothing, as for a boolean schema). Empty when
     * {@code $schema} names a dialect we do not support, or when the keywords of a schema without one mix drafts.
     */
    public static Optional<SchemaDialect> of(JsonNode schema) {
        JsonNode declared = schema == null ? null : schema.get("$schema");
        if (declared == null) return schema == null || !schema.isObject() ? Optional.of(DRAFT_2020_12) : DialectInference.infer(schema).dialect();
        return declared.isTextual() ? fromId(declared.asText()) : Optional.empty();
    }

    /**
     * {@code schema} with its dialect said: itself when it has a {@code $schema} or is no object, otherwise a shallow
     * copy with {@code $schema} set to {@code dialect}'s (for {@code --default-draft}, and for validators that know
     * only a default).
     */
    public static JsonNode declared(JsonNode schema, SchemaDialect dialect) {
        if (!(schema instanceof ObjectNode object) || object.has("$schema")) return schema;
        ObjectNode copy = object.objectNode();
        copy.put("$schema", dialect.metaSchemaId());
        copy.setAll(object);
        return copy;
    }

    /** Every supported dialect's {@code $schema} value, for messages. */
    public static String supportedList() {
        StringBuilder sb = new StringBuilder();
        for (SchemaDialect d : values()) {
            if (sb.length() > 0) sb.append(", ");
            sb.append(d.label).append(" (").append(d.metaSchemaId).append(d == DRAFT_2020_12 ? ", the default when $schema is absent)" : ")");
        }
        return sb.toString();
    }
}
