package dev.wowcompat.store;

import java.sql.ResultSet;
import java.sql.Statement;

/** What operations ask of the registry's database: its counts, readiness and integrity. */
final class JdbcOperationsStore implements OperationsStore {
    private final Transactions tx;

    JdbcOperationsStore(Transactions tx) {
        this.tx = tx;
    }

    @Override
    public void ping() {
        tx.ping();
    }

    @Override
    public String integrityCheck() {
        return tx.integrityCheck();
    }

    @Override
    public StoreStats stats() {
        return tx.read(c -> {
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT (SELECT COUNT(*) FROM services), (SELECT COUNT(*) FROM releases), "
                         + "(SELECT COUNT(*) FROM schemas), (SELECT COUNT(*) FROM release_types)")) {
                rs.next();
                return new StoreStats(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4));
            }
        });
    }
}
