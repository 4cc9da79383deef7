-- What each release reads and sends of other services, from its Manifest's "consumes" and "sends"
-- (docs/deployment.md, "A large fleet"): the readers of a type are one indexed query, and can-deploy finds the
-- services that read or send what a candidate touches without reading every running release's Manifest.
-- Written with the release (rows are only ever inserted); the releases stored before this table existed are
-- indexed by the server at start-up from their stored Manifests (uses_indexed = 0 until then).

CREATE TABLE release_uses (
    release    INTEGER NOT NULL REFERENCES releases(id),
    -- 'event' and 'state' are read, 'command' is sent.
    kind       TEXT    NOT NULL CHECK (kind IN ('event', 'state', 'command')),
    name       TEXT    NOT NULL,
    -- The event revision read; 0 for a state and a command.
    revision   INTEGER NOT NULL,
    -- The aggregate the type belongs to (the name itself for a state): what can-deploy matches on.
    aggregate  TEXT    NOT NULL,
    PRIMARY KEY (release, kind, name, revision)
) WITHOUT ROWID;

CREATE INDEX release_uses_by_name ON release_uses(name, kind);
CREATE INDEX release_uses_by_aggregate ON release_uses(aggregate);

ALTER TABLE releases ADD COLUMN uses_indexed INTEGER NOT NULL DEFAULT 0;
-- Only the releases still to index: empty once the start-up back-fill has run.
-- A service's releases by version: its newest one without sorting its history.
CREATE INDEX releases_by_version ON releases(service, major, minor, patch);
CREATE INDEX releases_uses_pending ON releases(id) WHERE uses_indexed = 0;

-- Where each release runs: the running rows of a release, from the release's side.
CREATE INDEX deployments_running_release ON deployments(service, version) WHERE ended_at IS NULL;
