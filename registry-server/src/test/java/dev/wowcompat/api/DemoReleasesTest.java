package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.store.ReleaseSummary;
import dev.wowcompat.store.SqliteRegistryStore;
import dev.wowcompat.testing.BankManifests;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** serve --demo: every example release registered in version order; candidates and refused files skipped, not fatal. */
class DemoReleasesTest {
    @TempDir
    Path dir;

    @Test
    void registersReleasesInVersionOrderAndSkipsWhatCannotBeRegistered() throws Exception {
        Path examples = dir.resolve("examples");
        Files.createDirectories(examples.resolve("bank/candidates"));
        // Named so that name order and version order differ: 1.10.0 sorts before 1.9.0 by name.
        Files.writeString(examples.resolve("bank/a-1.10.0.json"), BankManifests.bank("bank-service", "1.10.0", 2, true));
        Files.writeString(examples.resolve("bank/b-1.9.0.json"), BankManifests.bank("bank-service", "1.9.0", 2, false));
        Files.writeString(examples.resolve("bank/c-1.0.0.json"), BankManifests.bank("bank-service", "1.0.0", 1, true));
        Files.writeString(examples.resolve("bank/d-1.11.0-breaking.json"), BankManifests.withoutDeposited("bank-service", "1.11.0"));
        Files.writeString(examples.resolve("bank/e-broken.json"), "{ not json");
        Files.writeString(examples.resolve("bank/candidates/1.12.0.json"), BankManifests.bank("bank-service", "1.12.0", 2, true));
        try (SqliteRegistryStore store = SqliteRegistryStore.open(dir.resolve("r.db"))) {
            Registration registration = new Registration(store, new ManifestReader(), 10_000);
            StringWriter log = new StringWriter();
            int stored = DemoReleases.registerAll(examples, registration, new PrintWriter(log));
            assertEquals(3, stored, log.toString());
            assertEquals(java.util.List.of("1.0.0", "1.9.0", "1.10.0"),
                    store.releases("bank-service").stream().map(ReleaseSummary::version).toList());
            assertTrue(log.toString().contains("d-1.11.0-breaking.json: skipped"), log.toString());
            assertTrue(log.toString().contains("e-broken.json: skipped"), log.toString());
            assertEquals(3, DemoReleases.registerAll(examples, registration, new PrintWriter(new StringWriter())),
                    "starting again with the same database registers nothing new and fails nothing");
        }
    }
}
