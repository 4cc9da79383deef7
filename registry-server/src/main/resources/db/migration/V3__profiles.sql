-- What services really write (issue 26): the profile of each field (type, revision, JSON pointer) of each release in
-- each environment, as the audit posts it (docs/decisions.md, "Meaning drift"). A post is merged into the stored
-- row (the sketches merge), so a later audit still compares with a release whose records the topic no longer holds.
-- A release keeps at most 1024 fields per environment (the API refuses the rest); rows are never deleted.

CREATE TABLE profiles (
    environment  TEXT    NOT NULL,
    service      TEXT    NOT NULL,
    version      TEXT    NOT NULL,
    type_name    TEXT    NOT NULL,
    -- The event revision, 0 for states and commands.
    revision     INTEGER NOT NULL,
    pointer      TEXT    NOT NULL,
    -- Values seen, all posts together.
    value_count  INTEGER NOT NULL,
    -- One entry of a profile set's "fields" (ProfileJson), sketches in base64.
    profile      TEXT    NOT NULL,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (environment, service, version, type_name, revision, pointer),
    -- Profiles are kept for registered releases only (releases are never deleted).
    FOREIGN KEY (service, version) REFERENCES releases(service, version)
) WITHOUT ROWID;

-- A type's profiles in an environment, every release: what the page and the audit read.
CREATE INDEX profiles_by_type ON profiles(environment, type_name, revision);
