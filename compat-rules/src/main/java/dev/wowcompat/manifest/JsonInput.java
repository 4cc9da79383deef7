package dev.wowcompat.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/**
 * Parses untrusted JSON within {@link InputLimits}: size, nesting depth, duplicate keys refused, numbers kept
 * exact (BigDecimal), one readable {@link InputProblem} per failure and never a stack trace.
 */
public final class JsonInput {
    private final InputLimits limits;

    public JsonInput(InputLimits limits) {
        this.limits = limits;
    }

    public JsonNode parse(Path file) throws InvalidInputException {
        throw new UnsupportedOperationException("TODO parse");
    }

    public JsonNode parse(byte[] content, String source) throws InvalidInputException {
        throw new UnsupportedOperationException("TODO parse");
    }
}
