package dev.wowcompat.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Predicate;

/**
 * The registry's database as every store sees it: connections for a read or a transaction, the locks that serialize
 * the writes of one service ({@link #lockService}) and of one service in one environment ({@link #lockDeployment}),
 * and the few spots where SQLite and PostgreSQL spell a query differently ({@link #dialect}). One implementation per
 * backend ({@link SqliteTransactions}, {@link PostgresTransactions}); the stores on it hold no connection of their own,
 * so a write that spans two stores' tables runs on one connection in one transaction.
 */
public interface Transactions extends AutoCloseable {

    /** Work on one connection; a {@link SQLException} becomes a {@link StoreException}. */
    interface Query<T> {
        T run(Connection c) throws SQLException;
    }

    /** Runs a read on a connection in auto-commit mode; a failure to get or use one is a {@link StoreException}. */
    <T> T read(Query<T> query);

    /**
     * Runs {@code work} in one transaction, committed when {@code commit} accepts its result and rolled back
     * otherwise (and on any exception).
     */
    <T> T transaction(Query<T> work, Predicate<T> commit);

    /**
     * {@link #transaction}, and when the write is committed, its write-log row ({@code record}'s) appended in the
     * same transaction: the write and its row are durable together or not at all.
     */
    default <T> T logged(Query<T> work, Predicate<T> commit, WriteRecord<T> record) {
        return transaction(c -> {
            T result = work.run(c);
            if (commit.test(result)) record.appendTo(c, result);
            return result;
        }, commit);
    }

    /**
     * Blocks until no other registration of {@code service} runs, anywhere, and holds that until the transaction
     * ends: the history read after it holds every release committed before, and nothing can join it until the commit.
     */
    void lockService(Connection c, String service) throws SQLException;

    /**
     * Blocks until no other deployment write of {@code service} in {@code environment} runs, anywhere, and holds that
     * until the transaction ends: the running deployment read after it is the one the write replaces.
     */
    void lockDeployment(Connection c, String environment, String service) throws SQLException;

    /** The backend's spelling of the few queries that differ. */
    Dialect dialect();

    /** Returns when the database answers a trivial query; a {@link StoreException} otherwise (readiness). */
    void ping();

    /** {@code ok}, or what SQLite's (or another backend's) integrity check reports. */
    String integrityCheck();

    @Override
    void close();

    /** Runs {@code work} on {@code c} as one transaction: committed when {@code commit} accepts its result, else rolled back. */
    static <T> T inTransaction(Connection c, Query<T> work, Predicate<T> commit) throws SQLException {
        c.setAutoCommit(false);
        try {
            T result = work.run(c);
            if (commit.test(result)) c.commit();
            else c.rollback();
            return result;
        } catch (SQLException | RuntimeException e) {
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // a broken connection: the database rolls back what it never saw committed
            }
            throw e;
        }
    }
}
