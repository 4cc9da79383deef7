package dev.wowcompat.manifest;

/**
 * What one input may cost: bytes, nesting depth of JSON, number of schemas in one Manifest.
 * Every reader of untrusted JSON takes one of these.
 *
 * @param maxBytes largest accepted input, in bytes (the whole file or request body)
 * @param maxDepth deepest accepted nesting of JSON arrays and objects
 * @param maxSchemas most schemas one Manifest may declare (states, commands and event revisions together)
 * @param maxTokens most JSON tokens (keys, values and brackets) one document may hold: what bounds the memory of its
 *     parsed tree, whatever its bytes are made of (docs/api.md, "Limits"); 0 for no bound
 */
public record InputLimits(long maxBytes, int maxDepth, int maxSchemas, long maxTokens) {
    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;
    public static final int DEFAULT_MAX_DEPTH = 500;
    public static final int DEFAULT_MAX_SCHEMAS = 100_000;
    /**
     * The registry's bound: a million tokens parse into about 75 MB at worst (members of a few bytes each), so that
     * a request fits the heap docs/deployment.md recommends; the largest benchmark release (5,200 schemas, 6.1 MB)
     * holds about half of it.
     */
    public static final long SERVER_MAX_TOKENS = 1_000_000;

    public InputLimits {
        // A zero or negative limit would refuse every input with a confusing message; fail where it is configured.
        if (maxBytes < 1) throw new IllegalArgumentException("maxBytes must be at least 1, was " + maxBytes);
        if (maxDepth < 1) throw new IllegalArgumentException("maxDepth must be at least 1, was " + maxDepth);
        if (maxSchemas < 0) throw new IllegalArgumentException("maxSchemas must not be negative, was " + maxSchemas);
        if (maxTokens < 0) throw new IllegalArgumentException("maxTokens must not be negative, was " + maxTokens);
    }

    /** No bound on tokens: a file the user reads on their own machine costs only them. */
    public InputLimits(long maxBytes, int maxDepth, int maxSchemas) {
        this(maxBytes, maxDepth, maxSchemas, 0);
    }

    public static InputLimits defaults() {
        return new InputLimits(DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, DEFAULT_MAX_SCHEMAS);
    }

    public InputLimits withMaxBytes(long bytes) {
        return new InputLimits(bytes, maxDepth, maxSchemas, maxTokens);
    }

    public InputLimits withMaxDepth(int depth) {
        return new InputLimits(maxBytes, depth, maxSchemas, maxTokens);
    }

    public InputLimits withMaxSchemas(int schemas) {
        return new InputLimits(maxBytes, maxDepth, schemas, maxTokens);
    }

    public InputLimits withMaxTokens(long tokens) {
        return new InputLimits(maxBytes, maxDepth, maxSchemas, tokens);
    }
}
