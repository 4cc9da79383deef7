-- The registry's tables on PostgreSQL: the same tables, columns and constraints as db/migration/V1__registry.sql
-- (SQLite), in PostgreSQL's types, so that one set of queries serves both. Releases are only ever inserted.

CREATE TABLE services (
    name        TEXT PRIMARY KEY,
    created_at  BIGINT NOT NULL
);

CREATE TABLE releases (
    id              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    service         TEXT    NOT NULL REFERENCES services(name),
    version         TEXT    NOT NULL,
    major           INTEGER NOT NULL,
    minor           INTEGER NOT NULL,
    patch           INTEGER NOT NULL,
    registered_at   BIGINT  NOT NULL,
    content_digest  TEXT    NOT NULL,
    manifest        TEXT    NOT NULL,
    report          TEXT    NOT NULL,
    -- What makes a release immutable across nodes: of two nodes inserting one version, one insert does nothing.
    UNIQUE (service, version)
);

CREATE TABLE schemas (
    fingerprint TEXT PRIMARY KEY,
    canonical   TEXT NOT NULL
);

CREATE TABLE release_types (
    release        BIGINT  NOT NULL REFERENCES releases(id),
    kind           TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    revision       INTEGER NOT NULL,
    written        INTEGER NOT NULL,
    published      INTEGER NOT NULL,
    upgrades_from  INTEGER,
    fingerprint    TEXT REFERENCES schemas(fingerprint),
    PRIMARY KEY (release, kind, name, revision)
);

CREATE INDEX release_types_by_name ON release_types(name);
CREATE INDEX release_types_by_fingerprint ON release_types(fingerprint);

CREATE TABLE type_names (
    name     TEXT NOT NULL,
    kind     TEXT NOT NULL,
    service  TEXT NOT NULL,
    PRIMARY KEY (name, kind, service)
);
