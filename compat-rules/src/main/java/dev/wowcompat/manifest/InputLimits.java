package dev.wowcompat.manifest;

/**
 * What one input may cost: bytes, nesting depth of JSON, number of schemas in one Manifest.
 * Every reader of untrusted JSON takes one of these.
 */
public record InputLimits(long maxBytes, int maxDepth, int maxSchemas) {
    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;
    public static final int DEFAULT_MAX_DEPTH = 500;
    public static final int DEFAULT_MAX_SCHEMAS = 100_000;

    public static InputLimits defaults() {
        return new InputLimits(DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, DEFAULT_MAX_SCHEMAS);
    }

    public InputLimits withMaxBytes(long bytes) {
        return new InputLimits(bytes, maxDepth, maxSchemas);
    }
}
