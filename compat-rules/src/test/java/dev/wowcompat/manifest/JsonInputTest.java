package dev.wowcompat.manifest;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonInputTest {
    private final JsonInput json = new JsonInput(InputLimits.defaults());

    static Path fixture(String name) {
        try {
            return Path.of(JsonInputTest.class.getResource("/manifest/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static InputProblem onlyProblem(InvalidInputException e) {
        assertEquals(1, e.problems().size(), () -> "expected one problem, got " + e.problems());
        return e.problems().get(0);
    }

    /** A problem a user reads: one line, no Java or Jackson internals. */
    static void assertReadable(InputProblem p) {
        String line = p.line();
        assertFalse(line.contains("\n"), () -> "not one line: " + line);
        assertFalse(line.contains("Source:"), line);
        assertFalse(line.contains("REDACTED"), line);
        assertFalse(line.contains("Exception"), line);
        assertFalse(line.contains("com.fasterxml"), line);
        assertFalse(line.contains("StreamReadConstraints"), line);
        assertFalse(p.message().isBlank(), line);
    }

    @Test
    void syntaxErrorNamesLineColumnAndPointer() {
        Path file = fixture("invalid-json.json");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> json.parse(file));
        InputProblem p = onlyProblem(e);
        assertEquals(ProblemCodes.INVALID_JSON, p.code());
        assertEquals(file.toString(), p.source());
        assertEquals("line 7, column 3: '}' after a comma: JSON allows no comma after the last member of an object", p.message());
        // The object holding the stray comma, not the member read before it ("bank"), which Jackson's context names.
        assertEquals("/contexts", p.pointer());
        assertReadable(p);
    }

    @Test
    void unexpectedEndOfInputSaysWhereTheObjectOpened() {
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class,
                () -> json.parse("{\n  \"a\": [1,\n  2", "body")));
        assertEquals(ProblemCodes.INVALID_JSON, p.code());
        assertEquals("the JSON ends at line 3, column 4 before the array that starts at line 2, column 8 is closed", p.message());
        assertEquals("/a", p.pointer());
        assertReadable(p);
    }

    /**
     * Truncated input, cut at each kind of place: one sentence saying where it ends and what is left open, and a
     * pointer only to what holds the end (never the member read before it, as Jackson's context has it).
     */
    @Test
    void truncatedInputSaysWhereItEndsAndWhatIsOpen() {
        String[][] cases = {
                // input, pointer, message
                {"{\n  \"manifest\": 1,\n  \"service\": \"bank-service\"", "",
                        "the JSON ends at line 3, column 28 before the object that starts at line 1, column 1 is closed"},
                {"{\"manifest\": 1, \"service\": ", "/service", "the JSON ends at line 1, column 28 where the value of 'service' should be"},
                {"{\"manifest\": 1,", "", "the JSON ends at line 1, column 16 before the object that starts at line 1, column 1 is closed"},
                {"{\"manifest\": 1, \"serv", "", "the JSON ends at line 1, column 22 inside a key of the object that starts at line 1, column 1"},
                {"{\"a\": {\"b\": \"xy", "/a/b", "the JSON ends at line 1, column 16 inside the string that starts at line 1, column 13"},
                {"{\"a\": [{\"b\": 1}", "/a", "the JSON ends at line 1, column 16 before the array that starts at line 1, column 7 is closed"},
                {"{\"a\": [1, 2,", "/a", "the JSON ends at line 1, column 13 before the array that starts at line 1, column 7 is closed"},
                {"{\"a\": -", "/a", "the JSON ends at line 1, column 8 where the value of 'a' should be"},
                {"[", "", "the JSON ends at line 1, column 2 before the array that starts at line 1, column 1 is closed"},
        };
        for (String[] c : cases) {
            InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse(c[0], "t.json")));
            assertEquals(ProblemCodes.INVALID_JSON, p.code(), c[0]);
            assertEquals(c[1], p.pointer(), c[0]);
            assertEquals(c[2], p.message(), c[0]);
            assertReadable(p);
        }
    }

    /** A misplaced or missing separator is the container's fault; a broken value is its member's. */
    @Test
    void brokenInputNamesTheCharacterAndWhatWasExpected() {
        String[][] cases = {
                {"{\"a\": 1 \"b\": 2}", "", "line 1, column 9: '\"' where a comma or '}' should follow the value of 'a'"},
                {"{\"x\": {\"version\": 1.0.0}}", "/x", "line 1, column 22: '.' where a comma or '}' should follow the value of 'version'"},
                {"{\"a\": [1 2]}", "/a", "line 1, column 10: '2' where a comma or ']' should follow the element before it"},
                {"{\"a\": [1, 2,]}", "/a", "line 1, column 13: ']' after a comma: JSON allows no comma after the last element of an array"},
                {"{\"a\" 1}", "/a", "line 1, column 6: '1' where ':' should follow the key 'a'"},
                {"{a: 1}", "", "line 1, column 2: 'a' where a key in double quotes should be"},
                {"{\"a\": {\"b\": 1]}", "/a", "line 1, column 14: ']' where '}' should close the object that starts at line 1, column 7"},
                {"{\"a\": tru}", "/a", "line 1, column 7: unrecognized token 'tru': expected a JSON value (string, number, array, object, true, false or null)"},
        };
        for (String[] c : cases) {
            InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse(c[0], "t.json")));
            assertEquals(ProblemCodes.INVALID_JSON, p.code(), c[0]);
            assertEquals(c[2], p.message(), c[0]);
            assertEquals(c[1], p.pointer(), c[0]);
            assertReadable(p);
        }
    }

    @Test
    void duplicateKeyIsRefusedAtItsPointer() {
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse(fixture("duplicate-key.json"))));
        assertEquals(ProblemCodes.DUPLICATE_KEY, p.code());
        assertEquals("/contexts/bank/aggregates/account/commands/Deposit", p.pointer());
        assertEquals("line 11, column 22: duplicate key 'Deposit': every key of an object must be unique", p.message());
        assertReadable(p);
    }

    @Test
    void storedTextIsReadAsItWasAndKeepsEveryCheckButTheProvenKeys() throws Exception {
        String text = "{\"a\": {\"b\": [1, 2.50, \"x\"]}, \"c\": null}";
        assertEquals(json.parse(text, "body"), json.parseStored(text.getBytes(StandardCharsets.UTF_8), "stored"));
        // The other checks stay: what parse refuses for its content is refused from storage too.
        assertEquals(ProblemCodes.INVALID_JSON, onlyProblem(assertThrows(InvalidInputException.class,
                () -> json.parseStored("{\"a\": 1} 2".getBytes(StandardCharsets.UTF_8), "stored"))).code());
        assertEquals(ProblemCodes.LONE_SURROGATE, onlyProblem(assertThrows(InvalidInputException.class,
                () -> json.parseStored("{\"a\": \"\\ud83d\"}".getBytes(StandardCharsets.UTF_8), "stored"))).code());
    }

    @Test
    void tenThousandDeepArrayGivesOneCleanProblem() {
        String deep = "[".repeat(10_000) + "]".repeat(10_000);
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse(deep, "deep.json")));
        assertEquals(ProblemCodes.TOO_DEEP, p.code());
        assertTrue(p.message().contains("deeper than the limit of 500 levels"), p.message());
        // No setting raises the depth, so the message names none (it once named an internal "maxDepth").
        assertTrue(p.message().contains("which is fixed") && !p.message().contains("maxDepth"), p.message());
        assertEquals("/0".repeat(500), p.pointer());
        assertReadable(p);
    }

    @Test
    void deepObjectsAreRefusedToo() {
        String deep = "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000);
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse(deep, "deep.json")));
        assertEquals(ProblemCodes.TOO_DEEP, p.code());
    }

    @Test
    void depthUpToTheLimitIsAccepted() throws InvalidInputException {
        JsonInput shallow = new JsonInput(InputLimits.defaults().withMaxDepth(3));
        assertEquals(3, depth(shallow.parse("[[[1]]]", "ok")));
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> shallow.parse("[[[[1]]]]", "deep")));
        assertEquals(ProblemCodes.TOO_DEEP, p.code());
        assertEquals("/0/0/0", p.pointer());
    }

    private static int depth(JsonNode n) {
        int d = 0;
        while (n.isArray()) {
            d++;
            n = n.get(0);
        }
        return d;
    }

    @Test
    void treeBuiltElsewhereIsMeasuredWithoutRecursion() {
        ArrayNode root = JsonNodeFactory.instance.arrayNode();
        ArrayNode at = root;
        for (int i = 0; i < 100_000; i++) at = at.addArray();
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> json.checkDepth(root, "tree")));
        assertEquals(ProblemCodes.TOO_DEEP, p.code());
        assertEquals("/0".repeat(500), p.pointer());
    }

    @Test
    void fileOverTheLimitIsRefusedBeforeReading(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("big.json");
        Files.writeString(file, "{\"pad\": \"" + "x".repeat(2000) + "\"}");
        JsonInput small = new JsonInput(InputLimits.defaults().withMaxBytes(1024));
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> small.parse(file)));
        assertEquals(ProblemCodes.TOO_LARGE, p.code());
        assertEquals("", p.pointer());
        assertEquals("the input is 2,011 bytes (2.0 KiB), over the limit of 1,024 bytes (1.0 KiB);"
                + " raise the size limit (--max-bytes) if inputs this large are expected", p.message());
        assertReadable(p);
        // One byte under the limit passes the size check.
        Files.writeString(file, "{\"pad\": \"" + "x".repeat(1024 - 11) + "\"}");
        assertTrue(assertDoesNotThrowParse(small, file).isObject());
    }

    private static JsonNode assertDoesNotThrowParse(JsonInput input, Path file) {
        try {
            return input.parse(file);
        } catch (InvalidInputException e) {
            throw new AssertionError(e.getMessage());
        }
    }

    @Test
    void aStringOverItsLimitIsRefusedInOurWords() {
        String text = "{\"serviceName\": \"" + "a".repeat(4 * 1024 * 1024 + 1) + "\"}";
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse(text, "request body")));
        assertEquals("wow-compat.input.value-too-long", p.code());
        assertEquals("/serviceName", p.pointer());
        assertTrue(p.message().endsWith("a string is longer than the limit of 4,194,304 characters, which is fixed: "
                + "no schema or Manifest value needs one this long"), p.message());
        assertFalse(p.message().contains("StreamReadConstraints"), p.message());
        // A string at the limit is read.
        assertTrue(assertDoesNotThrow(() -> json.parse("[\"" + "a".repeat(4 * 1024 * 1024) + "\"]", "t")).isArray());
    }

    @Test
    void bytesOverTheLimitAreRefused() {
        JsonInput small = new JsonInput(InputLimits.defaults().withMaxBytes(10));
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> small.parse("[1,2,3,4,5,6,7]", "request body")));
        assertEquals(ProblemCodes.TOO_LARGE, p.code());
        assertEquals("request body", p.source());
        assertTrue(p.message().contains("15 bytes, over the limit of 10 bytes"), p.message());
    }

    @Test
    void contentAfterTheDocumentIsRefused() {
        for (String text : List.of("{\"a\":1} {\"b\":2}", "{\"a\":1}\n  x", "[1] ]")) {
            InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse(text, "t")));
            assertEquals(ProblemCodes.INVALID_JSON, p.code(), text);
            assertTrue(p.message().endsWith("unexpected content after the end of the JSON document"), p.message());
            assertTrue(p.message().startsWith("line "), p.message());
            assertReadable(p);
        }
    }

    @Test
    void emptyInputIsInvalid() {
        for (String text : List.of("", "   \n ")) {
            InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse(text, "t")));
            assertEquals(ProblemCodes.INVALID_JSON, p.code());
            assertEquals("the input is empty: expected a JSON document", p.message());
        }
    }

    @Test
    void jacksonWordingIsMadeReadable() {
        InputProblem token = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse("{\"a\": tru}", "t")));
        assertEquals("line 1, column 7: unrecognized token 'tru': expected a JSON value"
                + " (string, number, array, object, true, false or null)", token.message());
        assertEquals("/a", token.pointer());
        InputProblem quote = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse("{'a': 1}", "t")));
        assertEquals("line 1, column 2: \"'\" where a key in double quotes should be", quote.message());
        InputProblem control = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse("\u0001", "t")));
        assertTrue(control.message().contains("control character U+0001"), control.message());
        InputProblem string = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse("{\"a\": \"x", "t")));
        assertEquals("the JSON ends at line 1, column 9 inside the string that starts at line 1, column 7", string.message());
        for (InputProblem p : List.of(token, quote, control, string)) assertReadable(p);
    }

    @Test
    void numbersStayExact() throws InvalidInputException {
        JsonNode n = json.parse("{\"price\": 2.50, \"tenth\": 0.1, \"big\": 123456789012345678901234567890, \"small\": 7}", "t");
        assertEquals(new BigDecimal("2.50"), n.get("price").decimalValue());
        assertEquals(2, n.get("price").decimalValue().scale());
        assertEquals(new BigDecimal("0.1"), n.get("tenth").decimalValue());
        assertTrue(n.get("big").isBigInteger());
        assertEquals(new BigInteger("123456789012345678901234567890"), n.get("big").bigIntegerValue());
        assertTrue(n.get("small").isInt());
    }

    @Test
    void missingFileAndDirectoryAreUnreadable(@TempDir Path dir) {
        InputProblem missing = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse(dir.resolve("nope.json"))));
        assertEquals(ProblemCodes.UNREADABLE, missing.code());
        assertEquals("no such file", missing.message());
        InputProblem directory = onlyProblem(assertThrows(InvalidInputException.class, () -> json.parse(dir)));
        assertEquals(ProblemCodes.UNREADABLE, directory.code());
        assertEquals("is a directory, expected a JSON file", directory.message());
    }

    @Test
    void exceptionCarriesNoStackTrace() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> json.parse("{", "t"));
        assertEquals(0, e.getStackTrace().length);
        assertEquals(e.problems().get(0).line(), e.getMessage());
    }

    @Test
    void problemLineEscapesControlCharactersFromInput() {
        InputProblem p = new InputProblem("f.json", "/contexts/a\nb", "c", "bad 'a\nb'");
        assertEquals("f.json: /contexts/a\\u000ab: bad 'a\\u000ab'", p.line());
    }

    @Test
    void escapedSurrogatePairsAreText() throws InvalidInputException {
        JsonNode doc = json.parse("{\"d\": \"smile \\ud83d\\ude00\", \"\\ud83d\\ude00\": 1}", "pair.json");
        assertEquals("smile \uD83D\uDE00", doc.get("d").textValue());
        assertTrue(doc.has("\uD83D\uDE00"));
    }

    @Test
    void loneSurrogatesAreRefusedInStringsAndKeys() {
        for (String[] c : new String[][]{
                {"{\"a\": {\"description\": \"x \\ud83d y\"}}", "/a/description"},
                {"{\"a\": [\"\\ude00\"]}", "/a/0"},
                {"{\"a\": \"\\ude00\\ud83d\"}", "/a"},
                {"{\"a\": {\"\\ud83d\": 1}}", "/a"}}) { // a key: Jackson's own check, at the object
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> json.parse(c[0], "lone.json"), c[0]);
            InputProblem p = onlyProblem(e);
            assertEquals(ProblemCodes.LONE_SURROGATE, p.code(), p::line);
            assertEquals(c[1], p.pointer(), c[0]);
            assertTrue(p.message().contains("lone surrogate"), p.message());
            assertReadable(p);
        }
    }

    @Test
    void numbersWithoutADoubleValueAreRefused() {
        for (String[] c : new String[][]{
                {"{\"m\": 1e400}", "/m", "beyond the largest double"},
                {"{\"m\": [-1E+309]}", "/m/0", "beyond the largest double"},
                {"{\"m\": 1" + "0".repeat(400) + "}", "/m", "beyond the largest double"},
                {"{\"m\": 1e-400}", "/m", "would silently become 0"},
                {"{\"m\": -0.0" + "0".repeat(400) + "1}", "/m", "would silently become 0"}}) {
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> json.parse(c[0], "n.json"), c[0]);
            InputProblem p = onlyProblem(e);
            assertEquals(ProblemCodes.NUMBER_OUT_OF_RANGE, p.code(), c[0]);
            assertEquals(c[1], p.pointer(), c[0]);
            assertTrue(p.message().contains(c[2]), p.message());
            assertReadable(p);
        }
    }

    @Test
    void numbersAtTheEdgesOfTheDoubleRangeAreKept() throws InvalidInputException {
        JsonNode doc = json.parse("[1.7976931348623157e308, 4.9e-324, 1e-310, 0e-400, 0.0, -0]", "edges.json");
        assertEquals(6, doc.size());
        assertEquals(0, doc.get(3).decimalValue().signum(), "an exact zero written with a big exponent is still zero");
    }

    @Test
    void aByteOrderMarkOrAnotherEncodingIsRefusedBeforeReading() {
        byte[] json8 = "{\"a\": 1}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] bom = new byte[json8.length + 3];
        bom[0] = (byte) 0xEF; bom[1] = (byte) 0xBB; bom[2] = (byte) 0xBF;
        System.arraycopy(json8, 0, bom, 3, json8.length);
        for (byte[] input : List.of(bom, "{\"a\": 1}".getBytes(java.nio.charset.StandardCharsets.UTF_16),
                "{\"a\": 1}".getBytes(java.nio.charset.StandardCharsets.UTF_16LE))) {
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> json.parse(input, "bom.json"));
            InputProblem p = onlyProblem(e);
            assertEquals(ProblemCodes.ENCODING, p.code());
            assertEquals("", p.pointer());
            assertTrue(p.message().contains("UTF-8 without a byte-order mark"), p.message());
            assertReadable(p);
        }
    }

    @Test
    void aTreeBuiltElsewhereFollowsTheSameRules() {
        var tree = JsonNodeFactory.instance.objectNode();
        tree.putObject("x").put("description", "half \uD83D");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> json.checkDepth(tree, "tree"));
        assertEquals(ProblemCodes.LONE_SURROGATE, onlyProblem(e).code());
        var numbers = JsonNodeFactory.instance.objectNode();
        numbers.put("n", new BigDecimal("1e-400"));
        e = assertThrows(InvalidInputException.class, () -> json.checkDepth(numbers, "tree"));
        assertEquals(ProblemCodes.NUMBER_OUT_OF_RANGE, onlyProblem(e).code());
        assertEquals("/n", onlyProblem(e).pointer());
    }

    @Test
    void anEncodedSurrogateInTheBytesIsRefusedToo() {
        byte[] cesu = {'{', '"', 'a', '"', ':', '"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', '}'};
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> json.parse(cesu, "cesu.json"));
        assertTrue(List.of(ProblemCodes.LONE_SURROGATE, ProblemCodes.INVALID_JSON).contains(onlyProblem(e).code()), onlyProblem(e)::line);
    }

    @Test
    void theValueWalkIsSkippedOnlyWhereNothingCanBeWrong() {
        java.util.function.Predicate<String> maybe = text -> JsonInput.mayHoldUnstorableValue(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertFalse(maybe.test("{\"type\": \"object\", \"maximum\": 12.5, \"title\": \"caf\u00e9\", \"n\": -0.25}"));
        for (String risky : List.of("[1e5]", "[2E-3]", "[1.5e400]", "[\"\\ud83d\"]", "[\"\\uDE00\"]", "[" + "9".repeat(301) + "]",
                "[0." + "0".repeat(300) + "1]", "[\"v1e\"]")) {
            assertTrue(maybe.test(risky), risky);
        }
    }
}
