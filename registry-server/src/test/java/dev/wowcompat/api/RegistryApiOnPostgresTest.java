package dev.wowcompat.api;

import dev.wowcompat.testing.TestDatabases;

/** Every API test of {@link RegistryApiTest} again, with the registry on a real PostgreSQL database. */
class RegistryApiOnPostgresTest extends RegistryApiTest {
    @Override
    TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }
}
