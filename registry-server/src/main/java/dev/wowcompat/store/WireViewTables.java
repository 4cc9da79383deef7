package dev.wowcompat.store;

import dev.wowcompat.window.WireWindow;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The SQL that reads the wire tables: what an environment's wire shows, what can-deploy weighs of it, and /metrics. */
final class WireViewTables {
    private WireViewTables() {
    }

    static WireView view(Connection c, String environment, String type, int limit) throws SQLException {
        long records = 0;
        Map<String, Long> byRelease = new TreeMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT release, record_count FROM wire_records WHERE environment = ?")) {
            ps.setString(1, environment);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    records = WireTables.plus(records, rs.getLong(2));
                    byRelease.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        Long since = null;
        Long updated = null;
        long windows = 0;
        try (PreparedStatement ps = c.prepareStatement("SELECT since, updated, windows FROM wire_windows WHERE environment = ?")) {
            ps.setString(1, environment);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    since = rs.getLong(1);
                    updated = rs.getLong(2);
                    windows = rs.getLong(3);
                }
            }
        }
        String ofType = type == null ? "" : " AND type_name = ?";
        List<WireView.Finding> findings = new ArrayList<>();
        // Breaking first, then the most recent: what a reader acts on.
        long moreFindings = rows(c, "SELECT finding, severity, release, type_name, finding_count, first_seen, last_seen, examples "
                + "FROM wire_findings WHERE environment = ?" + ofType + " ORDER BY CASE severity WHEN 'breaking' THEN 0 "
                + "WHEN 'warning' THEN 1 ELSE 2 END, last_seen DESC, finding, release, type_name", environment, type, limit,
                rs -> findings.add(new WireView.Finding(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getLong(5), rs.getLong(6), rs.getLong(7), rs.getString(8))));
        List<WireView.Carried> carried = new ArrayList<>();
        long moreCarried = rows(c, "SELECT kind, type_name, revision, record_count, first_seen, last_seen, first_topic, first_partition, "
                + "first_offset FROM wire_carried WHERE environment = ?" + ofType + " ORDER BY last_seen DESC, kind, type_name, revision",
                environment, type, limit, rs -> carried.add(carried(rs)));
        List<WireView.Partition> partitions = new ArrayList<>();
        long morePartitions = rows(c, "SELECT consumer_group, topic, kafka_partition, next_offset FROM wire_positions "
                + "WHERE environment = ? ORDER BY consumer_group, topic, kafka_partition", environment, null, limit,
                rs -> partitions.add(new WireView.Partition(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getLong(4))));
        List<WireView.Watcher> watchers = new ArrayList<>();
        long moreWatchers = rows(c, "SELECT consumer_group, member, last_window FROM wire_watchers WHERE environment = ? "
                + "ORDER BY last_window DESC, consumer_group, member", environment, null, limit,
                rs -> watchers.add(new WireView.Watcher(rs.getString(1), rs.getString(2), rs.getLong(3))));
        return new WireView(records, since, updated, windows, byRelease, findings, moreFindings, carried, moreCarried, partitions,
                morePartitions, watchers, moreWatchers, WireCounting.lastReset(c, environment));
    }

    private static WireView.Carried carried(ResultSet rs) throws SQLException {
        return new WireView.Carried(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getLong(4), rs.getLong(5), rs.getLong(6),
                new WireWindow.RecordRef(rs.getString(7), rs.getInt(8), rs.getLong(9)));
    }

    private interface Row {
        void accept(ResultSet rs) throws SQLException;
    }

    /** Reads at most {@code limit} rows into {@code row}; returns how many more there were (counted, not read). */
    private static long rows(Connection c, String sql, String environment, String type, int limit, Row row) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql + " LIMIT ?")) {
            int i = 1;
            ps.setString(i++, environment);
            if (type != null) ps.setString(i++, type);
            ps.setInt(i, limit);
            int read = 0;
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    row.accept(rs);
                    read++;
                }
            }
            if (read < limit) return 0;
        }
        String from = sql.substring(sql.indexOf(" FROM "), sql.indexOf(" ORDER BY "));
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*)" + from)) {
            int i = 1;
            ps.setString(i++, environment);
            if (type != null) ps.setString(i, type);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return Math.max(0, rs.getLong(1) - limit);
            }
        }
    }

    /** The group's stored positions, at most {@code limit}, by topic and partition. */
    static List<WireOutcome.Position> positions(Connection c, String environment, String group, int limit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT topic, kafka_partition, next_offset FROM wire_positions "
                + "WHERE environment = ? AND consumer_group = ? AND next_offset >= 0 ORDER BY topic, kafka_partition LIMIT ?")) {
            ps.setString(1, environment);
            ps.setString(2, group);
            ps.setInt(3, limit);
            List<WireOutcome.Position> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(new WireOutcome.Position(rs.getString(1), rs.getInt(2), rs.getLong(3)));
            }
            return out;
        }
    }

    /**
     * A carried type's row is declared by a release that ran in its environment: what {@code wire-unread} weighs is
     * what such releases wrote, never a claim of a release that never ran there (docs/decisions.md, "What a window
     * may claim"). Windows are refused otherwise, so this holds of every row but those kept before that.
     */
    private static final String DECLARED_BY_A_RELEASE_THAT_RAN = "EXISTS (SELECT 1 FROM release_types t JOIN releases r ON r.id = t.release "
            + "JOIN deployments d ON d.service = r.service AND d.version = r.version AND d.environment = wire_carried.environment "
            + "WHERE t.kind = wire_carried.kind AND t.name = wire_carried.type_name AND t.revision = wire_carried.revision)";

    /** The types the wire carried whose last record is at {@code since} or later, by kind, type and revision. */
    static List<WireView.Carried> carriedSince(Connection c, String environment, long since) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT kind, type_name, revision, record_count, first_seen, last_seen, "
                + "first_topic, first_partition, first_offset FROM wire_carried WHERE environment = ? AND last_seen >= ? AND "
                + DECLARED_BY_A_RELEASE_THAT_RAN + " ORDER BY kind, type_name, revision")) {
            ps.setString(1, environment);
            ps.setLong(2, since);
            List<WireView.Carried> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(carried(rs));
            }
            return out;
        }
    }

    /** Every finding kept of one release in the environment. */
    static List<WireView.Finding> findingsOf(Connection c, String environment, String release) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT finding, severity, release, type_name, finding_count, first_seen, "
                + "last_seen, examples FROM wire_findings WHERE environment = ? AND release = ? ORDER BY type_name, finding")) {
            ps.setString(1, environment);
            ps.setString(2, release);
            List<WireView.Finding> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new WireView.Finding(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getLong(5),
                            rs.getLong(6), rs.getLong(7), rs.getString(8)));
                }
            }
            return out;
        }
    }

    /**
     * When the release last ran in the environment: null when it never ran there, {@link Long#MAX_VALUE} while it runs
     * there, else the end of its newest deployment there.
     */
    static Long lastRan(Connection c, String environment, String service, String version) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*), COUNT(ended_at), MAX(ended_at) FROM deployments "
                + "WHERE environment = ? AND service = ? AND version = ?")) {
            ps.setString(1, environment);
            ps.setString(2, service);
            ps.setString(3, version);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (rs.getLong(1) == 0) return null;
                if (rs.getLong(1) > rs.getLong(2)) return Long.MAX_VALUE;
                return rs.getLong(3);
            }
        }
    }

    /** What /metrics shows: records per environment and release, findings per environment, id and severity, the last window. */
    static WireView.Metrics metrics(Connection c) throws SQLException {
        List<WireView.Metric> records = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT environment, release, record_count FROM wire_records ORDER BY environment, release");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) records.add(new WireView.Metric(rs.getString(1), List.of(rs.getString(2)), rs.getLong(3)));
        }
        Map<List<String>, Long> findings = new LinkedHashMap<>();
        // Summed here, not by SQL's SUM, which fails (SQLite: "integer overflow") or turns to a decimal past 2^63.
        try (PreparedStatement ps = c.prepareStatement("SELECT environment, finding, severity, finding_count FROM wire_findings "
                + "ORDER BY environment, finding, severity");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) findings.merge(List.of(rs.getString(1), rs.getString(2), rs.getString(3)), rs.getLong(4), WireTables::plus);
        }
        List<WireView.Metric> byId = new ArrayList<>();
        findings.forEach((k, n) -> byId.add(new WireView.Metric(k.get(0), k.subList(1, 3), n)));
        List<WireView.Metric> last = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT environment, updated FROM wire_windows ORDER BY environment");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) last.add(new WireView.Metric(rs.getString(1), List.of(), rs.getLong(2) / 1000.0));
        }
        return new WireView.Metrics(records, byId, last);
    }
}
