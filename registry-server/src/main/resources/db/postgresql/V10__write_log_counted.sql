-- Refused writes without a valid principal are counted, not kept one row each (docs/api.md, "GET /write-log"): one
-- row per route, status and minute, whose "writes" says how many refused writes it stands for. A row of one write
-- has minute NULL (a unique index never finds two NULLs equal) and writes 1.

ALTER TABLE write_log ADD COLUMN minute BIGINT;
ALTER TABLE write_log ADD COLUMN writes BIGINT NOT NULL DEFAULT 1;

CREATE UNIQUE INDEX write_log_counted ON write_log(minute, route, status);
