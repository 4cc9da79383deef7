-- What a window may claim (docs/decisions.md, "What a window may claim"): from this version the registry refuses a
-- window whose counts pass 2^53 or the offsets it covers, whose times are ahead of its clock, or whose carried types
-- no release that ran there declares. This mends what windows stored before it, so that every read answers again.

-- Counts past 2^53: a sum that wrapped below zero, or that SQLite's + turned into a REAL, is held at the bound (it
-- passed it); a REAL within it becomes the integer it is.
UPDATE wire_records SET record_count = CASE WHEN record_count < 0 OR record_count > 9007199254740992 THEN 9007199254740992
    ELSE CAST(record_count AS INTEGER) END
    WHERE typeof(record_count) <> 'integer' OR record_count < 0 OR record_count > 9007199254740992;
UPDATE wire_carried SET record_count = CASE WHEN record_count < 0 OR record_count > 9007199254740992 THEN 9007199254740992
    ELSE CAST(record_count AS INTEGER) END
    WHERE typeof(record_count) <> 'integer' OR record_count < 0 OR record_count > 9007199254740992;
UPDATE wire_findings SET finding_count = CASE WHEN finding_count < 0 OR finding_count > 9007199254740992 THEN 9007199254740992
    ELSE CAST(finding_count AS INTEGER) END
    WHERE typeof(finding_count) <> 'integer' OR finding_count < 0 OR finding_count > 9007199254740992;

-- Times ahead of the clock (a window's end in the year 9999 would silence the staleness alert for good) are held at
-- the time of the migration; a first time then after its last is held at the last.
UPDATE wire_windows SET updated = CAST(strftime('%s', 'now') AS INTEGER) * 1000 WHERE updated > CAST(strftime('%s', 'now') AS INTEGER) * 1000;
UPDATE wire_windows SET since = updated WHERE since > updated;
UPDATE wire_watchers SET last_window = CAST(strftime('%s', 'now') AS INTEGER) * 1000
    WHERE last_window > CAST(strftime('%s', 'now') AS INTEGER) * 1000;
UPDATE wire_carried SET last_seen = CAST(strftime('%s', 'now') AS INTEGER) * 1000 WHERE last_seen > CAST(strftime('%s', 'now') AS INTEGER) * 1000;
UPDATE wire_carried SET first_seen = last_seen WHERE first_seen > last_seen;
UPDATE wire_findings SET last_seen = CAST(strftime('%s', 'now') AS INTEGER) * 1000 WHERE last_seen > CAST(strftime('%s', 'now') AS INTEGER) * 1000;
UPDATE wire_findings SET first_seen = last_seen WHERE first_seen > last_seen;

-- A carried type no release that ran in its environment declares is no claim can-deploy may weigh (wire-unread):
-- a window carrying it is refused from now on, and those kept before go.
DELETE FROM wire_carried WHERE NOT EXISTS (SELECT 1 FROM release_types t JOIN releases r ON r.id = t.release
    JOIN deployments d ON d.service = r.service AND d.version = r.version AND d.environment = wire_carried.environment
    WHERE t.kind = wire_carried.kind AND t.name = wire_carried.type_name AND t.revision = wire_carried.revision);
