-- The Confluent-compatible API (docs/ccompat.md). A schema's id is an integer given once to its fingerprint and never
-- reused: every Kafka message a Confluent serializer writes carries it, so it must mean the same schema for ever, on
-- every node, after a migrate or an import. Rows are only ever inserted.
CREATE TABLE ccompat_schema_ids (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    fingerprint  TEXT NOT NULL UNIQUE REFERENCES schemas(fingerprint)
);

-- Plain subjects (JSON Schemas registered through the API by a team without Manifests) and the levels set for
-- subjects: a level may be set before the subject's first version, so a subject's row exists without versions.
CREATE TABLE ccompat_subjects (
    subject        TEXT PRIMARY KEY,
    compatibility  TEXT,
    created_at     INTEGER NOT NULL
) WITHOUT ROWID;

-- A plain subject's versions, numbered from 1 in the order they were registered; a deleted version keeps its number.
CREATE TABLE ccompat_versions (
    subject        TEXT    NOT NULL REFERENCES ccompat_subjects(subject),
    version        INTEGER NOT NULL,
    fingerprint    TEXT    NOT NULL REFERENCES schemas(fingerprint),
    registered_at  INTEGER NOT NULL,
    deleted_at     INTEGER,
    PRIMARY KEY (subject, version)
) WITHOUT ROWID;

CREATE INDEX ccompat_versions_by_fingerprint ON ccompat_versions(fingerprint);

-- The global level and mode, one row each when set (absent: BACKWARD and READWRITE).
CREATE TABLE ccompat_settings (
    name   TEXT PRIMARY KEY,
    value  TEXT NOT NULL
) WITHOUT ROWID;
