package dev.wowcompat.manifest;

/**
 * What one input may cost: bytes, nesting depth of JSON, number of schemas in one Manifest.
 * Every reader of untrusted JSON takes one of these.
 *
 * @param maxBytes largest accepted input, in bytes (the whole file or request body)
 * @param maxDepth deepest accepted nesting of JSON arrays and objects
 * @param maxSchemas most schemas one Manifest may declare (states, commands and event revisions together)
 */
public record InputLimits(long maxBytes, int maxDepth, int maxSchemas) {
    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;
    public static final int DEFAULT_MAX_DEPTH = 500;
    public static final int DEFAULT_MAX_SCHEMAS = 100_000;

    public InputLimits {
        // A zero or negative limit would refuse every input with a confusing message; fail where it is configured.
        if (maxBytes < 1) throw new IllegalArgumentException("maxBytes must be at least 1, was " + maxBytes);
        if (maxDepth < 1) throw new IllegalArgumentException("maxDepth must be at least 1, was " + maxDepth);
        if (maxSchemas < 0) throw new IllegalArgumentException("maxSchemas must not be negative, was " + maxSchemas);
    }

    public static InputLimits defaults() {
        return new InputLimits(DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, DEFAULT_MAX_SCHEMAS);
    }

    public InputLimits withMaxBytes(long bytes) {
        return new InputLimits(bytes, maxDepth, maxSchemas);
    }

    public InputLimits withMaxDepth(int depth) {
        return new InputLimits(maxBytes, depth, maxSchemas);
    }

    public InputLimits withMaxSchemas(int schemas) {
        return new InputLimits(maxBytes, maxDepth, schemas);
    }
}
