package dev.wowcompat.manifest;

/**
 * The stable codes of {@link InputProblem}s raised while reading input. They are part of the contract (CLI output,
 * {@code application/problem+json} answers): never rename one, only add.
 */
public final class ProblemCodes {
    private ProblemCodes() {}

    /** The input is bigger than {@link InputLimits#maxBytes()}. */
    public static final String TOO_LARGE = "wow-compat.input.too-large";
    /** More JSON tokens than {@link InputLimits#maxTokens()}: what a parsed document's memory grows with. */
    public static final String TOO_MANY_TOKENS = "wow-compat.input.too-many-tokens";
    /**
     * A string, a number or a key longer than the reader takes (a string: {@link JsonInput#MAX_STRING_CHARS}
     * characters). Not {@link #TOO_LARGE}, which the registry answers 413: the body as a whole may be small enough.
     */
    public static final String VALUE_TOO_LONG = "wow-compat.input.value-too-long";
    /** JSON nested deeper than {@link InputLimits#maxDepth()}. */
    public static final String TOO_DEEP = "wow-compat.input.too-deep";
    /** Not JSON: a syntax error, an empty input, or content after the document. */
    public static final String INVALID_JSON = "wow-compat.input.invalid-json";
    /** An object with the same key twice: which one counts is up to each parser, so neither does. */
    public static final String DUPLICATE_KEY = "wow-compat.input.duplicate-key";
    /** The file cannot be read (missing, a directory, no permission). */
    public static final String UNREADABLE = "wow-compat.input.unreadable";
    /** Not UTF-8, or UTF-8 with a byte-order mark: JSON between systems is UTF-8 without one (RFC 8259 §8.1). */
    public static final String ENCODING = "wow-compat.input.encoding";
    /** A string or key with half of a surrogate pair (U+D83D alone): not Unicode text, not storable. */
    public static final String LONE_SURROGATE = "wow-compat.input.lone-surrogate";
    /** A number with no IEEE 754 double value: beyond about 1.8e308, or so close to 0 that it would become 0. */
    public static final String NUMBER_OUT_OF_RANGE = "wow-compat.input.number-out-of-range";
    /** A Manifest declares more schemas than {@link InputLimits#maxSchemas()}. */
    public static final String TOO_MANY_SCHEMAS = "wow-compat.input.too-many-schemas";

    /** The document's {@code manifest} format is not one this reader knows. */
    public static final String MANIFEST_UNSUPPORTED_FORMAT = "wow-compat.manifest.unsupported-format";
    /** The document does not validate against {@code schemas/manifest.schema.json}. */
    public static final String MANIFEST_INVALID = "wow-compat.manifest.invalid";
    /** Two types of one aggregate would get the same full name (e.g. a command and an event both named Deposit). */
    public static final String MANIFEST_DUPLICATE_NAME = "wow-compat.manifest.duplicate-name";

    /** An embedded schema's {@code $schema} names a dialect other than drafts 04, 06, 07, 2019-09 and 2020-12. */
    public static final String SCHEMA_UNSUPPORTED_DIALECT = "wow-compat.schema.unsupported-dialect";
    /** A {@code $ref} or {@code $dynamicRef} that is not local ({@code #...}): refused, never fetched. */
    public static final String SCHEMA_REMOTE_REF = "wow-compat.schema.remote-ref";
    /** A local {@code $ref} that points at nothing inside its schema. */
    public static final String SCHEMA_UNRESOLVED_REF = "wow-compat.schema.unresolved-ref";
    /**
     * An embedded schema with no RFC 8785 canonical form (a number beyond the double range, a lone surrogate), so no
     * fingerprint can name it.
     */
    public static final String SCHEMA_NOT_CANONICALIZABLE = "wow-compat.schema.not-canonicalizable";
    /**
     * An embedded schema that is not a valid JSON Schema of its dialect (checked against the dialect's meta-schema),
     * or whose {@code pattern} / {@code patternProperties} key is not a regular expression.
     */
    public static final String SCHEMA_INVALID = "wow-compat.schema.invalid";
    /** A keyword one or two edits from a known one ({@code requried}): ignored by JSON Schema, so surely a typo. */
    public static final String SCHEMA_MISSPELT_KEYWORD = "wow-compat.schema.misspelt-keyword";
}
