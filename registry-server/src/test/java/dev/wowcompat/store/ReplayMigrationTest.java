package dev.wowcompat.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.report.ReplaySummary;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A registry written before releases kept their replays (db/migration V12__replays.sql): its releases stay, none is
 * said to be replayed, a replay of one of them is kept after the upgrade, and the table refuses a verdict of a release
 * that is not registered.
 */
class ReplayMigrationTest {
    @TempDir
    Path dir;

    @Test
    void releasesRegisteredBeforeAreUnreplayedAndCanBeReplayedAfter() throws Exception {
        Path file = dir.resolve("before.db");
        String url = "jdbc:sqlite:" + file;
        Flyway.configure().dataSource(url, null, null).locations("classpath:db/migration").target("11").load().migrate();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO services VALUES ('bank-service', 1)");
            s.executeUpdate("INSERT INTO releases(service, version, major, minor, patch, registered_at, content_digest, manifest, report, "
                    + "uses_indexed) VALUES ('bank-service', '1.0.0', 1, 0, 0, 1, 'd', '{}', '{}', 1)");
        }
        try (JdbcRegistryStore store = SqliteTransactions.open(file)) {
            assertTrue(store.release("bank-service", "1.0.0").isPresent());
            assertTrue(store.replay("bank-service", "1.0.0").isEmpty(), "a release registered before was never replayed");
            ReplaySummary summary = new ReplaySummary(1_796_000_000_000L, "0.9.0", 3, 12,
                    List.of(new ReplaySummary.Found("replay-event-unsourced", "info", 2)));
            ReplayVerdict verdict = new ReplayVerdict("bank-service", "1.0.0", summary, 1_796_000_100_000L, "bank-ci");
            assertEquals(ReplayVerdict.Outcome.STORED, store.recordReplay(verdict, WriteRecord.none()));
            assertEquals(summary, store.replay("bank-service", "1.0.0").orElseThrow().summary());
            assertEquals(ReplayVerdict.Outcome.SAME, store.recordReplay(verdict, WriteRecord.none()));
            assertEquals(ReplayVerdict.Outcome.NOT_REGISTERED, store.recordReplay(
                    new ReplayVerdict("bank-service", "9.9.9", summary, 1, "bank-ci"), WriteRecord.none()));
        }
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("PRAGMA foreign_keys = ON");
            assertThrows(SQLException.class, () -> s.executeUpdate("INSERT INTO release_replays VALUES "
                    + "('bank-service', '9.9.9', 1, 'x', 0, 0, 0, '[]', 1, 'p')"), "only a registered release keeps a replay");
        }
    }
}
