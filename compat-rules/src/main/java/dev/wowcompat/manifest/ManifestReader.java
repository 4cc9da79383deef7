package dev.wowcompat.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/**
 * Reads a Manifest (format 1, DESIGN §3): parses within the limits, validates against
 * {@code schemas/manifest.schema.json}, checks names, refuses remote {@code $ref}s, fingerprints every schema.
 * Thread-safe; build one and reuse it.
 */
public final class ManifestReader {
    private final InputLimits limits;

    public ManifestReader(InputLimits limits) {
        this.limits = limits;
    }

    public ManifestReader() {
        this(InputLimits.defaults());
    }

    public InputLimits limits() {
        return limits;
    }

    public Manifest read(Path file) throws InvalidInputException {
        throw new UnsupportedOperationException("TODO read manifest");
    }

    /** @param source the name to show in problems (file name, URL, request) */
    public Manifest read(byte[] content, String source) throws InvalidInputException {
        throw new UnsupportedOperationException("TODO read manifest");
    }

    public Manifest read(JsonNode document, String source) throws InvalidInputException {
        throw new UnsupportedOperationException("TODO read manifest");
    }
}
