package dev.wowcompat.fingerprint;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * RFC 8785 (JSON Canonicalization Scheme) serialisation of a Jackson tree: members sorted by the UTF-16 code
 * units of their names, no whitespace, minimal string escaping, numbers as ECMAScript prints the IEEE-754
 * double they denote (so 1, 1.0 and 1E0 are all {@code 1}, whatever Jackson node holds them).
 *
 * @throws NotCanonicalizableException (an IllegalArgumentException) from every method when the tree holds a
 *     number beyond the double range, a string with a lone surrogate, or a non-JSON node
 */
public final class CanonicalJson {
    private CanonicalJson() {}

    /** The canonical form as UTF-8 bytes. */
    public static byte[] toBytes(JsonNode node) {
        CanonicalWriter writer = new CanonicalWriter();
        writer.write(node);
        return writer.toByteArray();
    }

    public static String toString(JsonNode node) {
        return new String(toBytes(node), java.nio.charset.StandardCharsets.UTF_8);
    }
}
