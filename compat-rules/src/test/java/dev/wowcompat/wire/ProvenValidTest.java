package dev.wowcompat.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The quick proof of validity in front of networknt's validator changes no verdict: on the wire examples, the bank
 * example's registered schemas, and every document made from them by breaking one member at a time (removed, or
 * replaced by a value of each JSON kind), {@link JsonSchemas#violations} gives exactly what the validator alone gives.
 * And the proof does carry the valid case, or it would be no use.
 */
class ProvenValidTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private final JsonSchemas schemas = new JsonSchemas();

    private static JsonNode resource(String path) throws IOException {
        try (InputStream in = ProvenValidTest.class.getClassLoader().getResourceAsStream(path)) {
            return JSON.readTree(in);
        }
    }

    /** The document itself, then each one with one member removed or replaced. */
    private static List<JsonNode> variants(JsonNode document) {
        List<JsonNode> out = new ArrayList<>();
        out.add(document);
        List<JsonNode> replacements = List.of(F.nullNode(), F.numberNode(0), F.numberNode(-1), F.numberNode(1.5), F.numberNode(2L),
                F.numberNode(1.0), F.textNode(""), F.textNode("x"), F.textNode("(none)"), F.booleanNode(true), F.objectNode(), F.arrayNode(),
                F.textNode("a".repeat(64)), F.textNode("not-a-date"));
        mutate(document, document, "", replacements, out);
        return out;
    }

    private static void mutate(JsonNode root, JsonNode node, String at, List<JsonNode> replacements, List<JsonNode> out) {
        if (node.isObject()) {
            for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                String child = at + "/" + name.replace("~", "~0").replace("/", "~1");
                ObjectNode removed = root.deepCopy();
                ((ObjectNode) (at.isEmpty() ? removed : removed.at(at))).remove(name);
                out.add(removed);
                for (JsonNode r : replacements) {
                    ObjectNode replaced = root.deepCopy();
                    ((ObjectNode) (at.isEmpty() ? replaced : replaced.at(at))).set(name, r);
                    out.add(replaced);
                }
                mutate(root, node.get(name), child, replacements, out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                for (JsonNode r : replacements) {
                    JsonNode replaced = root.deepCopy();
                    ((ArrayNode) (at.isEmpty() ? replaced : replaced.at(at))).set(i, r);
                    out.add(replaced);
                }
                mutate(root, node.get(i), at + "/" + i, replacements, out);
            }
        }
    }

    private int assertSameVerdicts(Schema schema, JsonNode document) {
        int proven = 0;
        for (JsonNode variant : variants(document)) {
            List<Violation> alone = JsonSchemas.validate(schema, variant, "/at");
            assertEquals(alone, schemas.violations(schema, variant, "/at"), () -> "verdicts differ on " + variant);
            if (schemas.provenValid(schema, variant)) {
                proven++;
                assertEquals(List.of(), alone, () -> "proved valid but the validator finds violations in " + variant);
            }
        }
        return proven;
    }

    @Test
    void wireExamplesAndEveryBrokenMemberGiveTheValidatorsVerdicts() throws IOException {
        for (String example : List.of("envelope-state-event", "envelope-command", "envelope-command-receipt")) {
            JsonNode envelope = resource("wow-compat/schemas/wire/examples/" + example + ".json");
            Schema schema = schemas.wire("envelope.schema.json");
            assertTrue(schemas.provenValid(schema, envelope), example + " is valid and the proof should show it");
            assertTrue(assertSameVerdicts(schema, envelope) > 1, example);
            String kind = envelope.get("kind").asText();
            Schema payload = schemas.wire(kind + ".schema.json");
            assertSameVerdicts(payload, envelope.get("payload"));
        }
        JsonNode wait = resource("wow-compat/schemas/wire/examples/wait-signal.json");
        assertSameVerdicts(schemas.wire("wait-signal.schema.json"), wait.isArray() ? wait.get(0) : wait);
    }

    @Test
    void registeredSchemasOfTheBankExampleGiveTheValidatorsVerdicts() throws IOException {
        JsonNode manifest = resource("wow-compat/schemas/examples/bank/1.2.0.json");
        JsonNode account = manifest.at("/contexts/bank/aggregates/account");
        Map<String, JsonNode> instances = Map.of(
                "/state/schema", JSON.readTree("{\"owner\":\"Ann\",\"balance\":10.5,\"lastMovementAt\":\"2026-12-03T08:00:00Z\"}"),
                "/events/Deposited/revisions/2/schema", JSON.readTree("{\"amount\":\"101.00\",\"reference\":\"inv-1\"}"),
                "/events/Deposited/revisions/1/schema", JSON.readTree("{\"amount\":101.5}"),
                "/commands/Deposit/schema", JSON.readTree("{\"amount\":5,\"reference\":\"inv-1\"}"));
        int n = 0;
        for (Map.Entry<String, JsonNode> e : instances.entrySet()) {
            JsonNode schemaNode = account.at(e.getKey());
            assertFalse(schemaNode.isMissingNode(), e.getKey());
            Schema schema = schemas.registered("fp-" + n++, () -> schemaNode);
            JsonNode valid = e.getValue();
            assertEquals(List.of(), JsonSchemas.validate(schema, valid, ""), e.getKey());
            assertTrue(schemas.provenValid(schema, valid), e.getKey() + ": the proof should carry a valid instance");
            assertSameVerdicts(schema, valid);
        }
    }

    @Test
    void whatTheProofDoesNotKnowGoesToTheValidator() throws IOException {
        // unevaluatedProperties is outside what the proof reads: it never claims such a document valid.
        Schema schema = schemas.registered("fp-unknown", () -> {
            try {
                return JSON.readTree("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"unevaluatedProperties\":false}");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        JsonNode extra = JSON.readTree("{\"a\":\"x\",\"b\":1}");
        assertFalse(schemas.provenValid(schema, extra));
        assertEquals(1, schemas.violations(schema, extra, "").size());
        // A number that is an integer only by value (1.0) is left to the validator, whatever it decides.
        Schema integer = schemas.registered("fp-integer", () -> F.objectNode().put("type", "integer"));
        assertFalse(schemas.provenValid(integer, F.numberNode(1.0)));
        assertEquals(JsonSchemas.validate(integer, F.numberNode(1.0), ""), schemas.violations(integer, F.numberNode(1.0), ""));
    }

    /**
     * The keywords on an object's members together: a required name outside properties, a closed object, additional
     * members with a schema, a required list with a name that is not text, and a not (where a certain "invalid" turns
     * into "valid") give the validator's verdicts on every variant, and the proof carries the valid documents.
     */
    @Test
    void memberKeywordsTogetherGiveTheValidatorsVerdicts() throws IOException {
        Map<String, String> cases = Map.of(
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"},\"b\":{\"type\":\"integer\"}},\"required\":[\"a\",\"c\"],"
                        + "\"additionalProperties\":false}", "{\"a\":\"x\",\"b\":2,\"c\":null}",
                "{\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\",\"a\"],\"additionalProperties\":{\"type\":\"integer\",\"minimum\":0}}",
                "{\"a\":\"x\",\"n\":3,\"m\":0}",
                "{\"required\":[\"a\",5,\"b\"],\"properties\":{\"a\":{\"const\":\"x\"}}}", "{\"a\":\"x\",\"b\":1}",
                "{\"not\":{\"required\":[\"secret\"],\"properties\":{\"secret\":{\"type\":\"string\"}}}}", "{\"open\":1}",
                "{\"additionalProperties\":{\"type\":\"object\",\"required\":[\"id\"],\"additionalProperties\":false,"
                        + "\"properties\":{\"id\":{\"type\":\"string\"}}}}", "{\"one\":{\"id\":\"1\"},\"two\":{\"id\":\"2\"}}");
        int n = 0;
        for (Map.Entry<String, String> c : cases.entrySet()) {
            JsonNode schemaNode = JSON.readTree(c.getKey());
            Schema schema = schemas.registered("fp-members-" + n++, () -> schemaNode);
            JsonNode document = JSON.readTree(c.getValue());
            assertSameVerdicts(schema, document);
            boolean valid = JsonSchemas.validate(schema, document, "").isEmpty();
            // A required list that cannot be read past a number is left to the validator; the others the proof carries.
            assertEquals(valid && !c.getKey().contains("5,"), schemas.provenValid(schema, document), c.getKey());
        }
    }
}
