package dev.wowcompat.api;

import dev.wowcompat.testing.TestDatabases;

/** Every test of {@link ProfileApiTest} again, with the registry on a real PostgreSQL database. */
class ProfileApiOnPostgresTest extends ProfileApiTest {
    @Override
    protected TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }
}
