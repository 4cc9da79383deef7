package dev.wowcompat.fingerprint;

import static dev.wowcompat.fingerprint.TestJson.DOUBLES;
import static dev.wowcompat.fingerprint.TestJson.EXACT;
import static dev.wowcompat.fingerprint.TestJson.parse;
import static dev.wowcompat.fingerprint.TestJson.resource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FingerprintTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** SHA-256 of the two bytes "{}", computed independently (sha256sum). */
    @Test
    void emptyObjectHasTheKnownDigest() {
        assertEquals("44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a", Fingerprint.of(NODES.objectNode()));
        assertEquals("44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a", Fingerprint.of(parse(DOUBLES, " { \n } ")));
        assertEquals("4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945", Fingerprint.of(NODES.arrayNode()));
    }

    @Test
    void isTheSha256OfTheCanonicalBytes() throws NoSuchAlgorithmException {
        JsonNode schema = parse(EXACT, resource("nested-schema.json"));
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(CanonicalJson.toBytes(schema));
        String fingerprint = Fingerprint.of(schema);
        assertEquals(HexFormat.of().formatHex(digest), fingerprint);
        assertTrue(Fingerprint.isFingerprint(fingerprint), fingerprint);

        String rfcCanonical = "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                + "\"string\":\"\u20ac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}";
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(rfcCanonical.getBytes(StandardCharsets.UTF_8))),
                Fingerprint.of(parse(DOUBLES, resource("rfc8785-example.json"))));
    }

    @Test
    void oneAndOnePointZeroAndOneEZeroShareAFingerprint() {
        String expected = Fingerprint.of(parse(DOUBLES, "{\"minimum\":1}"));
        for (String variant : List.of("{\"minimum\":1.0}", "{\"minimum\":1E0}", "{\"minimum\":1.00}", "{\"minimum\":10e-1}")) {
            assertEquals(expected, Fingerprint.of(parse(DOUBLES, variant)), variant);
            assertEquals(expected, Fingerprint.of(parse(EXACT, variant)), variant);
        }
        assertNotEquals(expected, Fingerprint.of(parse(EXACT, "{\"minimum\":1.0000001}")));
        assertNotEquals(expected, Fingerprint.of(parse(EXACT, "{\"minimum\":\"1\"}")));
    }

    /**
     * Property: neither member order, nor whitespace, nor the spelling or node kind of a number changes the
     * fingerprint; a change to any one value does.
     */
    @Test
    void keyOrderWhitespaceAndNumberSpellingNeverChangeTheFingerprint() throws JsonProcessingException {
        JsonNode schema = parse(EXACT, resource("nested-schema.json"));
        String expected = Fingerprint.of(schema);
        Random random = new Random(20200601);
        for (int round = 0; round < 200; round++) {
            JsonNode variant = reshuffle(schema, random);
            String text = random.nextBoolean()
                    ? DOUBLES.writerWithDefaultPrettyPrinter().writeValueAsString(variant)
                    : DOUBLES.writeValueAsString(variant);
            JsonNode reparsed = parse(random.nextBoolean() ? EXACT : DOUBLES, text);
            assertEquals(expected, Fingerprint.of(variant), "round " + round);
            assertEquals(expected, Fingerprint.of(reparsed), () -> "round reparsed " + text);
        }
    }

    @Test
    void anyValueChangeChangesTheFingerprint() {
        JsonNode schema = parse(EXACT, resource("nested-schema.json"));
        String original = Fingerprint.of(schema);
        List<JsonNode> edits = new ArrayList<>();

        ObjectNode renamed = schema.deepCopy();
        renamed.set("titles", renamed.remove("title"));
        edits.add(renamed);

        ObjectNode retyped = schema.deepCopy();
        retyped.withObject("/properties/quantity").put("type", "number");
        edits.add(retyped);

        ObjectNode bound = schema.deepCopy();
        bound.withObject("/properties/total").put("minimum", 0.01);
        edits.add(bound);

        ObjectNode reordered = schema.deepCopy();
        ArrayNode required = (ArrayNode) reordered.get("required");
        required.insert(0, required.remove(2)); // array order is meaning, unlike member order
        edits.add(reordered);

        ObjectNode added = schema.deepCopy();
        added.withObject("/$defs").putObject("extra");
        edits.add(added);

        for (JsonNode edit : edits) {
            assertNotEquals(original, Fingerprint.of(edit), edit::toString);
        }
    }

    @Test
    void isFingerprintAcceptsOnlyLowercaseHexOfLength64() {
        assertTrue(Fingerprint.isFingerprint(Fingerprint.of(NODES.textNode("x"))));
        assertFalse(Fingerprint.isFingerprint("44136FA355B3678A1146AD16F7E8649E94FB4FC21FE77E8310C060F61CAAFF8A"));
        assertFalse(Fingerprint.isFingerprint("44136fa3"));
        assertFalse(Fingerprint.isFingerprint(null));
    }

    /** A deep copy with members in random order and whole numbers respelled as other numeric node kinds. */
    private static JsonNode reshuffle(JsonNode node, Random random) {
        if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> members = new ArrayList<>(node.properties());
            Collections.shuffle(members, random);
            ObjectNode copy = NODES.objectNode();
            for (Map.Entry<String, JsonNode> member : members) {
                copy.set(member.getKey(), reshuffle(member.getValue(), random));
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = NODES.arrayNode();
            node.forEach(element -> copy.add(reshuffle(element, random)));
            return copy;
        }
        if (node.isNumber()) {
            BigDecimal value = node.decimalValue();
            return switch (random.nextInt(3)) {
                case 0 -> DecimalNode.valueOf(value.setScale(Math.max(value.scale(), 0) + 2)); // 1 -> 1.00
                case 1 -> DoubleNode.valueOf(value.doubleValue());
                default -> node.deepCopy();
            };
        }
        return node.deepCopy();
    }
}
