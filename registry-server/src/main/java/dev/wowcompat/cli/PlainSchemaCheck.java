package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.manifest.InputProblem;
import java.util.List;

/** Placeholder until the library's embedded-schema check is public (see report). */
final class PlainSchemaCheck {
    private PlainSchemaCheck() {}

    static List<InputProblem> problems(JsonNode schema, String source) {
        return List.of();
    }
}
