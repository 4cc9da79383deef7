package dev.wowcompat.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.manifest.Version;
import dev.wowcompat.store.DeploymentResult.Outcome;
import dev.wowcompat.store.EndedDeployment.EndedBy;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestDatabases.Backend;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The store's deployments, run unchanged against both backends (a real SQLite file, a real PostgreSQL database):
 * record, replace, repeat, undeploy, the views, the history's order and bound, concurrent writers, and what the
 * tables themselves refuse.
 */
@ExtendWith(TestDatabases.class)
class DeploymentStoreContractTest {
    private static final CheckedRegistration.Check ACCEPT = history -> new GateDecision(true, "{\"verdict\":\"compatible\"}");

    private static void register(JdbcRegistryStore store, String service, String... versions) {
        for (String version : versions) {
            NewRelease release = new NewRelease(service, Version.parse(version), "digest-" + service + "-" + version,
                    "{\"service\":\"" + service + "\",\"version\":\"" + version + "\"}", List.of(), Map.of());
            assertEquals(RegistrationResult.Outcome.CREATED, CheckedRegistration.register(store, release, ACCEPT).outcome());
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void recordsReplacesRepeatsAndUndeploys(Backend backend, TestDatabases databases) {
        TestDatabases.Database db = databases.create(backend);
        try (JdbcRegistryStore store = db.open()) {
            register(store, "bank", "1.0.0", "1.1.0", "1.2.0");
            register(store, "ledger", "1.0.0");

            assertEquals(new DeploymentResult(Outcome.RELEASE_NOT_REGISTERED, null), store.recordDeployment("staging", "bank", "9.9.9"));
            assertEquals(new DeploymentResult(Outcome.RELEASE_NOT_REGISTERED, null), store.recordDeployment("staging", "nobody", "1.0.0"));
            assertEquals(List.of(), store.environments(), "nothing was stored for a release that is not registered");

            long before = System.currentTimeMillis();
            DeploymentResult first = store.recordDeployment("staging", "bank", "1.0.0");
            assertEquals(Outcome.RECORDED, first.outcome());
            Deployment running = first.deployment();
            assertEquals("staging", running.environment());
            assertEquals("1.0.0", running.version());
            assertNull(running.replaced());
            assertTrue(running.deployedAt() >= before && running.deployedAt() <= System.currentTimeMillis());

            assertEquals(new DeploymentResult(Outcome.ALREADY_RUNNING, running), store.recordDeployment("staging", "bank", "1.0.0"),
                    "the same version again changes nothing and answers what runs");

            Deployment second = store.recordDeployment("staging", "bank", "1.1.0").deployment();
            assertEquals(new Deployment.Replaced("1.0.0", running.deployedAt()), second.replaced());
            assertTrue(second.deployedAt() >= running.deployedAt());
            Deployment ledger = store.recordDeployment("staging", "ledger", "1.0.0").deployment();
            Deployment prod = store.recordDeployment("prod", "bank", "1.0.0").deployment();
            assertNull(prod.replaced(), "environments are independent");

            List<EnvironmentSummary> environments = store.environments();
            assertEquals(List.of(new EnvironmentSummary("prod", 1, prod.deployedAt()),
                    new EnvironmentSummary("staging", 2, Math.max(second.deployedAt(), ledger.deployedAt()))), environments);

            EnvironmentView staging = store.environment("staging", 200).orElseThrow();
            assertEquals(List.of(second, ledger), staging.running(), "running, by service");
            assertEquals(List.of(new EndedDeployment("staging", "bank", "1.0.0", running.deployedAt(), second.deployedAt(), EndedBy.REPLACED)),
                    staging.history());

            EndedDeployment undeployed = store.undeploy("staging", "bank").orElseThrow();
            assertEquals(new EndedDeployment("staging", "bank", "1.1.0", second.deployedAt(), undeployed.endedAt(), EndedBy.UNDEPLOYED), undeployed);
            assertTrue(undeployed.endedAt() >= second.deployedAt());
            assertEquals(Optional.empty(), store.undeploy("staging", "bank"), "nothing of bank runs there any more");
            assertEquals(Optional.empty(), store.undeploy("nowhere", "bank"));

            staging = store.environment("staging", 200).orElseThrow();
            assertEquals(List.of(ledger), staging.running());
            assertEquals(List.of("1.1.0 undeployed", "1.0.0 replaced"),
                    staging.history().stream().map(h -> h.version() + " " + h.endedBy().label()).toList(), "newest end first");
            assertEquals(new EnvironmentSummary("staging", 1, undeployed.endedAt()),
                    store.environments().stream().filter(e -> e.name().equals("staging")).findFirst().orElseThrow(),
                    "an undeploy is the environment's last change");

            Deployment afterUndeploy = store.recordDeployment("staging", "bank", "1.2.0").deployment();
            assertNull(afterUndeploy.replaced(), "nothing of bank ran there when 1.2.0 was recorded");
            Deployment rollback = store.recordDeployment("staging", "bank", "1.0.0").deployment();
            assertEquals(new Deployment.Replaced("1.2.0", afterUndeploy.deployedAt()), rollback.replaced(),
                    "a version that ran before may run again (a rollback)");

            List<RunningRelease> releases = store.runningReleases("staging");
            assertEquals(List.of("bank@1.0.0", "ledger@1.0.0"),
                    releases.stream().map(r -> r.release().service() + "@" + r.release().version()).toList());
            assertEquals(rollback, releases.get(0).deployment());
            assertEquals("{\"service\":\"bank\",\"version\":\"1.0.0\"}", releases.get(0).release().manifestJson());
            assertEquals("digest-bank-1.0.0", releases.get(0).release().contentDigest());
            assertEquals(List.of(), store.runningReleases("nowhere"));
            assertEquals(List.of(new RunningVersion("bank", "1.0.0"), new RunningVersion("ledger", "1.0.0")), store.runningVersions("staging"),
                    "what runs, by service, without what ended there");
            assertEquals(List.of(), store.runningVersions("nowhere"));
            assertEquals(Optional.empty(), store.environment("nowhere", 200));
        }
        try (JdbcRegistryStore reopened = db.open()) {
            assertEquals(List.of("bank 1.0.0", "ledger 1.0.0"), reopened.environment("staging", 200).orElseThrow().running().stream()
                    .map(d -> d.service() + " " + d.version()).toList(), "deployments are durable");
            assertEquals(3, reopened.environment("staging", 200).orElseThrow().history().size(), "every ended deployment is kept");
            assertEquals("ok", reopened.integrityCheck());
        }
    }

    private static WriteLogEntry row(String route, String service, String version, String environment, int status) {
        return new WriteLogEntry(0, System.currentTimeMillis(), "bank-ci", "127.0.0.1", route, service, version, environment, status);
    }

    /**
     * A stored write and its write-log row are one transaction: when the row cannot be stored (here the database
     * refuses it: a write-log row must name its principal), the write is not stored either, and when it can, both are.
     */
    @ParameterizedTest
    @EnumSource(Backend.class)
    void aWriteAndItsWriteLogRowAreStoredTogetherOrNotAtAll(Backend backend, TestDatabases databases) {
        TestDatabases.Database db = databases.create(backend);
        try (JdbcRegistryStore store = db.open()) {
            register(store, "bank", "1.0.0", "1.1.0");
            WriteRecord<DeploymentResult> unstorable = WriteRecord.of(new WriteLogEntry(0, 1, null, "127.0.0.1", "POST /environments/{env}/deployments",
                    "bank", "1.0.0", "staging", 201));
            assertThrows(StoreException.class, () -> store.recordDeployment("staging", "bank", "1.0.0", unstorable));
            assertEquals(List.of(), store.environments(), "the deployment rolled back with its row");
            NewRelease release = new NewRelease("bank", Version.parse("1.2.0"), "digest-bank-1.2.0", "{}", List.of(), Map.of());
            assertThrows(StoreException.class, () -> CheckedRegistration.register(store, release, ACCEPT,
                    WriteRecord.of(new WriteLogEntry(0, 1, null, "127.0.0.1", "POST /services/{service}/releases", "bank", "1.2.0", null, 201))));
            assertTrue(store.release("bank", "1.2.0").isEmpty(), "the release rolled back with its row");
            assertEquals(List.of(), store.writeLog(new WriteLogQuery(null, null, null, null, 10)));

            store.recordDeployment("staging", "bank", "1.0.0", WriteRecord.of(row("POST /environments/{env}/deployments", "bank", "1.0.0", "staging", 201)));
            store.recordDeployment("staging", "bank", "1.0.0", WriteRecord.of(row("never", "bank", "1.0.0", "staging", 201)));
            WriteRecord<EndedDeployment> undeployed = WriteRecord.of(row("DELETE /environments/{env}/deployments/{service}", "bank", null, "staging", 200),
                    EndedDeployment::version);
            store.undeploy("staging", "bank", undeployed);
            assertEquals("1.0.0", undeployed.appended().version(), "the row names the version the undeploy ended");
            store.withdraw("bank", "1.1.0", WriteRecord.of(row("POST /services/{service}/releases/{version}/withdraw", "bank", "1.1.0", null, 200)));
            List<String> routes = store.writeLog(new WriteLogQuery(null, null, null, null, 10)).stream().map(WriteLogEntry::route).toList();
            assertEquals(List.of("POST /services/{service}/releases/{version}/withdraw", "DELETE /environments/{env}/deployments/{service}",
                    "POST /environments/{env}/deployments"), routes, "one row a stored write, none for the repeat that stored nothing");
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void historyIsNewestEndFirstAndBounded(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            register(store, "bank", "1.0.0", "1.1.0");
            List<Deployment> recorded = new ArrayList<>();
            for (int i = 0; i < 12; i++) recorded.add(store.recordDeployment("qa", "bank", i % 2 == 0 ? "1.0.0" : "1.1.0").deployment());
            EnvironmentView qa = store.environment("qa", 5).orElseThrow();
            assertEquals(List.of(recorded.get(11)), qa.running());
            assertEquals(5, qa.history().size(), "the answer's bound");
            for (int i = 0; i < 5; i++) {
                Deployment ended = recorded.get(10 - i);
                assertEquals(new EndedDeployment("qa", "bank", ended.version(), ended.deployedAt(), recorded.get(11 - i).deployedAt(),
                        EndedBy.REPLACED), qa.history().get(i), "the deployment ended last comes first, even within one millisecond");
            }
            assertEquals(11, store.environment("qa", 200).orElseThrow().history().size(), "the rest is kept");
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void concurrentWritersOfOneServiceLeaveOneRunningDeploymentAndAnUnbrokenChain(Backend backend, TestDatabases databases)
            throws Exception {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            int writers = 8;
            String[] versions = new String[writers];
            for (int i = 0; i < writers; i++) versions[i] = "1." + i + ".0";
            register(store, "bank", versions);
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            try {
                List<DeploymentResult> distinct = together(pool, writers, i -> store.recordDeployment("race", "bank", versions[i]));
                assertChain(distinct, store.environment("race", 200).orElseThrow());

                List<DeploymentResult> same = together(pool, writers, i -> store.recordDeployment("same", "bank", "1.0.0"));
                assertEquals(1, same.stream().filter(r -> r.outcome() == Outcome.RECORDED).count(), same.toString());
                assertEquals(writers - 1, same.stream().filter(r -> r.outcome() == Outcome.ALREADY_RUNNING).count(), same.toString());
                assertTrue(same.stream().allMatch(r -> r.deployment().equals(same.get(0).deployment())), "all answer the one deployment");
                assertEquals(0, store.environment("same", 200).orElseThrow().history().size());

                List<Optional<EndedDeployment>> undeploys = together(pool, writers, i -> store.undeploy("same", "bank"));
                assertEquals(1, undeploys.stream().filter(Optional::isPresent).count(), "one undeploy ends it, the others find nothing");
            } finally {
                pool.shutdown();
            }
        }
    }

    /**
     * Each writer recorded a version of its own: all were recorded, each replaced exactly the one recorded before it
     * (no write was lost or read a stale running row), and the last one runs.
     */
    static void assertChain(List<DeploymentResult> results, EnvironmentView view) {
        assertTrue(results.stream().allMatch(r -> r.outcome() == Outcome.RECORDED), results.toString());
        Map<String, String> replacedBy = new HashMap<>();
        String first = null;
        for (DeploymentResult r : results) {
            if (r.deployment().replaced() == null) {
                assertNull(first, "only the first write found nothing running: " + results);
                first = r.deployment().version();
            } else {
                assertNull(replacedBy.put(r.deployment().replaced().version(), r.deployment().version()),
                        "two writes replaced the same deployment: " + results);
            }
        }
        Set<String> seen = new HashSet<>();
        String last = first;
        while (last != null && seen.add(last) && replacedBy.containsKey(last)) last = replacedBy.get(last);
        assertEquals(results.size(), seen.size(), "one chain through every write: " + results);
        assertEquals(1, view.running().size());
        assertEquals(last, view.running().get(0).version());
        assertEquals(results.size() - 1, view.history().size());
        assertTrue(view.history().stream().allMatch(h -> h.endedBy() == EndedBy.REPLACED));
    }

    private interface Call<T> {
        T run(int writer) throws Exception;
    }

    private static <T> List<T> together(ExecutorService pool, int writers, Call<T> call) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<T>> futures = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            int writer = i;
            futures.add(pool.submit(() -> {
                go.await();
                return call.run(writer);
            }));
        }
        go.countDown();
        List<T> out = new ArrayList<>();
        for (Future<T> f : futures) out.add(f.get());
        return out;
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void theTablesThemselvesRefuseTwoRunningRowsAndUnregisteredReleases(Backend backend, TestDatabases databases) throws Exception {
        TestDatabases.Database db = databases.create(backend);
        try (JdbcRegistryStore store = db.open()) {
            register(store, "bank", "1.0.0", "1.1.0");
            store.recordDeployment("staging", "bank", "1.0.0");
        }
        try (Connection c = connect(db); Statement st = c.createStatement()) {
            assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO deployments(environment, service, version, deployed_at) "
                    + "VALUES ('staging', 'bank', '1.1.0', 1)"), "a second running row of one service in one environment");
            assertThrows(SQLException.class, () -> st.executeUpdate("INSERT INTO deployments(environment, service, version, deployed_at) "
                    + "VALUES ('qa', 'bank', '9.9.9', 1)"), "a release that is not registered");
            assertThrows(SQLException.class, () -> st.executeUpdate("UPDATE deployments SET ended_at = 5"), "an end without a reason");
            assertThrows(SQLException.class, () -> st.executeUpdate("UPDATE deployments SET ended_at = 0, ended_by = 'replaced'"),
                    "an end before the start");
            assertEquals(1, st.executeUpdate("INSERT INTO deployments(environment, service, version, deployed_at, ended_at, ended_by) "
                    + "VALUES ('staging', 'bank', '1.1.0', 1, 2, 'undeployed')"), "ended rows of the same service are history");
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void aDeploymentNeverEndsBeforeItBeganWhateverTheClocks(Backend backend, TestDatabases databases) throws Exception {
        TestDatabases.Database db = databases.create(backend);
        try (JdbcRegistryStore store = db.open()) {
            register(store, "bank", "1.0.0", "1.1.0");
            // Recorded by a node whose clock is an hour ahead of this one.
            long ahead = System.currentTimeMillis() + 3_600_000;
            try (Connection c = connect(db); Statement st = c.createStatement()) {
                st.executeUpdate("INSERT INTO deployments(environment, service, version, deployed_at) VALUES ('skew', 'bank', '1.0.0', " + ahead + ")");
            }
            Deployment replacing = store.recordDeployment("skew", "bank", "1.1.0").deployment();
            assertEquals(new Deployment.Replaced("1.0.0", ahead), replacing.replaced());
            assertEquals(ahead, replacing.deployedAt(), "the replacing deployment starts when the one it ends began, not before");
            EndedDeployment undeployed = store.undeploy("skew", "bank").orElseThrow();
            assertEquals(ahead, undeployed.endedAt());
            assertEquals(List.of(ahead, ahead), store.environment("skew", 200).orElseThrow().history().stream()
                    .map(EndedDeployment::endedAt).toList());
            assertEquals(List.of("1.1.0", "1.0.0"), store.environment("skew", 200).orElseThrow().history().stream()
                    .map(EndedDeployment::version).toList(), "within one millisecond, the later-recorded ended first in the list");
        }
    }

    private static Connection connect(TestDatabases.Database db) throws SQLException {
        if (db.backend() == Backend.SQLITE) {
            Connection c = DriverManager.getConnection("jdbc:sqlite:" + db.address());
            try (Statement st = c.createStatement()) {
                st.execute("PRAGMA foreign_keys = ON");
            }
            return c;
        }
        return DriverManager.getConnection(db.address(), db.environment().get("WOW_COMPAT_DB_USER"), db.environment().get("WOW_COMPAT_DB_PASSWORD"));
    }
}
