package dev.wowcompat.store;

import dev.wowcompat.manifest.Version;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.flywaydb.core.Flyway;
import org.sqlite.SQLiteConfig;

/**
 * The default backend: one SQLite file in WAL mode with {@code synchronous=FULL}, so a commit is on disk
 * before {@link #register} returns and the API answers 201.
 *
 * <p>SQLite allows one writer at a time. All writes go through one connection under a lock, and each
 * registration is one {@code BEGIN IMMEDIATE} transaction that reads the history, runs the gate and inserts:
 * that serializes registrations (of one service, and of all of them) within this process and, through SQLite's
 * own file lock, across processes sharing the file. Reads use a small pool of their own connections, which WAL
 * lets run while a write is in progress.
 */
public final class SqliteRegistryStore implements RegistryStore {
    private static final int READERS = 4;
    private static final int BUSY_TIMEOUT_MS = 30_000;

    private final Connection writer;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final BlockingQueue<Connection> readers;
    private final List<Connection> allReaders;

    private SqliteRegistryStore(Connection writer, List<Connection> readers) {
        this.writer = writer;
        this.allReaders = List.copyOf(readers);
        this.readers = new ArrayBlockingQueue<>(readers.size(), false, readers);
    }

    /** Opens (creating and migrating when needed) the database file. */
    public static SqliteRegistryStore open(Path file) {
        Path absolute = file.toAbsolutePath();
        try {
            if (absolute.getParent() != null) Files.createDirectories(absolute.getParent());
        } catch (IOException e) {
            throw new StoreException("cannot create the directory of " + absolute + ": " + e.getMessage(), e);
        }
        String url = "jdbc:sqlite:" + absolute;
        try {
            Connection writer = connect(url, SQLiteConfig.TransactionMode.IMMEDIATE);
            migrate(url);
            List<Connection> readers = new ArrayList<>();
            for (int i = 0; i < READERS; i++) readers.add(connect(url, SQLiteConfig.TransactionMode.DEFERRED));
            return new SqliteRegistryStore(writer, readers);
        } catch (SQLException e) {
            throw new StoreException("cannot open the registry database " + absolute + ": " + e.getMessage(), e);
        }
    }

