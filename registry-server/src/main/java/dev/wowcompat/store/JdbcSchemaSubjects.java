package dev.wowcompat.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** {@link SchemaSubjects} on the registry's database: one SQL for SQLite and PostgreSQL. */
final class JdbcSchemaSubjects implements SchemaSubjects {
    /** The kinds whose names are subjects: the types a release declares with a schema. */
    private static final String DECLARED = "rt.fingerprint IS NOT NULL";

    private final Transactions store;

    JdbcSchemaSubjects(Transactions store) {
        this.store = store;
    }

    @Override
    public List<String> typeSubjects(String prefix, int limit) {
        return store.read(c -> strings(c, "SELECT DISTINCT rt.name FROM release_types rt WHERE " + DECLARED
                + " AND substr(rt.name, 1, ?) = ? ORDER BY rt.name LIMIT ?", prefix.length(), prefix, limit));
    }

    @Override
    public boolean isRegisteredName(String name) {
        return store.read(c -> !strings(c, "SELECT name FROM type_names WHERE name = ? UNION SELECT name FROM services WHERE name = ?",
                name, name).isEmpty());
    }

    @Override
    public List<SubjectVersion> typeVersions(String subject) {
        List<SubjectVersion> versions = store.read(c -> typeVersions(c, subject));
        if (versions.stream().allMatch(v -> v.id() > 0)) return versions;
        // Ids are given when a schema is first asked for, all of the subject's in one transaction.
        store.transaction(c -> {
            for (SubjectVersion v : versions) if (v.id() == 0) assignId(c, v.fingerprint());
            return true;
        }, done -> true);
        return store.read(c -> typeVersions(c, subject));
    }

