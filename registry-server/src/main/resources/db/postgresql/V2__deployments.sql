-- The deployments table on PostgreSQL: the same columns and constraints as db/migration/V2__deployments.sql
-- (SQLite), in PostgreSQL's types. Rows are never deleted: ended ones are the environments' history.

CREATE TABLE deployments (
    id           BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    environment  TEXT    NOT NULL,
    service      TEXT    NOT NULL,
    version      TEXT    NOT NULL,
    deployed_at  BIGINT  NOT NULL,
    ended_at     BIGINT,
    ended_by     TEXT CHECK (ended_by IN ('replaced', 'undeployed')),
    replaced     BIGINT  REFERENCES deployments(id),
    FOREIGN KEY (service, version) REFERENCES releases(service, version),
    CHECK ((ended_at IS NULL) = (ended_by IS NULL)),
    CHECK (ended_at IS NULL OR ended_at >= deployed_at)
);

-- What keeps one running release of a service per environment across nodes, besides the advisory lock that
-- serializes the writers of one (environment, service).
CREATE UNIQUE INDEX deployments_running ON deployments(environment, service) WHERE ended_at IS NULL;
CREATE INDEX deployments_by_end ON deployments(environment, ended_at);
