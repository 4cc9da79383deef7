package dev.wowcompat.api;

import dev.wowcompat.testing.TestDatabases;

/** Every test of {@link AccessApiTest} again, the write log and withdrawals on a real PostgreSQL database. */
class AccessApiOnPostgresTest extends AccessApiTest {
    @Override
    TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }
}
