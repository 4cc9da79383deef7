package dev.wowcompat.diff;

import java.util.HashMap;
import java.util.Map;

/**
 * The keywords the diff reads, grouped in families, as bits: a view's mask says at once which families a
 * schema uses, so a pair of schemas is only examined for the families one of them has.
 */
final class Keywords {
    private Keywords() {}

    static final long TYPE = 1L;
    static final long VALUES = 1L << 1;
    static final long MEANING = 1L << 2;
    static final long DEFAULT = 1L << 3;
    static final long STRING = 1L << 4;
    static final long NUMBER = 1L << 5;
    static final long ARRAY = 1L << 6;
    static final long OBJECT = 1L << 7;
    static final long ALL_OF = 1L << 8;
    static final long ANY_ONE_OF = 1L << 9;
    static final long NOT = 1L << 10;
    static final long CONDITIONAL = 1L << 11;

    private static final Map<String, Long> FAMILY = families();

    private static Map<String, Long> families() {
        Map<String, Long> m = new HashMap<>();
        m.put("type", TYPE);
        for (String k : new String[] {"enum", "const"}) m.put(k, VALUES);
        for (String k : new String[] {"format", "x-wow-unit", "x-wow-meaning", "contentEncoding", "contentMediaType"}) m.put(k, MEANING);
        m.put("default", DEFAULT);
        for (String k : new String[] {"minLength", "maxLength", "pattern"}) m.put(k, STRING);
        for (String k : new String[] {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}) m.put(k, NUMBER);
        for (String k : new String[] {"items", "prefixItems", "additionalItems", "unevaluatedItems", "contains", "minContains",
                "maxContains", "minItems", "maxItems", "uniqueItems"}) m.put(k, ARRAY);
        for (String k : new String[] {"properties", "required", "additionalProperties", "unevaluatedProperties", "patternProperties",
                "propertyNames", "minProperties", "maxProperties", "dependencies", "dependentRequired", "dependentSchemas"}) m.put(k, OBJECT);
        m.put("allOf", ALL_OF);
        for (String k : new String[] {"anyOf", "oneOf"}) m.put(k, ANY_ONE_OF);
        m.put("not", NOT);
        for (String k : new String[] {"if", "then", "else"}) m.put(k, CONDITIONAL);
        return Map.copyOf(m);
    }

    /** The family bit of a keyword, 0 for keywords the diff does not read. */
    static long of(String keyword) {
        Long bit = FAMILY.get(keyword);
        return bit == null ? 0L : bit;
    }
}
