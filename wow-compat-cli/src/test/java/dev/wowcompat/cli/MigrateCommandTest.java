package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.api.DemoReleases;
import dev.wowcompat.api.Registration;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.store.ExportedDeployment;
import dev.wowcompat.store.ExportedRelease;
import dev.wowcompat.store.GateDecision;
import dev.wowcompat.store.JdbcRegistryStore;
import dev.wowcompat.store.RegistrationResult;
import dev.wowcompat.store.SqliteTransactions;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestDatabases.Backend;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code wow-compat migrate} from a real SQLite file into a real PostgreSQL database. */
@ExtendWith(TestDatabases.class)
class MigrateCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path credentials(TestDatabases databases) throws Exception {
        Path file = dir.resolve("pg.credentials");
        Files.writeString(file, "user=" + dev.wowcompat.testing.PostgresCluster.USER + "\npassword=" + databases.postgres().password() + "\n");
        return file;
    }

    private static List<ExportedRelease> export(JdbcRegistryStore store) {
        List<ExportedRelease> out = new ArrayList<>();
        store.exportReleases(out::add);
        return out;
    }

    /** Every release arrived as it was, in order, and every schema in the target has its fingerprint. */
    private static void assertSameReleases(Path sqlite, TestDatabases.Database target) throws Exception {
        List<ExportedRelease> expected;
        try (JdbcRegistryStore source = SqliteTransactions.open(sqlite)) {
            expected = export(source);
        }
        try (JdbcRegistryStore copy = target.open()) {
            List<ExportedRelease> actual = export(copy);
            assertEquals(expected, actual, "the same releases, in the order they were registered");
            int schemas = 0;
            for (ExportedRelease r : actual) {
                for (var e : r.content().schemas().entrySet()) {
                    String stored = copy.schema(e.getKey()).orElseThrow();
                    assertEquals(e.getKey(), Fingerprint.of(JSON.readTree(stored)), r.stored().service() + "@" + r.stored().version());
                    schemas++;
                }
            }
            assertTrue(schemas > 0);
            assertEquals("ok", copy.integrityCheck());
        }
    }

    @Test
    void copiesTheDemoRegistryOnceAndIsSafeToRunAgain(TestDatabases databases) throws Exception {
        Path sqlite = dir.resolve("demo.db");
        int demo;
        try (JdbcRegistryStore store = SqliteTransactions.open(sqlite)) {
            demo = DemoReleases.register(new Registration(store, new ManifestReader(), Registration.defaultCachedBytes()), new PrintWriter(new StringWriter()));
        }
        assertTrue(demo > 0);
        TestDatabases.Database target = databases.create(Backend.POSTGRESQL);
        String[] args = {"migrate", "--from", sqlite.toString(), "--to", target.address(), "--db-credentials", credentials(databases).toString()};

        Cli.Result first = Cli.run(args);
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().contains("migrate: " + demo + " releases copied"), first.out());
        assertSameReleases(sqlite, target);

        Cli.Result again = Cli.run(args);
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("migrate: 0 releases copied into " + target.address() + " (0 schema") && again.out().contains("; " + demo + " already there"), again.out());
        assertSameReleases(sqlite, target);
    }

    /**
     * The Confluent API's ids keep their numbers (every Kafka message carries one), with the plain subjects and
     * levels; a second run finds them there, and the target gives the next schema a number never given before.
     */
    @Test
    void schemaIdsAndPlainSubjectsAreCopiedWithTheirNumbers(TestDatabases databases) throws Exception {
        Path sqlite = dir.resolve("ids.db");
        dev.wowcompat.store.SchemaSubjects.Exported expected;
        int given;
        try (JdbcRegistryStore store = SqliteTransactions.open(sqlite)) {
            DemoReleases.register(new Registration(store, new ManifestReader(), Registration.defaultCachedBytes()), new PrintWriter(new StringWriter()));
            var subjects = store.subjects();
            // Ids given out of the order the schemas were stored in: the numbers, not the order, must survive.
            given = subjects.typeVersions("bank.account.Deposited").size();
            assertTrue(given >= 2, "the demo's Deposited has revisions 1 and 2");
            subjects.setSubjectLevel("orders-value", "FULL", dev.wowcompat.store.WriteRecord.none());
            subjects.setSetting("compatibility", "FORWARD", dev.wowcompat.store.WriteRecord.none());
            var registered = subjects.registerPlain("orders-value", dev.wowcompat.fingerprint.Fingerprint.of(
                    new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"type\":\"object\"}")), "{\"type\":\"object\"}",
                    history -> null, dev.wowcompat.store.WriteRecord.none());
            assertEquals(given + 1, registered.id());
            expected = subjects.export();
        }
        TestDatabases.Database target = databases.create(Backend.POSTGRESQL);
        String[] args = {"migrate", "--from", sqlite.toString(), "--to", target.address(), "--db-credentials", credentials(databases).toString()};
        Cli.Result first = Cli.run(args);
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().contains("migrate: " + (given + 1) + " schema ids and 1 plain subject copied (ids keep their numbers)"), first.out());
        try (JdbcRegistryStore copy = target.open()) {
            assertEquals(expected, copy.subjects().export());
            assertEquals(expected.ids().get(0).id(), copy.subjects().typeVersions("bank.account.Deposited").get(0).id());
            // The next id on the target continues after the copied ones.
            assertEquals(given + 2, copy.subjects().idOf(copy.subjects().typeVersions("bank.account").get(0).fingerprint()));
        }
        // The target gave an id of its own since: a second copy would contradict it, and is refused in words.
        Cli.Result again = Cli.run(args);
        assertEquals(2, again.code(), again.out());
        assertTrue(again.err().contains("the schema ids: the target gives ids or holds plain subjects of its own already"), again.err());
    }

    @Test
    void replayVerdictsAreCopiedWithTheirReleasesOnce(TestDatabases databases) throws Exception {
        Path sqlite = dir.resolve("replayed.db");
        dev.wowcompat.report.ReplaySummary summary = new dev.wowcompat.report.ReplaySummary(1_796_000_000_000L, "0.9.0", 40, 1200,
                List.of(new dev.wowcompat.report.ReplaySummary.Found("replay-state-changed", "breaking", 3)));
        try (JdbcRegistryStore store = SqliteTransactions.open(sqlite)) {
            DemoReleases.register(new Registration(store, new ManifestReader(), Registration.defaultCachedBytes()), new PrintWriter(new StringWriter()));
            assertEquals(dev.wowcompat.store.ReplayVerdict.Outcome.STORED, store.recordReplay(new dev.wowcompat.store.ReplayVerdict(
                    "bank-service", "1.1.0", summary, 1_796_000_100_000L, "bank-ci"), dev.wowcompat.store.WriteRecord.none()));
        }
        TestDatabases.Database target = databases.create(Backend.POSTGRESQL);
        String[] args = {"migrate", "--from", sqlite.toString(), "--to", target.address(), "--db-credentials", credentials(databases).toString()};
        Cli.Result first = Cli.run(args);
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().contains("migrate: 1 replay verdict copied; 0 already there"), first.out());
        try (JdbcRegistryStore copy = target.open()) {
            var kept = copy.replay("bank-service", "1.1.0").orElseThrow();
            assertEquals(summary, kept.summary());
            assertEquals(1_796_000_100_000L, kept.storedAt());
            assertEquals("bank-ci", kept.principal());
            assertTrue(copy.replay("bank-service", "1.0.0").isEmpty(), "a release never replayed stays so");
        }
        Cli.Result again = Cli.run(args);
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("migrate: 0 replay verdicts copied; 1 already there"), again.out());
    }

    @Test
    void deploymentsAndTheirHistoryAreCopiedOnceAndAnotherHistoryIsLeftAlone(TestDatabases databases) throws Exception {
        Path sqlite = dir.resolve("deployed.db");
        try (JdbcRegistryStore store = SqliteTransactions.open(sqlite)) {
            DemoReleases.register(new Registration(store, new ManifestReader(), Registration.defaultCachedBytes()), new PrintWriter(new StringWriter()));
            store.recordDeployment("staging", "bank-service", "1.0.0");
            store.recordDeployment("staging", "bank-service", "1.1.0");
            store.recordDeployment("production", "bank-service", "1.0.0");
            store.recordDeployment("staging", "bank-service", "1.2.0");
            store.undeploy("production", "bank-service");
            dev.wowcompat.profile.ProfileSet values = new dev.wowcompat.profile.ProfileSet();
            for (int i = 0; i < 300; i++) {
                values.observe("bank.account.Deposited", 2, "bank-service@1.2.0",
                        new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("amount", 10 + i).put("currency", "EUR"));
            }
            assertEquals(2, store.mergeProfiles("staging", values).merged());
        }
        List<ExportedDeployment> expected;
        try (JdbcRegistryStore source = SqliteTransactions.open(sqlite)) {
            expected = source.exportDeployments();
        }
        TestDatabases.Database target = databases.create(Backend.POSTGRESQL);
        String[] args = {"migrate", "--from", sqlite.toString(), "--to", target.address(), "--db-credentials", credentials(databases).toString()};
        Cli.Result first = Cli.run(args);
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().contains("migrate: 4 deployments copied (history included); 0 already there"), first.out());
        assertTrue(first.out().contains("migrate: 2 field profiles copied; 0 already there"), first.out());
        try (JdbcRegistryStore copy = target.open()) {
            // Copied one service's history in one environment after the other: the same rows, in each one's order.
            assertEquals(rows(expected), rows(copy.exportDeployments()));
            // What the API shows of an environment is the same: what runs, what it replaced, the history.
            var staging = copy.environment("staging", 200).orElseThrow();
            assertEquals("1.2.0", staging.running().get(0).version());
            assertEquals("1.1.0", staging.running().get(0).replaced().version());
            assertEquals(2, staging.history().size());
            assertEquals(0, copy.runningReleases("production").size());
            assertEquals(300, copy.profiles("staging", "bank.account.Deposited", 2, "bank-service@1.2.0", 10).profiles()
                    .get(new dev.wowcompat.profile.Field("bank.account.Deposited", 2, "/amount"), "bank-service@1.2.0").numbers().count());
        }
        Cli.Result again = Cli.run(args);
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("migrate: 0 deployments copied (history included); 4 already there"), again.out());
        assertTrue(again.out().contains("migrate: 0 field profiles copied; 2 already there"), again.out());
        try (JdbcRegistryStore copy = target.open()) {
            assertEquals(300, copy.profiles("staging", "bank.account.Deposited", 2, null, 10).profiles()
                    .get(new dev.wowcompat.profile.Field("bank.account.Deposited", 2, "/amount"), "bank-service@1.2.0").numbers().count(),
                    "copied once, never merged twice");
        }

        // A target where bank-service ran otherwise in staging keeps its own history, and the run says so.
        TestDatabases.Database other = databases.create(Backend.POSTGRESQL);
        String[] toOther = {"migrate", "--from", sqlite.toString(), "--to", other.address(), "--db-credentials", credentials(databases).toString()};
        assertEquals(0, Cli.run(toOther).code());
        try (JdbcRegistryStore copy = other.open()) {
            copy.recordDeployment("qa", "bank-service", "1.0.0");
        }
        try (JdbcRegistryStore store = SqliteTransactions.open(sqlite)) {
            store.recordDeployment("qa", "bank-service", "1.1.0");
        }
        Cli.Result conflict = Cli.run(toOther);
        assertEquals(2, conflict.code(), conflict.out());
        assertTrue(conflict.err().contains("bank-service in qa: the target holds another deployment history for it; its 1 deployment was not copied"),
                conflict.err());
    }

    /**
     * A window of {@code group} over partition 0 of wow.bank.event, with one carried type and one finding, its records
     * by the release the demo runs in the environment.
     */
    private static dev.wowcompat.window.WireWindow window(String group, String member, long from, long to, long at) {
        String release = group.endsWith(".production") ? "bank-service@1.1.0" : "bank-service@1.2.0";
        var ref = new dev.wowcompat.window.WireWindow.RecordRef("wow.bank.event", 0, from);
        return new dev.wowcompat.window.WireWindow(group, member, at, at + 10_000,
                List.of(new dev.wowcompat.window.WireWindow.Range("wow.bank.event", 0, from, to)),
                java.util.Map.of(release, to - from - 1, "", 1L),
                List.of(new dev.wowcompat.window.WireWindow.Carried("event", "bank.account.Deposited", 2, release, to - from,
                        at, at + 9_000, ref)),
                List.of(new dev.wowcompat.window.WireWindow.Finding("written-not-declared", "breaking", release,
                        "bank.account.Deposited", 2, at, at + 5_000, List.of(new dev.wowcompat.window.WireWindow.Example("wow.bank.event", 0,
                        from, null, null, null)))), null);
    }

    private static List<dev.wowcompat.store.ExportedWire> wire(JdbcRegistryStore store) {
        List<dev.wowcompat.store.ExportedWire> out = new ArrayList<>();
        store.exportWire(out::add);
        return out;
    }

    @Test
    void theWireIsCopiedWholePerEnvironmentAndWatchersGoOnWhereTheyStopped(TestDatabases databases) throws Exception {
        Path sqlite = dir.resolve("wire.db");
        // A minute ago, after the demo's deployments (a window names releases that ran by its end); watchers silent
        // for more than a day would be removed by the windows that follow.
        long t = System.currentTimeMillis() - 60_000;
        try (JdbcRegistryStore store = SqliteTransactions.open(sqlite)) {
            DemoReleases.register(new Registration(store, new ManifestReader(), Registration.defaultCachedBytes()), new PrintWriter(new StringWriter()));
            store.recordDeployment("staging", "bank-service", "1.2.0");
            store.recordDeployment("production", "bank-service", "1.1.0");
            assertTrue(store.applyWindow("staging", window("wow-compat-watch.staging", "host-1", 120, 170, t), null, java.util.Map.of(), "w", dev.wowcompat.store.WriteRecord.none()).accepted());
            assertTrue(store.applyWindow("staging", window("wow-compat-watch.staging", "host-2", 170, 200, t + 10_000), null, java.util.Map.of(), "w", dev.wowcompat.store.WriteRecord.none()).accepted());
            assertTrue(store.applyWindow("production", window("wow-compat-watch.production", "host-9", 0, 40, t), null, java.util.Map.of(), "w", dev.wowcompat.store.WriteRecord.none()).accepted());
        }
        List<dev.wowcompat.store.ExportedWire> expected;
        try (JdbcRegistryStore source = SqliteTransactions.open(sqlite)) {
            expected = wire(source);
        }
        assertEquals(List.of("production", "staging"), expected.stream().map(dev.wowcompat.store.ExportedWire::environment).toList());
        // Per environment: its span, a position, two records rows, a carried type, a finding, its watchers, and the
        // mark of what was counted of its partition.
        assertEquals(List.of(8, 9), expected.stream().map(dev.wowcompat.store.ExportedWire::rowCount).toList());
        TestDatabases.Database target = databases.create(Backend.POSTGRESQL);
        String[] args = {"migrate", "--from", sqlite.toString(), "--to", target.address(), "--db-credentials", credentials(databases).toString()};
        Cli.Result first = Cli.run(args);
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().contains("migrate: the wire of 2 environments copied (17 rows: positions, counts, findings, watchers); 0 already there"),
                first.out());
        try (JdbcRegistryStore copy = target.open()) {
            assertEquals(expected, wire(copy), "every row of every wire table, as it was");
            var staging = copy.wire("staging", null, 100);
            assertEquals(80, staging.records());
            assertEquals(t, staging.since());
            assertEquals(2, staging.windows());
            assertEquals(4, staging.findings().get(0).count());
            assertEquals(2, staging.watchers().size());
            // A watcher pointed at the copy goes on from where it stopped: a replay is refused, the next window applied.
            assertEquals(200, copy.applyWindow("staging", window("wow-compat-watch.staging", "host-1", 120, 170, t), null,
                    java.util.Map.of(), "w", dev.wowcompat.store.WriteRecord.none()).stale().storedNext());
            // What was counted is copied with the counts: another group reading the same records counts nothing.
            var trial = copy.applyWindow("staging", window("trial-run", "host-7", 120, 170, t), null, java.util.Map.of(), "w",
                    dev.wowcompat.store.WriteRecord.none());
            assertTrue(trial.accepted() && !trial.counted(), trial.toString());
            assertTrue(copy.applyWindow("staging", window("wow-compat-watch.staging", "host-1", 200, 210, t + 20_000), null,
                    java.util.Map.of(), "w", dev.wowcompat.store.WriteRecord.none()).accepted());
        }
        // Again: production is there as it was; staging's wire has moved on in the target, so it is left alone, and said.
        Cli.Result again = Cli.run(args);
        assertEquals(2, again.code(), again.out());
        assertTrue(again.out().contains("migrate: the wire of 0 environments copied (0 rows: positions, counts, findings, watchers); 1 already there"),
                again.out());
        assertTrue(again.err().contains("the wire of staging: the target counts another wire there already (a watcher posted to it); not copied"),
                again.err());
        try (JdbcRegistryStore copy = target.open()) {
            assertEquals(90, copy.wire("staging", null, 100).records(), "the target's own counting is kept");
        }
    }

    private static List<String> rows(List<ExportedDeployment> deployments) {
        return deployments.stream().map(d -> String.join(" ", d.environment(), d.service(), d.version(), String.valueOf(d.deployedAt()),
                String.valueOf(d.endedAt()), String.valueOf(d.endedBy()))).sorted().toList();
    }

    @Test
    void copiesAHundredServicesOfTwentyReleasesEach(TestDatabases databases) throws Exception {
        Path sqlite = dir.resolve("generated.db");
        ManifestReader reader = new ManifestReader();
        GateDecision accept = new GateDecision(true, "{\"verdict\":\"compatible\"}");
        try (JdbcRegistryStore store = SqliteTransactions.open(sqlite)) {
            for (int release = 0; release < 20; release++) {
                for (int service = 0; service < 100; service++) {
                    byte[] manifest = generated("svc-" + service, release).getBytes(StandardCharsets.UTF_8);
                    var generated = Registration.toNewRelease(reader.read(manifest, "generated"), new String(manifest, StandardCharsets.UTF_8));
                    var result = store.register(generated, store.history(generated.service(), generated.version()).decided(accept));
                    assertEquals(RegistrationResult.Outcome.CREATED, result.outcome());
                }
            }
            assertEquals(2_000, store.stats().releases());
        }
        TestDatabases.Database target = databases.create(Backend.POSTGRESQL);
        Cli.Result result = Cli.run("migrate", "--from", sqlite.toString(), "--to", target.address(),
                "--db-credentials", credentials(databases).toString());
        assertEquals(0, result.code(), result.err());
        assertTrue(result.out().contains("migrate: 2,000 releases copied"), result.out());
        assertTrue(result.out().contains("svc-42: 20 copied, 0 already there"), result.out());
        assertSameReleases(sqlite, target);
    }

    @Test
    void aVersionHeldWithOtherContentIsReportedAndLeftAlone(TestDatabases databases) throws Exception {
        Path sqlite = dir.resolve("one.db");
        ManifestReader reader = new ManifestReader();
        String mine = BankManifests.bank("1.0.0");
        String theirs = BankManifests.withDescription(mine, "other content");
        try (JdbcRegistryStore store = SqliteTransactions.open(sqlite)) {
            var release = Registration.toNewRelease(reader.read(mine.getBytes(StandardCharsets.UTF_8), "a"), mine);
            store.register(release, store.history(release.service(), release.version()).decided(new GateDecision(true, "{}")));
        }
        TestDatabases.Database target = databases.create(Backend.POSTGRESQL);
        try (JdbcRegistryStore store = target.open()) {
            var release = Registration.toNewRelease(reader.read(theirs.getBytes(StandardCharsets.UTF_8), "b"), theirs);
            store.register(release, store.history(release.service(), release.version()).decided(new GateDecision(true, "{}")));
        }
        Cli.Result result = Cli.run("migrate", "--from", sqlite.toString(), "--to", target.address(),
                "--db-credentials", credentials(databases).toString());
        assertEquals(2, result.code());
        assertTrue(result.err().contains("bank-service@1.0.0: the target holds other content under this version"), result.err());
        try (JdbcRegistryStore store = target.open()) {
            assertTrue(store.release("bank-service", "1.0.0").orElseThrow().manifestJson().contains("other content"));
        }
    }

    @Test
    void credentialsOnTheCommandLineAreRefused() {
        Cli.Result result = Cli.run("serve", "--port", "0", "--db", "jdbc:postgresql://127.0.0.1:1/registry?user=me&password=secret");
        assertEquals(2, result.code());
        assertTrue(result.err().contains("credentials do not belong on the command line"), result.err());
        assertTrue(!result.err().contains("secret"), "the refusal does not repeat the password: " + result.err());
    }

    @Test
    void anUnreachableOrUnsupportedDatabaseIsOneLineAndExitTwo() {
        Cli.Result unreachable = Cli.run("serve", "--port", "0", "--db", "jdbc:postgresql://127.0.0.1:1/registry");
        assertEquals(2, unreachable.code());
        assertEquals(1, unreachable.err().strip().lines().count(), unreachable.err());
        assertTrue(unreachable.err().contains("wow-compat.db.unavailable") || unreachable.err().contains("cannot connect to jdbc:postgresql://127.0.0.1:1/registry"),
                unreachable.err());
        Cli.Result unsupported = Cli.run("serve", "--port", "0", "--db", "jdbc:mysql://127.0.0.1/registry");
        assertEquals(2, unsupported.code());
        assertTrue(unsupported.err().contains("give a SQLite file or jdbc:postgresql://"), unsupported.err());
        Cli.Result missing = Cli.run("migrate", "--from", dir.resolve("none.db").toString(), "--to", "jdbc:postgresql://127.0.0.1:1/r");
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("no such SQLite database file"), missing.err());
        assertTrue(!Files.exists(dir.resolve("none.db")), "a missing source is not created");
    }

    /**
     * Release {@code n} of a generated service: one aggregate whose state, command and event carry n + 1 optional
     * fields (each release adds one), so every release has schemas of its own and shares others with the previous.
     */
    static String generated(String service, int n) {
        ObjectNode root = JSON.createObjectNode().put("manifest", 1).put("service", service).put("version", "1." + n + ".0");
        ObjectNode aggregate = root.putObject("contexts").putObject("shop").putObject("aggregates").putObject("order");
        aggregate.putObject("state").set("schema", fields(n));
        aggregate.putObject("commands").putObject("PlaceOrder").set("schema", fields(n));
        aggregate.putObject("events").putObject("OrderPlaced").putObject("revisions").putObject("1").set("schema", fields(n));
        aggregate.putObject("errors").putObject("out-of-stock").put("description", "An item is not in stock.");
        return root.toString();
    }

    private static JsonNode fields(int n) {
        ObjectNode schema = JSON.createObjectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("id").put("type", "string");
        for (int i = 0; i <= n; i++) properties.putObject("field" + i).put("type", "string").put("default", "");
        schema.putArray("required").add("id");
        return schema;
    }
}
