-- The profiles table on PostgreSQL: the same columns and constraints as db/migration/V3__profiles.sql (SQLite), in
-- PostgreSQL's types. A post is merged into the stored row; rows are never deleted.

CREATE TABLE profiles (
    environment  TEXT    NOT NULL,
    service      TEXT    NOT NULL,
    version      TEXT    NOT NULL,
    type_name    TEXT    NOT NULL,
    revision     INTEGER NOT NULL,
    pointer      TEXT    NOT NULL,
    value_count  BIGINT  NOT NULL,
    profile      TEXT    NOT NULL,
    updated_at   BIGINT  NOT NULL,
    PRIMARY KEY (environment, service, version, type_name, revision, pointer),
    FOREIGN KEY (service, version) REFERENCES releases(service, version)
);

CREATE INDEX profiles_by_type ON profiles(environment, type_name, revision);
