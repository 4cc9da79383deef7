-- What a release's replay found (docs/replay.md, docs/api.md "PUT /services/{service}/releases/{version}/replay"):
-- one row per release, kept beside the immutable release and replaced by a later replay of it. Only the verdict is
-- kept (how many aggregates and events, each finding's id, severity and count), never the recorded samples' examples.

CREATE TABLE release_replays (
    service       TEXT    NOT NULL,
    version       TEXT    NOT NULL,
    replayed_at   INTEGER NOT NULL,
    tool_version  TEXT    NOT NULL,
    aggregates    INTEGER NOT NULL,
    events        INTEGER NOT NULL,
    breaking      INTEGER NOT NULL,
    findings      TEXT    NOT NULL,
    stored_at     INTEGER NOT NULL,
    principal     TEXT    NOT NULL,
    PRIMARY KEY (service, version),
    FOREIGN KEY (service, version) REFERENCES releases(service, version)
) WITHOUT ROWID;
