package dev.wowcompat.store;

/**
 * Everything the registry keeps, as one: the narrow stores of one database. Its backends are SQLite (one node) and
 * PostgreSQL (several nodes sharing one database), both {@link JdbcRegistryStore} on their {@link Transactions}. An
 * endpoint takes only the narrow stores it uses (docs/architecture.md, "The store").
 */
public interface RegistryStore extends ReleaseStore, UsageStore, DeploymentStore, ProfileStore, WireStore, WriteLogStore,
        OperationsStore, AutoCloseable {

    /** What the Confluent-compatible API keeps and reads (docs/ccompat.md). */
    SchemaSubjects subjects();

    @Override
    void close();
}
