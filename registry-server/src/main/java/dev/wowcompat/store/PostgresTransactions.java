package dev.wowcompat.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * The backend for several registry nodes on one PostgreSQL database, through a HikariCP pool.
 *
 * <p>Registrations of one service are serialized across every node by a transaction-scoped advisory lock taken
 * first in the registration's transaction; at PostgreSQL's default isolation (read committed) every statement
 * after it sees each release committed before, on whatever node. The commit is durable when it returns
 * (PostgreSQL's default {@code synchronous_commit=on}), before the API answers 201.
 *
 * <p>Nothing waits without bound: a connection is handed out within {@link #CONNECTION_TIMEOUT_MS} or the call
 * fails, and every statement (lock waits included) is bounded by the server-side timeouts set on each connection.
 * A failure is a {@link StoreException}, which the API answers with 503; the pool replaces dead connections, so
 * the node recovers by itself when the database is back.
 */
public final class PostgresTransactions implements Transactions {
    /** Upper bound of a wait for a pooled connection (also of opening one while the database is down). */
    static final long CONNECTION_TIMEOUT_MS = 3_000;
    private static final int POOL_SIZE = 10;

    private final HikariDataSource pool;
    private final String address;

    private PostgresTransactions(HikariDataSource pool, String address) {
        this.pool = pool;
        this.address = address;
    }

    /**
     * Connects, and creates or migrates the tables (Flyway, classpath:db/postgresql; Flyway holds an advisory lock
     * while it migrates, so nodes starting together migrate once).
     *
     * @param jdbcUrl {@code jdbc:postgresql://HOST:PORT/DB}, without credentials
     */
    public static JdbcRegistryStore open(String jdbcUrl, String user, String password) {
        return new JdbcRegistryStore(connect(jdbcUrl, user, password));
    }

    /** The database's connections, as {@link #open}. */
    public static PostgresTransactions connect(String jdbcUrl, String user, String password) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("wow-compat");
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(POOL_SIZE);
        config.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
        config.setValidationTimeout(1_000);
        config.addDataSourceProperty("ApplicationName", "wow-compat");
        config.addDataSourceProperty("connectTimeout", "3");
        config.addDataSourceProperty("tcpKeepAlive", "true");
        // A stuck statement or lock wait ends with an error instead of holding a request: a registration waits at
        // most lock_timeout for another node's registration of the same service.
        config.addDataSourceProperty("options", "-c statement_timeout=20000 -c lock_timeout=15000 "
                + "-c idle_in_transaction_session_timeout=60000");
        String address = jdbcUrl.contains("?") ? jdbcUrl.substring(0, jdbcUrl.indexOf('?')) : jdbcUrl;
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(config);
        } catch (HikariPool.PoolInitializationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new StoreException("cannot connect to " + address + ": " + cause.getMessage(), e);
        }
        try {
            Flyway.configure().dataSource(pool).locations("classpath:db/postgresql").load().migrate();
        } catch (FlywayException e) {
            pool.close();
            throw new StoreException("cannot create or migrate the registry's tables in " + address + ": " + e.getMessage(), e);
        }
        return new PostgresTransactions(pool, address);
    }

    @Override
    public String toString() {
        return address;
    }

    @Override
    public Dialect dialect() {
        return Dialect.POSTGRESQL;
    }

    @Override
    public void ping() {
        read(c -> {
            try (java.sql.Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
                return rs.next();
            }
        });
    }

    @Override
    public <T> T read(Query<T> query) {
        try (Connection c = pool.getConnection()) {
            return query.run(c);
        } catch (SQLException e) {
            throw new StoreException("registry database read failed: " + e.getMessage(), e);
        }
    }

    @Override
    public <T> T transaction(Query<T> work, Predicate<T> commit) {
        try (Connection c = pool.getConnection()) {
            return Transactions.inTransaction(c, work, commit);
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        }
    }

    /** A transaction-scoped advisory lock keyed by the service name; released by the commit or rollback. */
    @Override
    public void lockService(Connection c, String service) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
            ps.setLong(1, lockKey(service));
            ps.execute();
        }
    }

    /**
     * A transaction-scoped advisory lock keyed by the environment and the service (a key of its own: a deployment
     * write never waits for a registration of the service, nor the reverse).
     */
    @Override
    public void lockDeployment(Connection c, String environment, String service) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
            // Environment names have no line break, so the pair reads back one way only.
            ps.setLong(1, key("wow-compat.deployment:" + environment + "\n" + service));
            ps.execute();
        }
    }

    /** 64 bits of the name's SHA-256: two services sharing a key would only wait for each other, never mix. */
    static long lockKey(String service) {
        return key("wow-compat.service:" + service);
    }

    private static long key(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** {@code ok}, or the constraints PostgreSQL has not validated (the tables' guarantees rest on them). */
    @Override
    public String integrityCheck() {
        return read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT conrelid::regclass || ': ' || conname FROM pg_constraint "
                            + "WHERE connamespace = current_schema()::regnamespace AND NOT convalidated ORDER BY 1");
                 ResultSet rs = ps.executeQuery()) {
                List<String> invalid = new ArrayList<>();
                while (rs.next()) invalid.add("not validated: " + rs.getString(1));
                return invalid.isEmpty() ? "ok" : String.join("\n", invalid);
            }
        });
    }

    @Override
    public void close() {
        pool.close();
    }
}
