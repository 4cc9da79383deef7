package dev.wowcompat.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.window.WireWindow;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The SQL of the wire tables (db/migration/V6__wire.sql), one for both backends. A window touches one row per range,
 * release, carried type, finding, watcher and environment: its cost is its own size, never the history's.
 *
 * <p>Every row a window changes is locked in one global order (positions by topic and partition, then the counted
 * marks by topic and partition ({@link WireCounting}), then the environment's row, then records, carried types and
 * findings by key, then the watcher), so two windows applied at once on two nodes wait for each other instead of
 * deadlocking. A position that does not exist yet is first inserted as a placeholder ({@code ON CONFLICT DO NOTHING},
 * which on PostgreSQL waits for another transaction inserting the same key), then read locked: the read sees what a
 * concurrent window committed. Every window of an environment holds its row from then on, so the environment's bounds
 * are counted by one window at a time: a count read under it is exact on either backend.
 */
final class WireTables {
    /** The examples a finding keeps: the first ones posted. */
    static final int MAX_EXAMPLES = 5;
    private static final ObjectMapper JSON = new ObjectMapper();

    private WireTables() {}

    /**
     * Checks each range's {@code from} against its partition's stored next offset (a partition without one accepts
     * any) and advances them to {@code to}: the first mismatch, or null when each one matched and every position
     * is now advanced.
     */
    static WireOutcome.Stale advance(Connection c, String forUpdate, String environment, WireWindow w, long now,
            List<WireOutcome.Position> advanced, int[] added) throws SQLException {
        try (PreparedStatement placeholder = c.prepareStatement("INSERT INTO wire_positions(environment, consumer_group, topic, "
                + "kafka_partition, next_offset, updated_at) VALUES (?, ?, ?, ?, -1, ?) ON CONFLICT DO NOTHING");
             PreparedStatement read = c.prepareStatement("SELECT next_offset FROM wire_positions WHERE environment = ? "
                     + "AND consumer_group = ? AND topic = ? AND kafka_partition = ?" + forUpdate);
             PreparedStatement write = c.prepareStatement("UPDATE wire_positions SET next_offset = ?, updated_at = ? "
                     + "WHERE environment = ? AND consumer_group = ? AND topic = ? AND kafka_partition = ?")) {
            for (WireWindow.Range r : heldRanges(w)) {
                bind(placeholder, environment, w.group(), r);
                placeholder.setLong(5, now);
                bind(read, environment, w.group(), r);
                Taken<Long> taken = take(placeholder, read, rs -> rs.getLong(1));
                if (taken.inserted()) added[0]++;
                long stored = taken.row();
                if (stored >= 0 && stored != r.from()) return new WireOutcome.Stale(r.topic(), r.partition(), stored, r.from());
                write.setLong(1, r.to());
                write.setLong(2, now);
                write.setString(3, environment);
                write.setString(4, w.group());
                write.setString(5, r.topic());
                write.setInt(6, r.partition());
                write.executeUpdate();
                advanced.add(new WireOutcome.Position(r.topic(), r.partition(), r.to()));
            }
        }
        return null;
    }

    /**
     * The window's ranges that hold offsets, in the order every window takes their rows (positions, then counted
     * marks): by topic, then partition. A range of no offset carries nothing: it neither needs nor makes a position or
     * a mark (docs/api.md, "What a window may claim").
     */
    static List<WireWindow.Range> heldRanges(WireWindow w) {
        List<WireWindow.Range> ranges = new ArrayList<>();
        for (WireWindow.Range r : w.ranges()) if (r.to() > r.from()) ranges.add(r);
        ranges.sort(Comparator.comparing(WireWindow.Range::topic).thenComparingInt(WireWindow.Range::partition));
        return ranges;
    }

    /** A row as a statement reads it. */
    @FunctionalInterface
    interface RowReader<T> {
        T read(ResultSet rs) throws SQLException;
    }

    /** A range's row once taken: whether its placeholder was inserted just now, and the row as it was read. */
    record Taken<T>(boolean inserted, T row) {}

