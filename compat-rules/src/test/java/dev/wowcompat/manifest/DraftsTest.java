package dev.wowcompat.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.fingerprint.Fingerprint;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Drafts 04, 06, 07, 2019-09 and 2020-12 are read, each checked against its own meta-schema. */
class DraftsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One command per draft, each using what is particular to it. */
    static final Map<String, String> SCHEMAS = Map.of(
            "Draft4", """
                    {"$schema": "http://json-schema.org/draft-04/schema#", "id": "urn:bank:draft4", "type": "object",
                     "definitions": {"money": {"id": "#money", "type": "number", "minimum": 0, "exclusiveMinimum": true}},
                     "properties": {"amount": {"$ref": "#money"}, "again": {"$ref": "#/definitions/money"}},
                     "required": ["amount"]}""",
            "Draft6", """
                    {"$schema": "http://json-schema.org/draft-06/schema#", "$id": "urn:bank:draft6", "type": "object",
                     "definitions": {"money": {"$id": "#money", "type": "number", "exclusiveMinimum": 0}},
                     "properties": {"amount": {"$ref": "#money"}, "tags": {"type": "array", "contains": {"const": "x"}}}}""",
            "Draft7", """
                    {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
                     "properties": {"pair": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}], "additionalItems": false}},
                     "dependencies": {"pair": ["kind"]}, "if": {"required": ["pair"]}, "then": {"required": ["kind"]}}""",
            "Draft2019", """
                    {"$schema": "https://json-schema.org/draft/2019-09/schema", "$recursiveAnchor": true, "type": "object",
                     "$defs": {"node": {"type": "object", "properties": {"next": {"$recursiveRef": "#"}}}},
                     "properties": {"tree": {"$ref": "#/$defs/node"}}, "dependentRequired": {"a": ["b"]}, "unevaluatedProperties": false}""",
            "Draft2020", """
                    {"type": "object", "$defs": {"id": {"$anchor": "ident", "type": "string"}},
                     "properties": {"pair": {"type": "array", "prefixItems": [{"$ref": "#ident"}], "items": false}}}""");

    static String manifest(Map<String, String> commands) {
        StringBuilder sb = new StringBuilder();
        commands.forEach((name, schema) -> sb.append(sb.length() == 0 ? "" : ", ")
                .append('"').append(name).append("\": {\"schema\": ").append(schema).append('}'));
        return """
                {"manifest": 1, "service": "bank-service", "version": "1.0.0", "contexts": {"bank": {"aggregates": {
                  "account": {"commands": {%s}}}}}}""".formatted(sb);
    }

    @Test
    void everyDraftIsReadAndFingerprintedAsWritten() throws Exception {
        Manifest m = new ManifestReader().read(manifest(SCHEMAS).getBytes(StandardCharsets.UTF_8), "drafts.json");
        var commands = m.aggregate("bank.account").orElseThrow().commands();
        assertEquals(SCHEMAS.keySet(), commands.keySet());
        for (var e : SCHEMAS.entrySet()) {
            JsonNode asWritten = JSON.readTree(e.getValue());
            // The fingerprint is of the schema as written: reading a draft rewrites nothing.
            assertEquals(Fingerprint.of(asWritten), commands.get(e.getKey()).schema().fingerprint(), e.getKey());
            assertEquals(List.of(), StandaloneSchema.problems(asWritten, e.getKey()), e.getKey());
        }
    }

    @Test
    void eachDraftIsCheckedAgainstItsOwnMetaSchema() throws Exception {
        // Legal in draft-04 (a boolean that makes minimum exclusive), not in 2020-12 (a number), and the reverse.
        String boolean4 = "{\"$schema\": \"http://json-schema.org/draft-04/schema#\", \"minimum\": 0, \"exclusiveMinimum\": true}";
        String number4 = "{\"$schema\": \"http://json-schema.org/draft-04/schema#\", \"minimum\": 0, \"exclusiveMinimum\": 0}";
        assertEquals(List.of(), StandaloneSchema.problems(JSON.readTree(boolean4), "a"));
        assertEquals(List.of("/exclusiveMinimum"), pointers(number4));
        assertEquals(List.of("/exclusiveMinimum"), pointers("{\"minimum\": 0, \"exclusiveMinimum\": true}"));
        // Array-form items: draft-07's tuples, refused by 2020-12 (prefixItems took its place). Without $schema the
        // tuple says the schema is written in an older draft (issue 16), so only a 2020-12 schema meets 2020-12's rule.
        assertEquals(List.of(), pointers("{\"$schema\": \"http://json-schema.org/draft-07/schema#\", \"items\": [{}]}"));
        assertEquals(List.of("/items"), pointers("{\"$schema\": \"https://json-schema.org/draft/2020-12/schema\", \"items\": [{}]}"));
        assertEquals(List.of("/prefixItems"), pointers("{\"prefixItems\": {}}"));
        // draft-04 has no boolean schemas.
        assertEquals(List.of("/not"), pointers("{\"$schema\": \"http://json-schema.org/draft-04/schema#\", \"not\": false}"));
        assertEquals(List.of(), pointers("{\"$schema\": \"http://json-schema.org/draft-06/schema#\", \"not\": false}"));
    }

    @Test
    void idNamesAnchorsInDraftFourAndDollarIdAfterIt() throws Exception {
        // In draft-04 "$id" is an unknown keyword, so "#a" is no anchor there; in draft-06 "id" is the unknown one.
        String d4 = "{\"$schema\": \"http://json-schema.org/draft-04/schema#\", \"definitions\": {\"a\": {\"$id\": \"#a\"}}, \"$ref\": \"#a\"}";
        String d6 = "{\"$schema\": \"http://json-schema.org/draft-06/schema#\", \"definitions\": {\"a\": {\"id\": \"#a\"}}, \"$ref\": \"#a\"}";
        for (String schema : List.of(d4, d6)) {
            List<InputProblem> problems = StandaloneSchema.problems(JSON.readTree(schema), "s");
            assertEquals(List.of(ProblemCodes.SCHEMA_UNRESOLVED_REF + " /$ref"),
                    problems.stream().map(p -> p.code() + " " + p.pointer()).toList(), schema);
        }
    }

    @Test
    void anUnknownDialectStaysAnError() {
        String doc = manifest(Map.of("Old", "{\"$schema\": \"http://json-schema.org/draft-03/schema#\", \"type\": \"object\"}"));
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new ManifestReader().read(doc.getBytes(StandardCharsets.UTF_8), "m.json"));
        InputProblem p = JsonInputTest.onlyProblem(e);
        assertEquals(ProblemCodes.SCHEMA_UNSUPPORTED_DIALECT, p.code());
        assertEquals("/contexts/bank/aggregates/account/commands/Old/schema/$schema", p.pointer());
        assertEquals("$schema 'http://json-schema.org/draft-03/schema#' is not supported: use draft 2020-12"
                + " (https://json-schema.org/draft/2020-12/schema, the default when $schema is absent), draft 2019-09"
                + " (https://json-schema.org/draft/2019-09/schema), draft-07 (http://json-schema.org/draft-07/schema#),"
                + " draft-06 (http://json-schema.org/draft-06/schema#), draft-04 (http://json-schema.org/draft-04/schema#)", p.message());
    }

    private static List<String> pointers(String schema) throws Exception {
        return StandaloneSchema.problems(JSON.readTree(schema), "s").stream().map(InputProblem::pointer).toList();
    }
}
