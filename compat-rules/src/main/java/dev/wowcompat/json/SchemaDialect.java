package dev.wowcompat.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The JSON Schema dialects a Manifest may use (DESIGN §3): draft 2020-12, the default, and drafts 2019-09, 07, 06
 * and 04 when a schema's {@code $schema} says so. Each schema is checked against its own dialect's meta-schema.
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

    private static String withoutEmptyFragment(String id) {
        return id.endsWith("#") ? id.substring(0, id.length() - 1) : id;
    }

    /**
     * The dialect of a schema: its {@code $schema}, or draft 2020-12 when it has none (a boolean schema has none).
     * Empty when {@code $schema} names a dialect we do not support.
     */
    public static Optional<SchemaDialect> of(JsonNode schema) {
        JsonNode declared = schema == null ? null : schema.get("$schema");
        if (declared == null) return Optional.of(DRAFT_2020_12);
        return declared.isTextual() ? fromId(declared.asText()) : Optional.empty();
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
