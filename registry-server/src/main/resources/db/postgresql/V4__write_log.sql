-- Who wrote what (docs/api.md, "GET /write-log"): every write, accepted or refused, one row each, never the token.
-- Rows are only ever inserted. A withdrawn release stays readable and keeps its version, but is never a baseline
-- or a candidate again (docs/decisions.md, "Withdrawn releases"); a profile row keeps the principal of its last post.

CREATE TABLE write_log (
    id              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at              BIGINT  NOT NULL,
    principal       TEXT    NOT NULL,
    remote_address  TEXT    NOT NULL,
    -- Method and route template, e.g. "POST /environments/{env}/deployments".
    route           TEXT    NOT NULL,
    service         TEXT,
    version         TEXT,
    environment     TEXT,
    status          INTEGER NOT NULL
);

CREATE INDEX write_log_by_service ON write_log(service, id);
CREATE INDEX write_log_by_environment ON write_log(environment, id);
CREATE INDEX write_log_by_principal ON write_log(principal, id);

ALTER TABLE releases ADD COLUMN withdrawn_at BIGINT;
ALTER TABLE profiles ADD COLUMN posted_by TEXT;
