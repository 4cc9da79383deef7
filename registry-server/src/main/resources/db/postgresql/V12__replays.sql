-- What a release's replay found: the same table as db/migration/V12__replays.sql (SQLite), in PostgreSQL's types.
-- One row per release, replaced by a later replay of it; only the verdict is kept, never the samples' examples.

CREATE TABLE release_replays (
    service       TEXT    NOT NULL,
    version       TEXT    NOT NULL,
    replayed_at   BIGINT  NOT NULL,
    tool_version  TEXT    NOT NULL,
    aggregates    BIGINT  NOT NULL,
    events        BIGINT  NOT NULL,
    breaking      BIGINT  NOT NULL,
    findings      TEXT    NOT NULL,
    stored_at     BIGINT  NOT NULL,
    principal     TEXT    NOT NULL,
    PRIMARY KEY (service, version),
    FOREIGN KEY (service, version) REFERENCES releases(service, version)
);
