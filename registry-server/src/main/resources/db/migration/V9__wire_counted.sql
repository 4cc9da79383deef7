-- Each record counts once per environment, whichever consumer group read it (docs/decisions.md, "Each record counts
-- once per environment"): per partition, the next offset not yet counted and the group whose windows count it. A
-- window is counted only when each of its ranges continues what is counted there; else its positions advance and it
-- adds nothing. And when an environment's wire was last reset (DELETE /environments/{env}/wire), and by whom.

CREATE TABLE wire_counted (
    environment      TEXT    NOT NULL,
    topic            TEXT    NOT NULL,
    kafka_partition  INTEGER NOT NULL,
    -- -1 only inside a window's transaction, for a partition nothing was counted of yet (never committed so).
    counted_to       INTEGER NOT NULL,
    consumer_group   TEXT    NOT NULL,
    PRIMARY KEY (environment, topic, kafka_partition)
) WITHOUT ROWID;

-- What was counted before: up to the furthest position of any group, counted by that group.
INSERT INTO wire_counted(environment, topic, kafka_partition, counted_to, consumer_group)
SELECT p.environment, p.topic, p.kafka_partition, p.next_offset, MIN(p.consumer_group)
FROM wire_positions p
WHERE p.next_offset >= 0 AND p.next_offset = (SELECT MAX(q.next_offset) FROM wire_positions q WHERE q.environment = p.environment
    AND q.topic = p.topic AND q.kafka_partition = p.kafka_partition)
GROUP BY p.environment, p.topic, p.kafka_partition, p.next_offset;

-- The last reset of each environment's wire: the whole of it (consumer_group '') or one group's positions.
CREATE TABLE wire_resets (
    environment     TEXT    NOT NULL PRIMARY KEY,
    reset_at        INTEGER NOT NULL,
    principal       TEXT    NOT NULL,
    consumer_group  TEXT    NOT NULL
) WITHOUT ROWID;
