package dev.wowcompat.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A JSON Schema as declared in a Manifest, with its fingerprint (lowercase hex SHA-256 of the RFC 8785
 * canonical form). The node must not be mutated after construction: the fingerprint names its content.
 */
public record SchemaDoc(JsonNode schema, String fingerprint) {
    public SchemaDoc {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(fingerprint, "fingerprint");
    }

    /** Fingerprint identity is content identity, so equality compares fingerprints only. */
    @Override
    public boolean equals(Object o) {
        return o instanceof SchemaDoc other && fingerprint.equals(other.fingerprint);
    }

    @Override
    public int hashCode() {
        return fingerprint.hashCode();
    }
}
