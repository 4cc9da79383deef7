package dev.wowcompat.ccompat;

import dev.wowcompat.testing.TestDatabases;

/** Every test of {@link CcompatApiTest} again on PostgreSQL. */
class CcompatApiOnPostgresTest extends CcompatApiTest {
    @Override
    TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }
}
