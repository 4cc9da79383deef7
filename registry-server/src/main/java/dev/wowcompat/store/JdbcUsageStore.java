package dev.wowcompat.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** Who declares, reads and runs a type, on the registry's database: the search and usage queries, read only. */
final class JdbcUsageStore implements UsageStore {
    private final Transactions tx;

    JdbcUsageStore(Transactions tx) {
        this.tx = tx;
    }

    @Override
    public List<String> fingerprintsStartingWith(String prefix, int limit) {
        if (!prefix.matches("[0-9a-f]*")) return List.of();
        return tx.read(c -> {
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

    @Override
    public List<TypeMatch> searchTypes(String query, int limit) {
        String pattern = "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        return tx.read(c -> {
            // Exact matches first, then names whose last segment starts with the query, then the rest by length.
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT name, " + tx.dialect().stringAggregate().formatted("kind") + ", " + tx.dialect().stringAggregate().formatted("service")
                            + " FROM type_names WHERE name " + tx.dialect().caseInsensitiveLike() + " ? ESCAPE '\\' GROUP BY name "
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
        return tx.read(c -> {
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
        return tx.read(c -> {
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
        return tx.read(c -> {
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
    public List<RunningRelease> runningReleasesSharing(String environment, java.util.Collection<String> declaringAny,
                                                       java.util.Collection<String> usingAny) {
        return tx.read(c -> {
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
                StoredRelease release = JdbcReleaseStore.findRelease(c, d.service(), d.version())
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

}