    private static Connection connect(String url, SQLiteConfig.TransactionMode mode) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        // WAL: readers do not block the writer. FULL: the WAL is fsynced at every commit, so an acknowledged
        // registration survives a crash of the process or of the machine.
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        config.enforceForeignKeys(true);
        config.setTransactionMode(mode);
        return config.createConnection(url);
    }

    /** Flyway (its SQLite support is in flyway-core) applies classpath:db/migration/V*.sql in order, once. */
    private static void migrate(String url) {
        Flyway.configure()
                .dataSource(url, null, null)
                .locations("classpath:db/migration")
                .load()
                .migrate();
    }

    @Override
    public RegistrationResult register(NewRelease release, ReleaseGate gate) {
        writeLock.lock();
        try {
            writer.setAutoCommit(false);
            try {
                RegistrationResult result = registerInTransaction(release, gate);
                if (result.outcome() == RegistrationResult.Outcome.CREATED) writer.commit();
                else writer.rollback();
                return result;
            } catch (SQLException | RuntimeException e) {
                writer.rollback();
                throw e;
            } finally {
                writer.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new StoreException("could not store " + release.service() + "@" + release.version() + ": " + e.getMessage(), e);
        } finally {
            writeLock.unlock();
        }
    }

    private RegistrationResult registerInTransaction(NewRelease release, ReleaseGate gate) throws SQLException {
        Optional<StoredRelease> existing = findRelease(writer, release.service(), release.version().toString());
        if (existing.isPresent()) {
            StoredRelease stored = existing.get();
            RegistrationResult.Outcome outcome = stored.contentDigest().equals(release.contentDigest())
                    ? RegistrationResult.Outcome.SAME_CONTENT : RegistrationResult.Outcome.VERSION_CONFLICT;
            return new RegistrationResult(outcome, stored, stored.reportJson());
        }
        GateDecision decision = gate.decide(history(writer, release.service(), (s, v) -> manifestText(writer, s, v)));
        if (!decision.accepted()) {
            return new RegistrationResult(RegistrationResult.Outcome.REFUSED, null, decision.reportJson());
        }
        long now = System.currentTimeMillis();
        try (PreparedStatement ps = writer.prepareStatement("INSERT OR IGNORE INTO services(name, created_at) VALUES (?, ?)")) {
            ps.setString(1, release.service());
            ps.setLong(2, now);
            ps.executeUpdate();
        }
        long releaseId;
        try (PreparedStatement ps = writer.prepareStatement(
                "INSERT INTO releases(service, version, major, minor, patch, registered_at, content_digest, manifest, report) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
            Version v = release.version();
            ps.setString(1, release.service());
            ps.setString(2, v.toString());
            ps.setInt(3, v.major());
            ps.setInt(4, v.minor());
            ps.setInt(5, v.patch());
            ps.setLong(6, now);
            ps.setString(7, release.contentDigest());
            ps.setString(8, release.manifestJson());
            ps.setString(9, decision.reportJson());
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                releaseId = keys.getLong(1);
            }
        }
        try (PreparedStatement ps = writer.prepareStatement("INSERT OR IGNORE INTO schemas(fingerprint, canonical) VALUES (?, ?)")) {
            for (Map.Entry<String, String> e : release.schemas().entrySet()) {
                ps.setString(1, e.getKey());
                ps.setString(2, e.getValue());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement types = writer.prepareStatement(
                "INSERT INTO release_types(release, kind, name, revision, written, published, upgrades_from, fingerprint) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
             PreparedStatement names = writer.prepareStatement(
                     "INSERT OR IGNORE INTO type_names(name, kind, service) VALUES (?, ?, ?)")) {
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
                names.setString(1, t.name());
                names.setString(2, t.kind());
                names.setString(3, release.service());
                names.addBatch();
            }
            types.executeBatch();
            names.executeBatch();
        }
        StoredRelease stored = new StoredRelease(release.service(), release.version().toString(), now,
                release.contentDigest(), release.manifestJson(), decision.reportJson());
        return new RegistrationResult(RegistrationResult.Outcome.CREATED, stored, decision.reportJson());
    }

    @Override
    public GateDecision dryRun(String service, Version version, ReleaseGate gate) {
        // Each Manifest the gate asks for is read with a connection of its own, so a long check holds none.
        List<HistoryRelease> history = read(c -> history(c, service, (s, v) -> read(r -> manifestText(r, s, v))));
        return gate.decide(history);
    }

    /** @param manifests reads one release's Manifest text when the gate asks for it */
    private static List<HistoryRelease> history(Connection c, String service, java.util.function.BinaryOperator<String> manifests)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT service, version, content_digest FROM releases WHERE service = ? ORDER BY major, minor, patch")) {
            ps.setString(1, service);
            try (ResultSet rs = ps.executeQuery()) {
                List<HistoryRelease> out = new ArrayList<>();
                while (rs.next()) {
                    String s = rs.getString(1);
                    String v = rs.getString(2);
                    out.add(new HistoryRelease(s, v, rs.getString(3), () -> manifests.apply(s, v)));
                }
                return out;
            }
        }
    }

    private static String manifestText(Connection c, String service, String version) {
        try {
            return findRelease(c, service, version).map(StoredRelease::manifestJson)
                    .orElseThrow(() -> new StoreException("release " + service + "@" + version + " is gone", null));
        } catch (SQLException e) {
            throw new StoreException("cannot read " + service + "@" + version + ": " + e.getMessage(), e);
        }
    }

    private static Optional<StoredRelease> findRelease(Connection c, String service, String version) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT service, version, registered_at, content_digest, manifest, report FROM releases "
                        + "WHERE service = ? AND version = ?")) {
            ps.setString(1, service);
            ps.setString(2, version);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(storedRelease(rs)) : Optional.empty();
            }
        }
    }

    private static StoredRelease storedRelease(ResultSet rs) throws SQLException {
        return new StoredRelease(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5), rs.getString(6));
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
                    "SELECT service, version, registered_at, content_digest, report FROM releases "
                            + "WHERE service = ? ORDER BY major, minor, patch")) {
                ps.setString(1, service);
                try (ResultSet rs = ps.executeQuery()) {
                    List<ReleaseSummary> out = new ArrayList<>();
                    while (rs.next()) {
                        out.add(new ReleaseSummary(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5)));
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
        return read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT canonical FROM schemas WHERE fingerprint = ?")) {
                ps.setString(1, fingerprint);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public List<TypeMatch> searchTypes(String query, int limit) {
        String pattern = "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        return read(c -> {
            // Exact matches first, then names whose last segment starts with the query, then the rest by length.
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT name, group_concat(DISTINCT kind), group_concat(DISTINCT service) FROM type_names "
                            + "WHERE name LIKE ? ESCAPE '\\' GROUP BY name "
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

    @Override
    public String integrityCheck() {
        return read(c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA integrity_check")) {
                List<String> lines = new ArrayList<>();
                while (rs.next()) lines.add(rs.getString(1));
                return String.join("\n", lines);
            }
        });
    }

    private interface Query<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> T read(Query<T> query) {
        Connection c;
        try {
            c = readers.poll(BUSY_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a database connection", e);
        }
        if (c == null) throw new StoreException("no database connection became free in time", null);
        try {
            return query.run(c);
        } catch (SQLException e) {
            throw new StoreException("registry database read failed: " + e.getMessage(), e);
        } finally {
            readers.add(c);
        }
    }

    @Override
    public void close() {
        writeLock.lock();
        try {
            for (Connection c : allReaders) closeQuietly(c);
            closeQuietly(writer);
        } finally {
            writeLock.unlock();
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing on shutdown: the data is already committed, nothing a caller could do
        }
    }
}
