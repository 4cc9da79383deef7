package dev.wowcompat.store;

/**
 * What became of a registration.
 *
 * @param release the stored release: the new one (CREATED), the existing one (SAME_CONTENT, VERSION_CONFLICT),
 *        or null (REFUSED)
 * @param reportJson the report of this registration's check; for SAME_CONTENT and VERSION_CONFLICT the report
 *        stored with the existing release
 */
public record RegistrationResult(Outcome outcome, StoredRelease release, String reportJson) {
    public enum Outcome {
        /** stored now, durably */
        CREATED,
        /** the same version with the same content was already stored: nothing changed */
        SAME_CONTENT,
        /** the version is stored with other content: releases are immutable */
        VERSION_CONFLICT,
        /** the gate refused it (breaking findings): nothing stored */
        REFUSED
    }
}
