-- The registry's tables. Releases are immutable: rows are only ever inserted.
-- A release is kept twice on purpose: as the Manifest exactly as sent (for download and re-checking) and as
-- its type table, so that search, history and fingerprint look-ups need no JSON parsing.

CREATE TABLE services (
    name        TEXT PRIMARY KEY,
    created_at  INTEGER NOT NULL
);

CREATE TABLE releases (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    service         TEXT    NOT NULL REFERENCES services(name),
    version         TEXT    NOT NULL,
    major           INTEGER NOT NULL,
    minor           INTEGER NOT NULL,
    patch           INTEGER NOT NULL,
    registered_at   INTEGER NOT NULL,
    content_digest  TEXT    NOT NULL,
    manifest        TEXT    NOT NULL,
    report          TEXT    NOT NULL,
    UNIQUE (service, version)
);

-- Schemas are content-addressed: one row per fingerprint, whatever number of releases use it.
CREATE TABLE schemas (
    fingerprint TEXT PRIMARY KEY,
    canonical   TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE release_types (
    release        INTEGER NOT NULL REFERENCES releases(id),
    kind           TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    revision       INTEGER NOT NULL,
    written        INTEGER NOT NULL,
    published      INTEGER NOT NULL,
    upgrades_from  INTEGER,
    fingerprint    TEXT REFERENCES schemas(fingerprint),
    PRIMARY KEY (release, kind, name, revision)
) WITHOUT ROWID;

CREATE INDEX release_types_by_name ON release_types(name);
CREATE INDEX release_types_by_fingerprint ON release_types(fingerprint);

-- The search index: one row per (type name, kind, service), however many releases repeat it, so that the
-- search box scans distinct names instead of every release's type table.
CREATE TABLE type_names (
    name     TEXT NOT NULL,
    kind     TEXT NOT NULL,
    service  TEXT NOT NULL,
    PRIMARY KEY (name, kind, service)
) WITHOUT ROWID;
