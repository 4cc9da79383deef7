package dev.wowcompat.api;

import dev.wowcompat.testing.TestDatabases;

/** Every test of {@link EnvironmentApiTest} again, with the registry on a real PostgreSQL database. */
class EnvironmentApiOnPostgresTest extends EnvironmentApiTest {
    @Override
    TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }
}
