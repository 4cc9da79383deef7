package dev.wowcompat.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import dev.wowcompat.window.WireWindow;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A registry that counted the wire before each record counted once per environment (db/migration
 * V9__wire_counted.sql): what its groups counted is marked counted, up to the furthest position of any group and by
 * that group, so a group lagging behind does not count those records again once the registry is upgraded.
 */
class WireCountedMigrationTest {
    @TempDir
    Path dir;

    @Test
    void whatWasCountedBeforeIsMarkedCountedByTheGroupFurthestOn() throws Exception {
        Path file = dir.resolve("before.db");
        String url = "jdbc:sqlite:" + file;
        Flyway.configure().dataSource(url, null, null).locations("classpath:db/migration").target("7").load().migrate();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            // Two groups on partition 0 (the watchers' ahead of a trial run), one on partition 1, two at a tie on 2.
            s.executeUpdate("INSERT INTO wire_positions VALUES ('production', 'watchers', 'wow.bank.event', 0, 500, 1), "
                    + "('production', 'trial', 'wow.bank.event', 0, 120, 1), ('production', 'trial', 'wow.bank.event', 1, 40, 1), "
                    + "('production', 'b-group', 'wow.bank.event', 2, 7, 1), ('production', 'a-group', 'wow.bank.event', 2, 7, 1), "
                    + "('staging', 'trial', 'wow.bank.event', 0, 3, 1)");
            s.executeUpdate("INSERT INTO wire_windows VALUES ('production', 0, 1, 4), ('staging', 0, 1, 1)");
        }
        try (JdbcRegistryStore store = SqliteTransactions.open(file)) {
            List<String> marks = new ArrayList<>();
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT environment, topic, kafka_partition, counted_to, consumer_group FROM wire_counted "
                         + "ORDER BY environment, topic, kafka_partition")) {
                while (rs.next()) {
                    marks.add(rs.getString(1) + " " + rs.getString(2) + " " + rs.getInt(3) + " " + rs.getLong(4) + " " + rs.getString(5));
                }
            }
            assertEquals(List.of("production wow.bank.event 0 500 watchers", "production wow.bank.event 1 40 trial",
                    "production wow.bank.event 2 7 a-group", "staging wow.bank.event 0 3 trial"), marks);

            // The trial run lagging on partition 0 goes on reading: what the watchers counted is not counted again.
            WireWindow behind = new WireWindow("trial", "host-1", 0, 10_000,
                    List.of(new WireWindow.Range("wow.bank.event", 0, 120, 170)), Map.of("", 50L), List.of(), List.of(), null);
            WireOutcome outcome = store.applyWindow("production", behind, null, Map.of(), "w", WriteRecord.none());
            assertTrue(outcome.accepted(), outcome.toString());
            assertFalse(outcome.counted(), outcome.toString());
            assertEquals(WireOutcome.Uncounted.Reason.COUNTED, outcome.uncounted().reason());
            WireWindow on = new WireWindow("watchers", "host-2", 0, 10_000,
                    List.of(new WireWindow.Range("wow.bank.event", 0, 500, 510)), Map.of("", 10L), List.of(), List.of(), null);
            assertTrue(store.applyWindow("production", on, null, Map.of(), "w", WriteRecord.none()).counted());
            assertEquals(10, store.wire("production", null, 10).records());
        }
    }
}
