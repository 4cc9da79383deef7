package dev.wowcompat.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import org.flywaydb.core.Flyway;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteException;

/**
 * The default backend: one SQLite file in WAL mode with {@code synchronous=FULL}, so a commit is on disk
 * before a write returns and the API answers 201.
 *
 * <p>SQLite allows one writer at a time. All writes go through one connection under a lock, and each
 * registration is one {@code BEGIN IMMEDIATE} transaction that compares the history with the one checked and inserts:
 * that serializes registrations (of one service, and of all of them) within this process and, through SQLite's
 * own file lock, across processes sharing the file. Reads use a small pool of their own connections, which WAL
 * lets run while a write is in progress.
 */
public final class SqliteTransactions implements Transactions {
    private static final int READERS = 4;
    private static final int BUSY_TIMEOUT_MS = 30_000;

    private final Path file;
    private final Object fileKey;
    private final Connection writer;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final BlockingQueue<Connection> readers;
    private final List<Connection> allReaders;

    private SqliteTransactions(Path file, Connection writer, List<Connection> readers) {
        this.file = file;
        this.fileKey = fileKey(file);
        this.writer = writer;
        this.allReaders = List.copyOf(readers);
        this.readers = new ArrayBlockingQueue<>(readers.size(), false, readers);
    }

    /** Opens (creating and migrating when needed) the database file: the registry's stores on it. */
    public static JdbcRegistryStore open(Path file) {
        return new JdbcRegistryStore(connect(file));
    }

    /** Opens (creating and migrating when needed) the database file. */
    public static SqliteTransactions connect(Path file) {
        Path absolute = file.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw new StoreException(absolute + " is a directory: give the SQLite file to use in it, e.g. "
                    + absolute.resolve("registry.db"), null);
        }
        try {
            if (absolute.getParent() != null) Files.createDirectories(absolute.getParent());
        } catch (IOException e) {
            throw new StoreException("cannot create the directory of " + absolute + ": " + e.getMessage(), e);
        }
        String url = "jdbc:sqlite:" + absolute;
        try {
            Connection writer = connect(url, SQLiteConfig.TransactionMode.IMMEDIATE);
            migrate(url);
            List<Connection> readers = new ArrayList<>();
            for (int i = 0; i < READERS; i++) readers.add(connect(url, SQLiteConfig.TransactionMode.DEFERRED));
            return new SqliteTransactions(absolute.normalize(), writer, readers);
        } catch (SQLException e) {
            throw new StoreException("cannot open the registry database " + absolute + ": " + cannotOpen(e), e);
        }
    }

    /** Why SQLite could not open the file, in our words: its own ("[SQLITE_CANTOPEN] Unable to open ...") only last. */
    private static String cannotOpen(SQLException e) {
        if (e instanceof SQLiteException sqlite) {
            switch (sqlite.getResultCode()) {
                case SQLITE_CANTOPEN:
                    return "the file cannot be created or opened there (is its directory writable?)";
                case SQLITE_NOTADB:
                    return "the file is not a SQLite database";
                case SQLITE_READONLY:
                case SQLITE_PERM:
                case SQLITE_AUTH:
                    return "the file cannot be written (permission denied)";
                case SQLITE_BUSY:
                case SQLITE_LOCKED:
                    return "another process holds the file locked";
                case SQLITE_CORRUPT:
                    return "the file is damaged (restore it from a backup, docs/deployment.md)";
                default:
                    break;
            }
        }
        return "SQLite refused it (" + e.getMessage() + ")";
    }

    private static Connection connect(String url, SQLiteConfig.TransactionMode mode) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        // WAL: readers do not block the writer. FULL: the WAL is fsynced at every commit, so an acknowledged
        // registration survives a crash of the process or of the machine.
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        config.enforceForeignKeys(true);
        config.setTransactionMode(mode);
        return config.createConnection(url);
    }

    /** Flyway (its SQLite support is in flyway-core) applies classpath:db/migration/V*.sql in order, once. */
    private static void migrate(String url) {
        Flyway.configure()
                .dataSource(url, null, null)
                .locations("classpath:db/migration")
                .load()
                .migrate();
    }

    @Override
    public String toString() {
        return file.toString();
    }

    /** The file's identity (device and inode on Unix), or null where the file system has none. */
    private static Object fileKey(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            throw new StoreException("cannot read the attributes of " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * SQLite keeps writing to an open file whose directory was deleted (or that was replaced): every commit would
     * succeed into a file nobody will ever open again. So a write, and readiness, first check that the path
     * still names the file this store opened.
     */
    private void requireOwnFile() {
        Object now;
        try {
            now = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            throw new StoreException("the registry database " + file + " is gone (" + e.getClass().getSimpleName() + ")", e);
        }
        if (fileKey != null && !fileKey.equals(now)) {
            throw new StoreException("the registry database " + file + " was replaced by another file while the registry ran", null);
        }
    }

    @Override
    public Dialect dialect() {
        return Dialect.SQLITE;
    }

    @Override
    public void ping() {
        requireOwnFile();
        read(c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
                return rs.next();
            }
        });
    }

    @Override
    public <T> T transaction(Query<T> work, Predicate<T> commit) {
        writeLock.lock();
        try {
            requireOwnFile();
            try {
                return Transactions.inTransaction(writer, work, commit);
            } finally {
                writer.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        } finally {
            writeLock.unlock();
        }
    }

    /** Nothing to do: the transaction began IMMEDIATE, which already excludes every other writer of the file. */
    @Override
    public void lockService(Connection c, String service) {
    }

    /** Nothing to do, as for {@link #lockService}. */
    @Override
    public void lockDeployment(Connection c, String environment, String service) {
    }

    @Override
    public String integrityCheck() {
        return read(c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA integrity_check")) {
                List<String> lines = new ArrayList<>();
                while (rs.next()) lines.add(rs.getString(1));
                return String.join("\n", lines);
            }
        });
    }

    @Override
    public <T> T read(Query<T> query) {
        Connection c;
        try {
            c = readers.poll(BUSY_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a database connection", e);
        }
        if (c == null) throw new StoreException("no database connection became free in time", null);
        try {
            return query.run(c);
        } catch (SQLException e) {
            throw new StoreException("registry database read failed: " + e.getMessage(), e);
        } finally {
            readers.add(c);
        }
    }

    @Override
    public void close() {
        writeLock.lock();
        try {
            for (Connection c : allReaders) closeQuietly(c);
            closeQuietly(writer);
        } finally {
            writeLock.unlock();
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing on shutdown: the data is already committed, nothing a caller could do
        }
    }
}
