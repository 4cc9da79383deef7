package dev.wowcompat.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import java.util.ArrayList;
import java.util.Collection;

/**
 * The validator's errors for one document, stopping the validation at {@code cap} of them: a document of a million
 * unknown members would otherwise make (and hold) a million errors, hundreds of bytes and microseconds each, before
 * any is shown (docs/decisions.md, "Bounded answers"). Stopping only happens in a document that is invalid already,
 * so it changes no verdict.
 */
public final class CappedErrors extends ArrayList<Error> {
    /** Errors kept per validation: more than any answer lists (100), so that filters applied later still find theirs. */
    public static final int DEFAULT_CAP = 1_000;

    private final int cap;
    private boolean stopped;

    /** Thrown through the validator to stop it; never leaves {@link #validate}. */
    private static final class Full extends RuntimeException {
        Full() {
            super(null, null, false, false);
        }
    }

    private CappedErrors(int cap) {
        this.cap = cap;
    }

    /** The schema's errors for the instance, the first {@link #DEFAULT_CAP} kept. */
    public static CappedErrors validate(Schema schema, JsonNode instance) {
        CappedErrors errors = new CappedErrors(DEFAULT_CAP);
        // The validator writes into the list it is given; its own sub-validations (anyOf, if) use lists of their own.
        try {
            schema.validate(instance, context -> context.setErrors(errors));
        } catch (Full stop) {
            errors.stopped = true;
        }
        return errors;
    }

    @Override
    public boolean add(Error e) {
        if (size() >= cap) throw new Full();
        return super.add(e);
    }

    @Override
    public boolean addAll(Collection<? extends Error> es) {
        for (Error e : es) add(e);
        return !es.isEmpty();
    }

    /** Whether the validation stopped at the cap: there are more errors than those kept. */
    public boolean stopped() {
        return stopped;
    }
}
