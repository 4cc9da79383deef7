package dev.wowcompat.store;

import dev.wowcompat.store.EndedDeployment.EndedBy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of the {@code deployments} table, one for both backends. {@link JdbcDeploymentStore} runs the writes inside
 * its transactions, after the lock that serializes the writers of one service in one environment.
 *
 * <p>A deployment never ends before it began: when the clock of the node ending it is behind the one that recorded
 * it (two nodes), the end (and the replacing deployment's start) is moved to the recorded start, so an environment's
 * history reads in order whichever node wrote it.
 */
final class DeploymentTables {
    private DeploymentTables() {}

    /** A running row: its id (what an end or a replacement refers to) and what it says. */
    private record Running(long id, Deployment deployment) {}

    private static final String RUNNING = "SELECT d.id, d.service, d.version, d.deployed_at, p.version, p.deployed_at "
            + "FROM deployments d LEFT JOIN deployments p ON p.id = d.replaced ";

    static DeploymentResult record(Connection c, String environment, String service, String version, long now) throws SQLException {
        if (!releaseExists(c, service, version)) {
            return new DeploymentResult(DeploymentResult.Outcome.RELEASE_NOT_REGISTERED, null);
        }
        Optional<Running> running = running(c, environment, service);
        if (running.isPresent() && running.get().deployment().version().equals(version)) {
            return new DeploymentResult(DeploymentResult.Outcome.ALREADY_RUNNING, running.get().deployment());
        }
        long at = now;
        Deployment.Replaced replaced = null;
        Long replacedId = null;
        if (running.isPresent()) {
            Deployment before = running.get().deployment();
            at = Math.max(now, before.deployedAt());
            end(c, running.get().id(), at, EndedBy.REPLACED);
            replaced = new Deployment.Replaced(before.version(), before.deployedAt());
            replacedId = running.get().id();
        }
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO deployments(environment, service, version, deployed_at, replaced) VALUES (?, ?, ?, ?, ?)")) {
            ps.setString(1, environment);
            ps.setString(2, service);
            ps.setString(3, version);
            ps.setLong(4, at);
            if (replacedId == null) ps.setNull(5, Types.BIGINT);
            else ps.setLong(5, replacedId);
            ps.executeUpdate();
        }
        return new DeploymentResult(DeploymentResult.Outcome.RECORDED, new Deployment(environment, service, version, at, replaced));
    }

    static Optional<EndedDeployment> undeploy(Connection c, String environment, String service, long now) throws SQLException {
        Optional<Running> running = running(c, environment, service);
        if (running.isEmpty()) return Optional.empty();
        Deployment d = running.get().deployment();
        long at = Math.max(now, d.deployedAt());
        end(c, running.get().id(), at, EndedBy.UNDEPLOYED);
        return Optional.of(new EndedDeployment(environment, service, d.version(), d.deployedAt(), at, EndedBy.UNDEPLOYED));
    }

    private static boolean releaseExists(Connection c, String service, String version) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM releases WHERE service = ? AND version = ?")) {
            ps.setString(1, service);
            ps.setString(2, version);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static Optional<Running> running(Connection c, String environment, String service) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(RUNNING + "WHERE d.environment = ? AND d.service = ? AND d.ended_at IS NULL")) {
            ps.setString(1, environment);
            ps.setString(2, service);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Running(rs.getLong(1), deployment(environment, rs))) : Optional.empty();
            }
        }
    }

    /** Columns 2 to 6 of {@link #RUNNING}: service, version, deployed_at, and the replaced row's version and deployed_at. */
    private static Deployment deployment(String environment, ResultSet rs) throws SQLException {
        String replacedVersion = rs.getString(5);
        Deployment.Replaced replaced = replacedVersion == null ? null : new Deployment.Replaced(replacedVersion, rs.getLong(6));
        return new Deployment(environment, rs.getString(2), rs.getString(3), rs.getLong(4), replaced);
    }

    private static void end(Connection c, long id, long at, EndedBy by) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE deployments SET ended_at = ?, ended_by = ? WHERE id = ? AND ended_at IS NULL")) {
            ps.setLong(1, at);
            ps.setString(2, by.label());
            ps.setLong(3, id);
            if (ps.executeUpdate() != 1) {
                throw new StoreException("deployment " + id + " stopped running while its writers were serialized", null);
            }
        }
    }

    private static final String EXPORTED = "SELECT id, environment, service, version, deployed_at, ended_at, ended_by, replaced FROM deployments ";

    /** Every row, in the order they were written; one (environment, service) with {@code where}. */
    static List<ExportedDeployment> exported(Connection c, String where, String... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(EXPORTED + where + " ORDER BY id")) {
            for (int i = 0; i < args.length; i++) ps.setString(i + 1, args[i]);
            try (ResultSet rs = ps.executeQuery()) {
                List<ExportedDeployment> out = new ArrayList<>();
                while (rs.next()) {
                    long ended = rs.getLong(6);
                    Long endedAt = rs.wasNull() ? null : ended;
                    String by = rs.getString(7);
                    long replaced = rs.getLong(8);
                    out.add(new ExportedDeployment(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getLong(5),
                            endedAt, by == null ? null : EndedBy.ofLabel(by), rs.wasNull() ? null : replaced));
                }
                return out;
            }
        }
    }

    /**
     * Copies the deployments of one service in one environment (all rows of one (environment, service), oldest
     * first) unless the target has some already: then they are the same ({@code PRESENT}) or another history
     * ({@code CONFLICT}), and nothing is written.
     */
    static ExportedDeployment.Copy copy(Connection c, List<ExportedDeployment> chain) throws SQLException {
        ExportedDeployment first = chain.get(0);
        List<ExportedDeployment> there = exported(c, "WHERE environment = ? AND service = ?", first.environment(), first.service());
        if (!there.isEmpty()) {
            boolean same = there.size() == chain.size();
            for (int i = 0; same && i < chain.size(); i++) same = there.get(i).sameAs(chain.get(i));
            return same ? ExportedDeployment.Copy.PRESENT : ExportedDeployment.Copy.CONFLICT;
        }
        java.util.Map<Long, Long> newIds = new java.util.HashMap<>();
        for (ExportedDeployment d : chain) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO deployments(environment, service, version, deployed_at,"
                    + " ended_at, ended_by, replaced) VALUES (?, ?, ?, ?, ?, ?, ?)", new String[] {"id"})) {
                ps.setString(1, d.environment());
                ps.setString(2, d.service());
                ps.setString(3, d.version());
                ps.setLong(4, d.deployedAt());
                if (d.endedAt() == null) ps.setNull(5, Types.BIGINT);
                else ps.setLong(5, d.endedAt());
                if (d.endedBy() == null) ps.setNull(6, Types.VARCHAR);
                else ps.setString(6, d.endedBy().label());
                Long replaced = d.replaced() == null ? null : newIds.get(d.replaced());
                if (replaced == null) ps.setNull(7, Types.BIGINT);
                else ps.setLong(7, replaced);
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    if (!keys.next()) throw new StoreException("the copy of a deployment of " + d.service() + " got no id", null);
                    newIds.put(d.id(), keys.getLong(1));
                }
            }
        }
        return ExportedDeployment.Copy.COPIED;
    }

    static List<EnvironmentSummary> environments(Connection c) throws SQLException {
        // An ended row's end is its last change (never before its start), a running row's start is.
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT environment, SUM(CASE WHEN ended_at IS NULL THEN 1 ELSE 0 END), MAX(COALESCE(ended_at, deployed_at)) "
                        + "FROM deployments GROUP BY environment");
             ResultSet rs = ps.executeQuery()) {
            List<EnvironmentSummary> out = new ArrayList<>();
            while (rs.next()) out.add(new EnvironmentSummary(rs.getString(1), rs.getInt(2), rs.getLong(3)));
            // Sorted here, not by ORDER BY: PostgreSQL would sort by its database's collation, SQLite by code point.
            out.sort(Comparator.comparing(EnvironmentSummary::name));
            return out;
        }
    }

    /**
     * Running rows (with what each replaced), then the newest ended ones: one statement, so both are one moment's
     * (each backend reads a statement at once).
     */
    private static final String ENVIRONMENT =
            "SELECT d.id, d.ended_at, d.ended_by, d.service, d.version, d.deployed_at, p.version, p.deployed_at "
                    + "FROM deployments d LEFT JOIN deployments p ON p.id = d.replaced "
                    + "WHERE d.environment = ? AND d.ended_at IS NULL "
                    + "UNION ALL SELECT * FROM (SELECT id, ended_at, ended_by, service, version, deployed_at, "
                    + "CAST(NULL AS TEXT) AS replaced_version, CAST(NULL AS BIGINT) AS replaced_at FROM deployments "
                    + "WHERE environment = ? AND ended_at IS NOT NULL ORDER BY ended_at DESC, id DESC LIMIT ?) AS history";

    static Optional<EnvironmentView> environment(Connection c, String name, int historyLimit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ENVIRONMENT)) {
            ps.setString(1, name);
            ps.setString(2, name);
            ps.setInt(3, historyLimit);
            record Ended(long id, EndedDeployment deployment) {}
            List<Deployment> running = new ArrayList<>();
            List<Ended> history = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long id = rs.getLong(1);
                    long endedAt = rs.getLong(2);
                    if (rs.wasNull()) {
                        String replacedVersion = rs.getString(7);
                        running.add(new Deployment(name, rs.getString(4), rs.getString(5), rs.getLong(6),
                                replacedVersion == null ? null : new Deployment.Replaced(replacedVersion, rs.getLong(8))));
                    } else {
                        history.add(new Ended(id, new EndedDeployment(name, rs.getString(4), rs.getString(5), rs.getLong(6),
                                endedAt, EndedBy.ofLabel(rs.getString(3)))));
                    }
                }
            }
            if (running.isEmpty() && history.isEmpty()) return Optional.empty();
            running.sort(Comparator.comparing(Deployment::service));
            // UNION ALL keeps no order of its own: newest end first, the later-recorded first among equal ends.
            history.sort(Comparator.comparingLong((Ended e) -> e.deployment().endedAt()).thenComparingLong(Ended::id).reversed());
            return Optional.of(new EnvironmentView(name, running, history.stream().map(Ended::deployment).toList()));
        }
    }

    static List<RunningVersion> runningVersions(Connection c, String environment) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT service, version FROM deployments WHERE environment = ? AND ended_at IS NULL ORDER BY service")) {
            ps.setString(1, environment);
            List<RunningVersion> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(new RunningVersion(rs.getString(1), rs.getString(2)));
            }
            return out;
        }
    }

    static List<RunningRelease> runningReleases(Connection c, String environment) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT d.id, d.service, d.version, d.deployed_at, p.version, p.deployed_at, "
                        + "r.registered_at, r.content_digest, r.manifest, r.report "
                        + "FROM deployments d LEFT JOIN deployments p ON p.id = d.replaced "
                        + "JOIN releases r ON r.service = d.service AND r.version = d.version "
                        + "WHERE d.environment = ? AND d.ended_at IS NULL")) {
            ps.setString(1, environment);
            List<RunningRelease> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Deployment d = deployment(environment, rs);
                    out.add(new RunningRelease(d, new StoredRelease(d.service(), d.version(), rs.getLong(7), rs.getString(8),
                            rs.getString(9), rs.getString(10))));
                }
            }
            out.sort(Comparator.comparing((RunningRelease r) -> r.deployment().service()));
            return out;
        }
    }
}
