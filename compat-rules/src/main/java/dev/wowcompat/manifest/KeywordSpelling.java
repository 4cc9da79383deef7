package dev.wowcompat.manifest;

import dev.wowcompat.json.Spelling;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Finds keywords that are almost, but not quite, a JSON Schema keyword ({@code requried}, {@code maxlength},
 * {@code $ref} written {@code ref}). JSON Schema ignores unknown keywords, so such a typo silently drops the
 * constraint the author meant: a schema that reads as "amount is required" then requires nothing. A user would
 * rather be told. Unknown keywords that are not close to a known one stay legal (extensions, annotations).
 */
final class KeywordSpelling {
    private KeywordSpelling() {}

    /** Every keyword of drafts 04 to 2020-12, plus our own {@code x-wow-} annotations. */
    private static final Set<String> KNOWN = Set.of(
            "$schema", "$id", "id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef",
            "$recursiveAnchor", "$vocabulary", "$comment", "$defs", "definitions",
            "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies", "prefixItems",
            "items", "additionalItems", "contains", "properties", "patternProperties", "additionalProperties",
            "propertyNames", "unevaluatedItems", "unevaluatedProperties",
            "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
            "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
            "maxProperties", "minProperties", "required", "dependentRequired",
            "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
            "format", "contentEncoding", "contentMediaType", "contentSchema",
            "x-wow-written", "x-wow-unit", "x-wow-meaning");

    /** In a fixed order, so that of two equally close keywords the same one is suggested on every run. */
    private static final List<String> BY_NAME = KNOWN.stream().sorted().toList();

    /**
     * Widely used annotations of other specifications that sit one edit from a keyword (OpenAPI's {@code example}
     * beside {@code examples}): legal, and meant as written.
     */
    private static final Set<String> FOREIGN = Set.of("example");

    /** Whether {@code key} is a JSON Schema keyword of some draft (our {@code x-wow-} annotations are not). */
    static boolean isKeyword(String key) {
        return KNOWN.contains(key) && !key.startsWith("x-");
    }

    /** The known keyword {@code key} looks like a misspelling of, if any. */
    static Optional<String> suggestion(String key) {
        if (KNOWN.contains(key) || FOREIGN.contains(key)) return Optional.empty();
        // Other extensions (x-foo) are legal by design; only our own namespace is known well enough to check.
        if (key.startsWith("x-") && !key.toLowerCase(Locale.ROOT).startsWith("x-wow-")) return Optional.empty();
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String known : BY_NAME) {
            int allowed = known.length() >= 6 ? 2 : 1;
            if (Math.abs(known.length() - key.length()) > allowed) continue;
            int d = known.equalsIgnoreCase(key) ? 0 : Spelling.distance(key, known);
            if (d <= allowed && d < bestDistance) {
                best = known;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }
}
