package dev.wowcompat.fingerprint;

import com.fasterxml.jackson.databind.JsonNode;

/** RFC 8785 (JSON Canonicalization Scheme) serialisation of a Jackson tree. */
public final class CanonicalJson {
    private CanonicalJson() {}

    /** The canonical form as UTF-8 bytes. */
    public static byte[] toBytes(JsonNode node) {
        throw new UnsupportedOperationException("TODO canonical json");
    }

    public static String toString(JsonNode node) {
        return new String(toBytes(node), java.nio.charset.StandardCharsets.UTF_8);
    }
}
