package dev.wowcompat.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL of the {@code write_log} table, one for both backends. A write's row is inserted; a refused write without a
 * valid principal adds one to its minute's counted row; the oldest rows past the log's bound are deleted.
 */
final class WriteLogTables {
    private WriteLogTables() {}

    static void append(Connection c, WriteLogEntry e) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO write_log(at, principal, remote_address, route, service, "
                + "version, environment, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setLong(1, e.at());
            ps.setString(2, e.principal());
            ps.setString(3, e.remoteAddress());
            ps.setString(4, e.route());
            ps.setString(5, e.service());
            ps.setString(6, e.version());
            ps.setString(7, e.environment());
            ps.setInt(8, e.status());
            ps.executeUpdate();
        }
    }

    /**
     * Counts one refused write without a valid principal in the row of its route, status and minute (created by the
     * first): what it named is the sender's to choose, so none of it is kept.
     */
    static void count(Connection c, WriteLogEntry e) throws SQLException {
        long minute = Math.floorDiv(e.at(), WriteLogEntry.MINUTE_MILLIS);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO write_log(at, principal, remote_address, route, status, minute, writes) "
                + "VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT (minute, route, status) DO UPDATE SET writes = write_log.writes + 1")) {
            ps.setLong(1, minute * WriteLogEntry.MINUTE_MILLIS);
            ps.setString(2, e.principal());
            ps.setString(3, e.remoteAddress());
            ps.setString(4, e.route());
            ps.setInt(5, e.status());
            ps.setLong(6, minute);
            ps.executeUpdate();
        }
    }

    /**
     * Deletes the rows older than the newest {@code keep}, by id (ids only grow). Counted, not by id arithmetic: on
     * PostgreSQL an id is taken by every insert tried, so ids skip numbers.
     */
    static int prune(Connection c, int keep) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM write_log WHERE id < "
                + "(SELECT id FROM write_log ORDER BY id DESC LIMIT 1 OFFSET ?)")) {
            ps.setInt(1, keep - 1);
            return ps.executeUpdate();
        }
    }

    static List<WriteLogEntry> page(Connection c, WriteLogQuery q) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT id, at, principal, remote_address, route, service, version, environment, status, writes, minute IS NOT NULL "
                + "FROM write_log WHERE 1 = 1");
        List<Object> args = new ArrayList<>();
        filter(sql, args, "service", q.service());
        filter(sql, args, "environment", q.environment());
        filter(sql, args, "principal", q.principal());
        if (q.before() != null) {
            sql.append(" AND id < ?");
            args.add(q.before());
        }
        sql.append(" ORDER BY id DESC LIMIT ?");
        args.add(q.limit());
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) ps.setObject(i + 1, args.get(i));
            try (ResultSet rs = ps.executeQuery()) {
                List<WriteLogEntry> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(new WriteLogEntry(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
                            rs.getString(6), rs.getString(7), rs.getString(8), rs.getInt(9), rs.getLong(10), rs.getBoolean(11)));
                }
                return out;
            }
        }
    }

    private static void filter(StringBuilder sql, List<Object> args, String column, String value) {
        if (value != null) {
            sql.append(" AND ").append(column).append(" = ?");
            args.add(value);
        }
    }
}
