package dev.wowcompat.store;

import dev.wowcompat.window.WireWindow;
import java.util.List;
import java.util.Optional;

/**
 * Everything the registry keeps. The HTTP API talks only to this interface; its backends are SQLite (one node) and
 * PostgreSQL (several nodes sharing one database), both in {@link JdbcRegistryStore}.
 *
 * <p>Contract for implementations: releases are immutable once stored; a {@link #register} that returns
 * {@link RegistrationResult.Outcome#CREATED} has made the release durable before it returns; registrations of
 * one service are serialized (across every process sharing the database), so the gate always sees the complete
 * history and one version is created once. Deployments are recorded the same way: the writes of one service in one
 * environment are serialized across every process, and at most one release of a service runs in an environment.
 */
public interface RegistryStore extends AutoCloseable {

    /**
     * Stores a release unless the gate refuses it. Within one service, calls are serialized: the gate runs with
     * the service's history as it is at that moment, and nothing can be added to that history until the call ends.
     */
    RegistrationResult register(NewRelease release, ReleaseGate gate, WriteRecord<RegistrationResult> record);

    /** {@link #register(NewRelease, ReleaseGate, WriteRecord)} with no write-log row. */
    default RegistrationResult register(NewRelease release, ReleaseGate gate) {
        return register(release, gate, WriteRecord.none());
    }

    /** Runs the gate against the current history without storing anything (the dry-run check). */
    GateDecision dryRun(String service, dev.wowcompat.manifest.Version version, ReleaseGate gate);

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

    /** Distinct type names containing {@code query} (case-insensitive), at most {@code limit}. */
    List<TypeMatch> searchTypes(String query, int limit);

    /** Every appearance of a type name in every release, ordered by service and version. */
    List<TypeUsage> typeUsages(String name);

    /** Every appearance of a schema fingerprint in every release, ordered by service and version. */
    List<TypeUsage> fingerprintUsages(String fingerprint);

    /** Stored fingerprints that start with {@code prefix} (lowercase hex), in order, at most {@code limit}. */
    List<String> fingerprintsStartingWith(String prefix, int limit);

    /**
     * Records that {@code version} of {@code service} runs in {@code environment} from now on, ending the deployment of
     * the service running there ({@link EndedDeployment.EndedBy#REPLACED}). Nothing changes when that version runs
     * there already, or when the release is not registered. Atomic, and serialized per environment and service across
     * every process sharing the database; durable when it returns {@link DeploymentResult.Outcome#RECORDED}.
     */
    DeploymentResult recordDeployment(String environment, String service, String version, WriteRecord<DeploymentResult> record);

    default DeploymentResult recordDeployment(String environment, String service, String version) {
        return recordDeployment(environment, service, version, WriteRecord.none());
    }

    /** Ends the deployment of {@code service} running in {@code environment} ({@link EndedDeployment.EndedBy#UNDEPLOYED}); empty when none runs. */
    Optional<EndedDeployment> undeploy(String environment, String service, WriteRecord<EndedDeployment> record);

    default Optional<EndedDeployment> undeploy(String environment, String service) {
        return undeploy(environment, service, WriteRecord.none());
    }

    /** Every environment that ever had a deployment, by name. */
    List<EnvironmentSummary> environments();

    /**
     * What runs in the environment and its newest {@code historyLimit} ended deployments, read at one moment;
     * empty when no deployment was ever recorded there.
     */
    Optional<EnvironmentView> environment(String name, int historyLimit);

    /**
     * The releases running in the environment, by service name, each with its stored release (Manifest as
     * registered, content digest), read at one moment: what a can-deploy check compares a candidate with.
     * Empty when nothing runs there.
     */
    List<RunningRelease> runningReleases(String environment);

    /**
     * The service and version of each release running in the environment, by service name, and nothing else: one
     * range of the running deployments' index, so that a can-deploy lists the releases it does not weigh without
     * reading the environment's history or any Manifest. Empty when nothing runs there.
     */
    List<RunningVersion> runningVersions(String environment);

