package dev.wowcompat.store;

import java.util.List;

/** The write log on the registry's database ({@link WriteLogTables} holds its SQL). */
final class JdbcWriteLogStore implements WriteLogStore {
    private final Transactions tx;

    JdbcWriteLogStore(Transactions tx) {
        this.tx = tx;
    }

    @Override
    public void appendWrite(WriteLogEntry entry) {
        tx.transaction(c -> {
            WriteLogTables.append(c, entry);
            return true;
        }, ok -> ok);
    }

    @Override
    public void countRefusal(WriteLogEntry entry) {
        tx.transaction(c -> {
            WriteLogTables.count(c, entry);
            return true;
        }, ok -> ok);
    }

    @Override
    public int pruneWriteLog(int keep) {
        if (keep < 1) throw new IllegalArgumentException("the write log keeps at least one row");
        return tx.transaction(c -> WriteLogTables.prune(c, keep), n -> true);
    }

    @Override
    public List<WriteLogEntry> writeLog(WriteLogQuery query) {
        return tx.read(c -> WriteLogTables.page(c, query));
    }

}
