package dev.wowcompat.store;

/** What operations ask of the registry's database: counts, readiness, integrity. */
public interface OperationsStore {

    /** Counts for /metrics and /health. */
    StoreStats stats();

    /** Returns when the database answers a trivial query; a {@link StoreException} otherwise (readiness). */
    void ping();

    /** {@code ok}, or what SQLite's (or another backend's) integrity check reports. */
    String integrityCheck();
}