    /**
     * The releases whose Manifest reads the event, one entry per revision read: the newest release of each service
     * that reads it (without {@code running}), then every running release that reads it (with where it runs). Found
     * from the index of what releases read, so the cost follows the readers, not the number of services.
     */
    List<ReadingRelease> eventReaders(String event);

    /** The deployments running anywhere of releases that declare the type (release_types' kind and name). */
    List<Deployment> runningDeclarers(String name, String kind);

    /** The names of every environment that ever had a deployment, sorted. */
    List<String> environmentNames();

    /**
     * The releases running in the environment that declare one of the aggregates {@code declaringAny}, or read or send
     * a type of one of the aggregates {@code usingAny}, by service name: what a candidate shares types with.
     */
    List<RunningRelease> runningReleasesSharing(String environment, java.util.Collection<String> declaringAny,
                                                java.util.Collection<String> usingAny);

    /**
     * Indexes what the releases stored without their uses read and send, from their Manifests ({@code usesOf}); run
     * when a node starts, idempotent. Returns how many releases it indexed.
     */
    int indexPendingUses(java.util.function.Function<StoredRelease, List<TypeUse>> usesOf);

    /** Fields one release keeps per environment; values of further fields are refused (docs/decisions.md, "Meaning drift"). */
    int MAX_PROFILE_FIELDS_PER_RELEASE = 1024;

    /**
     * Merges a profile set (fields attributed to releases, {@code service@version}) into the profiles stored for the
     * environment: a stored field's sketches merge with the posted ones, a new field is stored while its release has
     * fewer than {@link #MAX_PROFILE_FIELDS_PER_RELEASE}. Nothing is stored when a release of the set is not
     * registered. Atomic, and serialized with the deployment writes of each service of the set in the environment.
     */
    ProfileMerge mergeProfiles(String environment, dev.wowcompat.profile.ProfileSet profiles, String principal,
                               WriteRecord<ProfileMerge> record);

    default ProfileMerge mergeProfiles(String environment, dev.wowcompat.profile.ProfileSet profiles, String principal) {
        return mergeProfiles(environment, profiles, principal, WriteRecord.none());
    }

    /** {@link #mergeProfiles(String, dev.wowcompat.profile.ProfileSet, String)} by nobody in particular. */
    default ProfileMerge mergeProfiles(String environment, dev.wowcompat.profile.ProfileSet profiles) {
        return mergeProfiles(environment, profiles, "anonymous");
    }

    /** Removes every profile of one release in one environment; returns how many fields were removed. */
    int deleteProfiles(String environment, String service, String version, WriteRecord<Integer> record);

    default int deleteProfiles(String environment, String service, String version) {
        return deleteProfiles(environment, service, version, WriteRecord.none());
    }

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
     * Appends one entry to the write log (its id is given by the store): for a write that stored nothing. A write
     * that stores passes its {@link WriteRecord} to its own method instead, so that the two are one transaction.
     */
    void appendWrite(WriteLogEntry entry);

    /**
     * Counts one write refused without a valid principal in the write log's row of its route, status and minute
     * (docs/api.md, "GET /write-log"): such writes cost the log one row a minute each, whatever they name.
     */
    void countRefusal(WriteLogEntry entry);

    /** Deletes the write log's oldest rows past the newest {@code keep}; says how many went. */
    int pruneWriteLog(int keep);

    /** A page of the write log, newest first. */
    java.util.List<WriteLogEntry> writeLog(WriteLogQuery query);

    /**
     * A type's stored profiles in an environment: every revision or one ({@code revision} null or not), every release
     * or one ({@code release} {@code service@version}, or null), at most {@code limit} fields.
     */
    StoredProfiles profiles(String environment, String type, Integer revision, String release, int limit);

    /** The types with stored profiles in the environment, by name and revision; empty when none. */
    List<ProfiledType> profiledTypes(String environment);

