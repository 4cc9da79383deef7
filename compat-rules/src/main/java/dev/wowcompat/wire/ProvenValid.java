package dev.wowcompat.wire;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A quick proof that a document is valid against a draft 2020-12 schema, for the case that dominates a topic: every
 * record valid. It only ever answers "valid" or "cannot tell", never "invalid": whatever it cannot prove (a violation,
 * a keyword outside the small set below, a number that is an integer only by value) goes to networknt's validator,
 * which says what is wrong. So it changes how fast a valid document is accepted, never a verdict: every keyword it
 * knows it reads at least as strictly as networknt does (docs/performance.md, "The audit").
 *
 * <p>Known: type, properties, required, additionalProperties, items (one schema), const and enum (by exact JSON
 * equality), minLength and maxLength, minimum, maximum, exclusiveMinimum and exclusiveMaximum, pattern (plain
 * character classes and repetitions only), allOf, anyOf, oneOf, not, if/then/else, format (only when the validator
 * does not assert formats), {@code $ref} to the same document or to another of schemas/wire/, and annotations.
 * Thread-safe.
 */
final class ProvenValid {
    private enum Tri { TRUE, FALSE, UNKNOWN }

    private static final Set<String> ANNOTATIONS = Set.of("$schema", "$defs", "definitions", "title", "description", "default",
            "examples", "$comment", "deprecated");
    /**
     * Patterns whose meaning is the same in every regular-expression engine networknt may use: character classes,
     * groups, repetitions, anchors, escaped punctuation and {@code \\d}; no other escape, no flag.
     */
    private static final Pattern PLAIN_PATTERN = Pattern.compile("(?:[\\^$\\[\\]{}()|*+?.,a-zA-Z0-9_:-]|\\\\[.\\-+*?()\\[\\]{}|^$/d])*");
    private static final int MAX_DEPTH = 64;

    private final JsonNode root;
    private final boolean formatAsserted;
    private final Map<String, Pattern> patterns = new ConcurrentHashMap<>();
    /** Each {@code $ref} value node reachable from the root, by identity, to the schema it names; read-only once built. */
    private final Map<JsonNode, JsonNode> targets = new IdentityHashMap<>();
    /** The roots of the documents reachable (where an {@code $id} is the document's own). */
    private final Set<JsonNode> documentRoots = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    /** An identifier or anchor inside a document changes what references mean there: such a schema is left to the validator. */
    private boolean unsupported;

    /**
     * @param file the schema's file name among schemas/wire/ (references to others resolve there), or null for a
     *        registered schema (local references only)
     * @param documents the wire schemas by file name, or null when there is none
     * @param formatAsserted whether the validator this stands in front of fails a string that does not match its format
     */
    ProvenValid(JsonNode root, String file, Function<String, JsonNode> documents, boolean formatAsserted) {
        this.root = root;
        this.formatAsserted = formatAsserted;
        documentRoots.add(root);
        resolveAll(root, file, root, documents, 0);
    }

    /** Finds every reference once, so that proving a document follows them without a lookup by name. */
    private void resolveAll(JsonNode node, String doc, JsonNode docRoot, Function<String, JsonNode> documents, int depth) {
        if (depth > MAX_DEPTH || node == null || !node.isContainerNode()) return;
        if (node.isObject() && node != docRoot && (node.has("$id") || node.has("$anchor") || node.has("$dynamicAnchor")
                || node.has("$dynamicRef") || node.has("$recursiveRef") || node.has("$recursiveAnchor"))) {
            unsupported = true;
        }
        JsonNode ref = node.isObject() ? node.get("$ref") : null;
        if (ref != null && ref.isTextual() && !targets.containsKey(ref)) {
            String text = ref.asText();
            int hash = text.indexOf('#');
            String fileName = hash < 0 ? text : text.substring(0, hash);
            String fragment = hash < 0 ? "" : text.substring(hash + 1);
            JsonNode targetRoot = fileName.isEmpty() ? docRoot
                    : doc == null || documents == null || fileName.contains("/") || fileName.contains(":") ? null : documents.apply(fileName);
            // An anchor or an escaped pointer is not followed: the validator reads those.
            boolean plain = (fragment.isEmpty() || fragment.startsWith("/")) && !fragment.contains("%") && !fragment.contains("~");
            JsonNode target = targetRoot == null || !plain ? null : fragment.isEmpty() ? targetRoot : targetRoot.at(fragment);
            if (target != null && !target.isMissingNode()) {
                targets.put(ref, target);
                String targetDoc = fileName.isEmpty() ? doc : fileName;
                if (documentRoots.add(targetRoot)) resolveAll(targetRoot, targetDoc, targetRoot, documents, depth + 1);
            }
        }
        for (JsonNode child : node) resolveAll(child, doc, docRoot, documents, depth + 1);
    }

