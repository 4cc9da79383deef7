package dev.wowcompat.testing;

import dev.wowcompat.api.RegistryServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What an API area's tests share: one real registry for the test class, on a fresh database of the class's backend
 * (SQLite, or PostgreSQL in the {@code *OnPostgresTest} subclass that runs every test again there), holding the
 * releases {@link #fill} registers, and stopped after the class. Each test then uses environments, groups or subjects
 * of its own. Test methods may still take a {@link TestDatabases} parameter for a database of their own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
public abstract class PerClassRegistry {
    /** The class's registry, started before its first test. */
    protected RunningRegistry registry;
    /** The registry's database, for a second node on the same one. */
    protected TestDatabases.Database database;

    /** SQLite; a subclass that runs the tests again on PostgreSQL answers that. */
    protected TestDatabases.Backend backend() {
        return TestDatabases.Backend.SQLITE;
    }

    /** The registry's configuration: loopback, a free port, no tokens, unless the class says otherwise. */
    protected RegistryServer.Config config() throws Exception {
        return RegistryServer.Config.local(0);
    }

    /** Registers what the class's tests expect to find, through {@link #registry}. */
    protected abstract void fill() throws Exception;

    @BeforeAll
    final void startTheRegistry(TestDatabases databases) throws Exception {
        database = databases.create(backend());
        registry = new RunningRegistry(database.open(), config());
        fill();
    }

    @AfterAll
    final void stopTheRegistry() {
        if (registry != null) registry.close();
    }
}
