package dev.wowcompat.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** x-wow-unit and the other x- keys are annotations: validating against them must not print a warning per keyword. */
class UnknownKeywordQuietTest {
    @Test
    void validatingASchemaWithWowKeywordsPrintsNothing() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode schema = json.readTree("""
                {"type": "object", "properties": {"amount": {"type": "integer", "x-wow-unit": "cent", "x-wow-written": false,
                 "x-wow-meaning": "the deposited amount"}}}""");
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            var compiled = new JsonSchemas().registered("0".repeat(64), () -> schema);
            assertEquals(0, JsonSchemas.validate(compiled, json.readTree("{\"amount\": 5}"), "").size());
        } finally {
            System.setErr(original);
        }
        String err = captured.toString(StandardCharsets.UTF_8);
        assertFalse(err.contains("Unknown keyword"), err);
    }
}
