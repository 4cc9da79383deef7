package dev.wowcompat.diff;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Comparator;
import java.util.Map;

/** Value comparison for schema content: numbers compare by value (1 == 1.0), everything else structurally. */
final class JsonValues {
    private JsonValues() {}

    private static final Comparator<JsonNode> BY_VALUE = (a, b) -> {
        if (a == b || a.equals(b)) return 0;
        if (a.isNumber() && b.isNumber()) return a.decimalValue().compareTo(b.decimalValue());
        return 1;
    };

    /** Equal content, numbers by value; null only equals null. */
    static boolean same(JsonNode a, JsonNode b) {
        if (a == b) return true;
        if (a == null || b == null) return false;
        // Plain equality is the fast, common answer; the second pass only tells 1 from 1.0.
        return a.equals(b) || a.equals(BY_VALUE, b);
    }

    /** The number a node holds, or null when it holds none. */
    static BigDecimal number(JsonNode node) {
        return node != null && node.isNumber() ? node.decimalValue() : null;
    }

    /** A string that is equal for two values exactly when {@link #same} is: for hashing enum values. */
    static String key(JsonNode node) {
        StringBuilder out = new StringBuilder();
        appendKey(node, out);
        return out.toString();
    }

    private static void appendKey(JsonNode node, StringBuilder out) {
        if (node.isNumber()) {
            BigDecimal d = node.decimalValue();
            out.append('n').append(d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString());
        } else if (node.isObject()) {
            // Object keys are unordered: sort them so that key order never makes two values differ.
            out.append('{');
            java.util.TreeMap<String, JsonNode> sorted = new java.util.TreeMap<>();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                sorted.put(e.getKey(), e.getValue());
            }
            for (Map.Entry<String, JsonNode> e : sorted.entrySet()) {
                out.append(com.fasterxml.jackson.databind.node.TextNode.valueOf(e.getKey())).append(':');
                appendKey(e.getValue(), out);
                out.append(',');
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (JsonNode item : node) {
                appendKey(item, out);
                out.append(',');
            }
            out.append(']');
        } else {
            out.append(node.toString());
        }
    }

    /** A short rendering of a value for messages: strings in single quotes, the rest as JSON. */
    static String show(JsonNode node) {
        if (node == null) return "(none)";
        String text = node.isTextual() ? "'" + node.textValue() + "'"
                : node.isNumber() ? plain(node.decimalValue())
                : node.toString();
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }

    static String plain(BigDecimal d) {
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }

    /** A boolean keyword written as {@code true} (absent or any other value is not). */
    static boolean isTrue(JsonNode node) {
        return node != null && node.isBoolean() && node.booleanValue();
    }

    /** A boolean keyword or schema written as {@code false} (absent or any other value is not). */
    static boolean isFalse(JsonNode node) {
        return node != null && node.isBoolean() && !node.booleanValue();
    }
}
