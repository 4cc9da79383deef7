package dev.wowcompat.fingerprint;

import com.fasterxml.jackson.core.io.NumberOutput;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Writes the RFC 8785 form of one Jackson tree straight into a growing UTF-8 byte buffer: fingerprinting is on
 * the hot path of every registration, so nothing is rendered to an intermediate String except the rare
 * non-integer number. One instance per document; not thread-safe.
 */
final class CanonicalWriter {
    /** RFC 8785 §3.2.3: members sorted by the UTF-16 code units of their names, which is String.compareTo. */
    private static final Comparator<Map.Entry<String, JsonNode>> BY_NAME = Map.Entry.comparingByKey();

    private static final byte[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};

    /**
     * For each ASCII character: 0 when it is written as itself, otherwise the letter after the backslash of
     * its escape ('u' for the \\u00xx form). RFC 8785 §3.2.2.2 allows no other escapes.
     */
    private static final byte[] ASCII_ESCAPE = asciiEscapes();

    /** Characters checked per capacity reservation; worst case 6 output bytes each (\\u00xx). */
    private static final int STRING_CHUNK = 1024;

    private byte[] buffer = new byte[1024];
    private int length;

    byte[] toByteArray() {
        return Arrays.copyOf(buffer, length);
    }

    void digestInto(MessageDigest digest) {
        digest.update(buffer, 0, length);
    }

    /** Appends the canonical form of a value; failures name the JSON pointer of the offending value. */
    void write(JsonNode node) {
        try {
            value(node);
        } catch (Unrepresentable problem) {
            throw new NotCanonicalizableException(problem.pointer(), problem.getMessage());
        }
    }

