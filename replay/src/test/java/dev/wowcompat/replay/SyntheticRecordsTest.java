package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A generated body is valid against its revision's schema, with every declared member, for the shapes Manifests hold. */
class SyntheticRecordsTest {
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    @Test
    void eachBodyIsValidAgainstItsSchemaAndHoldsEveryMember() throws Exception {
        List<String> schemas = List.of(
                """
                {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
                 "properties": {"amount": {"type": "integer", "minimum": 5, "maximum": 9223372036854775807},
                   "name": {"type": ["string", "null"]}, "frozen": {"type": "boolean"}},
                 "required": ["amount", "frozen"]}
                """,
                """
                {"type": "object", "properties": {
                   "currency": {"type": "string", "minLength": 3, "maxLength": 3},
                   "kind": {"enum": ["CREDIT", "DEBIT"]},
                   "at": {"type": "string", "format": "date-time"},
                   "rate": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1, "multipleOf": 0.25},
                   "lines": {"type": "array", "minItems": 2, "items": {"$ref": "#/$defs/Line"}},
                   "owner": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/Owner"}]}},
                 "required": ["currency", "kind", "lines"],
                 "$defs": {"Line": {"type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"]},
                   "Owner": {"type": "object", "properties": {"name": {"type": "string", "minLength": 2}}}}}
                """);
        List<String> expected = List.of(
                "{\"amount\":5,\"name\":\"x\",\"frozen\":false}",
                "{\"currency\":\"xxx\",\"kind\":\"CREDIT\",\"at\":\"2026-01-01T00:00:00Z\",\"rate\":0.25,"
                        + "\"lines\":[{\"sku\":\"x\"},{\"sku\":\"x\"}],\"owner\":{\"name\":\"xx\"}}");
        for (int i = 0; i < schemas.size(); i++) {
            JsonNode schema = Replay.JSON.readTree(schemas.get(i));
            JsonNode body = SyntheticRecords.example(schema);
            assertEquals(expected.get(i), body.toString());
            Schema compiled = REGISTRY.getSchema(SchemaLocation.of("https://example.test/" + i), schema);
            List<Error> errors = compiled.validate(body);
            assertEquals(List.of(), errors, body.toString());
        }
    }
}
