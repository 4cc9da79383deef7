package dev.wowcompat.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.rules.Finding;
import java.util.List;

/**
 * Walks two JSON Schemas of one subject (draft 2020-12 or draft-07, boolean schemas included) and reports
 * every change as a {@link Finding} with its rule and JSON pointer. Pure and thread-safe.
 */
public final class SchemaDiff {
    private SchemaDiff() {}

    public static List<Finding> compare(JsonNode oldSchema, JsonNode newSchema, DiffContext context) {
        throw new UnsupportedOperationException("TODO diff");
    }
}
