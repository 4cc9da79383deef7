-- What the wire carried (docs/decisions.md, "The registry watches the wire"): the watchers of an environment post
-- windows of records (POST /environments/{env}/wire); a window is applied in one transaction only when each of its
-- partition ranges starts at the stored next offset, so a record is counted once across crashes and rebalances.
-- Every table is keyed by what a window adds to, never by a record: a window costs its own size, not the history's.
-- Times are epoch milliseconds: record timestamps for first/last seen, wall-clock for windows and watchers.

-- The next offset to count, per consumer group (watchers of one group share it; another group counts on its own).
CREATE TABLE wire_positions (
    environment      TEXT    NOT NULL,
    consumer_group   TEXT    NOT NULL,
    topic            TEXT    NOT NULL,
    kafka_partition  INTEGER NOT NULL,
    -- -1 only inside a window's transaction, for a partition with no position yet (never committed so).
    next_offset      INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    PRIMARY KEY (environment, consumer_group, topic, kafka_partition)
) WITHOUT ROWID;

-- Records counted per release the watch attributed them to ('' when none was found).
CREATE TABLE wire_records (
    environment   TEXT    NOT NULL,
    release       TEXT    NOT NULL,
    record_count  INTEGER NOT NULL,
    PRIMARY KEY (environment, release)
) WITHOUT ROWID;

-- The types the wire carried: kind event, command or state; revision 0 but for events.
CREATE TABLE wire_carried (
    environment      TEXT    NOT NULL,
    kind             TEXT    NOT NULL CHECK (kind IN ('event', 'command', 'state')),
    type_name        TEXT    NOT NULL,
    revision         INTEGER NOT NULL,
    record_count     INTEGER NOT NULL,
    first_seen       INTEGER NOT NULL,
    last_seen        INTEGER NOT NULL,
    first_topic      TEXT    NOT NULL,
    first_partition  INTEGER NOT NULL,
    first_offset     INTEGER NOT NULL,
    PRIMARY KEY (environment, kind, type_name, revision)
) WITHOUT ROWID;

-- The findings per release, type and audit finding id, with the first examples (a JSON array of at most 5).
CREATE TABLE wire_findings (
    environment    TEXT    NOT NULL,
    release        TEXT    NOT NULL,
    type_name      TEXT    NOT NULL,
    finding        TEXT    NOT NULL,
    severity       TEXT    NOT NULL CHECK (severity IN ('breaking', 'warning', 'info')),
    finding_count  INTEGER NOT NULL,
    first_seen     INTEGER NOT NULL,
    last_seen      INTEGER NOT NULL,
    examples       TEXT    NOT NULL,
    PRIMARY KEY (environment, release, type_name, finding)
) WITHOUT ROWID;

CREATE INDEX wire_findings_by_type ON wire_findings(environment, type_name);

-- Who posted windows, and the end of the last one each posted.
CREATE TABLE wire_watchers (
    environment     TEXT    NOT NULL,
    consumer_group  TEXT    NOT NULL,
    member          TEXT    NOT NULL,
    last_window     INTEGER NOT NULL,
    PRIMARY KEY (environment, consumer_group, member)
) WITHOUT ROWID;

CREATE INDEX wire_watchers_by_window ON wire_watchers(environment, last_window);

-- Per environment: the start of the first window (since), the end of the newest (updated), and how many were applied.
CREATE TABLE wire_windows (
    environment  TEXT    NOT NULL PRIMARY KEY,
    since        INTEGER NOT NULL,
    updated      INTEGER NOT NULL,
    windows      INTEGER NOT NULL
) WITHOUT ROWID;
