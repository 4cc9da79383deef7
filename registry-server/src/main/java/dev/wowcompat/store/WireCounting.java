package dev.wowcompat.store;

import dev.wowcompat.window.WireWindow;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Each record counts once per environment, whichever consumer group read it (docs/decisions.md, "Each record counts
 * once per environment"; db/migration/V9__wire_counted.sql), and an environment's wire can be reset. A window's counts
 * are sums over all its ranges, so a window is counted whole or not at all: it is counted when each of its ranges that
 * holds offsets continues what is counted of its partition.
 */
final class WireCounting {
    private WireCounting() {}

    /**
     * Whether the window's records are its own to count: null when they are, and then its partitions' marks are moved
     * to the ranges' ends and taken by the window's group; else the first range that is not, and no mark moves. A
     * range is not the window's to count when every offset of it was counted already, when some were (it starts below
     * the mark and ends past it), or when another group counts the partition and still holds a position there (a
     * group reset with {@code ?group=} holds none, so the next group reading on from the mark takes the partition).
     * Takes each partition's row, by topic and partition, after the positions: two windows of one partition, of any
     * groups, are decided one after the other.
     */
    static WireOutcome.Uncounted counted(Connection c, String forUpdate, String environment, WireWindow w) throws SQLException {
        List<WireWindow.Range> ranges = WireTables.heldRanges(w);
        WireOutcome.Uncounted first = null;
        try (PreparedStatement placeholder = c.prepareStatement("INSERT INTO wire_counted(environment, topic, kafka_partition, "
                + "counted_to, consumer_group) VALUES (?, ?, ?, -1, '') ON CONFLICT DO NOTHING");
             PreparedStatement read = c.prepareStatement("SELECT counted_to, consumer_group FROM wire_counted WHERE environment = ? "
                     + "AND topic = ? AND kafka_partition = ?" + forUpdate);
             PreparedStatement holds = c.prepareStatement("SELECT 1 FROM wire_positions WHERE environment = ? AND consumer_group = ? "
                     + "AND topic = ? AND kafka_partition = ? AND next_offset >= 0")) {
            for (WireWindow.Range r : ranges) {
                bind(placeholder, environment, r);
                bind(read, environment, r);
                Mark mark = WireTables.take(placeholder, read, rs -> new Mark(rs.getLong(1), rs.getString(2))).row();
                long countedTo = mark.countedTo();
                String countedBy = mark.countedBy();
                // Every row is still taken, in order, once the answer is known: what a concurrent window waits for.
                if (first != null || countedTo < 0) continue;
                WireOutcome.Uncounted.Reason why = null;
                if (r.to() <= countedTo) why = WireOutcome.Uncounted.Reason.COUNTED;
                else if (r.from() < countedTo) why = WireOutcome.Uncounted.Reason.OVERLAP;
                else if (!countedBy.equals(w.group())) {
                    holds.setString(1, environment);
                    holds.setString(2, countedBy);
                    holds.setString(3, r.topic());
                    holds.setInt(4, r.partition());
                    try (ResultSet rs = holds.executeQuery()) {
                        if (rs.next()) why = WireOutcome.Uncounted.Reason.OTHER_GROUP;
                    }
                }
                if (why != null) first = new WireOutcome.Uncounted(r.topic(), r.partition(), why, countedTo, countedBy);
            }
        }
        String sql = first != null
                ? "DELETE FROM wire_counted WHERE environment = ? AND topic = ? AND kafka_partition = ? AND counted_to < 0"
                : "UPDATE wire_counted SET counted_to = ?, consumer_group = ? WHERE environment = ? AND topic = ? AND kafka_partition = ?";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (WireWindow.Range r : ranges) {
                if (first != null) {
                    bind(ps, environment, r);
                } else {
                    ps.setLong(1, r.to());
                    ps.setString(2, w.group());
                    ps.setString(3, environment);
                    ps.setString(4, r.topic());
                    ps.setInt(5, r.partition());
                }
                ps.executeUpdate();
            }
        }
        return first;
    }

    /** A partition's counted mark: the offset counted up to, and the group that counted it. */
    private record Mark(long countedTo, String countedBy) {}

    private static void bind(PreparedStatement ps, String environment, WireWindow.Range r) throws SQLException {
        ps.setString(1, environment);
        ps.setString(2, r.topic());
        ps.setInt(3, r.partition());
    }

    /**
     * Takes the environment's row, as {@link WireTables#span} does, for a window that is not counted: its span and
     * windows are those of counted windows, so nothing of the row changes. A window is uncounted only where a counted
     * one made the row (a reset removes the marks with it).
     */
    static void lockEnvironment(Connection c, String forUpdate, String environment) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT windows FROM wire_windows WHERE environment = ?" + forUpdate)) {
            ps.setString(1, environment);
            ps.executeQuery().close();
        }
    }

    /**
     * Resets the environment's wire (docs/api.md, "DELETE /environments/{env}/wire"): with {@code group} null, every
     * row of it (positions, counts, carried types, findings, watchers, counted marks); else that group's positions
     * only, so it starts again while what it counted stays counted. Then notes the reset. Takes the rows in the order
     * windows take them (positions, counted marks, the environment's row), so a window applied meanwhile waits or is
     * waited for, never deadlocks.
     */
    static WireReset reset(Connection c, String forUpdate, String environment, String group, String principal, long now)
            throws SQLException {
        String ofGroup = group == null ? "" : " AND consumer_group = ?";
        try (PreparedStatement ps = c.prepareStatement("SELECT next_offset FROM wire_positions WHERE environment = ?" + ofGroup
                + " ORDER BY consumer_group, topic, kafka_partition" + forUpdate)) {
            ps.setString(1, environment);
            if (group != null) ps.setString(2, group);
            ps.executeQuery().close();
        }
        if (group == null) {
            try (PreparedStatement ps = c.prepareStatement("SELECT counted_to FROM wire_counted WHERE environment = ? "
                    + "ORDER BY topic, kafka_partition" + forUpdate)) {
                ps.setString(1, environment);
                ps.executeQuery().close();
            }
            lockEnvironment(c, forUpdate, environment);
        }
        long positions;
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM wire_positions WHERE environment = ?" + ofGroup)) {
            ps.setString(1, environment);
            if (group != null) ps.setString(2, group);
            positions = ps.executeUpdate();
        }
        if (group == null) {
            for (String table : List.of("wire_counted", "wire_records", "wire_carried", "wire_findings", "wire_watchers", "wire_windows")) {
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE environment = ?")) {
                    ps.setString(1, environment);
                    ps.executeUpdate();
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO wire_resets(environment, reset_at, principal, consumer_group) "
                + "VALUES (?, ?, ?, ?) ON CONFLICT (environment) DO UPDATE SET reset_at = excluded.reset_at, "
                + "principal = excluded.principal, consumer_group = excluded.consumer_group")) {
            ps.setString(1, environment);
            ps.setLong(2, now);
            ps.setString(3, principal);
            ps.setString(4, group == null ? "" : group);
            ps.executeUpdate();
        }
        return new WireReset(environment, group, now, principal, positions);
    }

    /** The environment's last reset, or null when it was never reset. */
    static WireView.Reset lastReset(Connection c, String environment) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT reset_at, principal, consumer_group FROM wire_resets WHERE environment = ?")) {
            ps.setString(1, environment);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return null;
                return new WireView.Reset(rs.getLong(1), rs.getString(2), rs.getString(3).isEmpty() ? null : rs.getString(3));
            }
        }
    }
}