    private static List<SubjectVersion> typeVersions(Connection c, String subject) throws SQLException {
        // Each distinct schema once, where the first release (in the order releases were stored) introduced it.
        String sql = "SELECT rt.fingerprint, MIN(rt.release) AS first, MIN(rt.revision), s.canonical, i.id "
                + "FROM release_types rt JOIN schemas s ON s.fingerprint = rt.fingerprint "
                + "LEFT JOIN ccompat_schema_ids i ON i.fingerprint = rt.fingerprint "
                + "WHERE rt.name = ? AND " + DECLARED + " GROUP BY rt.fingerprint, s.canonical, i.id ORDER BY first, MIN(rt.revision), rt.fingerprint";
        List<SubjectVersion> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, subject);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new SubjectVersion(subject, out.size() + 1, rs.getString(1), rs.getLong(5), rs.getInt(3), false, rs.getString(4)));
                }
            }
        }
        return out;
    }

    @Override
    public List<String> plainSubjects(String prefix, boolean deleted, int limit) {
        String live = deleted ? "" : " AND v.deleted_at IS NULL";
        return store.read(c -> strings(c, "SELECT DISTINCT v.subject FROM ccompat_versions v WHERE substr(v.subject, 1, ?) = ?" + live
                + " ORDER BY v.subject LIMIT ?", prefix.length(), prefix, limit));
    }

    @Override
    public List<SubjectVersion> plainVersions(String subject, boolean deleted) {
        return store.read(c -> plainVersions(c, subject, deleted));
    }

    private static List<SubjectVersion> plainVersions(Connection c, String subject, boolean deleted) throws SQLException {
        String sql = "SELECT v.version, v.fingerprint, i.id, v.deleted_at, s.canonical FROM ccompat_versions v "
                + "JOIN schemas s ON s.fingerprint = v.fingerprint JOIN ccompat_schema_ids i ON i.fingerprint = v.fingerprint "
                + "WHERE v.subject = ?" + (deleted ? "" : " AND v.deleted_at IS NULL") + " ORDER BY v.version";
        List<SubjectVersion> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, subject);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rs.getLong(4);
                    boolean gone = !rs.wasNull();
                    out.add(new SubjectVersion(subject, rs.getInt(1), rs.getString(2), rs.getLong(3), 0, gone, rs.getString(5)));
                }
            }
        }
        return out;
    }

    @Override
    public Optional<String> subjectLevel(String subject) {
        return store.read(c -> strings(c, "SELECT compatibility FROM ccompat_subjects WHERE subject = ? AND compatibility IS NOT NULL", subject))
                .stream().findFirst();
    }

    @Override
    public Optional<String> globalLevel() {
        return setting("compatibility");
    }

    @Override
    public Optional<String> setting(String name) {
        return store.read(c -> strings(c, "SELECT value FROM ccompat_settings WHERE name = ?", name)).stream().findFirst();
    }

    @Override
    public void setSetting(String name, String value, WriteRecord<String> record) {
        store.transaction(c -> {
            update(c, "DELETE FROM ccompat_settings WHERE name = ?", name);
            if (value != null) update(c, "INSERT INTO ccompat_settings(name, value) VALUES (?, ?)", name, value);
            append(c, record, value);
            return true;
        }, done -> true);
    }

    @Override
    public void setSubjectLevel(String subject, String level, WriteRecord<String> record) {
        store.transaction(c -> {
            store.lockService(c, lockName(subject));
            if (level == null) {
                update(c, "UPDATE ccompat_subjects SET compatibility = NULL WHERE subject = ?", subject);
                update(c, "DELETE FROM ccompat_subjects WHERE subject = ? AND NOT EXISTS "
                        + "(SELECT 1 FROM ccompat_versions v WHERE v.subject = ccompat_subjects.subject)", subject);
            } else if (update(c, "UPDATE ccompat_subjects SET compatibility = ? WHERE subject = ?", level, subject) == 0) {
                update(c, "INSERT INTO ccompat_subjects(subject, compatibility, created_at) VALUES (?, ?, ?)", subject, level, System.currentTimeMillis());
            }
            append(c, record, level);
            return true;
        }, done -> true);
    }

    @Override
    public Registered registerPlain(String subject, String fingerprint, String canonical, Function<PlainHistory, String> judge,
                                    WriteRecord<Registered> record) {
        return store.transaction(c -> {
            store.lockService(c, lockName(subject));
            List<SubjectVersion> live = plainVersions(c, subject, false);
            for (SubjectVersion v : live) {
                if (v.fingerprint().equals(fingerprint)) return new Registered(Registered.Outcome.EXISTING, v.id(), v.version(), null);
            }
            String level = strings(c, "SELECT compatibility FROM ccompat_subjects WHERE subject = ? AND compatibility IS NOT NULL", subject)
                    .stream().findFirst().orElse(null);
            String global = strings(c, "SELECT value FROM ccompat_settings WHERE name = 'compatibility'").stream().findFirst().orElse(null);
            String refusal = judge.apply(new PlainHistory(live, level, global));
            if (refusal != null) return new Registered(Registered.Outcome.REFUSED, 0, 0, refusal);
            update(c, "INSERT INTO schemas(fingerprint, canonical) VALUES (?, ?) ON CONFLICT (fingerprint) DO NOTHING", fingerprint, canonical);
            long id = assignId(c, fingerprint);
            if (strings(c, "SELECT subject FROM ccompat_subjects WHERE subject = ?", subject).isEmpty()) {
                update(c, "INSERT INTO ccompat_subjects(subject, compatibility, created_at) VALUES (?, NULL, ?)", subject, System.currentTimeMillis());
            }
            // Numbers continue after deleted versions: a number once given names one schema for ever.
            List<String> last = strings(c, "SELECT CAST(MAX(version) AS TEXT) FROM ccompat_versions WHERE subject = ?", subject);
            int version = last.isEmpty() || last.get(0) == null ? 1 : Integer.parseInt(last.get(0)) + 1;
            update(c, "INSERT INTO ccompat_versions(subject, version, fingerprint, registered_at) VALUES (?, ?, ?, ?)",
                    subject, version, fingerprint, System.currentTimeMillis());
            Registered created = new Registered(Registered.Outcome.CREATED, id, version, null);
            append(c, record, created);
            return created;
        }, r -> r.outcome() == Registered.Outcome.CREATED);
    }

    @Override
    public Optional<SubjectVersion> deletePlainVersion(String subject, int version, WriteRecord<SubjectVersion> record) {
        return store.transaction(c -> {
            store.lockService(c, lockName(subject));
            Optional<SubjectVersion> found = plainVersions(c, subject, false).stream().filter(v -> v.version() == version).findFirst();
            if (found.isPresent()) {
                update(c, "UPDATE ccompat_versions SET deleted_at = ? WHERE subject = ? AND version = ?", System.currentTimeMillis(), subject, version);
                append(c, record, found.get());
            }
            return found;
        }, Optional::isPresent);
    }

    @Override
    public Optional<IdentifiedSchema> schemaById(long id) {
        return store.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT i.fingerprint, s.canonical FROM ccompat_schema_ids i "
                    + "JOIN schemas s ON s.fingerprint = i.fingerprint WHERE i.id = ?")) {
                ps.setLong(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new IdentifiedSchema(id, rs.getString(1), rs.getString(2))) : Optional.empty();
                }
            }
        });
    }

    @Override
    public long idOf(String fingerprint) {
        return store.transaction(c -> assignId(c, fingerprint), id -> true);
    }

    @Override
    public List<String> subjectsOf(String fingerprint, int limit) {
        return store.read(c -> strings(c, "SELECT name FROM (SELECT DISTINCT rt.name AS name FROM release_types rt WHERE rt.fingerprint = ? "
                + "UNION SELECT v.subject FROM ccompat_versions v WHERE v.fingerprint = ? AND v.deleted_at IS NULL) named ORDER BY name LIMIT ?",
                fingerprint, fingerprint, limit));
    }

    @Override
    public Exported export() {
        return store.read(c -> {
            List<IdentifiedSchema> ids = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT i.id, i.fingerprint, s.canonical FROM ccompat_schema_ids i "
                    + "JOIN schemas s ON s.fingerprint = i.fingerprint ORDER BY i.id");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) ids.add(new IdentifiedSchema(rs.getLong(1), rs.getString(2), rs.getString(3)));
            }
            List<Exported.Setting> settings = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT name, value FROM ccompat_settings ORDER BY name");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) settings.add(new Exported.Setting(rs.getString(1), rs.getString(2)));
            }
            List<Exported.PlainSubject> subjects = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT subject, compatibility, created_at FROM ccompat_subjects ORDER BY subject");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) subjects.add(new Exported.PlainSubject(rs.getString(1), rs.getString(2), rs.getLong(3)));
            }
            List<Exported.PlainVersion> versions = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT v.subject, v.version, v.fingerprint, s.canonical, v.registered_at, v.deleted_at "
                    + "FROM ccompat_versions v JOIN schemas s ON s.fingerprint = v.fingerprint ORDER BY v.subject, v.version");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long deleted = rs.getLong(6);
                    versions.add(new Exported.PlainVersion(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getString(4), rs.getLong(5),
                            rs.wasNull() ? null : deleted));
                }
            }
            return new Exported(ids, settings, subjects, versions);
        });
    }

    @Override
    public ExportedDeployment.Copy importAll(Exported data) {
        Exported here = export();
        if (here.equals(data)) return ExportedDeployment.Copy.PRESENT;
        if (!here.ids().isEmpty() || !here.subjects().isEmpty() || !here.settings().isEmpty()) return ExportedDeployment.Copy.CONFLICT;
        return store.transaction(c -> {
            if (!strings(c, "SELECT fingerprint FROM ccompat_schema_ids LIMIT 1").isEmpty()
                    || !strings(c, "SELECT subject FROM ccompat_subjects LIMIT 1").isEmpty()) return ExportedDeployment.Copy.CONFLICT;
            for (IdentifiedSchema s : data.ids()) {
                update(c, "INSERT INTO schemas(fingerprint, canonical) VALUES (?, ?) ON CONFLICT (fingerprint) DO NOTHING", s.fingerprint(), s.canonical());
                update(c, "INSERT INTO ccompat_schema_ids(id, fingerprint) VALUES (?, ?)", s.id(), s.fingerprint());
            }
            if (c.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT).contains("postgres") && !data.ids().isEmpty()) {
                // The identity continues after the copied ids, so that no id is ever given twice.
                try (PreparedStatement ps = c.prepareStatement("SELECT setval(pg_get_serial_sequence('ccompat_schema_ids', 'id'), "
                        + "(SELECT MAX(id) FROM ccompat_schema_ids))")) {
                    ps.execute();
                }
            }
            for (Exported.Setting s : data.settings()) update(c, "INSERT INTO ccompat_settings(name, value) VALUES (?, ?)", s.name(), s.value());
            for (Exported.PlainSubject s : data.subjects()) {
                update(c, "INSERT INTO ccompat_subjects(subject, compatibility, created_at) VALUES (?, ?, ?)", s.subject(), s.compatibility(), s.createdAt());
            }
            for (Exported.PlainVersion v : data.versions()) {
                update(c, "INSERT INTO schemas(fingerprint, canonical) VALUES (?, ?) ON CONFLICT (fingerprint) DO NOTHING", v.fingerprint(), v.canonical());
                update(c, "INSERT INTO ccompat_versions(subject, version, fingerprint, registered_at, deleted_at) VALUES (?, ?, ?, ?, ?)",
                        v.subject(), v.version(), v.fingerprint(), v.registeredAt(), v.deletedAt());
            }
            return ExportedDeployment.Copy.COPIED;
        }, copy -> copy == ExportedDeployment.Copy.COPIED);
    }

    /** The fingerprint's id, inserted when it has none (a concurrent insert of the same fingerprint wins, and its id is read). */
    private static long assignId(Connection c, String fingerprint) throws SQLException {
        update(c, "INSERT INTO ccompat_schema_ids(fingerprint) VALUES (?) ON CONFLICT (fingerprint) DO NOTHING", fingerprint);
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM ccompat_schema_ids WHERE fingerprint = ?")) {
            ps.setString(1, fingerprint);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** The lock that serializes the writes of one plain subject: a name no service can have (services have no spaces). */
    private static String lockName(String subject) {
        return "ccompat subject " + subject;
    }

    private static <T> void append(Connection c, WriteRecord<T> record, T outcome) throws SQLException {
        record.appendTo(c, outcome);
    }

    private static int update(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) ps.setObject(i + 1, args[i]);
            return ps.executeUpdate();
        }
    }

    private static List<String> strings(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) ps.setObject(i + 1, args[i]);
            try (ResultSet rs = ps.executeQuery()) {
                List<String> out = new ArrayList<>();
                while (rs.next()) out.add(rs.getString(1));
                return out;
            }
        }
    }
}
