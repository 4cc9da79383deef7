package dev.wowcompat.api;

import dev.wowcompat.testing.TestDatabases;

/** Every attack of {@link WireClaimsTest}, and the migration mending what they stored, again on PostgreSQL. */
class WireClaimsOnPostgresTest extends WireClaimsTest {
    @Override
    protected TestDatabases.Backend backend() {
        return TestDatabases.Backend.POSTGRESQL;
    }
}
