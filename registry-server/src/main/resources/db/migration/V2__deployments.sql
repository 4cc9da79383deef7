-- Which release of each service runs in each environment, and what ran there before (issue 17). Rows are never
-- deleted: recording a deployment ends the one it replaces (ended_by 'replaced'), an undeploy ends the running one
-- ('undeployed'), and the ended rows are the environment's history.

CREATE TABLE deployments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    environment  TEXT    NOT NULL,
    service      TEXT    NOT NULL,
    version      TEXT    NOT NULL,
    deployed_at  INTEGER NOT NULL,
    -- NULL while the release runs there.
    ended_at     INTEGER,
    ended_by     TEXT CHECK (ended_by IN ('replaced', 'undeployed')),
    -- The deployment that was running when this one was recorded, which this one ended; NULL when none was.
    replaced     INTEGER REFERENCES deployments(id),
    -- Only a registered release can be deployed (releases are never deleted).
    FOREIGN KEY (service, version) REFERENCES releases(service, version),
    CHECK ((ended_at IS NULL) = (ended_by IS NULL)),
    CHECK (ended_at IS NULL OR ended_at >= deployed_at)
);

-- At most one running release of a service per environment, whatever a writer does.
CREATE UNIQUE INDEX deployments_running ON deployments(environment, service) WHERE ended_at IS NULL;
-- An environment's history, newest end first.
CREATE INDEX deployments_by_end ON deployments(environment, ended_at);
