package dev.wowcompat.manifest;

import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.text.Sizes;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.ContentReference;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses untrusted JSON within {@link InputLimits}: size, nesting depth, duplicate keys refused, numbers kept
 * exact (BigDecimal), one readable {@link InputProblem} per failure and never a stack trace.
 * Thread-safe; build one per set of limits and reuse it.
 */
public final class JsonInput {
    /** Java arrays stop a little short of Integer.MAX_VALUE; a larger configured limit reads at most this much. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    /**
     * The longest string value read, in characters. A string is held three times while it is read (the body, the
     * parser's buffer of chars, the string), so a body that is one 16 MiB string cost about 80 MB of heap: four such
     * requests at once exhausted a 256 MiB registry. No schema, Manifest or window value needs more than this.
     */
    public static final int MAX_STRING_CHARS = 4 * 1024 * 1024;

    private final InputLimits limits;
    private final ObjectMapper mapper;

    public JsonInput(InputLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(limits.maxDepth())
                        .maxDocumentLength(limits.maxBytes())
                        .maxTokenCount(limits.maxTokens())
                        .maxStringLength(MAX_STRING_CHARS)
                        .build())
                // Keys are not put into the JVM's string pool: a body of a million distinct keys would fill it (and
                // take seconds doing so) for the life of the process.
                .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
                // Which of two equal keys wins differs between parsers; a registry must not guess.
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        this.mapper = JsonMapper.builder(factory)
                // Schemas compare numbers (minimum, multipleOf, const, default): 0.1 must stay 0.1, not a double,
                // and 2.50 must keep its scale (the wire protocol promises it). Big integers stay BigInteger anyway.
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
                .build();
    }

    public InputLimits limits() {
        return limits;
    }

    public JsonNode parse(Path file) throws InvalidInputException {
        return parse(read(file), file.toString());
    }

    /** A file's bytes, refused (before reading them, where the size is known) when larger than the limit. */
    public byte[] read(Path file) throws InvalidInputException {
        return readBounded(file, file.toString());
    }

    public JsonNode parse(byte[] content, String source) throws InvalidInputException {
        return parse(content, source, false);
    }

    /**
     * Parses text that this program stored after {@link #parse parsing} it with every check (a registry's stored
     * release, kept as sent): its keys were proven unique then, so they are not proven again, a quarter of the cost
     * of a parse. Everything else is checked as always.
     */
    public JsonNode parseStored(byte[] content, String source) throws InvalidInputException {
        return parse(content, source, true);
    }

    private JsonNode parse(byte[] content, String source, boolean keysProvenUnique) throws InvalidInputException {
        if (content.length > limits.maxBytes()) {
            throw new InvalidInputException(tooLarge(source, content.length));
        }
        checkEncoding(content, source);
        try (JsonParser parser = mapper.createParser(content)) {
            if (keysProvenUnique) parser.disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
            JsonNode document;
            try {
                document = readDocument(parser, source);
            } catch (InvalidInputException e) {
                // Jackson names the byte after the bad one ("invalid UTF-8 middle byte 0x22" for a Latin-1 é followed
                // by a quote): find the first byte that is not UTF-8 ourselves and name it, where it is.
                Optional<InputProblem> notUtf8 = firstNonUtf8(content, source);
                if (notUtf8.isPresent()) throw new InvalidInputException(notUtf8.get());
                throw e;
            }
            if (mayHoldUnstorableValue(content)) checkValues(document, source, false);
            return document;
        } catch (IOException e) {
            // Only close() can get here: reading a byte array does no I/O that fails.
            throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.UNREADABLE, oneLine(e.getMessage())));
        }
    }

    /** Convenience for text already in memory (tests, request parameters). */
    public JsonNode parse(String content, String source) throws InvalidInputException {
        return parse(content.getBytes(StandardCharsets.UTF_8), source);
    }

    /**
     * Refuses a tree built elsewhere that parsing would have refused: nested deeper than the limit, or holding a
     * value {@link #checkValues} refuses.
     */
    public void checkDepth(JsonNode document, String source) throws InvalidInputException {
        checkValues(document, source, true);
    }

    /**
     * JSON allows two things that a registry must not keep (RFC 7493, I-JSON, which RFC 8785 canonical form and so
     * every fingerprint rely on): a string with a lone surrogate (U+D83D without its pair), which no
     * UTF-8 can carry, and a number with no IEEE double value. {@code 1e400} overflows; {@code 1e-400} underflows
     * to 0, so it would silently mean 0 and share 0's fingerprint. Both are refused wherever JSON is read, the CLI,
     * the plugin and the API alike, with one problem at the first such value. Iterative, so that a tree of any depth
     * is walked without running out of stack; pointers are built only for the problem.
     */
    private void checkValues(JsonNode document, String source, boolean checkDepth) throws InvalidInputException {
        // Only containers get a frame (they are few beside the scalars); a scalar's pointer is its container's
        // plus its key, built only for a problem.
        record Frame(JsonNode node, int depth, Frame parent, String key, int index) {
            String pointer() {
                Deque<Frame> path = new ArrayDeque<>();
                for (Frame f = this; f.parent != null; f = f.parent) path.push(f);
                String p = "";
                for (Frame f : path) p = f.key != null ? JsonPointers.child(p, f.key) : JsonPointers.child(p, f.index);
                return p;
            }

            String pointer(String childKey, int childIndex) {
                return childKey != null ? JsonPointers.child(pointer(), childKey) : JsonPointers.child(pointer(), childIndex);
            }
        }
        if (!document.isContainerNode()) {
            checkScalar(document, source, "");
            return;
        }
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(document, 1, null, null, -1));
        while (!stack.isEmpty()) {
            Frame f = stack.pop();
            if (checkDepth && f.depth > limits.maxDepth()) {
                throw new InvalidInputException(new InputProblem(source, f.pointer(), ProblemCodes.TOO_DEEP,
                        "JSON nesting is deeper than the limit of " + limits.maxDepth()
                                + " levels, which is fixed: no schema needs to nest this deep"));
            }
            if (f.node.isObject()) {
                for (var e : f.node.properties()) {
                    String key = e.getKey();
                    JsonNode value = e.getValue();
                    if (loneSurrogateAt(key) >= 0) {
                        throw new InvalidInputException(loneSurrogate(source, f.pointer(key, -1), key, "key"));
                    }
                    if (value.isContainerNode()) {
                        stack.push(new Frame(value, f.depth + 1, f, key, -1));
                    } else if (problemAt(value)) {
                        checkScalar(value, source, f.pointer(key, -1));
                    }
                }
            } else {
                for (int i = 0; i < f.node.size(); i++) {
                    JsonNode value = f.node.get(i);
                    if (value.isContainerNode()) {
                        stack.push(new Frame(value, f.depth + 1, f, null, i));
                    } else if (problemAt(value)) {
                        checkScalar(value, source, f.pointer(null, i));
                    }
                }
            }
        }
    }

    /**
     * False when the bytes cannot hold what {@link #checkValues} refuses, so that the walk is skipped for the
     * common input: a lone surrogate needs an escape {@code \\uD...} (or the bytes of an encoded surrogate,
     * ED A0..BF), and a number beyond the double range needs an exponent or more than 300 digits. A false "maybe"
     * (an {@code e} after a digit inside a string) only costs the walk.
     */
    static boolean mayHoldUnstorableValue(byte[] content) {
        int digits = 0;
        for (int i = 0; i < content.length; i++) {
            int c = content[i] & 0xFF;
            if (c >= '0' && c <= '9') {
                if (++digits > 300) return true;
                continue;
            }
            if ((c == 'e' || c == 'E') && digits > 0) return true;
            if (c == '\\' && i + 2 < content.length && content[i + 1] == 'u' && (content[i + 2] | 0x20) == 'd') return true;
            if (c == 0xED && i + 1 < content.length && (content[i + 1] & 0xFF) >= 0xA0) return true;
            if (c != '.') digits = 0;
        }
        return false;
    }

    /** Whether a scalar is one checkScalar refuses; cheap, so that the common case builds no pointer. */
    private static boolean problemAt(JsonNode scalar) {
        if (scalar.isTextual()) return loneSurrogateAt(scalar.textValue()) >= 0;
        return scalar.isNumber() && outOfDoubleRange(scalar) != null;
    }

    private static void checkScalar(JsonNode scalar, String source, String pointer) throws InvalidInputException {
        if (scalar.isTextual() && loneSurrogateAt(scalar.textValue()) >= 0) {
            throw new InvalidInputException(loneSurrogate(source, pointer, scalar.textValue(), "string"));
        }
        String why = scalar.isNumber() ? outOfDoubleRange(scalar) : null;
        if (why != null) {
            throw new InvalidInputException(new InputProblem(source, pointer, ProblemCodes.NUMBER_OUT_OF_RANGE,
                    "the number " + abbreviated(scalar.asText()) + " " + why
                            + ": JSON numbers must be IEEE 754 doubles to be compared and fingerprinted (RFC 7493, RFC 8785)"));
        }
    }

    /** Why a number has no IEEE double value of its own, or null if it has one. */
    private static String outOfDoubleRange(JsonNode number) {
        if (number.isBigInteger()) {
            return Double.isInfinite(number.bigIntegerValue().doubleValue()) ? "is beyond the largest double (about 1.8e308)" : null;
        }
        if (!number.isBigDecimal()) return null; // doubles and floats made by a caller's own mapper are doubles already
        java.math.BigDecimal exact = number.decimalValue();
        // Exponent of the leading digit: well inside the double range, the exact conversion is not needed.
        long exponent = (long) exact.precision() - exact.scale() - 1;
        if (exponent > -300 && exponent < 300) return null;
        double d = exact.doubleValue();
        if (Double.isInfinite(d)) return "is beyond the largest double (about 1.8e308)";
        if (d == 0 && exact.signum() != 0) return "is closer to 0 than the smallest double (about 4.9e-324) and would silently become 0";
        return null;
    }

    /** Index of the first surrogate code unit without its pair, or -1. */
    static int loneSurrogateAt(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isSurrogate(c)) continue;
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else {
                return i;
            }
        }
        return -1;
    }

    private static InputProblem loneSurrogate(String source, String pointer, String text, String what) {
        char c = text.charAt(loneSurrogateAt(text));
        return new InputProblem(source, pointer, ProblemCodes.LONE_SURROGATE, "this " + what + " has a lone surrogate \\u"
                + String.format("%04x", (int) c) + " (half of an escaped surrogate pair without the other half): it is no"
                + " Unicode text, so it cannot be stored or fingerprinted; escape the whole pair (e.g. \\ud83d\\ude00) or the"
                + " character itself");
    }

    private static String abbreviated(String text) {
        return text.length() <= 40 ? text : text.substring(0, 20) + "..." + text.substring(text.length() - 12);
    }

    /**
     * JSON exchanged between systems is UTF-8 without a byte-order mark (RFC 8259 §8.1). Jackson would silently skip
     * a BOM or decode UTF-16/32, and the registry would then store, and later serve, bytes that are not the JSON it
     * answers with; so both are refused, with a fix, before anything is read.
     */
    private static void checkEncoding(byte[] content, String source) throws InvalidInputException {
        String found = null;
        if (startsWith(content, 0xEF, 0xBB, 0xBF)) found = "a UTF-8 byte-order mark (EF BB BF)";
        else if (startsWith(content, 0xFE, 0xFF) || startsWith(content, 0xFF, 0xFE)) found = "a UTF-16 byte-order mark";
        else if (content.length >= 2 && (content[0] == 0 || content[1] == 0)) found = "UTF-16 or UTF-32 text (zero bytes)";
        if (found != null) {
            throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.ENCODING, "the input starts with "
                    + found + ": JSON must be UTF-8 without a byte-order mark (RFC 8259); save it as UTF-8 without BOM"));
        }
    }

    /**
     * The first byte of {@code content} that is not UTF-8, as our sentence with its line, column and offset, and the
     * character it most likely was (files saved as Latin-1 or Windows-1252 are the usual cause); empty when the whole
     * input is UTF-8. Called only when parsing failed, so valid input never pays for a second pass.
     */
    static Optional<InputProblem> firstNonUtf8(byte[] content, String source) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(content);
        CharBuffer out = CharBuffer.allocate(8192);
        int line = 1;
        int column = 1;
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            out.flip();
            while (out.hasRemaining()) {
                char c = out.get();
                if (c == '\n') {
                    line++;
                    column = 1;
                } else if (!Character.isLowSurrogate(c)) {
                    column++;
                }
            }
            out.clear();
            if (result.isError()) {
                int offset = in.position();
                int bad = content[offset] & 0xFF;
                // An encoded surrogate (ED A0..BF ..) has its own sentence, about surrogates, where Jackson finds it.
                if (bad == 0xED && offset + 1 < content.length && (content[offset + 1] & 0xE0) == 0xA0) return Optional.empty();
                String latin1 = bad >= 0xA0 ? " (in Latin-1 it is '" + (char) bad + "')" : "";
                return Optional.of(new InputProblem(source, "", ProblemCodes.ENCODING, "line " + line + ", column " + column
                        + " (byte offset " + offset + "): the byte 0x" + String.format("%02X", bad) + latin1
                        + " is not UTF-8: JSON must be UTF-8 (RFC 8259); save the file as UTF-8"));
            }
            if (result.isUnderflow()) {
                decoder.flush(out);
                return Optional.empty();
            }
        }
    }

    private static boolean startsWith(byte[] content, int... prefix) {
        if (content.length < prefix.length) return false;
        for (int i = 0; i < prefix.length; i++) if ((content[i] & 0xFF) != prefix[i]) return false;
        return true;
    }

    private JsonNode readDocument(JsonParser parser, String source) throws InvalidInputException {
        JsonNode document;
        try {
            document = mapper.readTree(parser);
        } catch (StreamConstraintsException e) {
            throw new InvalidInputException(constraintProblem(e, parser, source));
        } catch (JacksonException e) {
            throw new InvalidInputException(syntaxProblem(e, parser, source));
        } catch (IOException e) {
            throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.UNREADABLE, oneLine(e.getMessage())));
        }
        if (document == null || document.isMissingNode()) {
            throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.INVALID_JSON,
                    "the input is empty: expected a JSON document"));
        }
        // A second value after the document means the input is not what its sender thinks it is (two documents
        // concatenated, a truncated edit): refuse rather than silently read only the first.
        JsonLocation end = parser.currentLocation();
        boolean trailing;
        try {
            trailing = parser.nextToken() != null;
        } catch (IOException e) {
            trailing = true;
        }
        if (trailing) {
            JsonLocation at = parser.currentTokenLocation();
            if (at == null || at.getLineNr() < 1) at = end;
            throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.INVALID_JSON,
                    at(at) + "unexpected content after the end of the JSON document"));
        }
        return document;
    }

    private InputProblem constraintProblem(StreamConstraintsException e, JsonParser parser, String source) {
        String pointer = pointerOf(parser);
        JsonLocation location = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
        String original = String.valueOf(e.getOriginalMessage());
        if (original.contains("nesting depth")) {
            return new InputProblem(source, pointer, ProblemCodes.TOO_DEEP,
                    at(location) + "JSON nesting is deeper than the limit of " + limits.maxDepth()
                            + " levels, which is fixed: no schema needs to nest this deep");
        }
        if (original.contains("Document length")) {
            return new InputProblem(source, "", ProblemCodes.TOO_LARGE, "the input is larger than the limit of "
                    + Sizes.show(limits.maxBytes()) + "; raise the size limit (--max-bytes) if inputs this large are expected");
        }
        if (original.contains("Token count")) {
            return new InputProblem(source, "", ProblemCodes.TOO_MANY_TOKENS, "the input holds more than "
                    + limits.maxTokens() + " JSON tokens (keys, values and brackets), the limit of this reader");
        }
        if (original.contains("String value length")) {
            return new InputProblem(source, pointer, ProblemCodes.VALUE_TOO_LONG, at(location) + "a string is longer than the limit of "
                    + String.format("%,d", MAX_STRING_CHARS) + " characters, which is fixed: no schema or Manifest value needs one this long");
        }
        // Jackson's other bounds (a string, a number or a key name longer than it accepts) are about size too.
        return new InputProblem(source, pointer, ProblemCodes.VALUE_TOO_LONG, at(location) + cleanMessage(original));
    }

    private static InputProblem syntaxProblem(JacksonException e, JsonParser parser, String source) {
        String original = String.valueOf(e.getOriginalMessage());
        String pointer = pointerOf(parser);
        JsonLocation location = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
        Optional<String> duplicate = repeatedKey(original);
        if (duplicate.isPresent()) {
            return new InputProblem(source, pointer, ProblemCodes.DUPLICATE_KEY, at(location) + "duplicate key "
                    + MessageText.quote(duplicate.get()) + ": every key of an object must be unique");
        }
        if (original.contains("surrogate")) {
            // Jackson checks surrogates in keys itself; the same code as for the ones checkValues finds in strings.
            return new InputProblem(source, pointer, ProblemCodes.LONE_SURROGATE, at(location) + cleanMessage(original)
                    + ": a lone surrogate is no Unicode text; escape the whole pair (e.g. \\ud83d\\ude00) or the character itself");
        }
        return brokenJson(e, original, parser, location, source);
    }

    /**
     * Input that ends early or breaks, as one sentence of ours with the line and column. Jackson's context still names
     * the member read before the fault (a truncated file reported at {@code /service}), so the pointer is chosen here:
     * the member whose value is cut short or broken, or else the object or array left open or holding a misplaced
     * separator; never a member the fault is not in (docs/decisions.md, "Truncated and broken JSON").
     */
    private static InputProblem brokenJson(JacksonException e, String original, JsonParser parser, JsonLocation location, String source) {
        JsonStreamContext context = parser.getParsingContext();
        // A key was read and its value is what is missing or broken (Jackson's own token says FIELD_NAME even while it
        // decodes that value's number).
        boolean atValue = parser.currentToken() == JsonToken.FIELD_NAME && context.inObject();
        String member = context.getCurrentName();
        if (e instanceof JsonEOFException || original.startsWith("Unexpected end-of-input")) {
            String end = "the JSON ends at " + lineColumn(location);
            JsonToken decoding = e instanceof JsonEOFException eof ? eof.getTokenBeingDecoded() : null;
            if (decoding == JsonToken.VALUE_STRING) {
                return invalid(source, pointerOf(parser), end + " inside the string that starts at " + lineColumn(parser.currentTokenLocation()));
            }
            if (atValue) {
                return invalid(source, pointerOf(parser), end + " where the value of " + MessageText.quote(member) + " should be");
            }
            if (decoding == JsonToken.FIELD_NAME && context.inObject()) {
                return invalid(source, containerPointer(context), end + " inside a key of " + container(context));
            }
            return invalid(source, containerPointer(context), context.inRoot() ? end + " inside a value"
                    : end + " before " + container(context) + " is closed");
        }
        Matcher unexpected = UNEXPECTED_CHARACTER.matcher(original);
        String found = unexpected.lookingAt() ? quotedCharacter(unexpected.group(1)) : null;
        Matcher close = CLOSE_MARKER.matcher(original);
        String where = at(location);
        if (found != null && original.contains("comma to separate Object entries") && member != null) {
            return invalid(source, containerPointer(context), where + found + " where a comma or '}' should follow the value of " + MessageText.quote(member));
        }
        if (found != null && original.contains("comma to separate Array entries")) {
            return invalid(source, containerPointer(context), where + found + " where a comma or ']' should follow the element before it");
        }
        if (found != null && original.contains("double-quote to start field name")) {
            return invalid(source, containerPointer(context), where + (found.equals("'}'")
                    ? "'}' after a comma: JSON allows no comma after the last member of an object"
                    : found + " where a key in double quotes should be"));
        }
        if ("']'".equals(found) && context.inArray() && original.contains("expected a value")) {
            return invalid(source, containerPointer(context), where + "']' after a comma: JSON allows no comma after the last element of an array");
        }
        if (found != null && original.contains("colon to separate field name and value") && member != null) {
            return invalid(source, pointerOf(parser), where + found + " where ':' should follow the key " + MessageText.quote(member));
        }
        if (close.lookingAt()) {
            return invalid(source, containerPointer(context), where + quotedCharacter(close.group(1)) + " where '" + close.group(2)
                    + "' should close " + container(context));
        }
        // Within a value (a number, a literal, a string's characters): the member or element being read holds it.
        return invalid(source, pointerOf(parser), where + cleanMessage(original));
    }

    private static InputProblem invalid(String source, String pointer, String message) {
        return new InputProblem(source, pointer, ProblemCodes.INVALID_JSON, message);
    }

    /** "the object that starts at line 1, column 1": the innermost object or array still open. */
    private static String container(JsonStreamContext context) {
        JsonLocation start = context.startLocation(ContentReference.unknown());
        String what = context.inArray() ? "the array" : "the object";
        return start == null || start.getLineNr() < 1 ? what : what + " that starts at " + lineColumn(start);
    }

    /** The pointer of the innermost object or array itself, not of the member or element read last inside it. */
    private static String containerPointer(JsonStreamContext context) {
        JsonStreamContext parent = context.getParent();
        if (context.inRoot() || parent == null) return "";
        try {
            return parent.pathAsPointer().toString();
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static String lineColumn(JsonLocation location) {
        return "line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private static String quotedCharacter(String c) {
        return c.equals("'") ? "\"'\"" : "'" + c + "'";
    }

    private static String pointerOf(JsonParser parser) {
        try {
            return parser.getParsingContext().pathAsPointer().toString();
        } catch (RuntimeException e) {
            // The pointer is a help, not the problem: without it the line and column still locate the fault.
            return "";
        }
    }

    private static String at(JsonLocation location) {
        if (location == null || location.getLineNr() < 1) return "";
        return "line " + location.getLineNr() + ", column " + location.getColumnNr() + ": ";
    }

    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)'", Pattern.DOTALL);

    /**
     * The key a Jackson message says is repeated in one object, whether the parser found it
     * ({@code STRICT_DUPLICATE_DETECTION}) or the tree ({@code FAIL_ON_READING_DUP_TREE_KEY}); empty for any other message.
     */
    public static Optional<String> repeatedKey(String jacksonMessage) {
        Matcher duplicate = DUPLICATE.matcher(String.valueOf(jacksonMessage));
        return duplicate.lookingAt() ? Optional.of(duplicate.group(1)) : Optional.empty();
    }
    private static final Pattern UNEXPECTED_CHARACTER = Pattern.compile("Unexpected character \\('(.)' \\(code \\d+\\)\\)", Pattern.DOTALL);
    private static final Pattern CLOSE_MARKER = Pattern.compile("Unexpected close marker '(.)': expected '(.)'", Pattern.DOTALL);
    private static final Pattern SOURCE_AT = Pattern.compile("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]");
    private static final Pattern SOURCE_ANY = Pattern.compile("\\s*\\[Source: [^\\]]*\\]");
    private static final Pattern CHAR_CODE = Pattern.compile("\\('(.)' \\(code \\d+\\)\\)", Pattern.DOTALL);
    private static final Pattern CTRL_CODE = Pattern.compile("\\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    private static final String EXPECTED_VALUE =
            "was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')";

    /**
     * Jackson's messages, made into one readable clause: no source excerpt, no Java type names, lower case like the
     * rest of our messages.
     */
    static String cleanMessage(String message) {
        String m = message;
        int newline = m.indexOf('\n');
        if (newline >= 0) m = m.substring(0, newline);
        m = SOURCE_AT.matcher(m).replaceAll("line $1, column $2");
        m = SOURCE_ANY.matcher(m).replaceAll("");
        m = m.replace("start marker at line", "opened at line");
        m = CTRL_CODE.matcher(m).replaceAll(r -> "control character U+" + String.format("%04X", Integer.parseInt(r.group(1))));
        m = CHAR_CODE.matcher(m).replaceAll(r -> Matcher.quoteReplacement(r.group(1).equals("'") ? "\"'\"" : "'" + r.group(1) + "'"));
        m = m.replace(EXPECTED_VALUE, "expected a JSON value (string, number, array, object, true, false or null)");
        m = m.replace("was expecting", "expected");
        m = m.replace("end-of-input", "end of input");
        m = m.replace("in VALUE_STRING", "inside a string").replace("in FIELD_NAME", "inside a key");
        m = m.replace(" (for Object starting at", " (object opened at").replace(" (for root starting at", " (document starting at");
        m = m.trim();
        if (!m.isEmpty() && Character.isUpperCase(m.charAt(0)) && (m.length() == 1 || !Character.isUpperCase(m.charAt(1)))) {
            m = Character.toLowerCase(m.charAt(0)) + m.substring(1);
        }
        return oneLine(m);
    }

    private static String oneLine(String text) {
        if (text == null || text.isBlank()) return "cannot be read";
        return text.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }

    private byte[] readBounded(Path file, String source) throws InvalidInputException {
        try {
            if (Files.isDirectory(file)) {
                throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.UNREADABLE,
                        "is a directory, expected a JSON file"));
            }
            // A regular file says its size: refuse before reading a byte of it.
            if (Files.isRegularFile(file)) {
                long size = Files.size(file);
                if (size > limits.maxBytes()) throw new InvalidInputException(tooLarge(source, size));
            }
            // Streams (a pipe, /dev/stdin) and files that grow while read: read one byte past the limit at most.
            int cap = (int) Math.min(limits.maxBytes(), MAX_ARRAY - 1) + 1;
            try (InputStream in = Files.newInputStream(file)) {
                byte[] content = in.readNBytes(cap);
                if (content.length > limits.maxBytes()) {
                    throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.TOO_LARGE,
                            "the input is larger than the limit of " + Sizes.show(limits.maxBytes())
                                    + "; raise the size limit (--max-bytes) if inputs this large are expected"));
                }
                return content;
            }
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.UNREADABLE, "no such file"));
        } catch (AccessDeniedException e) {
            throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.UNREADABLE,
                    "permission denied: the file cannot be read"));
        } catch (IOException | SecurityException e) {
            // The operating system's words are not ours: what can be acted on is that the file cannot be read.
            throw new InvalidInputException(new InputProblem(source, "", ProblemCodes.UNREADABLE,
                    "the file cannot be read: check that it is a regular file this user may read"));
        }
    }

    private InputProblem tooLarge(String source, long size) {
        return new InputProblem(source, "", ProblemCodes.TOO_LARGE, "the input is " + Sizes.show(size)
                + ", over the limit of " + Sizes.show(limits.maxBytes())
                + "; raise the size limit (--max-bytes) if inputs this large are expected");
    }
}
