package dev.wowcompat.store;

import dev.wowcompat.manifest.Version;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The releases on the registry's database: registration, withdrawal, the history the check reads, and the copy
 * {@code migrate} makes.
 *
 * <p>Immutability is decided by the database: {@code UNIQUE (service, version)} and an insert that does nothing on
 * conflict. The look-up in the history's read only spares a repeat the check; when the insert finds the version
 * taken after all, the stored row decides between a repeat and a conflict.
 *
 * <p>The check runs on a read of the history, before the registration's transaction (docs/decisions.md, "The
 * registry on PostgreSQL"): the transaction takes its decision as a value and stores by it only while the history
 * still has the mark it was made against.
 */
final class JdbcReleaseStore implements ReleaseStore {
    private final Transactions tx;

    JdbcReleaseStore(Transactions tx) {
        this.tx = tx;
    }

    enum ReleaseState { NOT_REGISTERED, REGISTERED, WITHDRAWN }

    /**
     * Takes the release's row lock (an update that changes nothing) until the transaction ends, and says what the
     * release is: a deployment and a withdrawal of one release thus wait for each other, on either backend.
     */
    static ReleaseState lockRelease(Connection c, String service, String version) throws SQLException {
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
        return tx.logged(c -> {
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
        return tx.logged(c -> lockRelease(c, verdict.service(), verdict.version()) == ReleaseState.NOT_REGISTERED
                ? ReplayVerdict.Outcome.NOT_REGISTERED : ReplayTables.put(c, verdict), o -> o == ReplayVerdict.Outcome.STORED, record);
    }

    @Override
    public Optional<ReplayVerdict> replay(String service, String version) {
        return tx.read(c -> ReplayTables.get(c, service, version));
    }

    @Override
    public List<ReplayVerdict> replays(String service) {
        return tx.read(c -> ReplayTables.ofService(c, service));
    }

    @Override
    public List<ReplayVerdict> exportReplays() {
        return tx.read(ReplayTables::all);
    }

    @Override
    public boolean importReplay(ReplayVerdict verdict) {
        return tx.transaction(c -> {
            lockRelease(c, verdict.service(), verdict.version());
            return ReplayTables.copy(c, verdict);
        }, copied -> copied);
    }

    @Override
    public ReleaseHistory history(String service, Version version) {
        return tx.read(c -> new ReleaseHistory(service,
                history(c, service, (s, versions) -> tx.read(r -> manifestTexts(r, s, versions))),
                findRelease(c, service, version.toString())));
    }

    @Override
    public RegistrationResult register(NewRelease release, CheckedDecision decision, WriteRecord<RegistrationResult> record) {
        try {
            return tx.logged(c -> registerInTransaction(c, release, decision),
                    result -> result.outcome() == RegistrationResult.Outcome.CREATED, record);
        } catch (StoreException e) {
            throw new StoreException("could not store " + release.service() + "@" + release.version() + ": " + e.getMessage(), e);
        }
    }

    /** The history's releases as the transaction compares them: their Manifests are never read there. */
    private static final HistoryRelease.Texts NOT_IN_TRANSACTION = (service, versions) -> {
        throw new IllegalStateException("a registration's transaction reads no Manifest of the history");
    };

    private RegistrationResult registerInTransaction(Connection c, NewRelease release, CheckedDecision checked) throws SQLException {
        tx.lockService(c, release.service());
        Optional<RegistrationResult> repeat = repeatOrConflict(c, release.service(), release.version().toString(), release.contentDigest());
        if (repeat.isPresent()) return repeat.get();
        GateDecision decision = checked.decision();
        // After the lock nothing joins the history until the commit: the verdict holds if the history is the one it read.
        if (!ReleaseHistory.markOf(history(c, release.service(), NOT_IN_TRANSACTION)).equals(checked.historyMark())) {
            return new RegistrationResult(RegistrationResult.Outcome.HISTORY_MOVED, null, decision.reportJson());
        }
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
        return findRelease(c, service, version).map(stored -> RegistrationResult.existing(stored, digest));
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
            Map<Long, StoredRelease> pending = tx.read(c -> {
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
                tx.transaction(c -> {
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
    @Override
    public void exportReleases(java.util.function.Consumer<ExportedRelease> consumer) {
        List<Long> ids = tx.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM releases ORDER BY id"); ResultSet rs = ps.executeQuery()) {
                List<Long> out = new ArrayList<>();
                while (rs.next()) out.add(rs.getLong(1));
                return out;
            }
        });
        for (long id : ids) consumer.accept(tx.read(c -> exported(c, id)));
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
     * Stores a release exported from another store as it was (registration time, report), without a check: it was
     * checked when it was first registered. The version's uniqueness decides as in {@link #register}: CREATED,
     * SAME_CONTENT (already copied) or VERSION_CONFLICT. Before a copy commits, each of its schemas is read back
     * and handed to {@code verify} (fingerprint, canonical JSON as stored); a refusal rolls the copy back.
     */
    @Override
    public RegistrationResult importRelease(ExportedRelease release, java.util.function.BiPredicate<String, String> verify) {
        NewRelease content = release.content();
        return tx.transaction(c -> {
            tx.lockService(c, content.service());
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

    /** @param manifests reads releases' Manifest texts when the check asks for them */
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

    static Optional<StoredRelease> findRelease(Connection c, String service, String version) throws SQLException {
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
        return tx.read(c -> {
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
        return tx.read(c -> {
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
        return tx.read(c -> findRelease(c, service, version));
    }

    @Override
    public Optional<String> schema(String fingerprint) {
        return tx.read(c -> schemaText(c, fingerprint));
    }

    private static Optional<String> schemaText(Connection c, String fingerprint) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT canonical FROM schemas WHERE fingerprint = ?")) {
            ps.setString(1, fingerprint);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }
}
