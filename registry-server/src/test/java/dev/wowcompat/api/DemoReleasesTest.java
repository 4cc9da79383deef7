package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.store.Deployment;
import dev.wowcompat.store.ReleaseSummary;
import dev.wowcompat.store.JdbcRegistryStore;
import dev.wowcompat.store.SqliteTransactions;
import dev.wowcompat.testing.BankManifests;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * serve --demo: every example release registered in version order; candidates and refused files skipped, not fatal;
 * the demo's deployments recorded where nothing was deployed yet, and a second start changes nothing.
 */
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
        try (JdbcRegistryStore store = SqliteTransactions.open(dir.resolve("r.db"))) {
            Registration registration = new Registration(store, new ManifestReader(), Registration.defaultCachedBytes());
            StringWriter log = new StringWriter();
            DemoReleases.Registered stored = DemoReleases.registerAll(examples, registration, new PrintWriter(log));
            assertEquals(new DemoReleases.Registered(3, 0), stored, log.toString());
            assertEquals(java.util.List.of("1.0.0", "1.9.0", "1.10.0"),
                    store.releases("bank-service").stream().map(ReleaseSummary::version).toList());
            assertTrue(log.toString().contains("d-1.11.0-breaking.json: skipped"), log.toString());
            assertTrue(log.toString().contains("e-broken.json: skipped"), log.toString());
            assertEquals(new DemoReleases.Registered(0, 3), DemoReleases.registerAll(examples, registration, new PrintWriter(new StringWriter())),
                    "starting again with the same database registers nothing new and fails nothing");
        }
    }

    @Test
    void theBundledDemoRecordsItsDeploymentsOnceAndASecondStartChangesNothing() throws Exception {
        try (JdbcRegistryStore store = SqliteTransactions.open(dir.resolve("demo.db"))) {
            Registration registration = new Registration(store, new ManifestReader(), Registration.defaultCachedBytes());
            StringWriter log = new StringWriter();
            DemoReleases.Outcome first = DemoReleases.load(registration, store, new PrintWriter(log));
            assertEquals("", log.toString(), "every bundled release registers and every deployment is recorded");
            int releases = first.registered();
            assertEquals(8, releases, "bank-service and courtyard (3 each) and standing-orders (2)");
            assertEquals(List.of("demo: 8 example releases registered",
                    "demo: deployments recorded: staging runs bank-service 1.2.0, standing-orders 1.1.0; "
                            + "production runs bank-service 1.1.0, standing-orders 1.0.0"), first.summary());
            List<Deployment> staging = store.environment("staging", 10).orElseThrow().running();
            List<Deployment> production = store.environment("production", 10).orElseThrow().running();

            DemoReleases.Outcome again = DemoReleases.load(registration, store, new PrintWriter(log));
            assertEquals(List.of("demo: 8 example releases already registered; nothing changed"), again.summary());
            assertFalse(again.changed());
            assertEquals(staging, store.environment("staging", 10).orElseThrow().running(), "nothing recorded again");
            assertEquals(production, store.environment("production", 10).orElseThrow().running());
            assertEquals(List.of(), store.environment("production", 10).orElseThrow().history(), "no deployment ended");
        }
    }

    @Test
    void anEnvironmentWithDeploymentsOfItsOwnIsLeftAsItIs() throws Exception {
        try (JdbcRegistryStore store = SqliteTransactions.open(dir.resolve("own.db"))) {
            Registration registration = new Registration(store, new ManifestReader(), Registration.defaultCachedBytes());
            DemoReleases.register(registration, new PrintWriter(new StringWriter()));
            // Someone moved production on (the consumer first, then the bank) before the demo's first start with them.
            store.recordDeployment("production", "standing-orders", "1.1.0");
            store.recordDeployment("production", "bank-service", "1.2.0");
            DemoReleases.Outcome outcome = DemoReleases.load(registration, store, new PrintWriter(new StringWriter()));
            assertEquals(List.of("demo: 8 example releases already registered",
                    "demo: deployments recorded: staging runs bank-service 1.2.0, standing-orders 1.1.0",
                    "demo: production has deployments already; left as it is"), outcome.summary());
            assertEquals(List.of("bank-service 1.2.0", "standing-orders 1.1.0"), store.environment("production", 10).orElseThrow()
                    .running().stream().map(d -> d.service() + " " + d.version()).sorted().toList());
        }
    }
}
