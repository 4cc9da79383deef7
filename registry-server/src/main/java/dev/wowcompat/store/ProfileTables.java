package dev.wowcompat.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.profile.FieldKey;
import dev.wowcompat.profile.FieldProfile;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileLimits;
import dev.wowcompat.profile.ProfileSet;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The SQL of the {@code profiles} table, one for both backends. {@link JdbcProfileStore} runs the merge inside one
 * transaction, after the locks that serialize the deployment writes of each service of the set in the environment:
 * a stored profile is read and written back by one writer at a time, so no post's values are lost.
 */
final class ProfileTables {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ProfileTables.class);

    private ProfileTables() {}

    /** {@code service@version}: the release a profile is attributed to, split at its one {@code @}. */
    static String[] release(String release) {
        int at = release.indexOf('@');
        if (at <= 0 || at != release.lastIndexOf('@') || at == release.length() - 1) {
            throw new IllegalArgumentException("'" + release + "' is not a release (service@version)");
        }
        return new String[] {release.substring(0, at), release.substring(at + 1)};
    }

    /** The first release of the set that is not registered, or null. */
    static String unregistered(Connection c, TreeSet<String> releases) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM releases WHERE service = ? AND version = ?")) {
            for (String release : releases) {
                String[] sv = release(release);
                ps.setString(1, sv[0]);
                ps.setString(2, sv[1]);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) return release;
                }
            }
        }
        return null;
    }

    /** The first release that no deployment in the environment ran, current or ended; null when each one ran there. */
    static String neverRan(Connection c, String environment, TreeSet<String> releases) throws SQLException {
        return neverRan(c, environment, releases, Long.MAX_VALUE);
    }

    /**
     * The first release that no deployment in the environment ran by {@code by} (epoch milliseconds: a deployment
     * recorded later does not count), current or ended; null when each one ran there by then.
     */
    static String neverRan(Connection c, String environment, java.util.SortedSet<String> releases, long by) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT 1 FROM deployments WHERE environment = ? AND service = ? AND version = ? AND deployed_at <= ? LIMIT 1")) {
            for (String release : releases) {
                String[] sv = release(release);
                ps.setString(1, environment);
                ps.setString(2, sv[0]);
                ps.setString(3, sv[1]);
                ps.setLong(4, by);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) return release;
                }
            }
        }
        return null;
    }

    /**
     * Merges the posted fields into the stored ones. With {@code dropped} null, a field whose counts would overflow
     * stores nothing of the post (the caller rolls back); otherwise the fields it holds are skipped, and an
     * overflowing field is added to it and skipped too (a window of the wire keeps the rest).
     */
    static ProfileMerge merge(Connection c, String environment, ProfileSet posted, Map<FieldKey, String> dropped, int maxFieldsPerRelease,
            long now, String principal) throws SQLException {
        Map<String, Integer> stored = new TreeMap<>();
        for (FieldKey key : posted.fields().keySet()) {
            if (dropped == null || !dropped.containsKey(key)) stored.computeIfAbsent(key.release(), r -> 0);
        }
        for (Map.Entry<String, Integer> e : stored.entrySet()) e.setValue(fieldCount(c, environment, e.getKey()));
        int merged = 0;
        long refused = posted.refusedValues();
        for (Map.Entry<FieldKey, FieldProfile> e : posted.fields().entrySet()) {
            FieldKey key = e.getKey();
            if (dropped != null && dropped.containsKey(key)) continue;
            String[] sv = release(key.release());
            String existing = existing(c, environment, sv, key);
            FieldProfile profile = e.getValue();
            FieldProfile before = existing == null ? null : readStored(existing, environment, key);
            if (before != null) {
                if (!before.fitsWith(profile)) {
                    if (dropped == null) return new ProfileMerge(null, 0, 0, Map.of(), key.field().subject() + " by " + key.release());
                    dropped.put(key, "wow-compat.profile.count-overflow");
                    continue;
                }
                before.merge(profile);
                profile = before;
            } else if (stored.get(key.release()) >= maxFieldsPerRelease) {
                refused += profile.count();
                continue;
            }
            write(c, environment, sv, key, profile, existing != null, now, principal);
            if (existing == null) stored.merge(key.release(), 1, Integer::sum);
            merged++;
        }
        return new ProfileMerge(null, merged, refused, stored);
    }

    /**
     * The stored profile, or null when it cannot be read (a row stored before counts were bounded, or damaged): the
     * post then takes its place, so that a bad row neither fails the post nor stays (docs/decisions.md, "Profiles
     * the registry can trust").
     */
    private static FieldProfile readStored(String text, String environment, FieldKey key) {
        try {
            return ProfileJson.readField(JSON.readTree(text), "the stored profile").profile();
        } catch (Exception e) {
            LOG.warn("the stored profile of {} by {} in {} cannot be read ({}); the posted one replaces it",
                    key.field().subject(), key.release(), environment, e.getMessage());
            return null;
        }
    }

    private static int fieldCount(Connection c, String environment, String release) throws SQLException {
        String[] sv = release(release);
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT COUNT(*) FROM profiles WHERE environment = ? AND service = ? AND version = ?")) {
            ps.setString(1, environment);
            ps.setString(2, sv[0]);
            ps.setString(3, sv[1]);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static String existing(Connection c, String environment, String[] sv, FieldKey key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT profile FROM profiles WHERE environment = ? AND service = ? "
                + "AND version = ? AND type_name = ? AND revision = ? AND pointer = ?")) {
            bindKey(ps, 1, environment, sv, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private static void write(Connection c, String environment, String[] sv, FieldKey key, FieldProfile profile, boolean update,
            long now, String principal) throws SQLException {
        String sql = update
                ? "UPDATE profiles SET value_count = ?, profile = ?, updated_at = ?, posted_by = ? WHERE environment = ? AND service = ? "
                        + "AND version = ? AND type_name = ? AND revision = ? AND pointer = ?"
                : "INSERT INTO profiles(value_count, profile, updated_at, posted_by, environment, service, version, type_name, revision, "
                        + "pointer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, profile.count());
            ps.setString(2, ProfileJson.write(key, profile).toString());
            ps.setLong(3, now);
            ps.setString(4, principal);
            bindKey(ps, 5, environment, sv, key);
            ps.executeUpdate();
        }
    }

    /** The six key columns, in the table's order, from parameter {@code first} on. */
    private static void bindKey(PreparedStatement ps, int first, String environment, String[] sv, FieldKey key) throws SQLException {
        ps.setString(first, environment);
        ps.setString(first + 1, sv[0]);
        ps.setString(first + 2, sv[1]);
        ps.setString(first + 3, key.field().type());
        ps.setInt(first + 4, key.field().revision());
        ps.setString(first + 5, key.field().pointer());
    }

    /**
     * A type's stored profiles in an environment: every revision, or one; every release, or one. At most
     * {@code limit} fields (then {@code truncated[0]} is set), in the order of revision, pointer and release.
     */
    static ProfileSet profiles(Connection c, String environment, String type, Integer revision, String release, int limit,
            boolean[] truncated) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT profile FROM profiles WHERE environment = ? AND type_name = ?");
        List<Object> args = new ArrayList<>(List.of(environment, type));
        if (revision != null) {
            sql.append(" AND revision = ?");
            args.add(revision);
        }
        if (release != null) {
            String[] sv = release(release);
            sql.append(" AND service = ? AND version = ?");
            args.add(sv[0]);
            args.add(sv[1]);
        }
        sql.append(" ORDER BY revision, pointer, service, version LIMIT ?");
        args.add(limit + 1);
        ProfileSet out = new ProfileSet(new ProfileLimits(limit, ProfileLimits.DEFAULT.maxDepth()));
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) ps.setObject(i + 1, args.get(i));
            try (ResultSet rs = ps.executeQuery()) {
                int rows = 0;
                while (rs.next()) {
                    if (++rows > limit) {
                        truncated[0] = true;
                        break;
                    }
                    ProfileJson.Entry entry;
                    try {
                        entry = ProfileJson.readField(JSON.readTree(rs.getString(1)), "a stored profile");
                    } catch (Exception e) {
                        // Stored data never makes a read fail: the row is left out, and the log says which.
                        LOG.warn("a stored profile of {} in {} cannot be read and is left out: {}", type, environment, e.getMessage());
                        continue;
                    }
                    out.add(entry.key(), entry.profile());
                }
            }
        }
        return out;
    }

    private static final String EXPORTED = "SELECT environment, service, version, type_name, revision, pointer, value_count, profile, "
            + "updated_at FROM profiles ORDER BY environment, service, version, type_name, revision, pointer";

    /** Every row, one at a time. */
    static void exported(Connection c, java.util.function.Consumer<ExportedProfile> consumer) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(EXPORTED); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                consumer.accept(new ExportedProfile(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
                        rs.getString(6), rs.getLong(7), rs.getString(8), rs.getLong(9)));
            }
        }
    }

    /**
     * Stores a copied row unless the target keeps that field already: copying is not merging, so a second run adds
     * nothing twice. True when stored.
     */
    static boolean copy(Connection c, ExportedProfile p) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO profiles(environment, service, version, type_name, revision, pointer, "
                + "value_count, profile, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
            ps.setString(1, p.environment());
            ps.setString(2, p.service());
            ps.setString(3, p.version());
            ps.setString(4, p.type());
            ps.setInt(5, p.revision());
            ps.setString(6, p.pointer());
            ps.setLong(7, p.valueCount());
            ps.setString(8, p.profile());
            ps.setLong(9, p.updatedAt());
            return ps.executeUpdate() == 1;
        }
    }

    /** The types with stored profiles in an environment, by name and revision. */
    static List<ProfiledType> types(Connection c, String environment) throws SQLException {
        record Key(String type, int revision) {}
        Map<Key, TreeSet<String>> releases = new HashMap<>();
        Map<Key, TreeSet<String>> pointers = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT DISTINCT type_name, revision, service, version, pointer FROM profiles WHERE environment = ?")) {
            ps.setString(1, environment);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Key k = new Key(rs.getString(1), rs.getInt(2));
                    releases.computeIfAbsent(k, x -> new TreeSet<>()).add(rs.getString(3) + "@" + rs.getString(4));
                    pointers.computeIfAbsent(k, x -> new TreeSet<>()).add(rs.getString(5));
                }
            }
        }
        List<ProfiledType> out = new ArrayList<>();
        for (Key k : releases.keySet()) {
            out.add(new ProfiledType(k.type(), k.revision(), new ArrayList<>(releases.get(k)), pointers.get(k).size()));
        }
        // Sorted here, not by ORDER BY: PostgreSQL would sort by its database's collation, SQLite by code point.
        out.sort(java.util.Comparator.comparing(ProfiledType::type).thenComparingInt(ProfiledType::revision));
        return out;
    }
}