    private void value(JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT -> object(node);
            case ARRAY -> array(node);
            case STRING -> string(node.textValue());
            case NUMBER -> number(node);
            case BOOLEAN -> ascii(node.booleanValue() ? "true" : "false");
            case NULL -> ascii("null");
            default -> throw new Unrepresentable("a " + node.getNodeType() + " node is not JSON data");
        }
    }

    @SuppressWarnings("unchecked")
    private void object(JsonNode node) {
        int size = node.size();
        if (size == 0) {
            ascii("{}");
            return;
        }
        Map.Entry<String, JsonNode>[] members = node.properties().toArray(new Map.Entry[size]);
        if (size > 1) {
            Arrays.sort(members, BY_NAME);
        }
        ensure(1);
        buffer[length++] = '{';
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                ensure(1);
                buffer[length++] = ',';
            }
            String name = members[i].getKey();
            try {
                string(name);
                ensure(1);
                buffer[length++] = ':';
                value(members[i].getValue());
            } catch (Unrepresentable problem) {
                throw problem.inside(name);
            }
        }
        ensure(1);
        buffer[length++] = '}';
    }

    private void array(JsonNode node) {
        int size = node.size();
        ensure(1);
        buffer[length++] = '[';
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                ensure(1);
                buffer[length++] = ',';
            }
            try {
                value(node.get(i));
            } catch (Unrepresentable problem) {
                throw problem.inside(Integer.toString(i));
            }
        }
        ensure(1);
        buffer[length++] = ']';
    }

    /** All numeric node kinds reduce to the IEEE-754 double they denote, as RFC 8785 §3.2.2.3 requires. */
    private void number(JsonNode node) {
        switch (node.numberType()) {
            case INT -> integer(node.intValue());
            case LONG -> {
                long value = node.longValue();
                // not Math.abs: it leaves Long.MIN_VALUE negative
                if (-EcmaScriptNumber.MAX_EXACT_INTEGER <= value && value <= EcmaScriptNumber.MAX_EXACT_INTEGER) {
                    integer(value);
                } else {
                    finiteDouble((double) value); // the cast rounds to nearest, like parsing would
                }
            }
            case BIG_INTEGER -> {
                BigInteger value = node.bigIntegerValue();
                if (value.bitLength() <= 53) {
                    integer(value.longValue());
                } else {
                    finiteDouble(inRange(value.doubleValue(), value.toString()));
                }
            }
            case BIG_DECIMAL -> {
                BigDecimal value = node.decimalValue();
                finiteDouble(inRange(value.doubleValue(), value.toString()));
            }
            case FLOAT -> finiteDouble(finite(node.floatValue())); // widening keeps the float's exact value
            default -> finiteDouble(finite(node.doubleValue()));
        }
    }

    private static double finite(double value) {
        if (!Double.isFinite(value)) {
            throw new Unrepresentable("the number " + value
                    + " is not finite: RFC 8785 canonical JSON allows only finite IEEE-754 double values");
        }
        return value;
    }

    private static double inRange(double rounded, String original) {
        if (Double.isInfinite(rounded)) {
            throw new Unrepresentable("the number " + original
                    + " is beyond the IEEE-754 double range (about ±1.8e308) that RFC 8785 canonical JSON allows");
        }
        return rounded;
    }

    private void finiteDouble(double value) {
        double magnitude = Math.abs(value);
        if (magnitude <= EcmaScriptNumber.MAX_EXACT_INTEGER && magnitude == Math.rint(magnitude)) {
            integer((long) value); // also turns -0 into 0
        } else {
            ascii(EcmaScriptNumber.toString(value));
        }
    }

    private void integer(long value) {
        ensure(20);
        length = NumberOutput.outputLong(value, buffer, length);
    }

    private void string(String text) {
        int textLength = text.length();
        ensure(2);
        buffer[length++] = '"';
        int i = 0;
        while (i < textLength) {
            int chunkEnd = Math.min(textLength, i + STRING_CHUNK);
            ensure((chunkEnd - i) * 6 + 1);
            byte[] out = buffer;
            int at = length;
            for (; i < chunkEnd; i++) {
                char c = text.charAt(i);
                if (c < 0x80) {
                    byte escape = ASCII_ESCAPE[c];
                    if (escape == 0) {
                        out[at++] = (byte) c;
                    } else {
                        out[at++] = '\\';
                        out[at++] = escape;
                        if (escape == 'u') {
                            out[at++] = '0';
                            out[at++] = '0';
                            out[at++] = HEX[c >> 4];
                            out[at++] = HEX[c & 0xF];
                        }
                    }
                } else if (c < 0x800) {
                    out[at++] = (byte) (0xC0 | (c >> 6));
                    out[at++] = (byte) (0x80 | (c & 0x3F));
                } else if (!Character.isSurrogate(c)) {
                    out[at++] = (byte) (0xE0 | (c >> 12));
                    out[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                    out[at++] = (byte) (0x80 | (c & 0x3F));
                } else {
                    char low = i + 1 < textLength ? text.charAt(i + 1) : 0;
                    if (!Character.isHighSurrogate(c) || !Character.isLowSurrogate(low)) {
                        throw new Unrepresentable(String.format(
                                "the string has a lone UTF-16 surrogate \\u%04x at index %d, which RFC 8785 (I-JSON) forbids",
                                (int) c, i));
                    }
                    int codePoint = Character.toCodePoint(c, low);
                    out[at++] = (byte) (0xF0 | (codePoint >> 18));
                    out[at++] = (byte) (0x80 | ((codePoint >> 12) & 0x3F));
                    out[at++] = (byte) (0x80 | ((codePoint >> 6) & 0x3F));
                    out[at++] = (byte) (0x80 | (codePoint & 0x3F));
                    i++; // a pair may end one past chunkEnd: its 4 bytes fit the 6 reserved for its first half
                }
            }
            length = at;
        }
        ensure(1);
        buffer[length++] = '"';
    }

    private void ascii(String text) {
        int n = text.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buffer[length++] = (byte) text.charAt(i);
        }
    }

    private void ensure(int extra) {
        if (length + extra > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + extra));
        }
    }

    private static byte[] asciiEscapes() {
        byte[] escapes = new byte[0x80];
        for (int c = 0; c < 0x20; c++) {
            escapes[c] = 'u';
        }
        escapes['\b'] = 'b';
        escapes['\t'] = 't';
        escapes['\n'] = 'n';
        escapes['\f'] = 'f';
        escapes['\r'] = 'r';
        escapes['"'] = '"';
        escapes['\\'] = '\\';
        return escapes;
    }

    /**
     * Raised deep in the tree and given its location on the way up (a try/catch costs nothing until it fires,
     * so the happy path keeps no path stack).
     */
    private static final class Unrepresentable extends RuntimeException {
        private final List<String> tokensInnermostFirst = new ArrayList<>();

        Unrepresentable(String message) {
            super(message, null, false, false);
        }

        Unrepresentable inside(String token) {
            tokensInnermostFirst.add(token);
            return this;
        }

        /** RFC 6901 pointer: tokens outermost first, '~' and '/' escaped. */
        String pointer() {
            StringBuilder pointer = new StringBuilder();
            for (int i = tokensInnermostFirst.size() - 1; i >= 0; i--) {
                pointer.append('/').append(tokensInnermostFirst.get(i).replace("~", "~0").replace("/", "~1"));
            }
            return pointer.toString();
        }
    }
}
