package dev.wowcompat.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A throwaway PostgreSQL cluster for this test run: Debian's binaries ({@code initdb}, {@code pg_ctl}), a data
 * folder in a temporary directory, a free loopback port, password authentication. One cluster serves every class of
 * the test JVM (started on first use, stopped when JUnit closes the launcher session's store, and by a shutdown hook
 * should the JVM end otherwise); each test takes a fresh database of its own ({@link #newDatabase}).
 *
 * <p>PostgreSQL refuses to run as root, and CI runs as root: then the cluster runs as the unprivileged system user
 * {@code postgres} (created by Debian's package), through {@code runuser}, and owns its folder.
 *
 * <p>When no PostgreSQL is installed the tests that need it fail, saying how to install it, unless
 * {@code -D}{@value #SKIP_PROPERTY}{@code =true} is given: then they are reported as skipped, never as passed.
 */
public final class PostgresCluster implements AutoCloseable {
    public static final String SKIP_PROPERTY = "wowcompat.postgres.skip";
    public static final String USER = "wowcompat";

    private final Path dir;
    private final Path binaries;
    private final List<String> runAs;
    private final int port;
    private final String password;
    private final AtomicInteger databases = new AtomicInteger();
    private final Thread shutdownHook;

    private PostgresCluster(Path dir, Path binaries, List<String> runAs, int port, String password) {
        this.dir = dir;
        this.binaries = binaries;
        this.runAs = runAs;
        this.port = port;
        this.password = password;
        this.shutdownHook = new Thread(this::stopQuietly, "postgres-cluster-stop");
    }

    /**
     * The test JVM's cluster, started on first use and stopped when the JVM's launcher session closes: Surefire runs
     * each class of a forked JVM as a run of its own, so a store of the run (JUnit's root) would start one per class.
     */
    public static PostgresCluster get(ExtensionContext context) {
        return context.getStore(ExtensionContext.StoreScope.LAUNCHER_SESSION, ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(PostgresCluster.class, k -> start(), PostgresCluster.class);
    }

    private static PostgresCluster start() {
        Path binaries = findBinaries();
        if (binaries == null) {
            String message = "PostgreSQL is not installed (no initdb and pg_ctl under /usr/lib/postgresql/*/bin or "
                    + "WOW_COMPAT_PG_BIN): install Debian's package (apt-get install postgresql; .ci/run does), "
                    + "or pass -D" + SKIP_PROPERTY + "=true to skip the PostgreSQL tests";
            if (Boolean.getBoolean(SKIP_PROPERTY)) Assumptions.abort(message);
            throw new IllegalStateException(message);
        }
        try {
            boolean root = "root".equals(System.getProperty("user.name"));
            List<String> runAs = root ? List.of("runuser", "-u", "postgres", "--") : List.of();
            Path dir = Files.createTempDirectory("wow-compat-pg");
            String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
            Files.writeString(dir.resolve("pwfile"), password + "\n");
            if (root) run(List.of("chown", "-R", "postgres:", dir.toString()), List.of());
            int port = freePort();
            PostgresCluster cluster = new PostgresCluster(dir, binaries, runAs, port, password);
            run(cluster.command("initdb", "-D", dir.resolve("data").toString(), "-U", USER, "--pwfile", dir.resolve("pwfile").toString(),
                    "--auth", "scram-sha-256", "-E", "UTF8", "--no-sync", "--locale", "C"), runAs);
            Runtime.getRuntime().addShutdownHook(cluster.shutdownHook);
            cluster.startServer();
            return cluster;
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("could not start a PostgreSQL cluster: " + e.getMessage(), e);
        }
    }

    private static Path findBinaries() {
        String configured = System.getenv("WOW_COMPAT_PG_BIN");
        if (configured != null && Files.isExecutable(Path.of(configured, "initdb"))) return Path.of(configured);
        Path debian = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(debian)) return null;
        try (Stream<Path> versions = Files.list(debian)) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparing(b -> versionOf(b.getParent()))).orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static int versionOf(Path dir) {
        try {
            return Integer.parseInt(dir.getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private List<String> command(String tool, String... args) {
        List<String> c = new ArrayList<>();
        c.add(binaries.resolve(tool).toString());
        c.addAll(List.of(args));
        return c;
    }

    private static void run(List<String> command, List<String> runAs) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(runAs);
        full.addAll(command);
        Path log = Files.createTempFile("wow-compat-pg", ".log");
        try {
            Process p = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", full) + " did not finish in 120 s");
            }
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", full) + " failed (exit " + p.exitValue() + "): "
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** Starts the server (again, after {@link #stopServer}), on the same port and data. */
    public void startServer() {
        try {
            run(command("pg_ctl", "-D", dir.resolve("data").toString(), "-w", "-t", "60", "-l", dir.resolve("server.log").toString(),
                    "-o", "-p " + port + " -c listen_addresses=127.0.0.1 -k " + dir + " -c max_connections=200 -c fsync=on",
                    "start"), runAs);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("pg_ctl start failed: " + e.getMessage(), e);
        }
    }

    /** Stops the server the way an operator restarting it would ({@code pg_ctl stop -m fast}). */
    public void stopServer() {
        try {
            run(command("pg_ctl", "-D", dir.resolve("data").toString(), "-w", "-t", "60", "-m", "fast", "stop"), runAs);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("pg_ctl stop failed: " + e.getMessage(), e);
        }
    }

    public int port() {
        return port;
    }

    public String password() {
        return password;
    }

    /** The environment a {@code serve} process needs for this cluster's credentials. */
    public Map<String, String> credentialsEnvironment() {
        return Map.of("WOW_COMPAT_DB_USER", USER, "WOW_COMPAT_DB_PASSWORD", password);
    }

    public String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** Creates an empty database of its own for one test; its name. */
    public String newDatabase(String prefix) {
        String name = prefix.toLowerCase().replaceAll("[^a-z0-9]", "_") + "_" + databases.incrementAndGet();
        try (Connection c = DriverManager.getConnection(url("postgres"), USER, password); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
        }
        return name;
    }

    private void stopQuietly() {
        try {
            run(command("pg_ctl", "-D", dir.resolve("data").toString(), "-w", "-t", "60", "-m", "immediate", "stop"), runAs);
        } catch (IOException | InterruptedException e) {
            // already stopped
        }
        deleteRecursively(dir);
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder; the system cleans it eventually
        }
    }

    @Override
    public void close() {
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook is running or has run
        }
    }
}
