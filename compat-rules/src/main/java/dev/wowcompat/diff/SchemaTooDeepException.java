package dev.wowcompat.diff;

/**
 * Two schemas nest into each other, through {@code $ref}, deeper than one comparison follows
 * ({@link SchemaDiff#MAX_DEPTH} pairs of schemas). Bad input, not a failure: answer it like any other refused input.
 */
public final class SchemaTooDeepException extends IllegalArgumentException {
    /** The stable problem code of this refusal. */
    public static final String CODE = "wow-compat.schema.too-deep-to-compare";

    private final String pointer;

    SchemaTooDeepException(String pointer) {
        super("the schemas nest, through $ref, more than " + SchemaDiff.MAX_DEPTH + " levels deep before "
                + SchemaDocument.show(pointer) + ": a comparison follows at most " + SchemaDiff.MAX_DEPTH);
        this.pointer = pointer;
    }

    /** Where in the new schema the comparison stopped. */
    public String pointer() {
        return pointer;
    }
}
