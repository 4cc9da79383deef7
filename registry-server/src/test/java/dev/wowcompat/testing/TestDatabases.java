package dev.wowcompat.testing;

import dev.wowcompat.store.JdbcRegistryStore;
import dev.wowcompat.store.PostgresTransactions;
import dev.wowcompat.store.SqliteTransactions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Real databases for tests, of either backend: a SQLite file in a temporary folder, or a fresh database in the
 * run's {@link PostgresCluster}. Register with {@code @ExtendWith(TestDatabases.class)} and take a
 * {@code TestDatabases} parameter (it also follows the arguments of a parameterized test).
 */
public final class TestDatabases implements ParameterResolver {

    public enum Backend { SQLITE, POSTGRESQL }

    /** One database: what {@code serve --db} takes, the environment it needs, and a store opened on it. */
    public record Database(Backend backend, String address, Map<String, String> environment) {
        public JdbcRegistryStore open() {
            return backend == Backend.SQLITE ? SqliteTransactions.open(Path.of(address))
                    : PostgresTransactions.open(address, environment.get("WOW_COMPAT_DB_USER"), environment.get("WOW_COMPAT_DB_PASSWORD"));
        }

        /** {@code serve}'s arguments naming this database. */
        public List<String> serveArguments() {
            return List.of("--db", address);
        }
    }

    private final ExtensionContext context;

    private TestDatabases(ExtensionContext context) {
        this.context = context;
    }

    public TestDatabases() {
        this.context = null;
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext extension) {
        return parameter.getParameter().getType() == TestDatabases.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext extension) {
        return new TestDatabases(extension);
    }

    public PostgresCluster postgres() {
        return PostgresCluster.get(context);
    }

    /** A new, empty database of the backend (PostgreSQL: the cluster starts on first use). */
    public Database create(Backend backend) {
        String name = context.getRequiredTestClass().getSimpleName();
        if (backend == Backend.POSTGRESQL) {
            PostgresCluster cluster = postgres();
            return new Database(backend, cluster.url(cluster.newDatabase(name)), cluster.credentialsEnvironment());
        }
        return new Database(backend, sqliteFolder().resolve(name + ".db").toString(), Map.of());
    }

    private Path sqliteFolder() {
        TempFolder folder = context.getStore(ExtensionContext.Namespace.create(TestDatabases.class))
                .getOrComputeIfAbsent(TempFolder.class, k -> new TempFolder(), TempFolder.class);
        try {
            return Files.createTempDirectory(folder.path, "db");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deleted when the test (or class) that created it ends. */
    private static final class TempFolder implements AutoCloseable {
        final Path path;

        TempFolder() {
            try {
                path = Files.createTempDirectory("wow-compat-test");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() throws IOException {
            try (Stream<Path> files = Files.walk(path)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
