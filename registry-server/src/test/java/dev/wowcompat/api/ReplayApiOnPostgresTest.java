package dev.wowcompat.api;

import dev.wowcompat.testing.TestDatabases;

/** Every test of {@link ReplayApiTest} again, with the registry on a real PostgreSQL database. */
class ReplayApiOnPostgresTest extends ReplayApiTest {
    @Override
    TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }
}
