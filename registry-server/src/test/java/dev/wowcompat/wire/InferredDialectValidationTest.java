package dev.wowcompat.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A registered schema without {@code $schema} is validated in the dialect its keywords tell, as the Manifest reader
 * judged it on input: a tuple-form {@code items} checks each member, as drafts up to 2019-09 define it.
 */
class InferredDialectValidationTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<String> violations(JsonSchemas schemas, String fingerprint, String schema, String instance) throws Exception {
        JsonNode parsed = JSON.readTree(schema);
        var compiled = schemas.registered(fingerprint, () -> parsed);
        return JsonSchemas.validate(compiled, JSON.readTree(instance), "").stream().map(Violation::pointer).toList();
    }

    @Test
    void aTupleWithoutSchemaValidatesEachMember() throws Exception {
        JsonSchemas schemas = new JsonSchemas();
        String tuple = "{\"type\": \"array\", \"items\": [{\"type\": \"integer\"}, {\"type\": \"string\"}], \"additionalItems\": false}";
        assertEquals(List.of(), violations(schemas, "1".repeat(64), tuple, "[1, \"a\"]"));
        assertEquals(List.of("/0", "/1"), violations(schemas, "1".repeat(64), tuple, "[\"a\", 1]"));
        assertEquals(List.of(""), violations(schemas, "1".repeat(64), tuple, "[1, \"a\", true]"));
        // The same keywords in 2020-12 terms: prefixItems and items.
        String modern = "{\"type\": \"array\", \"prefixItems\": [{\"type\": \"integer\"}], \"items\": false}";
        assertEquals(List.of(), violations(schemas, "2".repeat(64), modern, "[1]"));
        assertEquals(List.of(""), violations(schemas, "2".repeat(64), modern, "[1, 2]").subList(0, 1));
    }
}