    /**
     * Takes a range's row, both statements bound by the caller: {@code placeholder} inserts it when it is missing
     * ({@code ON CONFLICT DO NOTHING}, which on PostgreSQL waits for another transaction inserting the same key), then
     * {@code read} reads it locked, so the read sees what a concurrent window committed.
     */
    static <T> Taken<T> take(PreparedStatement placeholder, PreparedStatement read, RowReader<T> row) throws SQLException {
        boolean inserted = placeholder.executeUpdate() > 0;
        try (ResultSet rs = read.executeQuery()) {
            rs.next();
            return new Taken<>(inserted, row.read(rs));
        }
    }

    private static void bind(PreparedStatement ps, String environment, String group, WireWindow.Range r) throws SQLException {
        ps.setString(1, environment);
        ps.setString(2, group);
        ps.setString(3, r.topic());
        ps.setInt(4, r.partition());
    }

    /**
     * Counts the window in the environment's row (its span, how many windows), taking that row's lock: every window
     * of the environment takes it right after its positions and counted marks ({@link WireCounting#counted}; an
     * uncounted window takes it with {@link WireCounting#lockEnvironment}), so what follows (the bounds) is decided by one window of
     * the environment at a time.
     */
    static void span(Connection c, String environment, WireWindow w) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO wire_windows(environment, since, updated, windows) VALUES (?, ?, ?, 1) "
                + "ON CONFLICT (environment) DO UPDATE SET windows = wire_windows.windows + 1, "
                + "since = CASE WHEN excluded.since < wire_windows.since THEN excluded.since ELSE wire_windows.since END, "
                + "updated = CASE WHEN excluded.updated > wire_windows.updated THEN excluded.updated ELSE wire_windows.updated END")) {
            ps.setString(1, environment);
            ps.setLong(2, w.start());
            ps.setLong(3, w.end());
            ps.executeUpdate();
        }
    }

    /** Whether the group keeps more positions than {@link RegistryStore#MAX_WIRE_POSITIONS} (the window's new ones included). */
    static boolean tooManyPositions(Connection c, String environment, String group) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM wire_positions WHERE environment = ? AND consumer_group = ?")) {
            ps.setString(1, environment);
            ps.setString(2, group);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1) > WireStore.MAX_WIRE_POSITIONS;
            }
        }
    }

    /** Whether the environment keeps the positions of more groups than {@link RegistryStore#MAX_WIRE_GROUPS} (the window's included). */
    static boolean tooManyGroups(Connection c, String environment) throws SQLException {
        return count(c, "SELECT COUNT(DISTINCT consumer_group) FROM wire_positions WHERE environment = ?", environment)
                > WireStore.MAX_WIRE_GROUPS;
    }

    /** The first release the window names that the registry does not hold, or null. */
    static String unregistered(Connection c, WireWindow w) throws SQLException {
        return w.releases().isEmpty() ? null : ProfileTables.unregistered(c, new java.util.TreeSet<>(w.releases()));
    }

    /**
     * The first release the window names that had not run in the environment by the window's end, or null: as a
     * profile's release must have run there ({@link ProfileTables#neverRan}), give or take the minutes two clocks may
     * differ ({@link WireWindow#CLOCK_SKEW_MILLIS}: the end is the watcher's clock, a deployment's time the registry's).
     */
    static String neverRan(Connection c, String environment, WireWindow w) throws SQLException {
        long by = w.end() > Long.MAX_VALUE - WireWindow.CLOCK_SKEW_MILLIS ? Long.MAX_VALUE : w.end() + WireWindow.CLOCK_SKEW_MILLIS;
        return w.releases().isEmpty() ? null : ProfileTables.neverRan(c, environment, w.releases(), by);
    }

    /**
     * The first carried type its release does not declare (kind, type and revision, as the release's type table holds
     * them), or null. Each release's table is read once: a window carries many types of few releases.
     */
    static WireWindow.Carried undeclared(Connection c, WireWindow w) throws SQLException {
        Map<String, java.util.Set<String>> declared = new java.util.HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT t.kind, t.name, t.revision FROM release_types t JOIN releases r "
                + "ON r.id = t.release WHERE r.service = ? AND r.version = ?")) {
            for (WireWindow.Carried t : w.carried()) {
                java.util.Set<String> types = declared.get(t.release());
                if (types == null) {
                    types = new java.util.HashSet<>();
                    String[] sv = ProfileTables.release(t.release());
                    ps.setString(1, sv[0]);
                    ps.setString(2, sv[1]);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) types.add(rs.getString(1) + " " + rs.getString(2) + "@" + rs.getInt(3));
                    }
                    declared.put(t.release(), types);
                }
                if (!types.contains(t.kind() + " " + t.type() + "@" + t.revision())) return t;
            }
        }
        return null;
    }

    /** A count the window would add past {@link WireWindow#MAX_COUNT}: nothing of the window is kept. */
    static final class Overflow extends Exception {
        final String subject;

        Overflow(String subject) {
            super(subject, null, false, false);
            this.subject = subject;
        }
    }

    private static long count(Connection c, String sql, String environment) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, environment);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /**
     * Adds the window's counts: records per release, carried types, findings and the watcher (pruning the silent
     * ones). Carried types and findings the environment does not keep yet are added while it keeps fewer than its
     * bounds; the rest are dropped, and what they counted is returned. Runs after {@link #span}, under its lock.
     */
    static WireOutcome.Dropped add(Connection c, String forUpdate, String environment, WireWindow w, long now) throws SQLException, Overflow {
        // A sum past 2^53 is refused before it is made (the WHERE of the update): SQL's + would wrap, or turn into a REAL.
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO wire_records(environment, release, record_count) VALUES (?, ?, ?) "
                + "ON CONFLICT (environment, release) DO UPDATE SET record_count = wire_records.record_count + excluded.record_count "
                + "WHERE wire_records.record_count <= " + WireWindow.MAX_COUNT + " - excluded.record_count")) {
            for (Map.Entry<String, Long> e : new TreeMap<>(w.records()).entrySet()) {
                ps.setString(1, environment);
                ps.setString(2, e.getKey());
                ps.setLong(3, e.getValue());
                if (ps.executeUpdate() == 0) throw new Overflow("the records of " + (e.getKey().isEmpty() ? "no release" : e.getKey()));
            }
        }
        WireOutcome.Dropped dropped = carried(c, environment, w.carried(), WireOutcome.Dropped.NONE);
        dropped = findings(c, forUpdate, environment, w.findings(), dropped);
        watcher(c, environment, w, now);
        return dropped;
    }

    private static WireOutcome.Dropped carried(Connection c, String environment, List<WireWindow.Carried> posted, WireOutcome.Dropped dropped)
            throws SQLException, Overflow {
        List<WireWindow.Carried> carried = new ArrayList<>(posted);
        carried.sort(Comparator.comparing(WireWindow.Carried::kind).thenComparing(WireWindow.Carried::type)
                .thenComparingInt(WireWindow.Carried::revision));
        // The first record is the earliest seen; on a tie the one kept stays.
        String earlier = "CASE WHEN excluded.first_seen < wire_carried.first_seen THEN excluded.%1$s ELSE wire_carried.%1$s END";
        long kept = -1;
        try (PreparedStatement exists = c.prepareStatement("SELECT 1 FROM wire_carried WHERE environment = ? AND kind = ? AND type_name = ? "
                + "AND revision = ?");
             PreparedStatement ps = c.prepareStatement("INSERT INTO wire_carried(environment, kind, type_name, revision, record_count, "
                + "first_seen, last_seen, first_topic, first_partition, first_offset) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                + "ON CONFLICT (environment, kind, type_name, revision) DO UPDATE SET "
                + "record_count = wire_carried.record_count + excluded.record_count, "
                + "first_topic = " + earlier.formatted("first_topic") + ", first_partition = " + earlier.formatted("first_partition")
                + ", first_offset = " + earlier.formatted("first_offset") + ", first_seen = " + earlier.formatted("first_seen")
                + ", last_seen = CASE WHEN excluded.last_seen > wire_carried.last_seen THEN excluded.last_seen ELSE wire_carried.last_seen END "
                + "WHERE wire_carried.record_count <= " + WireWindow.MAX_COUNT + " - excluded.record_count")) {
            for (WireWindow.Carried t : carried) {
                exists.setString(1, environment);
                exists.setString(2, t.kind());
                exists.setString(3, t.type());
                exists.setInt(4, t.revision());
                boolean stored;
                try (ResultSet rs = exists.executeQuery()) {
                    stored = rs.next();
                }
                if (!stored) {
                    // Counted once, and only when the window brings a type the environment does not keep yet.
                    if (kept < 0) kept = count(c, "SELECT COUNT(*) FROM wire_carried WHERE environment = ?", environment);
                    if (kept >= WireStore.MAX_WIRE_CARRIED) {
                        dropped = dropped.plusCarried(t.count());
                        continue;
                    }
                    kept++;
                }
                ps.setString(1, environment);
                ps.setString(2, t.kind());
                ps.setString(3, t.type());
                ps.setInt(4, t.revision());
                ps.setLong(5, t.count());
                ps.setLong(6, t.firstSeen());
                ps.setLong(7, t.lastSeen());
                ps.setString(8, t.first().topic());
                ps.setInt(9, t.first().partition());
                ps.setLong(10, t.first().offset());
                if (ps.executeUpdate() == 0) throw new Overflow("the records of " + t.type() + (t.kind().equals("event") ? "@" + t.revision() : ""));
            }
        }
        return dropped;
    }

    /**
     * The window's watcher, its last window moved on; then the environment's watchers whose last window ended more
     * than {@link RegistryStore#WIRE_WATCHER_KEPT_MILLIS} before this one's end ({@code now} when that is earlier) are removed, and past
     * {@link RegistryStore#MAX_WIRE_WATCHERS} the longest silent ones. The poster itself is always kept.
     */
    static void watcher(Connection c, String environment, WireWindow w, long now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO wire_watchers(environment, consumer_group, member, last_window) "
                + "VALUES (?, ?, ?, ?) ON CONFLICT (environment, consumer_group, member) DO UPDATE SET last_window = "
                + "CASE WHEN excluded.last_window > wire_watchers.last_window THEN excluded.last_window ELSE wire_watchers.last_window END")) {
            ps.setString(1, environment);
            ps.setString(2, w.group());
            ps.setString(3, w.member());
            ps.setLong(4, w.end());
            ps.executeUpdate();
        }
        String others = " WHERE environment = ? AND NOT (consumer_group = ? AND member = ?)";
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM wire_watchers" + others + " AND last_window < ?")) {
            ps.setString(1, environment);
            ps.setString(2, w.group());
            ps.setString(3, w.member());
            // Measured from the window being applied, so a backfill of old windows keeps the watchers of its day; never
            // from a future the poster's clock claims.
            ps.setLong(4, Math.min(now, w.end()) - WireStore.WIRE_WATCHER_KEPT_MILLIS);
            ps.executeUpdate();
        }
        if (count(c, "SELECT COUNT(*) FROM wire_watchers WHERE environment = ?", environment) <= WireStore.MAX_WIRE_WATCHERS) return;
        List<String[]> silent = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT consumer_group, member FROM wire_watchers" + others
                + " ORDER BY last_window DESC, consumer_group, member LIMIT ? OFFSET ?")) {
            ps.setString(1, environment);
            ps.setString(2, w.group());
            ps.setString(3, w.member());
            ps.setInt(4, Integer.MAX_VALUE);
            ps.setInt(5, WireStore.MAX_WIRE_WATCHERS - 1);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) silent.add(new String[] {rs.getString(1), rs.getString(2)});
            }
        }
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM wire_watchers WHERE environment = ? AND consumer_group = ? AND member = ?")) {
            for (String[] key : silent) {
                ps.setString(1, environment);
                ps.setString(2, key[0]);
                ps.setString(3, key[1]);
                ps.executeUpdate();
            }
        }
    }

    /**
     * Each finding merged into its row: counts added, the span widened, examples appended up to {@link #MAX_EXAMPLES}.
     * A finding the environment does not keep yet is added while it keeps fewer than
     * {@link RegistryStore#MAX_WIRE_FINDINGS} and its id is one of the environment's first
     * {@link RegistryStore#MAX_WIRE_FINDING_IDS}; otherwise it is dropped and counted.
     */
    private static WireOutcome.Dropped findings(Connection c, String forUpdate, String environment, List<WireWindow.Finding> posted,
            WireOutcome.Dropped dropped) throws SQLException, Overflow {
        List<WireWindow.Finding> findings = new ArrayList<>(posted);
        findings.sort(Comparator.comparing(WireWindow.Finding::release).thenComparing(WireWindow.Finding::type)
                .thenComparing(WireWindow.Finding::id));
        long kept = -1;
        java.util.Set<String> ids = null;
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO wire_findings(environment, release, type_name, finding, "
                + "severity, finding_count, first_seen, last_seen, examples) VALUES (?, ?, ?, ?, ?, 0, ?, ?, '[]')");
             PreparedStatement read = c.prepareStatement("SELECT finding_count, first_seen, last_seen, examples FROM wire_findings "
                     + "WHERE environment = ? AND release = ? AND type_name = ? AND finding = ?" + forUpdate);
             PreparedStatement write = c.prepareStatement("UPDATE wire_findings SET severity = ?, finding_count = ?, first_seen = ?, "
                     + "last_seen = ?, examples = ? WHERE environment = ? AND release = ? AND type_name = ? AND finding = ?")) {
            for (WireWindow.Finding f : findings) {
                List<String> key = List.of(environment, f.release(), f.type(), f.id());
                for (int i = 0; i < 4; i++) read.setString(i + 1, key.get(i));
                long count = 0;
                long first = f.firstSeen();
                long last = f.lastSeen();
                List<String> examples = new ArrayList<>();
                boolean stored;
                try (ResultSet rs = read.executeQuery()) {
                    stored = rs.next();
                    if (stored) {
                        count = rs.getLong(1);
                        first = rs.getLong(2);
                        last = rs.getLong(3);
                        examples = examples(rs.getString(4));
                    }
                }
                if (!stored) {
                    // Counted once, and only when the window brings a finding the environment does not keep yet.
                    if (kept < 0) {
                        kept = count(c, "SELECT COUNT(*) FROM wire_findings WHERE environment = ?", environment);
                        ids = distinctIds(c, environment);
                    }
                    boolean newId = !ids.contains(f.id());
                    if (kept >= WireStore.MAX_WIRE_FINDINGS || (newId && ids.size() >= WireStore.MAX_WIRE_FINDING_IDS)) {
                        dropped = dropped.plusFinding(f.count());
                        continue;
                    }
                    kept++;
                    ids.add(f.id());
                    for (int i = 0; i < 4; i++) insert.setString(i + 1, key.get(i));
                    insert.setString(5, f.severity());
                    insert.setLong(6, f.firstSeen());
                    insert.setLong(7, f.lastSeen());
                    insert.executeUpdate();
                }
                if (count > WireWindow.MAX_COUNT - f.count()) throw new Overflow("the records with " + f.id() + " of " + f.release());
                for (WireWindow.Example e : f.examples()) if (examples.size() < MAX_EXAMPLES) examples.add(e.toJson().toString());
                write.setString(1, f.severity());
                write.setLong(2, count + f.count());
                write.setLong(3, Math.min(first, f.firstSeen()));
                write.setLong(4, Math.max(last, f.lastSeen()));
                write.setString(5, "[" + String.join(",", examples) + "]");
                for (int i = 0; i < 4; i++) write.setString(i + 6, key.get(i));
                write.executeUpdate();
            }
        }
        return dropped;
    }

    private static java.util.Set<String> distinctIds(Connection c, String environment) throws SQLException {
        java.util.Set<String> out = new java.util.HashSet<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT finding FROM wire_findings WHERE environment = ?")) {
            ps.setString(1, environment);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** The stored examples, each as compact JSON; none when the text cannot be read (it is only ever written here). */
    private static List<String> examples(String text) {
        List<String> out = new ArrayList<>();
        try {
            for (JsonNode e : JSON.readTree(text)) out.add(e.toString());
        } catch (Exception e) {
            // a damaged examples column loses its examples, never the window
        }
        return out;
    }

    /**
     * The wire tables and their columns, in the order {@code migrate} copies them: the environment's row first, so a
     * copy that stopped half way is seen as one (the environment is then present, with other rows).
     */
    private static final Map<String, List<String>> COLUMNS = tables();

    private static Map<String, List<String>> tables() {
        Map<String, List<String>> t = new LinkedHashMap<>();
        t.put("wire_windows", List.of("environment", "since", "updated", "windows"));
        t.put("wire_positions", List.of("environment", "consumer_group", "topic", "kafka_partition", "next_offset", "updated_at"));
        t.put("wire_records", List.of("environment", "release", "record_count"));
        t.put("wire_carried", List.of("environment", "kind", "type_name", "revision", "record_count", "first_seen", "last_seen",
                "first_topic", "first_partition", "first_offset"));
        t.put("wire_findings", List.of("environment", "release", "type_name", "finding", "severity", "finding_count", "first_seen",
                "last_seen", "examples"));
        t.put("wire_watchers", List.of("environment", "consumer_group", "member", "last_window"));
        t.put("wire_counted", List.of("environment", "topic", "kafka_partition", "counted_to", "consumer_group"));
        t.put("wire_resets", List.of("environment", "reset_at", "principal", "consumer_group"));
        return java.util.Collections.unmodifiableMap(t);
    }

    /** The environments with anything on the wire, by name. */
    static List<String> wireEnvironments(Connection c) throws SQLException {
        String union = String.join(" UNION ", COLUMNS.keySet().stream().map(t -> "SELECT environment FROM " + t).toList());
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(union + " ORDER BY 1"); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }

    /** Every wire row of one environment, table by table, each in key order; numbers as {@code Long}. */
    static ExportedWire exported(Connection c, String environment) throws SQLException {
        Map<String, List<List<Object>>> rows = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> t : COLUMNS.entrySet()) {
            List<String> columns = t.getValue();
            String order = String.join(", ", columns);
            List<List<Object>> list = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT " + order + " FROM " + t.getKey() + " WHERE environment = ? ORDER BY " + order)) {
                ps.setString(1, environment);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        List<Object> row = new ArrayList<>();
                        for (int i = 1; i <= columns.size(); i++) {
                            Object v = rs.getObject(i);
                            row.add(v instanceof Number n ? (Object) n.longValue() : v);
                        }
                        list.add(row);
                    }
                }
            }
            rows.put(t.getKey(), list);
        }
        return new ExportedWire(environment, rows);
    }

    /**
     * Stores an environment's wire as exported from another registry, unless this one holds some of it: then the
     * same rows are {@code PRESENT} (an earlier run), other rows a {@code CONFLICT} and nothing is copied.
     */
    static ExportedDeployment.Copy copy(Connection c, ExportedWire wire) throws SQLException {
        ExportedWire here = exported(c, wire.environment());
        if (here.rowCount() > 0) return here.equals(wire) ? ExportedDeployment.Copy.PRESENT : ExportedDeployment.Copy.CONFLICT;
        for (Map.Entry<String, List<String>> t : COLUMNS.entrySet()) {
            List<String> columns = t.getValue();
            String marks = String.join(", ", java.util.Collections.nCopies(columns.size(), "?"));
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + t.getKey() + "(" + String.join(", ", columns) + ") VALUES ("
                    + marks + ")")) {
                for (List<Object> row : wire.rows().getOrDefault(t.getKey(), List.of())) {
                    for (int i = 0; i < row.size(); i++) {
                        Object v = row.get(i);
                        if (v instanceof Long n) ps.setLong(i + 1, n);
                        else ps.setString(i + 1, (String) v);
                    }
                    ps.executeUpdate();
                }
            }
        }
        return ExportedDeployment.Copy.COPIED;
    }

    /**
     * The sum of two counts, held at {@link Long#MAX_VALUE} rather than wrapped: what reads add up (an environment's
     * records, a finding's count over releases) is never a negative number, whatever was stored.
     */
    static long plus(long a, long b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

}
