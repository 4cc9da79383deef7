package dev.wowcompat.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The meta-schema of every {@link SchemaDialect}, compiled once from the copies bundled in the validator's jar
 * (nothing is fetched: {@link ManifestSchema#offlineRegistry()} refuses every other IRI). Immutable and
 * thread-safe, so one instance serves every reader of the process.
 */
final class MetaSchemas {
    private final Map<SchemaDialect, Schema> byDialect = new EnumMap<>(SchemaDialect.class);

    private MetaSchemas(SchemaRegistry registry) {
        for (SchemaDialect d : SchemaDialect.values()) {
            Schema meta = registry.getSchema(SchemaLocation.of(d.metaSchemaId()));
            // Resolve every $ref now, so that concurrent first validations do not race to do it.
            meta.initializeValidators();
            byDialect.put(d, meta);
        }
    }

    private static final class Shared {
        static final MetaSchemas INSTANCE = new MetaSchemas(ManifestSchema.offlineRegistry());
    }

    /** The process's instance, built on first use (compiling five meta-schemas takes a moment). */
    static MetaSchemas shared() {
        return Shared.INSTANCE;
    }

    /**
     * Schemas nested at most this deep are validated on the caller's thread. The validator recurses once per
     * level (several frames each), which a default thread stack holds comfortably up to here.
     */
    static final int INLINE_DEPTH = 64;
    /** Stack for each level of a deeper schema, generously above what the validator was measured to need. */
    private static final long STACK_PER_LEVEL = 64 * 1024;

    /**
     * Adds one problem per place in {@code schema} that its dialect's meta-schema refuses. A value refused for
     * several reasons (a {@code type} that is neither a type name nor an array of them) is one problem, with the
     * validator's first reason.
     *
     * @param depth how deep subschemas nest in {@code schema}, which sizes the stack the validator needs
     * @param pointer where {@code schema} sits in the input
     */
    void check(JsonNode schema, SchemaDialect dialect, int depth, String pointer, String source, List<InputProblem> out) {
        Schema meta = byDialect.get(dialect);
        List<Error> errors;
        try {
            errors = depth <= INLINE_DEPTH ? meta.validate(schema) : validateOnOwnStack(meta, schema, depth);
        } catch (StackOverflowError e) {
            out.add(new InputProblem(source, pointer, ProblemCodes.TOO_DEEP, "subschemas nest " + depth
                    + " levels deep, too deep to check against the " + dialect.label() + " meta-schema"));
            return;
        }
        if (errors.isEmpty()) return;
        Map<String, Error> first = new LinkedHashMap<>();
        for (Error e : errors) first.putIfAbsent(ManifestSchema.pointer(e.getInstanceLocation()), e);
        for (Map.Entry<String, Error> e : first.entrySet()) {
            if (isUnchosenAlternative(e.getValue(), e.getKey(), first.keySet())) continue;
            out.add(new InputProblem(source, pointer + e.getKey(), ProblemCodes.SCHEMA_INVALID,
                    "not a valid " + dialect.label() + " schema: " + e.getValue().getMessage()));
        }
    }

    /**
     * Where a keyword takes one of several forms ({@code items}: a schema, or in draft-07 an array of them), the
     * validator reports the form not taken beside the real fault inside the one taken; only the latter helps.
     */
    private static boolean isUnchosenAlternative(Error e, String pointer, java.util.Set<String> pointers) {
        String path = ManifestSchema.pointer(e.getEvaluationPath()) + " " + e.getSchemaLocation();
        if (!path.contains("/anyOf/") && !path.contains("/oneOf/")) return false;
        for (String other : pointers) {
            if (other.startsWith(pointer + "/")) return true;
        }
        return false;
    }

    /**
     * A deep schema (legal up to the input's nesting limit) is validated on a thread of its own whose stack is
     * sized to its depth, so that no depth the limits admit can overflow the caller's stack.
     */
    private static List<Error> validateOnOwnStack(Schema meta, JsonNode schema, int depth) {
        AtomicReference<List<Error>> errors = new AtomicReference<>();
        AtomicReference<StackOverflowError> overflow = new AtomicReference<>();
        Thread worker = new Thread(null, () -> {
            try {
                errors.set(meta.validate(schema));
            } catch (StackOverflowError e) {
                overflow.set(e);
            }
        }, "wow-compat-meta-schema", (1 << 20) + STACK_PER_LEVEL * depth);
        worker.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking a schema against its meta-schema", e);
        }
        if (overflow.get() != null) throw overflow.get();
        return errors.get();
    }
}