    /**
     * Positions (topic, partition) one consumer group keeps in an environment: a window that would add one past them is
     * refused whole, since a position cannot be dropped without counting its records again (docs/decisions.md, "The
     * registry watches the wire"). Per group, so that no group can refuse another's new partition.
     */
    int MAX_WIRE_POSITIONS = 10_000;
    /** Consumer groups with positions in one environment: a window of a group past them is refused whole. */
    int MAX_WIRE_GROUPS = 16;
    /** Carried types (kind, type, revision) one environment keeps; a window's further ones are dropped and counted. */
    int MAX_WIRE_CARRIED = 10_000;
    /** Findings (release, type, id) one environment keeps; a window's further ones are dropped and counted. */
    int MAX_WIRE_FINDINGS = 10_000;
    /**
     * Distinct finding ids one environment keeps (the audit has about twenty): what bounds the series of
     * {@code wow_compat_wire_findings_total}. A finding of a further id is dropped and counted.
     */
    int MAX_WIRE_FINDING_IDS = 64;
    /** Watchers (group, member) one environment lists; when a window passes it, the longest silent ones are removed. */
    int MAX_WIRE_WATCHERS = 100;
    /**
     * A watcher whose last window ended this long before the end of a window applied in its environment (or before
     * the registry's clock, when that is earlier) is removed.
     */
    long WIRE_WATCHER_KEPT_MILLIS = 24 * 60 * 60 * 1000L;

    /**
     * Applies one window of the wire (docs/decisions.md, "The registry watches the wire") in one transaction: when every
     * range starts at its partition's stored next offset (a partition with none accepts any), the positions advance to
     * the ranges' ends and the window's counts, findings and profiles are added; otherwise nothing is kept and the
     * outcome names the first stale range. The counts are added only when the window's records were counted by no
     * window of the environment before, of any group (docs/decisions.md, "Each record counts once per environment");
     * else only its positions advance and the outcome says why. Nothing is kept either when the window names a release
     * that is not registered, or would pass {@link #MAX_WIRE_POSITIONS} or {@link #MAX_WIRE_GROUPS}; carried types and
     * findings past the environment's bounds are dropped and counted. Serialized per partition across every process
     * sharing the database.
     *
     * @param profiles the window's profiles, or null; fields of {@code leftOut} are not merged (the caller refused them,
     *     for the reason given), nor are those of a release not registered, never run there, or whose counts would overflow
     */
    WireOutcome applyWindow(String environment, WireWindow window, dev.wowcompat.profile.ProfileSet profiles,
                            java.util.Map<dev.wowcompat.profile.FieldKey, String> leftOut, String principal,
                            WriteRecord<WireOutcome> record);

    /**
     * Resets the environment's wire (docs/api.md, "DELETE /environments/{env}/wire") in one transaction with its
     * write-log row: with {@code group} null, its positions, counts, carried types, findings, watchers and counted
     * marks go; else only that group's positions (it starts again; what it counted stays counted). The reset is kept
     * as the environment's last one.
     */
    WireReset resetWire(String environment, String group, String principal, WriteRecord<WireReset> record);

    /** What the environment's wire carried, each list at most {@code limit} long; findings and carried types of one type when {@code type} is not null. */
    WireView wire(String environment, String type, int limit);

    /** The group's stored next offsets in the environment, at most {@code limit}. */
    List<WireOutcome.Position> wirePositions(String environment, String group, int limit);

    /**
     * What can-deploy weighs of the wire for a candidate: when it last ran there (null: never; {@link Long#MAX_VALUE}:
     * it runs there), the types carried since then, and every finding of {@code runningRelease} (null: none runs).
     */
    WireSince wireSince(String environment, String service, String version, String runningRelease);

    /** The wire's counts of every environment, for /metrics. */
    WireView.Metrics wireMetrics();

    /** What {@link #wireSince} answers. */
    record WireSince(Long lastRan, List<WireView.Carried> carried, List<WireView.Finding> findings) {}

    /** What the Confluent-compatible API keeps and reads (docs/ccompat.md). */
    SchemaSubjects subjects();

    /** Counts for /metrics and /health. */
    StoreStats stats();

    /** Returns when the database answers a trivial query; a {@link StoreException} otherwise (readiness). */
    void ping();

    /** {@code ok}, or what SQLite's (or another backend's) integrity check reports. */
    String integrityCheck();

    @Override
    void close();
}
