package dev.wowcompat.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.report.Report;
import java.util.List;

/** Compatibility of plain JSON Schema versions under a {@link Level} (what {@code check-schema} runs). */
public final class SchemaChecker {
    private SchemaChecker() {}

    /**
     * @param earlier earlier versions of the schema, oldest first (the last one is "the previous" version)
     * @param candidate the new version
     */
    public static Report check(Level level, List<JsonNode> earlier, JsonNode candidate) {
        throw new UnsupportedOperationException("TODO levels");
    }
}
