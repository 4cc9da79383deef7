package dev.wowcompat.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place that words the JSON Schema validator's errors: each as a sentence of ours that says what the value is
 * and what the schema asks, naming the keyword; never the validator's own text ("must be at least 1 characters long",
 * "does not have a value in the enumeration"). Used for states, wire records and Manifests alike
 * (docs/decisions.md, "What the command line says in its own words").
 */
public final class ValidatorSentences {
    private ValidatorSentences() {}

    /** How many allowed values an enum sentence lists before it says how many more there are. */
    private static final int MAX_LISTED = 12;

    /** One sentence for one error, without the pointer (the caller shows where). */
    public static String of(Error e) {
        String keyword = e.getKeyword() == null ? "" : e.getKeyword();
        JsonNode value = e.getInstanceNode();
        JsonNode rule = e.getSchemaNode();
        Object[] args = e.getArguments() == null ? new Object[0] : e.getArguments();
        String property = e.getProperty();
        return switch (keyword) {
            case "type" -> "expected " + typeList(arg(args, 1)) + ", found " + (value == null ? arg(args, 0) : kind(value));
            case "required" -> "missing required property " + MessageText.quote(property != null ? property : arg(args, 0));
            case "enum" -> shown(value) + " is not one of the allowed values: " + listed(rule);
            case "const" -> shown(value) + " is not the one allowed value, " + (rule == null ? arg(args, 0) : compact(rule));
            case "minLength" -> shown(value) + " is too short: " + characters(value) + ", at least " + count(rule, args, "character") + " (minLength)";
            case "maxLength" -> shown(value) + " is too long: " + characters(value) + ", at most " + count(rule, args, "character") + " (maxLength)";
            case "minimum" -> shown(value) + " is below the minimum of " + number(rule, args);
            case "maximum" -> shown(value) + " is above the maximum of " + number(rule, args);
            case "exclusiveMinimum" -> shown(value) + " is not greater than " + number(rule, args) + " (exclusiveMinimum)";
            case "exclusiveMaximum" -> shown(value) + " is not less than " + number(rule, args) + " (exclusiveMaximum)";
            case "multipleOf" -> shown(value) + " is not a multiple of " + number(rule, args);
            case "pattern" -> shown(value) + " does not match the pattern " + (rule == null ? arg(args, 0) : rule.asText());
            case "format" -> shown(value) + " is not a valid " + arg(args, 0) + " (format)";
            case "minItems" -> "has " + items(value) + ", fewer than the minimum of " + number(rule, args) + " (minItems)";
            case "maxItems" -> "has " + items(value) + ", more than the maximum of " + number(rule, args) + " (maxItems)";
            case "uniqueItems" -> "holds the same item more than once; its items must be unique (uniqueItems)";
            case "minProperties" -> "has fewer members than the minimum of " + number(rule, args) + " (minProperties)";
            case "maxProperties" -> "has more members than the maximum of " + number(rule, args) + " (maxProperties)";
            case "additionalProperties", "unevaluatedProperties" ->
                    "unknown property " + MessageText.quote(property != null ? property : arg(args, 0)) + ": this object does not allow it";
            case "additionalItems", "items", "unevaluatedItems" -> "item " + arg(args, 0) + " is one more than this array allows";
            case "dependentRequired" -> "missing property " + MessageText.quote(arg(args, 0)) + ", required when "
                    + MessageText.quote(arg(args, 1)) + " is present";
            case "propertyNames" -> "key " + MessageText.quote(property != null ? property : arg(args, 0)) + " is not a valid name here (propertyNames)";
            case "oneOf" -> "0".equals(arg(args, 0))
                    ? "matches none of the alternatives it must match one of (oneOf)"
                    : "matches " + arg(args, 0) + " of the alternatives, where it must match exactly one (oneOf)";
            case "anyOf" -> "matches none of the alternatives it must match one of (anyOf)";
            case "allOf" -> "does not match every schema it must match (allOf)";
            case "not" -> "matches the schema it must not match (not)";
            case "contains" -> "holds no item of the kind it must hold (contains)";
            case "false" -> "no value is allowed here: the schema is false";
            default -> "does not satisfy the schema's " + (keyword.isEmpty() ? "rules" : "'" + keyword + "'");
        };
    }

    private static String arg(Object[] args, int i) {
        return i < args.length && args[i] != null ? String.valueOf(args[i]) : "";
    }

    /** A value as the sentence names it: a short string quoted, a number or literal as written, a container by kind. */
    private static String shown(JsonNode value) {
        if (value == null) return "the value";
        if (value.isTextual()) return value.asText().isEmpty() ? "the empty string" : MessageText.quote(value.asText());
        if (value.isValueNode()) return value.toString();
        return "the " + kind(value);
    }

    private static String kind(JsonNode value) {
        if (value.isTextual()) return "string";
        if (value.isIntegralNumber()) return "integer";
        if (value.isNumber()) return "number";
        if (value.isBoolean()) return "boolean";
        if (value.isNull()) return "null";
        if (value.isArray()) return "array";
        return "object";
    }

    private static String characters(JsonNode value) {
        int n = value == null ? 0 : value.asText().codePointCount(0, value.asText().length());
        return n + (n == 1 ? " character" : " characters");
    }

    private static String items(JsonNode value) {
        int n = value == null ? 0 : value.size();
        return n + (n == 1 ? " item" : " items");
    }

    private static String count(JsonNode rule, Object[] args, String noun) {
        String n = number(rule, args);
        return n + " " + noun + ("1".equals(n) ? "" : "s");
    }

    private static String number(JsonNode rule, Object[] args) {
        return rule != null && rule.isNumber() ? rule.asText() : arg(args, 0);
    }

    private static String compact(JsonNode node) {
        String text = node.toString();
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }

    private static String listed(JsonNode allowed) {
        if (allowed == null || !allowed.isArray()) return allowed == null ? "(none)" : compact(allowed);
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < allowed.size() && i < MAX_LISTED; i++) shown.add(compact(allowed.get(i)));
        String list = String.join(", ", shown);
        return allowed.size() > MAX_LISTED ? list + " and " + (allowed.size() - MAX_LISTED) + " more" : list;
    }

    /** {@code [object, boolean]} as {@code object or boolean}. */
    static String typeList(String expected) {
        String s = expected.trim();
        if (s.startsWith("[") && s.endsWith("]")) s = s.substring(1, s.length() - 1);
        String[] parts = s.split("\\s*,\\s*");
        if (parts.length == 1) return parts[0];
        return String.join(", ", java.util.Arrays.copyOf(parts, parts.length - 1)) + " or " + parts[parts.length - 1];
    }
}
