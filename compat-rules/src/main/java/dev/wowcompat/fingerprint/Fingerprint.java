package dev.wowcompat.fingerprint;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code fingerprint(schema)}: lowercase hex SHA-256 of the RFC 8785 canonical form (DESIGN §4). */
public final class Fingerprint {
    private Fingerprint() {}

    /** 64 lowercase hex digits. */
    public static String of(JsonNode schema) {
        throw new UnsupportedOperationException("TODO fingerprint");
    }

    /** Whether the text has the form of a fingerprint (64 lowercase hex digits). */
    public static boolean isFingerprint(String text) {
        return text != null && text.matches("[0-9a-f]{64}");
    }
}
