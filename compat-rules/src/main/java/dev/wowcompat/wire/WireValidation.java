package dev.wowcompat.wire;

import java.util.List;

/**
 * The answer of {@code POST /validate}.
 *
 * @param structure which wire structure the document is ({@code envelope}, {@code wait-signal}, ...)
 * @param kind the envelope's kind, or the structure for documents that are not envelopes
 * @param format the format version the document carries ({@code format}, or {@code v} on the cluster channel),
 *        null when it carries none
 */
public record WireValidation(boolean valid, String structure, String kind, Integer format, List<Violation> violations) {
    public WireValidation {
        violations = List.copyOf(violations);
    }
}
