package dev.wowcompat.store;

/**
 * What became of a registration.
 *
 * @param release the stored release: the new one (CREATED), the existing one (SAME_CONTENT, VERSION_CONFLICT),
 *        or null (REFUSED, HISTORY_MOVED)
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
        /** the check refused it (breaking findings): nothing stored */
        REFUSED,
        /**
         * the service's history is no longer the one the check was made against (a release was added or withdrawn
         * since): nothing stored; the caller reads the history again and checks again
         */
        HISTORY_MOVED
    }

    /** The answer when {@code stored} holds the version already: a repeat when its content is {@code digest}'s. */
    static RegistrationResult existing(StoredRelease stored, String digest) {
        // A withdrawn version stays taken: sending its content again does not bring it back.
        return new RegistrationResult(stored.contentDigest().equals(digest) && stored.withdrawnAt() == null
                ? Outcome.SAME_CONTENT : Outcome.VERSION_CONFLICT, stored, stored.reportJson());
    }
}
