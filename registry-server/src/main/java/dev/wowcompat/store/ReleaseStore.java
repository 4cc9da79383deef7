package dev.wowcompat.store;

import dev.wowcompat.manifest.Version;
import java.util.List;
import java.util.Optional;

/**
 * The releases the registry keeps: registered, read, withdrawn, copied.
 *
 * <p>Contract for implementations: releases are immutable once stored; a {@link #register} that returns
 * {@link RegistrationResult.Outcome#CREATED} has made the release durable before it returns; registrations of
 * one service are serialized (across every process sharing the database), so a decision is stored only against the
 * history it was made on, and one version is created once.
 */
public interface ReleaseStore {

    /**
     * The service's history for a check of a candidate of {@code version}: a read, in no write transaction. The
     * Manifests of its releases are read when the check asks for them, each read with a connection of its own, so a
     * long check holds none.
     */
    ReleaseHistory history(String service, Version version);

    /**
     * Stores a release or refuses it, by a decision made against a read of the service's history
     * ({@link ReleaseHistory#decided}). Within one service, calls are serialized: a version stored already answers
     * SAME_CONTENT or VERSION_CONFLICT whatever the decision; otherwise, when the history is no longer the one the
     * decision was made against, nothing is stored and the answer is HISTORY_MOVED (read and check again);
     * otherwise the decision stores (CREATED, with {@code record}'s row) or refuses (REFUSED).
     */
    RegistrationResult register(NewRelease release, CheckedDecision decision, WriteRecord<RegistrationResult> record);

    /** {@link #register(NewRelease, CheckedDecision, WriteRecord)} with no write-log row. */
    default RegistrationResult register(NewRelease release, CheckedDecision decision) {
        return register(release, decision, WriteRecord.none());
    }

    List<ServiceSummary> services();

    /** The service's releases, oldest version first; empty when the service is unknown. */
    List<ReleaseSummary> releases(String service);

    Optional<StoredRelease> release(String service, String version);

    /**
     * Keeps what a replay of the release found (docs/decisions.md, "The replay's verdict"), replacing an earlier
     * replay's; nothing changes when the release keeps the same verdict already. Serialized with the release's other
     * writes, in one transaction with its write-log row.
     */
    ReplayVerdict.Outcome recordReplay(ReplayVerdict verdict, WriteRecord<ReplayVerdict.Outcome> record);

    /** The release's replay verdict; empty when it was never replayed (or is not registered). */
    Optional<ReplayVerdict> replay(String service, String version);

    /** The replay verdicts of the service's releases (one query: what its release listing shows); empty when none. */
    List<ReplayVerdict> replays(String service);

    /** The canonical JSON of a schema. */
    Optional<String> schema(String fingerprint);

    /**
     * Indexes what the releases stored without their uses read and send, from their Manifests ({@code usesOf}); run
     * when a node starts, idempotent. Returns how many releases it indexed.
     */
    int indexPendingUses(java.util.function.Function<StoredRelease, List<TypeUse>> usesOf);

    /**
     * Marks a release that no environment ever ran as withdrawn: it stays readable and keeps its version, but is never
     * a baseline or a candidate again (docs/decisions.md, "Withdrawn releases"). Serialized with the deployments of
     * that release, so a release is never both withdrawn and deployed.
     */
    Withdrawal withdraw(String service, String version, WriteRecord<Withdrawal> record);

    default Withdrawal withdraw(String service, String version) {
        return withdraw(service, version, WriteRecord.none());
    }

    /**
     * Every release in the order it was registered, each read when the consumer is ready for it (the whole history
     * is never in memory at once): what {@code migrate} copies.
     */
    void exportReleases(java.util.function.Consumer<ExportedRelease> consumer);

    /**
     * Stores a release exported from another store as it was (registration time, report), without a check: it was
     * checked when it was first registered. The version's uniqueness decides as in {@link #register}: CREATED,
     * SAME_CONTENT (already copied) or VERSION_CONFLICT. Before a copy commits, each of its schemas is read back
     * and handed to {@code verify} (fingerprint, canonical JSON as stored); a refusal rolls the copy back.
     */
    RegistrationResult importRelease(ExportedRelease release, java.util.function.BiPredicate<String, String> verify);

    /** Every release's replay verdict (what {@code migrate} copies, after the releases). */
    List<ReplayVerdict> exportReplays();

    /** Stores a verdict copied from another registry unless its release keeps one already (then false). */
    boolean importReplay(ReplayVerdict verdict);
}
