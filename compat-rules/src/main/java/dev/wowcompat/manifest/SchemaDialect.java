package dev.wowcompat.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The JSON Schema dialects a Manifest may use (DESIGN §3): draft 2020-12, the default, and draft-07 when a
 * schema's {@code $schema} says so.
 */
public enum SchemaDialect {
    DRAFT_2020_12("https://json-schema.org/draft/2020-12/schema"),
    DRAFT_07("http://json-schema.org/draft-07/schema#");

    private final String metaSchemaId;

    SchemaDialect(String metaSchemaId) {
        this.metaSchemaId = metaSchemaId;
    }

    /** The canonical {@code $schema} value of this dialect. */
    public String metaSchemaId() {
        return metaSchemaId;
    }

    /**
     * The dialect a {@code $schema} value names, with or without its trailing empty fragment ({@code #}).
     * Other spellings (http for 2020-12, https for draft-07) are not the dialects' identifiers and are refused.
     */
    public static Optional<SchemaDialect> fromId(String id) {
        if (id == null) return Optional.empty();
        String bare = id.endsWith("#") ? id.substring(0, id.length() - 1) : id;
        for (SchemaDialect d : values()) {
            String known = d.metaSchemaId.endsWith("#") ? d.metaSchemaId.substring(0, d.metaSchemaId.length() - 1) : d.metaSchemaId;
            if (known.equals(bare)) return Optional.of(d);
        }
        return Optional.empty();
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
}
