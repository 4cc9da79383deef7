package dev.wowcompat.fingerprint;

import com.fasterxml.jackson.databind.JsonNode;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** {@code fingerprint(schema)}: lowercase hex SHA-256 of the RFC 8785 canonical form (docs/architecture.md, "Fingerprints"). */
public final class Fingerprint {
    private Fingerprint() {}

    /**
     * 64 lowercase hex digits.
     *
     * @throws NotCanonicalizableException when the schema has no canonical form (see {@link CanonicalJson})
     */
    public static String of(JsonNode schema) {
        CanonicalWriter writer = new CanonicalWriter();
        writer.write(schema);
        MessageDigest sha256 = sha256();
        writer.digestInto(sha256); // hash the buffer in place rather than copying it out first
        return HexFormat.of().formatHex(sha256.digest());
    }

    /** Whether the text has the form of a fingerprint (64 lowercase hex digits). */
    public static boolean isFingerprint(String text) {
        return text != null && text.matches("[0-9a-f]{64}");
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            // every Java SE platform must provide SHA-256, so this is a broken runtime, not bad input
            throw new IllegalStateException("the Java runtime provides no SHA-256", e);
        }
    }
}
