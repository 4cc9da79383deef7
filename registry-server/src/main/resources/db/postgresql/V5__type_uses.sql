-- The release_uses table on PostgreSQL: the same columns, constraints and indexes as db/migration/V5__type_uses.sql
-- (SQLite), in PostgreSQL's types. Releases stored before it are indexed by the server at start-up.

CREATE TABLE release_uses (
    release    BIGINT  NOT NULL REFERENCES releases(id),
    kind       TEXT    NOT NULL CHECK (kind IN ('event', 'state', 'command')),
    name       TEXT    NOT NULL,
    revision   INTEGER NOT NULL,
    aggregate  TEXT    NOT NULL,
    PRIMARY KEY (release, kind, name, revision)
);

CREATE INDEX release_uses_by_name ON release_uses(name, kind);
CREATE INDEX release_uses_by_aggregate ON release_uses(aggregate);

ALTER TABLE releases ADD COLUMN uses_indexed INTEGER NOT NULL DEFAULT 0;
-- A service's releases by version: its newest one without sorting its history.
CREATE INDEX releases_by_version ON releases(service, major, minor, patch);
CREATE INDEX releases_uses_pending ON releases(id) WHERE uses_indexed = 0;

CREATE INDEX deployments_running_release ON deployments(service, version) WHERE ended_at IS NULL;
