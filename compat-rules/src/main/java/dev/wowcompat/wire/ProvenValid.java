package dev.wowcompat.wire;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

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
 *
 * <p>The schema is compiled once into a tree of small checks (one per keyword, its names, bounds and patterns read
 * ahead), so that proving a record walks only the checks, never the schema's JSON (docs/performance.md, "The audit").
 * Thread-safe: the tree is immutable once built, but for the last text each pattern matched (see {@link PatternCheck}).
 */
final class ProvenValid {
    /** What a check can say: certainly valid, certainly invalid (only where certain), or "ask the validator". */
    private enum Tri { TRUE, FALSE, UNKNOWN }

    private static final Set<String> ANNOTATIONS = Set.of("$schema", "$defs", "definitions", "title", "description", "default",
            "examples", "$comment", "deprecated", "then", "else");
    /**
     * Patterns whose meaning is the same in every regular-expression engine networknt may use: character classes,
     * groups, repetitions, anchors, escaped punctuation and {@code \\d}; no other escape, no flag.
     */
    private static final Pattern PLAIN_PATTERN = Pattern.compile("(?:[\\^$\\[\\]{}()|*+?.,a-zA-Z0-9_:-]|\\\\[.\\-+*?()\\[\\]{}|^$/d])*");
    private static final int MAX_DEPTH = 64;

    /** One keyword of a schema, compiled; {@code depth} is the schema's own depth in the walk. */
    @FunctionalInterface
    private interface Check {
        Tri test(JsonNode value, int depth);
    }

    private static final Check UNKNOWN = (value, depth) -> Tri.UNKNOWN;

    /** A schema: its keywords' checks in the schema's order, or a boolean schema, or one the proof cannot read. */
    private static final class Schema {
        /** null until compiled: a reference may reach a schema while it is being compiled (a recursive definition). */
        private Check[] checks;
        private Tri constant;

        Tri test(JsonNode value, int depth) {
            if (depth > MAX_DEPTH) return Tri.UNKNOWN;
            if (constant != null) return constant;
            Tri result = Tri.TRUE;
            for (Check c : checks) {
                Tri t = c.test(value, depth);
                if (t == Tri.FALSE) return Tri.FALSE;
                if (t == Tri.UNKNOWN) result = Tri.UNKNOWN;
            }
            return result;
        }
    }

    /**
     * The pattern keyword. A topic repeats the same text in every record (a fingerprint, a type name), and a regular
     * expression costs more than comparing the text with the last one it matched, which is therefore remembered.
     * The field is read and written without a lock: a thread that sees an older text only matches again.
     */
    private static final class PatternCheck implements Check {
        private final Pattern pattern;
        private volatile String lastMatched;

        PatternCheck(Pattern pattern) {
            this.pattern = pattern;
        }

        @Override
        public Tri test(JsonNode value, int depth) {
            if (!value.isTextual()) return Tri.TRUE;
            String text = value.asText();
            if (text.equals(lastMatched)) return Tri.TRUE;
            if (!pattern.matcher(text).find()) return Tri.UNKNOWN;
            lastMatched = text;
            return Tri.TRUE;
        }
    }

    private final boolean formatAsserted;
    /** Each {@code $ref} value node reachable from the root, by identity, to the schema it names (used while compiling). */
    private final Map<JsonNode, JsonNode> targets = new IdentityHashMap<>();
    /** The roots of the documents reachable (where an {@code $id} is the document's own). */
    private final Set<JsonNode> documentRoots = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Every schema compiled, by the identity of its JSON, so a schema reached twice (or recursively) is compiled once. */
    private final Map<JsonNode, Schema> compiled = new IdentityHashMap<>();
    /** An identifier or anchor inside a document changes what references mean there: such a schema is left to the validator. */
    private boolean unsupported;
    private final Schema root;

    /**
     * @param file the schema's file name among schemas/wire/ (references to others resolve there), or null for a
     *        registered schema (local references only)
     * @param documents the wire schemas by file name, or null when there is none
     * @param formatAsserted whether the validator this stands in front of fails a string that does not match its format
     */
    ProvenValid(JsonNode root, String file, Function<String, JsonNode> documents, boolean formatAsserted) {
        this.formatAsserted = formatAsserted;
        documentRoots.add(root);
        resolveAll(root, file, root, documents, 0);
        this.root = compile(root, 0);
    }

