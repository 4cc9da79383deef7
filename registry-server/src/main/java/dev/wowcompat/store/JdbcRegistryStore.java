package dev.wowcompat.store;

import dev.wowcompat.manifest.Version;
import dev.wowcompat.window.WireWindow;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The registry's tables and queries, shared by both backends: one SQL for SQLite and PostgreSQL, apart from the
 * few spots a {@link Dialect} names. A backend supplies connections ({@link #read}, {@link #transaction}) and the
 * locks that serialize the registrations of one service ({@link #lockService}) and the deployments of one service in
 * one environment ({@link #lockDeployment}).
 *
 * <p>Immutability is decided by the database: {@code UNIQUE (service, version)} and an insert that does nothing on
 * conflict. The look-up before the gate only spares a repeat the check; when the insert finds the version taken
 * after all, the stored row decides between a repeat and a conflict.
 */
public abstract class JdbcRegistryStore implements RegistryStore {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(JdbcRegistryStore.class);

    /** The few places where SQLite and PostgreSQL spell a query differently. */
    protected record Dialect(String stringAggregate, String caseInsensitiveLike, String forUpdate) {
        // SQLite has no row locks: its one writer at a time (BEGIN IMMEDIATE) already excludes every other.
        static final Dialect SQLITE = new Dialect("group_concat(DISTINCT %s)", "LIKE", "");
        static final Dialect POSTGRESQL = new Dialect("string_agg(DISTINCT %s, ',')", "ILIKE", " FOR UPDATE");
    }

    protected interface Query<T> {
        T run(Connection c) throws SQLException;
    }

    private final Dialect dialect;
    private final SchemaSubjects subjects = new JdbcSchemaSubjects(this);

    protected JdbcRegistryStore(Dialect dialect) {
        this.dialect = dialect;
    }

    @Override
    public SchemaSubjects subjects() {
        return subjects;
    }

    /** Runs a read on a connection in auto-commit mode; a failure to get or use one is a {@link StoreException}. */
    protected abstract <T> T read(Query<T> query);

    /**
     * Runs {@code work} in one transaction, committed when {@code commit} accepts its result and rolled back
     * otherwise (and on any exception).
     */
    protected abstract <T> T transaction(Query<T> work, java.util.function.Predicate<T> commit);

    /** Runs {@code work} on {@code c} as one transaction: committed when {@code commit} accepts its result, else rolled back. */
    protected static <T> T inTransaction(Connection c, Query<T> work, java.util.function.Predicate<T> commit) throws SQLException {
        c.setAutoCommit(false);
        try {
            T result = work.run(c);
            if (commit.test(result)) c.commit();
            else c.rollback();
            return result;
        } catch (SQLException | RuntimeException e) {
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // a broken connection: the database rolls back what it never saw committed
            }
            throw e;
        }
    }

    /**
     * {@link #transaction}, and when the write is committed, its write-log row ({@code record}'s) appended in the
     * same transaction: the write and its row are durable together or not at all.
     */
    private <T> T logged(Query<T> work, java.util.function.Predicate<T> commit, WriteRecord<T> record) {
        return transaction(c -> {
            T result = work.run(c);
            if (commit.test(result)) {
                WriteLogEntry row = record.row(result);
                if (row != null) WriteLogTables.append(c, row);
            }
            return result;
        }, commit);
    }

    /**
     * Blocks until no other registration of {@code service} runs, anywhere, and holds that until the transaction
     * ends: the gate then sees every release committed before and nothing can join the history until the commit.
     */
    protected abstract void lockService(Connection c, String service) throws SQLException;

    /**
     * Blocks until no other deployment write of {@code service} in {@code environment} runs, anywhere, and holds that
     * until the transaction ends: the running deployment read after it is the one the write replaces.
     */
    protected abstract void lockDeployment(Connection c, String environment, String service) throws SQLException;

    @Override
    public DeploymentResult recordDeployment(String environment, String service, String version, WriteRecord<DeploymentResult> record) {
        try {
            return logged(c -> {
                lockDeployment(c, environment, service);
                if (lockRelease(c, service, version) == ReleaseState.WITHDRAWN) {
                    return new DeploymentResult(DeploymentResult.Outcome.RELEASE_WITHDRAWN, null);
                }
                // The time is read once the lock is held: a write that waited for another starts after it.
                return DeploymentTables.record(c, environment, service, version, System.currentTimeMillis());
            }, result -> result.outcome() == DeploymentResult.Outcome.RECORDED, record);
        } catch (StoreException e) {
            throw new StoreException("could not record " + service + "@" + version + " in " + environment + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<EndedDeployment> undeploy(String environment, String service, WriteRecord<EndedDeployment> record) {
        try {
            return logged(c -> {
                lockDeployment(c, environment, service);
                return DeploymentTables.undeploy(c, environment, service, System.currentTimeMillis());
            }, Optional::isPresent, ended -> record.row(ended.orElseThrow()));
        } catch (StoreException e) {
            throw new StoreException("could not undeploy " + service + " from " + environment + ": " + e.getMessage(), e);
        }
    }

    /** Every deployment, history included, in the order they were recorded: what {@code migrate} copies. */
    public List<ExportedDeployment> exportDeployments() {
        return read(c -> DeploymentTables.exported(c, ""));
    }

    /**
     * Stores the deployments of one service in one environment, as exported from another registry (oldest first),
     * unless this one has some already: see {@link ExportedDeployment.Copy}. Their releases must be here first.
     */
    public ExportedDeployment.Copy importDeployments(List<ExportedDeployment> chain) {
        ExportedDeployment first = chain.get(0);
        return transaction(c -> {
            lockDeployment(c, first.environment(), first.service());
            return DeploymentTables.copy(c, chain);
        }, copy -> copy == ExportedDeployment.Copy.COPIED);
    }

    private enum ReleaseState { NOT_REGISTERED, REGISTERED, WITHDRAWN }

    /**
     * Takes the release's row lock (an update that changes nothing) until the transaction ends, and says what the
     * release is: a deployment and a withdrawal of one release thus wait for each other, on either backend.
     */
    private static ReleaseState lockRelease(Connection c, String service, String version) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE releases SET withdrawn_at = withdrawn_at WHERE service = ? AND version = ?")) {
            ps.setString(1, service);
            ps.setString(2, version);
            if (ps.executeUpdate() == 0) return ReleaseState.NOT_REGISTERED;
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT withdrawn_at FROM releases WHERE service = ? AND version = ?")) {
            ps.setString(1, service);
            ps.setString(2, version);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                rs.getLong(1);
                return rs.wasNull() ? ReleaseState.REGISTERED : ReleaseState.WITHDRAWN;
            }
        }
    }

    @Override
    public Withdrawal withdraw(String service, String version, WriteRecord<Withdrawal> record) {
        return logged(c -> {
            ReleaseState state = lockRelease(c, service, version);
            if (state == ReleaseState.NOT_REGISTERED) return Withdrawal.NOT_REGISTERED;
            if (state == ReleaseState.WITHDRAWN) return Withdrawal.ALREADY_WITHDRAWN;
            // A statement of its own after the lock: it sees every deployment committed before the lock was granted.
            try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM deployments WHERE service = ? AND version = ? LIMIT 1")) {
                ps.setString(1, service);
                ps.setString(2, version);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) return Withdrawal.HAS_RUN;
                }
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE releases SET withdrawn_at = ? WHERE service = ? AND version = ?")) {
                ps.setLong(1, System.currentTimeMillis());
                ps.setString(2, service);
                ps.setString(3, version);
                ps.executeUpdate();
            }
            return Withdrawal.WITHDRAWN;
        }, w -> w == Withdrawal.WITHDRAWN, record);
    }

    @Override
    public ReplayVerdict.Outcome recordReplay(ReplayVerdict verdict, WriteRecord<ReplayVerdict.Outcome> record) {
        return logged(c -> lockRelease(c, verdict.service(), verdict.version()) == ReleaseState.NOT_REGISTERED
                ? ReplayVerdict.Outcome.NOT_REGISTERED : ReplayTables.put(c, verdict), o -> o == ReplayVerdict.Outcome.STORED, record);
    }

    @Override
    public Optional<ReplayVerdict> replay(String service, String version) {
        return read(c -> ReplayTables.get(c, service, version));
    }

    @Override
    public List<ReplayVerdict> replays(String service) {
        return read(c -> ReplayTables.ofService(c, service));
    }

    /** Every release's replay verdict (what {@code migrate} copies, after the releases). */
    public List<ReplayVerdict> exportReplays() {
        return read(ReplayTables::all);
    }

    /** Stores a verdict copied from another registry unless its release keeps one already (then false). */
    public boolean importReplay(ReplayVerdict verdict) {
        return transaction(c -> {
            lockRelease(c, verdict.service(), verdict.version());
            return ReplayTables.copy(c, verdict);
        }, copied -> copied);
    }

    @Override
    public int deleteProfiles(String environment, String service, String version, WriteRecord<Integer> record) {
        return logged(c -> {
            lockDeployment(c, environment, service);
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM profiles WHERE environment = ? AND service = ? AND version = ?")) {
                ps.setString(1, environment);
                ps.setString(2, service);
                ps.setString(3, version);
                return ps.executeUpdate();
            }
        }, n -> n > 0, record);
    }

    @Override
    public void appendWrite(WriteLogEntry entry) {
        transaction(c -> {
            WriteLogTables.append(c, entry);
            return true;
        }, ok -> ok);
    }

    @Override
    public void countRefusal(WriteLogEntry entry) {
        transaction(c -> {
            WriteLogTables.count(c, entry);
            return true;
        }, ok -> ok);
    }

    @Override
    public int pruneWriteLog(int keep) {
        if (keep < 1) throw new IllegalArgumentException("the write log keeps at least one row");
        return transaction(c -> WriteLogTables.prune(c, keep), n -> true);
    }

    @Override
    public List<WriteLogEntry> writeLog(WriteLogQuery query) {
        return read(c -> WriteLogTables.page(c, query));
    }

    @Override
    public ProfileMerge mergeProfiles(String environment, dev.wowcompat.profile.ProfileSet profiles, String principal,
                                      WriteRecord<ProfileMerge> record) {
        TreeSet<String> releases = new TreeSet<>();
        for (dev.wowcompat.profile.FieldKey key : profiles.fields().keySet()) releases.add(key.release());
        TreeSet<String> services = new TreeSet<>();
        for (String release : releases) services.add(ProfileTables.release(release)[0]);
        try {
            return logged(c -> {
                // In name order, so that two posts naming the same services on PostgreSQL wait instead of deadlocking.
                for (String service : services) lockDeployment(c, environment, service);
                String unregistered = ProfileTables.unregistered(c, releases);
                if (unregistered != null) return new ProfileMerge(unregistered, 0, 0, Map.of());
                String neverRan = ProfileTables.neverRan(c, environment, releases);
                if (neverRan != null) return ProfileMerge.neverRan(neverRan);
                return ProfileTables.merge(c, environment, profiles, null, MAX_PROFILE_FIELDS_PER_RELEASE, System.currentTimeMillis(), principal);
            }, ProfileMerge::stored, record);
        } catch (StoreException e) {
            throw new StoreException("could not store the profiles posted for " + environment + ": " + e.getMessage(), e);
        }
    }

    @Override
    public WireOutcome applyWindow(String environment, WireWindow window, dev.wowcompat.profile.ProfileSet profiles,
                                   Map<dev.wowcompat.profile.FieldKey, String> leftOut, String principal,
                                   WriteRecord<WireOutcome> record) {
        try {
            return logged(c -> {
                long now = System.currentTimeMillis();
                // Releases are never deleted: one registered now stays so, whatever commits meanwhile.
                String unregistered = WireTables.unregistered(c, window);
                if (unregistered != null) {
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.UNKNOWN_RELEASE, unregistered, 0));
                }
                // Deployments are never deleted: a release that ran by the window's end stays so, whatever commits meanwhile.
                String neverRan = WireTables.neverRan(c, environment, window);
                if (neverRan != null) {
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.RELEASE_NEVER_RAN, neverRan, 0));
                }
                WireWindow.Carried undeclared = WireTables.undeclared(c, window);
                if (undeclared != null) {
                    String type = undeclared.type() + (undeclared.kind().equals("event") ? "@" + undeclared.revision() : "");
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.CARRIED_UNDECLARED,
                            undeclared.kind() + " " + type, 0, undeclared.release()));
                }
                List<WireOutcome.Position> positions = new ArrayList<>();
                int[] added = {0};
                WireOutcome.Stale stale = WireTables.advance(c, dialect.forUpdate(), environment, window, now, positions, added);
                if (stale != null) return WireOutcome.stale(stale);
                WireOutcome.Uncounted uncounted = WireCounting.counted(c, dialect.forUpdate(), environment, window);
                if (uncounted == null) WireTables.span(c, environment, window);
                else WireCounting.lockEnvironment(c, dialect.forUpdate(), environment);
                if (added[0] > 0 && WireTables.tooManyPositions(c, environment, window.group())) {
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.TOO_MANY_POSITIONS, window.group(),
                            MAX_WIRE_POSITIONS));
                }
                if (added[0] > 0 && WireTables.tooManyGroups(c, environment)) {
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.TOO_MANY_GROUPS, window.group(),
                            MAX_WIRE_GROUPS));
                }
                if (uncounted != null) {
                    // Its records were (or are being) counted by a window of another group: its positions advance, and
                    // it adds nothing, its profiles neither (values of the same records).
                    WireTables.watcher(c, environment, window, now);
                    return new WireOutcome(null, null, 0, positions, null, WireOutcome.Dropped.NONE, uncounted);
                }
                WireOutcome.Profiles merged = profiles == null ? null : mergeWindowProfiles(c, environment, profiles, leftOut, now, principal);
                WireOutcome.Dropped dropped;
                try {
                    dropped = WireTables.add(c, dialect.forUpdate(), environment, window, now);
                } catch (WireTables.Overflow e) {
                    return WireOutcome.refused(new WireOutcome.Refused(WireOutcome.Refused.Reason.COUNT_OVERFLOW, e.subject, WireWindow.MAX_COUNT));
                }
                if (dropped.carried() + dropped.findings() > 0) {
                    LOG.warn("a window of {} in {} dropped {} and {}: the environment keeps as many as it may", window.group(), environment,
                            dev.wowcompat.text.Counts.of(dropped.carried(), "carried type"), dev.wowcompat.text.Counts.of(dropped.findings(), "finding"));
                }
                return new WireOutcome(null, null, window.recordCount(), positions, merged, dropped, null);
            }, WireOutcome::accepted, record);
        } catch (StoreException e) {
            throw new StoreException("could not apply the window posted for " + environment + ": " + e.getMessage(), e);
        }
    }

    /**
     * The window's profiles merged as POST profiles merges them, but a field that post would refuse is left out and
     * named instead of refusing the window: its positions must advance whatever its profiles hold.
     */
    private WireOutcome.Profiles mergeWindowProfiles(Connection c, String environment, dev.wowcompat.profile.ProfileSet profiles,
            Map<dev.wowcompat.profile.FieldKey, String> leftOut, long now, String principal) throws SQLException {
        Map<dev.wowcompat.profile.FieldKey, String> dropped = new TreeMap<>(leftOut);
        TreeSet<String> releases = new TreeSet<>();
        for (dev.wowcompat.profile.FieldKey key : profiles.fields().keySet()) if (!dropped.containsKey(key)) releases.add(key.release());
        TreeSet<String> services = new TreeSet<>();
        for (String release : releases) services.add(ProfileTables.release(release)[0]);
        // In name order, as mergeProfiles takes them, so that posts and windows naming the same services wait instead of deadlocking.
        for (String service : services) lockDeployment(c, environment, service);
        Map<String, String> refusedRelease = new TreeMap<>();
        for (String release : releases) {
            TreeSet<String> one = new TreeSet<>(List.of(release));
            if (ProfileTables.unregistered(c, one) != null) refusedRelease.put(release, "wow-compat.release.not-found");
            else if (ProfileTables.neverRan(c, environment, one) != null) refusedRelease.put(release, "wow-compat.profile.release-never-ran");
        }
        for (dev.wowcompat.profile.FieldKey key : profiles.fields().keySet()) {
            String why = refusedRelease.get(key.release());
            if (why != null) dropped.putIfAbsent(key, why);
        }
        ProfileMerge merge = ProfileTables.merge(c, environment, profiles, dropped, MAX_PROFILE_FIELDS_PER_RELEASE, now, principal);
        List<WireOutcome.DroppedField> out = new ArrayList<>();
        dropped.forEach((key, why) -> {
            var profile = profiles.fields().get(key);
            out.add(new WireOutcome.DroppedField(key.release(), key.field().type(), key.field().revision(), key.field().pointer(),
                    profile == null ? 0 : profile.count(), why));
        });
        return new WireOutcome.Profiles(merge.merged(), merge.refusedValues(), merge.fieldsByRelease(), out);
    }

    @Override
    public WireReset resetWire(String environment, String group, String principal, WriteRecord<WireReset> record) {
        try {
            return logged(c -> WireCounting.reset(c, dialect.forUpdate(), environment, group, principal, System.currentTimeMillis()),
                    reset -> true, record);
        } catch (StoreException e) {
            throw new StoreException("could not reset the wire of " + environment + ": " + e.getMessage(), e);
        }
    }

    @Override
    public WireView wire(String environment, String type, int limit) {
        return read(c -> WireTables.view(c, environment, type, limit));
    }

    @Override
    public List<WireOutcome.Position> wirePositions(String environment, String group, int limit) {
        return read(c -> WireTables.positions(c, environment, group, limit));
    }

    @Override
    public WireSince wireSince(String environment, String service, String version, String runningRelease) {
        return read(c -> {
            Long lastRan = WireTables.lastRan(c, environment, service, version);
            List<WireView.Carried> carried = lastRan != null && lastRan == Long.MAX_VALUE ? List.of()
                    : WireTables.carriedSince(c, environment, lastRan == null ? Long.MIN_VALUE : lastRan);
            List<WireView.Finding> findings = runningRelease == null ? List.of() : WireTables.findingsOf(c, environment, runningRelease);
            return new WireSince(lastRan, carried, findings);
        });
    }

    @Override
    public WireView.Metrics wireMetrics() {
        return read(WireTables::metrics);
    }

    @Override
    public StoredProfiles profiles(String environment, String type, Integer revision, String release, int limit) {
        return read(c -> {
            boolean[] truncated = {false};
            dev.wowcompat.profile.ProfileSet set = ProfileTables.profiles(c, environment, type, revision, release, limit, truncated);
            return new StoredProfiles(set, truncated[0]);
        });
    }

    /**
     * Every kept profile row, in key order, one at a time (what {@code migrate} copies). The rows are read in one
     * statement, so the consumer must not write to this store.
     */
    public void exportProfiles(java.util.function.Consumer<ExportedProfile> consumer) {
        read(c -> {
            ProfileTables.exported(c, consumer);
            return null;
        });
    }

    /**
     * The wire of every environment, one environment at a time, in name order (what {@code migrate} copies). Each is
     * read in one transaction of its own, bounded by the environment's bounds on rows.
     */
    public void exportWire(java.util.function.Consumer<ExportedWire> consumer) {
        for (String environment : read(WireTables::wireEnvironments)) consumer.accept(read(c -> WireTables.exported(c, environment)));
    }

    /**
     * Stores one environment's wire, as exported from another registry, in one transaction, unless this one holds
     * some already: see {@link ExportedDeployment.Copy}; the rows are compared whole.
     */
    public ExportedDeployment.Copy importWire(ExportedWire wire) {
        return transaction(c -> WireTables.copy(c, wire), copy -> copy == ExportedDeployment.Copy.COPIED);
    }

    /** Stores a copied profile row unless this store keeps that field already (then false: nothing is merged). */
    public boolean importProfile(ExportedProfile profile) {
        return transaction(c -> {
            lockDeployment(c, profile.environment(), profile.service());
            return ProfileTables.copy(c, profile);
        }, stored -> stored);
    }

    @Override
    public List<ProfiledType> profiledTypes(String environment) {
        return read(c -> ProfileTables.types(c, environment));
    }

    @Override
    public List<EnvironmentSummary> environments() {
        return read(DeploymentTables::environments);
    }

    @Override
    public Optional<EnvironmentView> environment(String name, int historyLimit) {
        return read(c -> DeploymentTables.environment(c, name, historyLimit));
    }

    @Override
    public List<RunningRelease> runningReleases(String environment) {
        return read(c -> DeploymentTables.runningReleases(c, environment));
    }

    @Override
    public List<RunningVersion> runningVersions(String environment) {
        return read(c -> DeploymentTables.runningVersions(c, environment));
    }

    @Override
    public RegistrationResult register(NewRelease release, ReleaseGate gate, WriteRecord<RegistrationResult> record) {
        try {
            return logged(c -> registerInTransaction(c, release, gate),
                    result -> result.outcome() == RegistrationResult.Outcome.CREATED, record);
        } catch (StoreException e) {
            throw new StoreException("could not store " + release.service() + "@" + release.version() + ": " + e.getMessage(), e);
        }
    }

    private RegistrationResult registerInTransaction(Connection c, NewRelease release, ReleaseGate gate) throws SQLException {
        lockService(c, release.service());
        Optional<RegistrationResult> repeat = repeatOrConflict(c, release.service(), release.version().toString(), release.contentDigest());
        if (repeat.isPresent()) return repeat.get();
        GateDecision decision = gate.decide(history(c, release.service(), (s, versions) -> manifestTexts(c, s, versions)));
        if (!decision.accepted()) {
            return new RegistrationResult(RegistrationResult.Outcome.REFUSED, null, decision.reportJson());
        }
        StoredRelease stored = new StoredRelease(release.service(), release.version().toString(), System.currentTimeMillis(),
                release.contentDigest(), release.manifestJson(), decision.reportJson());
        if (!insert(c, stored, release)) {
            return repeatOrConflict(c, release.service(), release.version().toString(), release.contentDigest())
                    .orElseThrow(() -> new StoreException("the insert of " + release.service() + "@" + release.version()
                            + " found the version taken, and then no release under it", null));
        }
        return new RegistrationResult(RegistrationResult.Outcome.CREATED, stored, decision.reportJson());
    }

    /** SAME_CONTENT or VERSION_CONFLICT when the version is stored already, with the stored release and its report. */
    private static Optional<RegistrationResult> repeatOrConflict(Connection c, String service, String version, String digest)
            throws SQLException {
        // A withdrawn version stays taken: sending its content again does not bring it back.
        return findRelease(c, service, version).map(stored -> new RegistrationResult(
                stored.contentDigest().equals(digest) && stored.withdrawnAt() == null
                        ? RegistrationResult.Outcome.SAME_CONTENT : RegistrationResult.Outcome.VERSION_CONFLICT,
                stored, stored.reportJson()));
    }

    /**
     * Inserts a release with its schemas and type rows, or nothing when its version is taken (then false). Shared
     * rows (schemas, names) are inserted in sorted order, so that two transactions inserting overlapping sets on
     * PostgreSQL wait for each other instead of deadlocking.
     */
    private static boolean insert(Connection c, StoredRelease stored, NewRelease release) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO services(name, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING")) {
            ps.setString(1, release.service());
            ps.setLong(2, stored.registeredAt());
            ps.executeUpdate();
        }
        long releaseId;
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO releases(service, version, major, minor, patch, registered_at, content_digest, manifest, report, uses_indexed) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (service, version) DO NOTHING RETURNING id")) {
            Version v = release.version();
            ps.setString(1, release.service());
            ps.setString(2, v.toString());
            ps.setInt(3, v.major());
            ps.setInt(4, v.minor());
            ps.setInt(5, v.patch());
            ps.setLong(6, stored.registeredAt());
            ps.setString(7, release.contentDigest());
            ps.setString(8, release.manifestJson());
            ps.setString(9, stored.reportJson());
            ps.setInt(10, release.uses() == null ? 0 : 1);
            try (ResultSet keys = ps.executeQuery()) {
                if (!keys.next()) return false;
                releaseId = keys.getLong(1);
            }
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO schemas(fingerprint, canonical) VALUES (?, ?) ON CONFLICT DO NOTHING")) {
            for (Map.Entry<String, String> e : new TreeMap<>(release.schemas()).entrySet()) {
                ps.setString(1, e.getKey());
                ps.setString(2, e.getValue());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement types = c.prepareStatement(
                "INSERT INTO release_types(release, kind, name, revision, written, published, upgrades_from, fingerprint) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (TypeRow t : release.types()) {
                types.setLong(1, releaseId);
                types.setString(2, t.kind());
                types.setString(3, t.name());
                types.setInt(4, t.revision());
                types.setInt(5, t.written() ? 1 : 0);
                types.setInt(6, t.published() ? 1 : 0);
                if (t.upgradesFrom() == null) types.setNull(7, Types.INTEGER);
                else types.setInt(7, t.upgradesFrom());
                if (t.fingerprint() == null) types.setNull(8, Types.VARCHAR);
                else types.setString(8, t.fingerprint());
                types.addBatch();
            }
            types.executeBatch();
        }
        try (PreparedStatement names = c.prepareStatement(
                "INSERT INTO type_names(name, kind, service) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
            SortedSet<String> seen = new TreeSet<>();
            for (TypeRow t : release.types()) seen.add(t.name() + "\n" + t.kind());
            for (String nameAndKind : seen) {
                int split = nameAndKind.indexOf('\n');
                names.setString(1, nameAndKind.substring(0, split));
                names.setString(2, nameAndKind.substring(split + 1));
                names.setString(3, release.service());
                names.addBatch();
            }
            names.executeBatch();
        }
        if (release.uses() != null) insertUses(c, releaseId, release.uses());
        return true;
    }

    /** The release's rows of {@code release_uses}; a row already there stays (a back-fill run twice adds nothing). */
    private static void insertUses(Connection c, long releaseId, List<TypeUse> uses) throws SQLException {
        if (uses.isEmpty()) return;
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO release_uses(release, kind, name, revision, aggregate) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
            for (TypeUse u : uses) {
                ps.setLong(1, releaseId);
                ps.setString(2, u.kind());
                ps.setString(3, u.name());
                ps.setInt(4, u.revision());
                ps.setString(5, u.aggregate());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /**
     * Indexes what the releases stored before {@code release_uses} existed read and send (or copied without it), from
     * their Manifests, a hundred at a time: what a node does when it starts. Each release's rows and its mark commit
     * together, so an interrupted run resumes where it stopped and two nodes doing it at once add nothing twice.
     *
     * @param usesOf what a stored release's Manifest reads and sends
     * @return how many releases were indexed
     */
    @Override
    public int indexPendingUses(java.util.function.Function<StoredRelease, List<TypeUse>> usesOf) {
        int indexed = 0;
        while (true) {
            Map<Long, StoredRelease> pending = read(c -> {
                try (PreparedStatement ps = c.prepareStatement("SELECT id, service, version, registered_at, content_digest, manifest, report "
                        + "FROM releases WHERE uses_indexed = 0 ORDER BY id LIMIT 100"); ResultSet rs = ps.executeQuery()) {
                    Map<Long, StoredRelease> out = new java.util.LinkedHashMap<>();
                    while (rs.next()) {
                        out.put(rs.getLong(1), new StoredRelease(rs.getString(2), rs.getString(3), rs.getLong(4), rs.getString(5),
                                rs.getString(6), rs.getString(7)));
                    }
                    return out;
                }
            });
            if (pending.isEmpty()) return indexed;
            for (Map.Entry<Long, StoredRelease> e : pending.entrySet()) {
                List<TypeUse> uses = usesOf.apply(e.getValue());
                transaction(c -> {
                    insertUses(c, e.getKey(), uses);
                    try (PreparedStatement ps = c.prepareStatement("UPDATE releases SET uses_indexed = 1 WHERE id = ?")) {
                        ps.setLong(1, e.getKey());
                        return ps.executeUpdate();
                    }
                }, updated -> true);
                indexed++;
            }
        }
    }

    /**
     * Every release in the order it was registered, each read when the consumer is ready for it (the whole history
     * is never in memory at once).
     */
    public void exportReleases(java.util.function.Consumer<ExportedRelease> consumer) {
        List<Long> ids = read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM releases ORDER BY id"); ResultSet rs = ps.executeQuery()) {
                List<Long> out = new ArrayList<>();
                while (rs.next()) out.add(rs.getLong(1));
                return out;
            }
        });
        for (long id : ids) consumer.accept(read(c -> exported(c, id)));
    }

    private static ExportedRelease exported(Connection c, long id) throws SQLException {
        StoredRelease stored;
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT service, version, registered_at, content_digest, manifest, report FROM releases WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) throw new StoreException("release " + id + " vanished while being read", null);
                stored = storedRelease(rs);
            }
        }
        List<TypeRow> types = new ArrayList<>();
        Map<String, String> schemas = new TreeMap<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT t.kind, t.name, t.revision, t.written, t.published, t.upgrades_from, t.fingerprint, s.canonical "
                        + "FROM release_types t LEFT JOIN schemas s ON s.fingerprint = t.fingerprint WHERE t.release = ? "
                        + "ORDER BY t.kind, t.name, t.revision")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    int upgrades = rs.getInt(6);
                    Integer upgradesFrom = rs.wasNull() ? null : upgrades;
                    types.add(new TypeRow(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4) != 0, rs.getInt(5) != 0,
                            upgradesFrom, rs.getString(7)));
                    if (rs.getString(7) != null) schemas.put(rs.getString(7), rs.getString(8));
                }
            }
        }
        NewRelease content = new NewRelease(stored.service(), Version.parse(stored.version()), stored.contentDigest(),
                stored.manifestJson(), types, schemas, exportedUses(c, id));
        return new ExportedRelease(stored, content);
    }

    /** The release's indexed uses; null when they are not indexed yet (the target indexes them when it starts). */
    private static List<TypeUse> exportedUses(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT uses_indexed FROM releases WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || rs.getInt(1) == 0) return null;
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT kind, name, revision FROM release_uses WHERE release = ? ORDER BY kind, name, revision")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                List<TypeUse> out = new ArrayList<>();
                while (rs.next()) out.add(new TypeUse(rs.getString(1), rs.getString(2), rs.getInt(3)));
                return out;
            }
        }
    }

    /**
     * Stores a release exported from another store as it was (registration time, report), without a gate: it was
     * checked when it was first registered. The version's uniqueness decides as in {@link #register}: CREATED,
     * SAME_CONTENT (already copied) or VERSION_CONFLICT. Before a copy commits, each of its schemas is read back
     * and handed to {@code verify} (fingerprint, canonical JSON as stored); a refusal rolls the copy back.
     */
    public RegistrationResult importRelease(ExportedRelease release, java.util.function.BiPredicate<String, String> verify) {
        NewRelease content = release.content();
        return transaction(c -> {
            lockService(c, content.service());
            if (insert(c, release.stored(), content)) {
                for (String fingerprint : new TreeMap<>(content.schemas()).keySet()) {
                    String stored = schemaText(c, fingerprint).orElse(null);
                    if (stored == null || !verify.test(fingerprint, stored)) {
                        throw new StoreException("schema " + fingerprint + " of " + content.service() + "@" + content.version()
                                + " does not have that fingerprint after copying; nothing of this release was kept", null);
                    }
                }
                return new RegistrationResult(RegistrationResult.Outcome.CREATED, release.stored(), release.stored().reportJson());
            }
            return repeatOrConflict(c, content.service(), content.version().toString(), content.contentDigest()).orElseThrow();
        }, result -> result.outcome() == RegistrationResult.Outcome.CREATED);
    }

    @Override
    public GateDecision dryRun(String service, Version version, ReleaseGate gate) {
        // The Manifests the gate asks for are read with a connection of their own, so a long check holds none.
        List<HistoryRelease> history = read(c -> history(c, service, (s, versions) -> read(r -> manifestTexts(r, s, versions))));
        return gate.decide(history);
    }

    /** @param manifests reads releases' Manifest texts when the gate asks for them */
    private static List<HistoryRelease> history(Connection c, String service, HistoryRelease.Texts manifests)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT service, version, content_digest FROM releases WHERE service = ? AND withdrawn_at IS NULL "
                        + "ORDER BY major, minor, patch")) {
            ps.setString(1, service);
            try (ResultSet rs = ps.executeQuery()) {
                List<HistoryRelease> out = new ArrayList<>();
                while (rs.next()) {
                    String s = rs.getString(1);
                    String v = rs.getString(2);
                    out.add(new HistoryRelease(s, v, rs.getString(3), manifests));
                }
                return out;
            }
        }
    }

    /** Versions named in one query of {@link #manifestTexts}: far below either database's limit on parameters. */
    private static final int VERSIONS_PER_QUERY = 500;

    /**
     * The Manifest texts of some releases of a service, by version, in one query (one per 500 versions): a check that
     * misses the node's cache for a whole history waits for one round trip, not one per release. A version that is
     * not stored is missing from the answer.
     */
    private static Map<String, String> manifestTexts(Connection c, String service, List<String> versions) {
        Map<String, String> out = new java.util.HashMap<>();
        try {
            for (int from = 0; from < versions.size(); from += VERSIONS_PER_QUERY) {
                List<String> some = versions.subList(from, Math.min(versions.size(), from + VERSIONS_PER_QUERY));
                try (PreparedStatement ps = c.prepareStatement("SELECT version, manifest FROM releases WHERE service = ? AND version IN ("
                        + String.join(", ", java.util.Collections.nCopies(some.size(), "?")) + ")")) {
                    ps.setString(1, service);
                    for (int i = 0; i < some.size(); i++) ps.setString(i + 2, some.get(i));
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) out.put(rs.getString(1), rs.getString(2));
                    }
                }
            }
            return out;
        } catch (SQLException e) {
            throw new StoreException("cannot read the releases of " + service + ": " + e.getMessage(), e);
        }
    }

    private static Optional<StoredRelease> findRelease(Connection c, String service, String version) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT service, version, registered_at, content_digest, manifest, report, withdrawn_at FROM releases "
                        + "WHERE service = ? AND version = ?")) {
            ps.setString(1, service);
            ps.setString(2, version);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(storedRelease(rs)) : Optional.empty();
            }
        }
    }

    private static StoredRelease storedRelease(ResultSet rs) throws SQLException {
        return new StoredRelease(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5), rs.getString(6),
                rs.getMetaData().getColumnCount() > 6 ? withdrawnAt(rs, 7) : null);
    }

    private static Long withdrawnAt(ResultSet rs, int column) throws SQLException {
        long at = rs.getLong(column);
        return rs.wasNull() ? null : at;
    }

    @Override
    public List<ServiceSummary> services() {
        return read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT s.name, COUNT(r.id), "
                            + "(SELECT version FROM releases x WHERE x.service = s.name ORDER BY major DESC, minor DESC, patch DESC LIMIT 1), "
                            + "COALESCE(MAX(r.registered_at), 0) "
                            + "FROM services s LEFT JOIN releases r ON r.service = s.name GROUP BY s.name ORDER BY s.name");
                 ResultSet rs = ps.executeQuery()) {
                List<ServiceSummary> out = new ArrayList<>();
                while (rs.next()) out.add(new ServiceSummary(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getLong(4)));
                return out;
            }
        });
    }

    @Override
    public List<ReleaseSummary> releases(String service) {
        return read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT service, version, registered_at, content_digest, report, withdrawn_at FROM releases "
                            + "WHERE service = ? ORDER BY major, minor, patch")) {
                ps.setString(1, service);
                try (ResultSet rs = ps.executeQuery()) {
                    List<ReleaseSummary> out = new ArrayList<>();
                    while (rs.next()) {
                        out.add(new ReleaseSummary(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5), withdrawnAt(rs, 6)));
                    }
                    return out;
                }
            }
        });
    }

    @Override
    public Optional<StoredRelease> release(String service, String version) {
        return read(c -> findRelease(c, service, version));
    }

    @Override
    public Optional<String> schema(String fingerprint) {
        return read(c -> schemaText(c, fingerprint));
    }

    @Override
    public List<String> fingerprintsStartingWith(String prefix, int limit) {
        if (!prefix.matches("[0-9a-f]*")) return List.of();
        return read(c -> {
            // Hex digits only, so the prefix needs no LIKE escaping.
            try (PreparedStatement ps = c.prepareStatement("SELECT fingerprint FROM schemas WHERE fingerprint LIKE ? ORDER BY fingerprint LIMIT ?")) {
                ps.setString(1, prefix + "%");
                ps.setInt(2, limit);
                List<String> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) out.add(rs.getString(1));
                }
                return out;
            }
        });
    }

    private static Optional<String> schemaText(Connection c, String fingerprint) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT canonical FROM schemas WHERE fingerprint = ?")) {
            ps.setString(1, fingerprint);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    @Override
    public List<TypeMatch> searchTypes(String query, int limit) {
        String pattern = "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        return read(c -> {
            // Exact matches first, then names whose last segment starts with the query, then the rest by length.
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT name, " + dialect.stringAggregate().formatted("kind") + ", " + dialect.stringAggregate().formatted("service")
                            + " FROM type_names WHERE name " + dialect.caseInsensitiveLike() + " ? ESCAPE '\\' GROUP BY name "
                            + "ORDER BY lower(name) = lower(?) DESC, length(name), name LIMIT ?")) {
                ps.setString(1, pattern);
                ps.setString(2, query);
                ps.setInt(3, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    List<TypeMatch> out = new ArrayList<>();
                    while (rs.next()) {
                        out.add(new TypeMatch(rs.getString(1), split(rs.getString(2)), split(rs.getString(3))));
                    }
                    return out;
                }
            }
        });
    }

    private static List<String> split(String concatenated) {
        return concatenated == null ? List.of() : Arrays.stream(concatenated.split(",")).sorted().toList();
    }

    @Override
    public List<TypeUsage> typeUsages(String name) {
        return usages("t.name = ?", name);
    }

    @Override
    public List<TypeUsage> fingerprintUsages(String fingerprint) {
        return usages("t.fingerprint = ?", fingerprint);
    }

    private List<TypeUsage> usages(String condition, String value) {
        return read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT r.service, r.version, r.registered_at, t.kind, t.name, t.revision, t.written, t.published, "
                            + "t.upgrades_from, t.fingerprint FROM release_types t JOIN releases r ON r.id = t.release "
                            + "WHERE " + condition + " ORDER BY r.service, r.major, r.minor, r.patch, t.kind, t.name, t.revision")) {
                ps.setString(1, value);
                try (ResultSet rs = ps.executeQuery()) {
                    List<TypeUsage> out = new ArrayList<>();
                    while (rs.next()) {
                        int upgrades = rs.getInt(9);
                        Integer upgradesFrom = rs.wasNull() ? null : upgrades;
                        TypeRow row = new TypeRow(rs.getString(4), rs.getString(5), rs.getInt(6), rs.getInt(7) != 0,
                                rs.getInt(8) != 0, upgradesFrom, rs.getString(10));
                        out.add(new TypeUsage(rs.getString(1), rs.getString(2), rs.getLong(3), row));
                    }
                    return out;
                }
            }
        });
    }

    /** A running row joined from a release: {@code d} is the deployment, columns as {@link #RUNNING_COLUMNS}. */
    private static final String RUNNING_COLUMNS = "d.environment, d.service, d.version, d.deployed_at";
    private static final String RUNNING_OF_RELEASE = "JOIN deployments d ON d.service = r.service AND d.version = r.version AND d.ended_at IS NULL ";

    private static Deployment running(ResultSet rs, int first) throws SQLException {
        return new Deployment(rs.getString(first), rs.getString(first + 1), rs.getString(first + 2), rs.getLong(first + 3), null);
    }

    @Override
    public List<ReadingRelease> eventReaders(String event) {
        return read(c -> {
            List<ReadingRelease> out = new ArrayList<>();
            // The newest release of each service, among the releases that read the event: found from the reading
            // rows, so the answer costs the readers' histories, not the fleet.
            try (PreparedStatement ps = c.prepareStatement("SELECT r.service, r.version, u.revision FROM release_uses u "
                    + "JOIN releases r ON r.id = u.release WHERE u.name = ? AND u.kind = 'event' AND r.id = (SELECT x.id FROM releases x "
                    + "WHERE x.service = r.service ORDER BY x.major DESC, x.minor DESC, x.patch DESC LIMIT 1)")) {
                ps.setString(1, event);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) out.add(new ReadingRelease(rs.getString(1), rs.getString(2), rs.getInt(3), null));
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT r.service, r.version, u.revision, " + RUNNING_COLUMNS
                    + " FROM release_uses u JOIN releases r ON r.id = u.release " + RUNNING_OF_RELEASE
                    + "WHERE u.name = ? AND u.kind = 'event'")) {
                ps.setString(1, event);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) out.add(new ReadingRelease(rs.getString(1), rs.getString(2), rs.getInt(3), running(rs, 4)));
                }
            }
            return out;
        });
    }

    @Override
    public List<Deployment> runningDeclarers(String name, String kind) {
        return read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT " + RUNNING_COLUMNS + " FROM release_types t "
                    + "JOIN releases r ON r.id = t.release " + RUNNING_OF_RELEASE + "WHERE t.name = ? AND t.kind = ?")) {
                ps.setString(1, name);
                ps.setString(2, kind);
                List<Deployment> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) out.add(running(rs, 1));
                }
                return out;
            }
        });
    }

    @Override
    public List<String> environmentNames() {
        return read(c -> {
            // One index probe per environment (a loose index scan), not a pass over every deployment ever recorded.
            try (PreparedStatement ps = c.prepareStatement("WITH RECURSIVE e(name) AS (SELECT MIN(environment) FROM deployments "
                    + "UNION ALL SELECT (SELECT MIN(environment) FROM deployments WHERE environment > e.name) FROM e WHERE e.name IS NOT NULL) "
                    + "SELECT name FROM e WHERE name IS NOT NULL");
                 ResultSet rs = ps.executeQuery()) {
                List<String> out = new ArrayList<>();
                while (rs.next()) out.add(rs.getString(1));
                out.sort(null);
                return out;
            }
        });
    }

    @Override
    public List<RunningRelease> runningReleasesSharing(String environment, java.util.Collection<String> declaringAny,
                                                       java.util.Collection<String> usingAny) {
        return read(c -> {
            Map<String, Deployment> found = new TreeMap<>();
            for (String aggregate : new TreeSet<>(declaringAny)) {
                sharing(c, "release_types t JOIN releases r ON r.id = t.release " + RUNNING_OF_RELEASE
                        + "WHERE t.name = ? AND t.kind = 'aggregate'", environment, aggregate, found);
            }
            for (String aggregate : new TreeSet<>(usingAny)) {
                sharing(c, "release_uses u JOIN releases r ON r.id = u.release " + RUNNING_OF_RELEASE
                        + "WHERE u.aggregate = ?", environment, aggregate, found);
            }
            List<RunningRelease> out = new ArrayList<>();
            for (Deployment d : found.values()) {
                StoredRelease release = findRelease(c, d.service(), d.version())
                        .orElseThrow(() -> new StoreException("release " + d.service() + "@" + d.version() + " is gone", null));
                out.add(new RunningRelease(d, release));
            }
            return out;
        });
    }

    /**
     * Adds the deployments running in the environment that {@code from} (joined to {@code d}, filtered by aggregate)
     * finds. The environment is compared here rather than in SQL: given it, SQLite's planner starts from every release
     * running there instead of from the aggregate's few rows.
     */
    private static void sharing(Connection c, String from, String environment, String aggregate, Map<String, Deployment> found)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT " + RUNNING_COLUMNS + " FROM " + from)) {
            ps.setString(1, aggregate);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(1).equals(environment)) found.putIfAbsent(rs.getString(2), running(rs, 1));
                }
            }
        }
    }

    @Override
    public void ping() {
        read(c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
                return rs.next();
            }
        });
    }

    @Override
    public StoreStats stats() {
        return read(c -> {
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT (SELECT COUNT(*) FROM services), (SELECT COUNT(*) FROM releases), "
                         + "(SELECT COUNT(*) FROM schemas), (SELECT COUNT(*) FROM release_types)")) {
                rs.next();
                return new StoreStats(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4));
            }
        });
    }
}