    /** True only when the document is certainly valid; false means "ask the validator". */
    boolean proves(JsonNode instance) {
        return !unsupported && check(root, instance, 0) == Tri.TRUE;
    }

    private Tri check(JsonNode schema, JsonNode value, int depth) {
        if (depth > MAX_DEPTH) return Tri.UNKNOWN;
        if (schema.isBoolean()) return schema.asBoolean() ? Tri.TRUE : Tri.FALSE;
        if (!schema.isObject()) return Tri.UNKNOWN;
        Tri result = Tri.TRUE;
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String keyword = e.getKey();
            Tri t = keyword(keyword, e.getValue(), schema, value, depth);
            if (t == Tri.FALSE) return Tri.FALSE;
            if (t == Tri.UNKNOWN) result = Tri.UNKNOWN;
        }
        return result;
    }

    private Tri keyword(String keyword, JsonNode k, JsonNode schema, JsonNode value, int depth) {
        switch (keyword) {
            case "type":
                return type(k, value);
            case "properties":
                if (!value.isObject() || !k.isObject()) return value.isObject() ? Tri.UNKNOWN : Tri.TRUE;
                Tri all = Tri.TRUE;
                for (Iterator<Map.Entry<String, JsonNode>> it = k.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> p = it.next();
                    JsonNode member = value.get(p.getKey());
                    if (member == null) continue;
                    Tri t = check(p.getValue(), member, depth + 1);
                    if (t == Tri.FALSE) return Tri.FALSE;
                    if (t == Tri.UNKNOWN) all = Tri.UNKNOWN;
                }
                return all;
            case "required":
                if (!value.isObject()) return Tri.TRUE;
                if (!k.isArray()) return Tri.UNKNOWN;
                for (JsonNode name : k) {
                    if (!name.isTextual()) return Tri.UNKNOWN;
                    if (!value.has(name.asText())) return Tri.FALSE;
                }
                return Tri.TRUE;
            case "additionalProperties": {
                if (!value.isObject()) return Tri.TRUE;
                if (schema.has("patternProperties")) return Tri.UNKNOWN;
                JsonNode declared = schema.path("properties");
                Tri out = Tri.TRUE;
                for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> m = it.next();
                    if (declared.has(m.getKey())) continue;
                    Tri t = check(k, m.getValue(), depth + 1);
                    if (t == Tri.FALSE) return Tri.FALSE;
                    if (t == Tri.UNKNOWN) out = Tri.UNKNOWN;
                }
                return out;
            }
            case "items": {
                if (!value.isArray()) return Tri.TRUE;
                if (!k.isObject() && !k.isBoolean()) return Tri.UNKNOWN; // the tuple form of older drafts
                Tri out = Tri.TRUE;
                for (JsonNode item : value) {
                    Tri t = check(k, item, depth + 1);
                    if (t == Tri.FALSE) return Tri.FALSE;
                    if (t == Tri.UNKNOWN) out = Tri.UNKNOWN;
                }
                return out;
            }
            case "const":
                return same(k, value);
            case "enum": {
                if (!k.isArray()) return Tri.UNKNOWN;
                Tri out = Tri.FALSE;
                for (JsonNode option : k) {
                    Tri t = same(option, value);
                    if (t == Tri.TRUE) return Tri.TRUE;
                    if (t == Tri.UNKNOWN) out = Tri.UNKNOWN;
                }
                return out;
            }
            case "minLength", "maxLength": {
                if (!value.isTextual()) return Tri.TRUE;
                if (!k.canConvertToInt() || !k.isIntegralNumber()) return Tri.UNKNOWN;
                String s = value.asText();
                // Counted both in code points and in UTF-16 units: whichever way the validator counts, the bound holds.
                int points = s.codePointCount(0, s.length());
                boolean holds = keyword.equals("minLength") ? Math.min(points, s.length()) >= k.asInt() : Math.max(points, s.length()) <= k.asInt();
                return holds ? Tri.TRUE : Tri.UNKNOWN;
            }
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum": {
                if (!value.isNumber()) return Tri.TRUE;
                if (!k.isNumber()) return Tri.UNKNOWN;
                int c = value.isIntegralNumber() && value.canConvertToLong() && k.isIntegralNumber() && k.canConvertToLong()
                        ? Long.compare(value.longValue(), k.longValue()) : value.decimalValue().compareTo(k.decimalValue());
                boolean holds = switch (keyword) {
                    case "minimum" -> c >= 0;
                    case "maximum" -> c <= 0;
                    case "exclusiveMinimum" -> c > 0;
                    default -> c < 0;
                };
                return holds ? Tri.TRUE : Tri.UNKNOWN;
            }
            case "pattern": {
                if (!value.isTextual()) return Tri.TRUE;
                if (!k.isTextual() || !PLAIN_PATTERN.matcher(k.asText()).matches()) return Tri.UNKNOWN;
                Pattern p = patterns.computeIfAbsent(k.asText(), Pattern::compile);
                return p.matcher(value.asText()).find() ? Tri.TRUE : Tri.UNKNOWN;
            }
            case "format":
                return !value.isTextual() || !formatAsserted ? Tri.TRUE : Tri.UNKNOWN;
            case "allOf": {
                if (!k.isArray()) return Tri.UNKNOWN;
                Tri out = Tri.TRUE;
                for (JsonNode branch : k) {
                    Tri t = check(branch, value, depth + 1);
                    if (t == Tri.FALSE) return Tri.FALSE;
                    if (t == Tri.UNKNOWN) out = Tri.UNKNOWN;
                }
                return out;
            }
            case "anyOf": {
                if (!k.isArray()) return Tri.UNKNOWN;
                Tri out = Tri.FALSE;
                for (JsonNode branch : k) {
                    Tri t = check(branch, value, depth + 1);
                    if (t == Tri.TRUE) return Tri.TRUE;
                    if (t == Tri.UNKNOWN) out = Tri.UNKNOWN;
                }
                return out;
            }
            case "oneOf": {
                if (!k.isArray()) return Tri.UNKNOWN;
                int valid = 0;
                boolean unknown = false;
                for (JsonNode branch : k) {
                    Tri t = check(branch, value, depth + 1);
                    if (t == Tri.TRUE) valid++;
                    if (t == Tri.UNKNOWN) unknown = true;
                }
                if (valid > 1) return Tri.FALSE;
                if (unknown) return Tri.UNKNOWN;
                return valid == 1 ? Tri.TRUE : Tri.FALSE;
            }
            case "not": {
                Tri t = check(k, value, depth + 1);
                return t == Tri.TRUE ? Tri.FALSE : t == Tri.FALSE ? Tri.TRUE : Tri.UNKNOWN;
            }
            case "if": {
                Tri condition = check(k, value, depth + 1);
                if (condition == Tri.UNKNOWN) return Tri.UNKNOWN;
                JsonNode branch = schema.get(condition == Tri.TRUE ? "then" : "else");
                return branch == null ? Tri.TRUE : check(branch, value, depth + 1);
            }
            case "then", "else":
                return Tri.TRUE; // read with "if"; without one they are ignored
            case "$ref": {
                JsonNode target = targets.get(k);
                return target == null ? Tri.UNKNOWN : check(target, value, depth + 1);
            }
            case "$id":
                // The root's own id is how wire schemas refer to one another; an id further in starts a new base: not followed.
                return documentRoots.contains(schema) ? Tri.TRUE : Tri.UNKNOWN;
            default:
                if (ANNOTATIONS.contains(keyword) || keyword.startsWith("x-")) return Tri.TRUE;
                return Tri.UNKNOWN;
        }
    }

    private static Tri type(JsonNode k, JsonNode value) {
        if (k.isTextual()) return oneType(k.asText(), value);
        if (!k.isArray()) return Tri.UNKNOWN;
        for (JsonNode t : k) {
            if (!t.isTextual()) return Tri.UNKNOWN;
            if (oneType(t.asText(), value) == Tri.TRUE) return Tri.TRUE;
        }
        return Tri.UNKNOWN;
    }

    /** True when the value certainly has the type; a mismatch is left to the validator (its type coercion settings). */
    private static Tri oneType(String type, JsonNode value) {
        boolean is = switch (type) {
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "string" -> value.isTextual();
            case "boolean" -> value.isBoolean();
            case "null" -> value.isNull();
            case "integer" -> value.isIntegralNumber();
            case "number" -> value.isNumber();
            default -> false;
        };
        return is ? Tri.TRUE : Tri.UNKNOWN;
    }

    /**
     * Exact JSON equality where it is certain: text with text, a non-number against a different kind of value, and
     * two integers held alike. Other numbers are left to the validator (1 and 1.0 are one number to it).
     */
    private static Tri same(JsonNode expected, JsonNode value) {
        if (expected.isNumber() || value.isNumber()) {
            return expected.getClass() == value.getClass() && expected.isIntegralNumber() && expected.equals(value) ? Tri.TRUE : Tri.UNKNOWN;
        }
        if (expected.isTextual() && value.isTextual()) return expected.asText().equals(value.asText()) ? Tri.TRUE : Tri.FALSE;
        if (expected.isNull() || value.isNull() || expected.isBoolean() || value.isBoolean()) {
            if (expected.getNodeType() != value.getNodeType()) return Tri.FALSE;
            return expected.equals(value) ? Tri.TRUE : Tri.FALSE;
        }
        if (expected.getNodeType() != value.getNodeType()) return Tri.FALSE;
        return Tri.UNKNOWN;
    }
}