    /** Finds every reference once, so that the compiled checks follow them without a lookup by name. */
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
        return !unsupported && root.test(instance, 0) == Tri.TRUE;
    }

    // ------------------------------------------------------------------------------------------------------------
    // Compiling: each keyword read once, into the check that proves it

    private Schema compile(JsonNode node, int depth) {
        Schema known = compiled.get(node);
        if (known != null) return known;
        Schema schema = new Schema();
        compiled.put(node, schema);
        if (depth > MAX_DEPTH) {
            schema.constant = Tri.UNKNOWN; // a proof never goes deeper: the validator reads what lies there
        } else if (node.isBoolean()) {
            schema.constant = node.asBoolean() ? Tri.TRUE : Tri.FALSE;
        } else if (!node.isObject()) {
            schema.constant = Tri.UNKNOWN;
        } else {
            List<Check> checks = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                Check c = keyword(e.getKey(), e.getValue(), node, depth);
                if (c != null) checks.add(c);
            }
            schema.checks = checks.toArray(Check[]::new);
        }
        return schema;
    }

    /** The check of one keyword, or null for one that always holds (an annotation). */
    private Check keyword(String keyword, JsonNode k, JsonNode schema, int depth) {
        switch (keyword) {
            case "type":
                return type(k);
            case "properties": {
                if (!k.isObject()) return (value, d) -> value.isObject() ? Tri.UNKNOWN : Tri.TRUE;
                List<String> names = new ArrayList<>();
                List<Schema> schemas = new ArrayList<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = k.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> p = it.next();
                    names.add(p.getKey());
                    schemas.add(compile(p.getValue(), depth + 1));
                }
                String[] memberNames = names.toArray(String[]::new);
                Schema[] memberSchemas = schemas.toArray(Schema[]::new);
                return (value, d) -> {
                    if (!value.isObject()) return Tri.TRUE;
                    Tri all = Tri.TRUE;
                    for (int i = 0; i < memberNames.length; i++) {
                        JsonNode member = value.get(memberNames[i]);
                        if (member == null) continue;
                        Tri t = memberSchemas[i].test(member, d + 1);
                        if (t == Tri.FALSE) return Tri.FALSE;
                        if (t == Tri.UNKNOWN) all = Tri.UNKNOWN;
                    }
                    return all;
                };
            }
            case "required": {
                if (!k.isArray()) return (value, d) -> value.isObject() ? Tri.UNKNOWN : Tri.TRUE;
                // The names up to the first that is not text; one that is not makes the keyword unreadable after them.
                List<String> names = new ArrayList<>();
                boolean unreadable = false;
                for (JsonNode name : k) {
                    if (!name.isTextual()) {
                        unreadable = true;
                        break;
                    }
                    names.add(name.asText());
                }
                String[] required = names.toArray(String[]::new);
                Tri afterAll = unreadable ? Tri.UNKNOWN : Tri.TRUE;
                return (value, d) -> {
                    if (!value.isObject()) return Tri.TRUE;
                    for (String name : required) if (!value.has(name)) return Tri.FALSE;
                    return afterAll;
                };
            }
            case "additionalProperties": {
                if (schema.has("patternProperties")) return (value, d) -> value.isObject() ? Tri.UNKNOWN : Tri.TRUE;
                Set<String> declared = new HashSet<>();
                JsonNode properties = schema.path("properties");
                if (properties.isObject()) properties.fieldNames().forEachRemaining(declared::add);
                Schema other = compile(k, depth + 1);
                return (value, d) -> {
                    if (!value.isObject()) return Tri.TRUE;
                    Tri out = Tri.TRUE;
                    for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> m = it.next();
                        if (declared.contains(m.getKey())) continue;
                        Tri t = other.test(m.getValue(), d + 1);
                        if (t == Tri.FALSE) return Tri.FALSE;
                        if (t == Tri.UNKNOWN) out = Tri.UNKNOWN;
                    }
                    return out;
                };
            }
            case "items": {
                // The tuple form of older drafts is left to the validator.
                if (!k.isObject() && !k.isBoolean()) return (value, d) -> value.isArray() ? Tri.UNKNOWN : Tri.TRUE;
                Schema item = compile(k, depth + 1);
                return (value, d) -> {
                    if (!value.isArray()) return Tri.TRUE;
                    Tri out = Tri.TRUE;
                    for (JsonNode element : value) {
                        Tri t = item.test(element, d + 1);
                        if (t == Tri.FALSE) return Tri.FALSE;
                        if (t == Tri.UNKNOWN) out = Tri.UNKNOWN;
                    }
                    return out;
                };
            }
            case "const":
                return (value, d) -> same(k, value);
            case "enum": {
                if (!k.isArray()) return UNKNOWN;
                JsonNode[] options = new JsonNode[k.size()];
                for (int i = 0; i < options.length; i++) options[i] = k.get(i);
                return (value, d) -> {
                    Tri out = Tri.FALSE;
                    for (JsonNode option : options) {
                        Tri t = same(option, value);
                        if (t == Tri.TRUE) return Tri.TRUE;
                        if (t == Tri.UNKNOWN) out = Tri.UNKNOWN;
                    }
                    return out;
                };
            }
            case "minLength", "maxLength": {
                if (!k.canConvertToInt() || !k.isIntegralNumber()) return (value, d) -> value.isTextual() ? Tri.UNKNOWN : Tri.TRUE;
                int bound = k.asInt();
                boolean min = keyword.equals("minLength");
                return (value, d) -> {
                    if (!value.isTextual()) return Tri.TRUE;
                    String s = value.asText();
                    // Counted both in code points and in UTF-16 units: whichever way the validator counts, the bound holds.
                    int points = s.codePointCount(0, s.length());
                    boolean holds = min ? Math.min(points, s.length()) >= bound : Math.max(points, s.length()) <= bound;
                    return holds ? Tri.TRUE : Tri.UNKNOWN;
                };
            }
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum": {
                if (!k.isNumber()) return (value, d) -> value.isNumber() ? Tri.UNKNOWN : Tri.TRUE;
                boolean longBound = k.isIntegralNumber() && k.canConvertToLong();
                long asLong = k.longValue();
                BigDecimal asDecimal = k.decimalValue();
                String which = keyword;
                return (value, d) -> {
                    if (!value.isNumber()) return Tri.TRUE;
                    int c = longBound && value.isIntegralNumber() && value.canConvertToLong()
                            ? Long.compare(value.longValue(), asLong) : value.decimalValue().compareTo(asDecimal);
                    boolean holds = switch (which) {
                        case "minimum" -> c >= 0;
                        case "maximum" -> c <= 0;
                        case "exclusiveMinimum" -> c > 0;
                        default -> c < 0;
                    };
                    return holds ? Tri.TRUE : Tri.UNKNOWN;
                };
            }
            case "pattern": {
                Pattern p = plainPattern(k);
                if (p == null) return (value, d) -> value.isTextual() ? Tri.UNKNOWN : Tri.TRUE;
                return new PatternCheck(p);
            }
            case "format":
                return formatAsserted ? (value, d) -> value.isTextual() ? Tri.UNKNOWN : Tri.TRUE : null;
            case "allOf": {
                if (!k.isArray()) return UNKNOWN;
                Schema[] branches = branches(k, depth);
                return (value, d) -> combine(branches, value, d + 1, Tri.FALSE);
            }
            case "anyOf": {
                if (!k.isArray()) return UNKNOWN;
                Schema[] branches = branches(k, depth);
                return (value, d) -> combine(branches, value, d + 1, Tri.TRUE);
            }
            case "oneOf": {
                if (!k.isArray()) return UNKNOWN;
                Schema[] branches = branches(k, depth);
                return (value, d) -> {
                    int valid = 0;
                    boolean unknown = false;
                    for (Schema branch : branches) {
                        Tri t = branch.test(value, d + 1);
                        if (t == Tri.TRUE) valid++;
                        if (t == Tri.UNKNOWN) unknown = true;
                    }
                    if (valid > 1) return Tri.FALSE;
                    if (unknown) return Tri.UNKNOWN;
                    return valid == 1 ? Tri.TRUE : Tri.FALSE;
                };
            }
            case "not": {
                Schema negated = compile(k, depth + 1);
                return (value, d) -> {
                    Tri t = negated.test(value, d + 1);
                    return t == Tri.TRUE ? Tri.FALSE : t == Tri.FALSE ? Tri.TRUE : Tri.UNKNOWN;
                };
            }
            case "if": {
                Schema condition = compile(k, depth + 1);
                Schema then = schema.has("then") ? compile(schema.get("then"), depth + 1) : null;
                Schema otherwise = schema.has("else") ? compile(schema.get("else"), depth + 1) : null;
                return (value, d) -> {
                    Tri holds = condition.test(value, d + 1);
                    if (holds == Tri.UNKNOWN) return Tri.UNKNOWN;
                    Schema branch = holds == Tri.TRUE ? then : otherwise;
                    return branch == null ? Tri.TRUE : branch.test(value, d + 1);
                };
            }
            case "$ref": {
                JsonNode target = targets.get(k);
                if (target == null) return UNKNOWN;
                Schema named = compile(target, depth + 1);
                return (value, d) -> named.test(value, d + 1);
            }
            case "$id":
                // The root's own id is how wire schemas refer to one another; an id further in starts a new base: not followed.
                return documentRoots.contains(schema) ? null : UNKNOWN;
            default:
                // "then" and "else" are read with "if"; without one they are ignored.
                return ANNOTATIONS.contains(keyword) || keyword.startsWith("x-") ? null : UNKNOWN;
        }
    }

    /** The pattern, compiled, when its meaning is the same in every engine (else null: the validator reads it). */
    private static Pattern plainPattern(JsonNode k) {
        if (!k.isTextual() || !PLAIN_PATTERN.matcher(k.asText()).matches()) return null;
        try {
            return Pattern.compile(k.asText());
        } catch (PatternSyntaxException e) {
            return null;
        }
    }

    /**
     * allOf ({@code decisive} false) and anyOf ({@code decisive} true): the decisive answer as soon as one branch
     * certainly gives it; otherwise "cannot tell" if one cannot, else the other answer.
     */
    private static Tri combine(Schema[] branches, JsonNode value, int depth, Tri decisive) {
        Tri out = decisive == Tri.FALSE ? Tri.TRUE : Tri.FALSE;
        for (Schema branch : branches) {
            Tri t = branch.test(value, depth);
            if (t == decisive) return decisive;
            if (t == Tri.UNKNOWN) out = Tri.UNKNOWN;
        }
        return out;
    }

    private Schema[] branches(JsonNode array, int depth) {
        Schema[] out = new Schema[array.size()];
        for (int i = 0; i < out.length; i++) out[i] = compile(array.get(i), depth + 1);
        return out;
    }

    /** The type keyword: true when the value certainly has one of the types named (up to one that is not a name). */
    private static Check type(JsonNode k) {
        List<String> names = new ArrayList<>();
        if (k.isTextual()) names.add(k.asText());
        else if (k.isArray()) {
            for (JsonNode t : k) {
                if (!t.isTextual()) break;
                names.add(t.asText());
            }
        }
        boolean object = names.contains("object"), array = names.contains("array"), string = names.contains("string"),
                bool = names.contains("boolean"), nul = names.contains("null"), integer = names.contains("integer"),
                number = names.contains("number");
        // A mismatch is left to the validator (its type coercion settings).
        return (value, d) -> switch (value.getNodeType()) {
            case OBJECT -> object;
            case ARRAY -> array;
            case STRING -> string;
            case BOOLEAN -> bool;
            case NULL -> nul;
            case NUMBER -> number || integer && value.isIntegralNumber();
            default -> false;
        } ? Tri.TRUE : Tri.UNKNOWN;
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
