package dev.wowcompat.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A service's history as a registration reads it before its check, outside any write transaction
 * ({@link ReleaseStore#history}).
 *
 * @param releases the service's releases a candidate is checked against (withdrawn ones left out), oldest version
 *        first; their Manifests are read when the check asks for them
 * @param sameVersion the release already stored under the candidate's version, withdrawn or not: then the answer is a
 *        repeat or a conflict, and no check is needed
 */
public record ReleaseHistory(String service, List<HistoryRelease> releases, Optional<StoredRelease> sameVersion) {
    public ReleaseHistory {
        Objects.requireNonNull(service, "service");
        releases = List.copyOf(releases);
        Objects.requireNonNull(sameVersion, "sameVersion");
    }

    /** What identifies this history exactly: see {@link #markOf}. */
    public String mark() {
        return markOf(releases);
    }

    /** The check's verdict on a candidate, made against this history. */
    public CheckedDecision decided(GateDecision decision) {
        return new CheckedDecision(decision, mark());
    }

    /** SAME_CONTENT or VERSION_CONFLICT when the candidate's version is stored already; empty when it is new. */
    public Optional<RegistrationResult> repeatOf(NewRelease candidate) {
        return sameVersion.map(stored -> RegistrationResult.existing(stored, candidate.contentDigest()));
    }

    /**
     * The mark of a history: a SHA-256 of each release's version and content digest, in order. A release is immutable
     * and its version unique in its service, so two histories with one mark hold the same Manifests in the same order;
     * a release added (registered or copied) or withdrawn changes it.
     */
    static String markOf(List<HistoryRelease> releases) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (HistoryRelease r : releases) {
                sha.update((r.version() + "\u0000" + r.contentDigest() + "\n").getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
