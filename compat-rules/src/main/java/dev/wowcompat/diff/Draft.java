package dev.wowcompat.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.json.SchemaDialect;
import java.util.Set;

/**
 * What the {@link SchemaDialect} of a document (its root's {@code $schema}, or the one its keywords tell when there is
 * none: {@link SchemaDialect#of}) makes
 * of the keywords whose meaning moved between drafts. The input side refuses a {@code $schema} it does not support;
 * a diff asked to compare one anyway reads it as draft 2020-12.
 *
 * <p>A keyword a draft does not have yet ({@code const} in draft-04, {@code if} before draft-07,
 * {@code dependentRequired} before 2019-09, {@code prefixItems} before 2020-12 ...) is ignored there, as that draft's
 * validators ignore it. A keyword a later draft dropped without giving its spelling another meaning
 * ({@code dependencies}, array-form {@code items} with {@code additionalItems}, {@code definitions}, draft-04's boolean
 * {@code exclusiveMinimum}) is still read in the later draft, and draft-06's numeric {@code exclusiveMinimum} in
 * draft-04: the meaning is not in doubt, and the later meta-schemas keep the keyword reserved or refuse it on input.
 */
enum Draft {
    DRAFT_04(SchemaDialect.DRAFT_04, Set.of("const", "contains", "propertyNames", "if", "then", "else",
            "contentEncoding", "contentMediaType", "prefixItems", "unevaluatedItems", "unevaluatedProperties",
            "dependentRequired", "dependentSchemas", "minContains", "maxContains", "$recursiveRef", "$dynamicRef")),
    DRAFT_06(SchemaDialect.DRAFT_06, Set.of("if", "then", "else", "contentEncoding", "contentMediaType",
            "prefixItems", "unevaluatedItems", "unevaluatedProperties", "dependentRequired", "dependentSchemas",
            "minContains", "maxContains", "$recursiveRef", "$dynamicRef")),
    DRAFT_07(SchemaDialect.DRAFT_07, Set.of("prefixItems", "unevaluatedItems", "unevaluatedProperties",
            "dependentRequired", "dependentSchemas", "minContains", "maxContains", "$recursiveRef", "$dynamicRef")),
    DRAFT_2019_09(SchemaDialect.DRAFT_2019_09, Set.of("prefixItems", "$dynamicRef")),
    DRAFT_2020_12(SchemaDialect.DRAFT_2020_12, Set.of("$recursiveRef"));

    /** Keywords with a meaning in some draft that this draft does not have yet (or, for the two recursion keywords, any more). */
    private final Set<String> unknown;
    private final SchemaDialect dialect;

    Draft(SchemaDialect dialect, Set<String> unknown) {
        this.dialect = dialect;
        this.unknown = unknown;
    }

    /** The draft of a schema document ({@link SchemaDialect#of}), draft 2020-12 when there is none or it is not supported. */
    static Draft of(JsonNode root) {
        SchemaDialect dialect = root == null || !root.isObject() ? SchemaDialect.DRAFT_2020_12
                : SchemaDialect.of(root).orElse(SchemaDialect.DRAFT_2020_12);
        for (Draft d : values()) {
            if (d.dialect == dialect) return d;
        }
        throw new IllegalStateException("every dialect has a draft: " + dialect);
    }

    /** Whether a keyword means anything in this draft (every keyword the diff does not know about does). */
    boolean reads(String keyword) {
        return !unknown.contains(keyword);
    }

    String idKeyword() {
        return dialect.idKeyword();
    }

    /**
     * Whether {@code format} (and, from draft-07, {@code contentEncoding}/{@code contentMediaType}) validates. Drafts
     * 04 to 07 let a validator assert them, and the registry's own validator (networknt, used by verify-state) does;
     * from 2019-09 they are annotations unless a vocabulary says otherwise.
     */
    boolean asserts(String annotation) {
        if (this == DRAFT_2019_09 || this == DRAFT_2020_12) return false;
        if (annotation.equals("format")) return true;
        return (annotation.equals("contentEncoding") || annotation.equals("contentMediaType")) && reads(annotation);
    }
}
