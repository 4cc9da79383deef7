package dev.wowcompat.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wowcompat.report.ReplaySummary;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of the {@code release_replays} table (db/migration/V12__replays.sql), one for both backends: a release's
 * replay verdict, replaced by a later one, read with the release, copied by {@code migrate}.
 */
final class ReplayTables {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReplayTables() {}

    /** Stores the verdict unless the release keeps the same one; the release's row lock is the caller's. */
    static ReplayVerdict.Outcome put(Connection c, ReplayVerdict v) throws SQLException {
        if (!registered(c, v.service(), v.version())) return ReplayVerdict.Outcome.NOT_REGISTERED;
        Optional<ReplayVerdict> stored = get(c, v.service(), v.version());
        if (stored.isPresent() && stored.get().sameAs(v)) return ReplayVerdict.Outcome.SAME;
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM release_replays WHERE service = ? AND version = ?")) {
            ps.setString(1, v.service());
            ps.setString(2, v.version());
            ps.executeUpdate();
        }
        insert(c, v);
        return ReplayVerdict.Outcome.STORED;
    }

    /** Stores a verdict copied from another registry unless the release has one already (then false). */
    static boolean copy(Connection c, ReplayVerdict v) throws SQLException {
        if (!registered(c, v.service(), v.version()) || get(c, v.service(), v.version()).isPresent()) return false;
        insert(c, v);
        return true;
    }

    static Optional<ReplayVerdict> get(Connection c, String service, String version) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT service, version, replayed_at, tool_version, aggregates, events, findings, "
                + "stored_at, principal FROM release_replays WHERE service = ? AND version = ?")) {
            ps.setString(1, service);
            ps.setString(2, version);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(verdict(rs)) : Optional.empty();
            }
        }
    }

    /** The verdicts of one service's releases, by version text. */
    static List<ReplayVerdict> ofService(Connection c, String service) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT service, version, replayed_at, tool_version, aggregates, events, findings, "
                + "stored_at, principal FROM release_replays WHERE service = ? ORDER BY version")) {
            ps.setString(1, service);
            try (ResultSet rs = ps.executeQuery()) {
                List<ReplayVerdict> out = new ArrayList<>();
                while (rs.next()) out.add(verdict(rs));
                return out;
            }
        }
    }

    /** Every verdict, by service and version. */
    static List<ReplayVerdict> all(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT service, version, replayed_at, tool_version, aggregates, events, findings, "
                + "stored_at, principal FROM release_replays ORDER BY service, version"); ResultSet rs = ps.executeQuery()) {
            List<ReplayVerdict> out = new ArrayList<>();
            while (rs.next()) out.add(verdict(rs));
            return out;
        }
    }

    private static boolean registered(Connection c, String service, String version) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM releases WHERE service = ? AND version = ?")) {
            ps.setString(1, service);
            ps.setString(2, version);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static void insert(Connection c, ReplayVerdict v) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO release_replays(service, version, replayed_at, tool_version, "
                + "aggregates, events, breaking, findings, stored_at, principal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, v.service());
            ps.setString(2, v.version());
            ReplaySummary s = v.summary();
            ps.setLong(3, s.replayedAt());
            ps.setString(4, s.toolVersion());
            ps.setLong(5, s.aggregates());
            ps.setLong(6, s.events());
            ps.setLong(7, s.breaking());
            ps.setString(8, findingsJson(s.findings()));
            ps.setLong(9, v.storedAt());
            ps.setString(10, v.principal());
            ps.executeUpdate();
        }
    }

    private static ReplayVerdict verdict(ResultSet rs) throws SQLException {
        return new ReplayVerdict(rs.getString(1), rs.getString(2), new ReplaySummary(rs.getLong(3), rs.getString(4), rs.getLong(5),
                rs.getLong(6), findings(rs.getString(7))), rs.getLong(8), rs.getString(9));
    }

    private static String findingsJson(List<ReplaySummary.Found> findings) {
        ArrayNode out = JSON.createArrayNode();
        for (ReplaySummary.Found f : findings) out.addObject().put("id", f.id()).put("severity", f.severity()).put("count", f.count());
        return out.toString();
    }

    private static List<ReplaySummary.Found> findings(String text) throws SQLException {
        try {
            List<ReplaySummary.Found> out = new ArrayList<>();
            for (JsonNode f : JSON.readTree(text)) {
                out.add(new ReplaySummary.Found(f.path("id").asText(), f.path("severity").asText(), f.path("count").asLong()));
            }
            return out;
        } catch (JsonProcessingException e) {
            throw new SQLException("a stored replay's findings are not JSON", e);
        }
    }
}
