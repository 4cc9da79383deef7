package dev.wowcompat.diff;

/**
 * Two schemas nest into each other, through {@code $ref}, deeper than one comparison follows
 * ({@link SchemaDiff#MAX_DEPTH} pairs of schemas). Bad input, not a failure: answered like any other refused input
 * (CLI exit 2, HTTP 400 with {@link #CODE}).
 */
public final class SchemaTooDeepException extends IllegalArgumentException {
    /** The stable problem code of this refusal. */
    public static final String CODE = "wow-compat.schema.too-deep-to-compare";

    private final String subject;
    private final String pointer;

    SchemaTooDeepException(String subject, String pointer) {
        super("the old and new schemas nest, through $ref, more than " + SchemaDiff.MAX_DEPTH
                + " levels deep at " + SchemaDocument.show(pointer) + ", more than one comparison follows");
        this.subject = subject;
        this.pointer = pointer;
    }

    /** The subject compared, e.g. {@code bank.account.Deposited@2}. */
    public String subject() {
        return subject;
    }

    /** Where in the new schema the comparison stopped. */
    public String pointer() {
        return pointer;
    }
}
