package dev.wowcompat.fingerprint;

import static dev.wowcompat.fingerprint.TestJson.DOUBLES;
import static dev.wowcompat.fingerprint.TestJson.EXACT;
import static dev.wowcompat.fingerprint.TestJson.parse;
import static dev.wowcompat.fingerprint.TestJson.resource;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BinaryNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.ShortNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** RFC 8785 §3.2.4: the canonical bytes of the main example, as the RFC lists them in hex. */
    @ParameterizedTest(name = "exact numbers: {0}")
    @ValueSource(booleans = {false, true})
    void rfc8785MainExample(boolean exactNumbers) {
        JsonNode input = parse(exactNumbers ? EXACT : DOUBLES, resource("rfc8785-example.json"));
        byte[] expected = HexFormat.ofDelimiter(" ").parseHex(
                "7b 22 6c 69 74 65 72 61 6c 73 22 3a 5b 6e 75 6c 6c 2c 74 72 "
                + "75 65 2c 66 61 6c 73 65 5d 2c 22 6e 75 6d 62 65 72 73 22 3a "
                + "5b 33 33 33 33 33 33 33 33 33 2e 33 33 33 33 33 33 33 2c 31 "
                + "65 2b 33 30 2c 34 2e 35 2c 30 2e 30 30 32 2c 31 65 2d 32 37 "
                + "5d 2c 22 73 74 72 69 6e 67 22 3a 22 e2 82 ac 24 5c 75 30 30 "
                + "30 66 5c 6e 41 27 42 5c 22 5c 5c 5c 5c 5c 22 2f 22 7d");
        assertArrayEquals(expected, CanonicalJson.toBytes(input));
        assertEquals("{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                + "\"string\":\"\u20ac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}", CanonicalJson.toString(input));
    }

    /** RFC 8785 §3.2.3: names compare as UTF-16 code units, so U+1F600 (D83D DE00) sorts before U+FB33. */
    @Test
    void rfc8785SortingExample() {
        JsonNode canonical = parse(DOUBLES, CanonicalJson.toString(parse(DOUBLES, resource("rfc8785-sorting.json"))));
        List<String> values = new ArrayList<>();
        canonical.properties().forEach(member -> values.add(member.getValue().textValue()));
        assertEquals(List.of("Carriage Return", "One", "Control", "Latin Small Letter O With Diaeresis",
                "Euro Sign", "Emoji: Grinning Face", "Hebrew Letter Dalet With Dagesh"), values);
        assertTrue(CanonicalJson.toString(canonical).startsWith("{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":"));
    }

    @Test
    void namesOutsideTheBasicPlaneSortByTheirSurrogates() {
        ObjectNode object = NODES.objectNode();
        object.put("\uE000", 1); // private use U+E000: after U+1F600's surrogates by code unit, before it by code point
        object.put("\uD83D\uDE00", 2);
        object.put("\uFFFF", 3);
        object.put("\uD800\uDC00", 4); // U+10000, the lowest supplementary code point
        object.put("\uD7FF", 5);
        assertEquals("{\"\uD7FF\":5,\"\uD800\uDC00\":4,\"\uD83D\uDE00\":2,\"\uE000\":1,\"\uFFFF\":3}",
                CanonicalJson.toString(object));
    }

    @Test
    void stringsUseOnlyTheEscapesRfc8785Prescribes() {
        StringBuilder allControls = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            allControls.append(c);
        }
        assertEquals("\"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f"
                + "\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f\"",
                CanonicalJson.toString(TextNode.valueOf(allControls.toString())));
        assertEquals("\"quote\\\" backslash\\\\ slash/ del\u007f ls\u2028 nbsp\u00a0\"",
                CanonicalJson.toString(TextNode.valueOf("quote\" backslash\\ slash/ del\u007f ls\u2028 nbsp\u00a0")));
    }

    @Test
    void nonAsciiIsWrittenAsUtf8() {
        String text = "a\u00e9\u20ac\uD83D\uDE00\uFFFD";
        byte[] expected = ("\"" + text + "\"").getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(expected, CanonicalJson.toBytes(TextNode.valueOf(text)));
        assertArrayEquals(HexFormat.of().parseHex("2261c3a9e282acf09f9880efbfbd22"), expected);
    }

    @Test
    void longStringsCrossingTheWriterChunksStayIntact() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            text.append(i % 7 == 0 ? "\uD83D\uDE00" : i % 5 == 0 ? "\n" : i % 3 == 0 ? "\u00e9" : "x");
        }
        for (int pad = 0; pad < 3; pad++) { // shift the surrogate pairs against the chunk boundaries
            String value = "y".repeat(pad) + text;
            String expected = "\"" + value.replace("\n", "\\n") + "\"";
            assertArrayEquals(expected.getBytes(StandardCharsets.UTF_8), CanonicalJson.toBytes(TextNode.valueOf(value)));
        }
    }

    @Test
    void noWhitespaceAndArraysKeepTheirOrder() {
        JsonNode node = parse(DOUBLES, "{ \"b\" : [ 3 , 1 , { \"z\" : null , \"a\" : [ ] } ] ,\n\t\"a\" : { } , \"c\" : \"x y\" }");
        assertEquals("{\"a\":{},\"b\":[3,1,{\"a\":[],\"z\":null}],\"c\":\"x y\"}", CanonicalJson.toString(node));
        assertEquals("[true,false,null]", CanonicalJson.toString(parse(DOUBLES, "[true, false, null]")));
    }

    /** The same numeric value gives the same text whatever Jackson node holds it. */
    @Test
    void everyNumericNodeKindGivesTheSameForm() {
        List<JsonNode> ones = List.of(
                IntNode.valueOf(1), ShortNode.valueOf((short) 1), LongNode.valueOf(1),
                BigIntegerNode.valueOf(BigInteger.ONE), DecimalNode.valueOf(new BigDecimal("1.0")),
                DecimalNode.valueOf(new BigDecimal("1.00")), DecimalNode.valueOf(new BigDecimal("1E0")),
                DecimalNode.valueOf(new BigDecimal("0.1E1")), DoubleNode.valueOf(1.0), FloatNode.valueOf(1f),
                parse(DOUBLES, "1"), parse(DOUBLES, "1.0"), parse(DOUBLES, "1E0"),
                parse(EXACT, "1"), parse(EXACT, "1.00"), parse(EXACT, "1E0"), parse(EXACT, "10e-1"));
        for (JsonNode one : ones) {
            assertEquals("1", CanonicalJson.toString(one), () -> one.getClass().getSimpleName() + " " + one);
        }
        for (String text : List.of("2.50", "2.5", "25E-1", "0.25e1")) {
            assertEquals("2.5", CanonicalJson.toString(parse(EXACT, text)), text);
            assertEquals("2.5", CanonicalJson.toString(parse(DOUBLES, text)), text);
        }
        assertEquals("0", CanonicalJson.toString(DoubleNode.valueOf(-0.0)));
        assertEquals("0", CanonicalJson.toString(parse(EXACT, "-0.0")));
        assertEquals("-7", CanonicalJson.toString(parse(EXACT, "-7.000")));
        assertEquals("1e+21", CanonicalJson.toString(BigIntegerNode.valueOf(BigInteger.TEN.pow(21))));
        assertEquals("1e+21", CanonicalJson.toString(parse(EXACT, "1000000000000000000000")));
        assertEquals("100000000000000000000", CanonicalJson.toString(parse(EXACT, "100000000000000000000")));
        // beyond 2^53 integers round to the nearest double, exactly as a JavaScript reader would see them
        assertEquals("9007199254740992", CanonicalJson.toString(LongNode.valueOf(9007199254740993L)));
        assertEquals("9223372036854776000", CanonicalJson.toString(LongNode.valueOf(Long.MAX_VALUE)));
        assertEquals("-9223372036854776000", CanonicalJson.toString(LongNode.valueOf(Long.MIN_VALUE)));
        assertEquals("333333333.3333333", CanonicalJson.toString(parse(EXACT, "333333333.33333329")));
        assertEquals("0.1", CanonicalJson.toString(parse(EXACT, "0.1000000000000000000000000001")));
        assertEquals("0.10000000149011612", CanonicalJson.toString(FloatNode.valueOf(0.1f)));
        assertEquals("0", CanonicalJson.toString(parse(EXACT, "1e-400")), "underflow reads as zero");
    }

    @Test
    void numberBeyondTheDoubleRangeIsRefusedWithItsPointer() {
        JsonNode schema = parse(EXACT, "{\"properties\":{\"a/b~c\":{\"maximum\":1e400}},\"x\":[0,[1,-2E+309]]}");
        NotCanonicalizableException error = assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(schema));
        assertEquals("/properties/a~1b~0c/maximum", error.pointer());
        assertTrue(error.getMessage().contains("1E+400") && error.getMessage().contains("IEEE-754 double"), error.getMessage());
        assertTrue(error instanceof IllegalArgumentException);

        schema.withObject("/properties").remove("a/b~c");
        NotCanonicalizableException second = assertThrows(NotCanonicalizableException.class, () -> Fingerprint.of(schema));
        assertEquals("/x/1/1", second.pointer());

        assertEquals("", assertThrows(NotCanonicalizableException.class,
                () -> CanonicalJson.toBytes(BigIntegerNode.valueOf(BigInteger.TEN.pow(309)))).pointer());
        ObjectMapper doubles = DOUBLES;
        assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(parse(doubles, "[1e999]")));
        assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(DoubleNode.valueOf(Double.NaN)));
        assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(FloatNode.valueOf(Float.POSITIVE_INFINITY)));
    }

    @Test
    void largestDoubleStillFits() {
        assertEquals("1.7976931348623157e+308", CanonicalJson.toString(parse(EXACT, "1.7976931348623157e308")));
        assertEquals("-1.7976931348623157e+308", CanonicalJson.toString(parse(EXACT, "-1.7976931348623157e308")));
    }

    @Test
    void loneSurrogatesAreRefused() {
        ObjectNode object = NODES.objectNode();
        object.putArray("list").add("ok").add("broken \uD83D here");
        NotCanonicalizableException error = assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(object));
        assertEquals("/list/1", error.pointer());
        assertTrue(error.getMessage().contains("surrogate"), error.getMessage());

        assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(TextNode.valueOf("\uDE00 low first")));
        assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(TextNode.valueOf("ends high \uD83D")));
        ObjectNode badName = NODES.objectNode();
        badName.put("\uDFFF", 1);
        assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(badName));
    }

    @Test
    void nodesThatAreNotJsonDataAreRefused() {
        assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(MissingNode.getInstance()));
        assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(BinaryNode.valueOf(new byte[] {1})));
        assertThrows(NotCanonicalizableException.class, () -> CanonicalJson.toBytes(NODES.pojoNode(new Object())));
    }

    @Test
    void canonicalFormIsAFixedPoint() {
        JsonNode schema = parse(EXACT, resource("nested-schema.json"));
        String once = CanonicalJson.toString(schema);
        assertEquals(once, CanonicalJson.toString(parse(EXACT, once)));
        assertEquals(once, CanonicalJson.toString(parse(DOUBLES, once)));
        assertTrue(once.contains("\"minimum\":2.5e-7") && once.contains("\"exclusiveMaximum\":1e+21")
                && once.contains("\"const\":0") && once.contains("\"weird key \\t\\\"quoted\\\"\""), once);
    }
}
