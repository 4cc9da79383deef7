package dev.wowcompat.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.manifest.Version;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestDatabases.Backend;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ReleaseStore}'s contract, run unchanged against both backends (a real SQLite file, a real PostgreSQL database):
 * outcomes, immutability, serialization, reopening.
 */
@ExtendWith(TestDatabases.class)
class ReleaseStoreContractTest {
    static final String FP_A = "a".repeat(64);
    static final String FP_B = "b".repeat(64);
    static final ReleaseGate ACCEPT = history -> new GateDecision(true, "{\"verdict\":\"compatible\",\"history\":" + history.size() + "}");

    static NewRelease release(String service, String version, String digest, String stateFp) {
        List<TypeRow> types = List.of(
                new TypeRow("aggregate", "bank.account", 0, true, true, null, null),
                new TypeRow("state", "bank.account", 0, true, true, null, stateFp),
                new TypeRow("event", "bank.account.Deposited", 1, true, true, null, FP_A),
                new TypeRow("error", "bank.account.insufficient-balance", 0, true, true, null, null));
        return new NewRelease(service, Version.parse(version), digest, "{\"service\":\"" + service + "\"}", types,
                Map.of(FP_A, "{\"type\":\"object\"}", stateFp, "{\"type\":\"object\",\"title\":\"" + stateFp.charAt(0) + "\"}"));
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void registersOnceThenRecognisesRepeatsAndConflicts(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            RegistrationResult first = store.register(release("bank", "1.0.0", "d1", FP_B), ACCEPT);
            assertEquals(RegistrationResult.Outcome.CREATED, first.outcome());
            assertEquals("{\"verdict\":\"compatible\",\"history\":0}", first.reportJson());

            RegistrationResult again = store.register(release("bank", "1.0.0", "d1", FP_B), h -> {
                throw new AssertionError("the gate must not run for a stored version");
            });
            assertEquals(RegistrationResult.Outcome.SAME_CONTENT, again.outcome());
            assertEquals(first.reportJson(), again.reportJson());

            RegistrationResult conflict = store.register(release("bank", "1.0.0", "other", FP_B), ACCEPT);
            assertEquals(RegistrationResult.Outcome.VERSION_CONFLICT, conflict.outcome());
            assertEquals("d1", store.release("bank", "1.0.0").orElseThrow().contentDigest());

            RegistrationResult second = store.register(release("bank", "1.1.0", "d2", FP_B), ACCEPT);
            assertEquals("{\"verdict\":\"compatible\",\"history\":1}", second.reportJson());
            assertEquals(2, store.stats().releases());
            assertEquals(2, store.stats().schemas(), "schemas are stored once per fingerprint");
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void refusedReleaseLeavesNothingBehind(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            RegistrationResult refused = store.register(release("bank", "1.0.0", "d1", FP_B), h -> new GateDecision(false, "{\"verdict\":\"breaking\"}"));
            assertEquals(RegistrationResult.Outcome.REFUSED, refused.outcome());
            assertNull(refused.release());
            assertEquals(new StoreStats(0, 0, 0, 0), store.stats());
            assertTrue(store.services().isEmpty());
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void gateFailureRollsBack(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            assertThrows(IllegalStateException.class, () -> store.register(release("bank", "1.0.0", "d1", FP_B), h -> {
                throw new IllegalStateException("checker failed");
            }));
            assertEquals(0, store.stats().releases());
            assertEquals(RegistrationResult.Outcome.CREATED, store.register(release("bank", "1.0.0", "d1", FP_B), ACCEPT).outcome());
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void historyIsOrderedByVersionNotByArrival(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            store.register(release("bank", "1.10.0", "d3", FP_B), ACCEPT);
            store.register(release("bank", "1.2.0", "d2", FP_B), ACCEPT);
            List<String> seen = new ArrayList<>();
            store.dryRun("bank", Version.parse("2.0.0"), h -> {
                h.forEach(r -> seen.add(r.version()));
                assertEquals("{\"service\":\"bank\"}", h.get(0).manifestJson(), "the Manifest as stored, read on demand");
                return new GateDecision(true, "{}");
            });
            assertEquals(List.of("1.2.0", "1.10.0"), seen);
            assertEquals(List.of("1.2.0", "1.10.0"), store.releases("bank").stream().map(ReleaseSummary::version).toList());
            assertEquals("1.10.0", store.services().get(0).latestVersion());
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void aHistorysManifestsAreReadTogetherInTheOrderAsked(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            // 501 releases: more than one query's worth of versions (500), so the texts come from two queries.
            int releases = 501;
            for (int k = 0; k < releases; k++) {
                NewRelease r = release("bank", "1." + k + ".0", "d" + k, FP_B);
                store.register(new NewRelease(r.service(), r.version(), r.contentDigest(), text("bank", k), r.types(), r.schemas(), r.uses()), ACCEPT);
            }
            store.register(release("ledger", "1.0.0", "l0", FP_B), ACCEPT);
            List<Integer> asked = List.of(500, 0, 7, 499, 3);
            List<String> expected = asked.stream().map(k -> text("bank", k)).toList();
            List<List<String>> seen = new ArrayList<>();
            ReleaseGate reads = h -> {
                assertEquals(releases, h.size());
                seen.add(HistoryRelease.manifestsJson(asked.stream().map(h::get).toList()));
                seen.add(HistoryRelease.manifestsJson(h).subList(0, 2));
                return new GateDecision(true, "{}");
            };
            // Inside the registration's transaction, and in a dry run's reads.
            store.register(release("bank", "1.501.0", "d501", FP_B), reads);
            store.dryRun("bank", Version.parse("1.502.0"), h -> reads.decide(h.subList(0, releases)));
            assertEquals(List.of(expected, List.of(text("bank", 0), text("bank", 1)), expected, List.of(text("bank", 0), text("bank", 1))), seen);
        }
    }

    private static String text(String service, int k) {
        return "{\"service\":\"" + service + "\",\"version\":\"1." + k + ".0\"}";
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void survivesReopeningAndPassesIntegrityCheck(Backend backend, TestDatabases databases) {
        TestDatabases.Database db = databases.create(backend);
        try (JdbcRegistryStore store = db.open()) {
            store.register(release("bank", "1.0.0", "d1", FP_B), ACCEPT);
        }
        try (JdbcRegistryStore store = db.open()) {
            assertEquals(1, store.stats().releases());
            assertEquals("ok", store.integrityCheck());
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void concurrentRegistrationOfOneVersionCreatesItOnce(Backend backend, TestDatabases databases) throws Exception {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            int threads = 8;
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<RegistrationResult>> results = new ArrayList<>();
            List<Integer> historySizes = Collections.synchronizedList(new ArrayList<>());
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return store.register(release("bank", "1.0.0", "d1", FP_B), h -> {
                        historySizes.add(h.size());
                        return new GateDecision(true, "{}");
                    });
                }));
            }
            start.countDown();
            int created = 0;
            int same = 0;
            for (Future<RegistrationResult> f : results) {
                switch (f.get().outcome()) {
                    case CREATED -> created++;
                    case SAME_CONTENT -> same++;
                    default -> throw new AssertionError(f.get().outcome());
                }
            }
            pool.shutdown();
            assertEquals(1, created);
            assertEquals(threads - 1, same);
            assertEquals(List.of(0), historySizes, "the gate ran once, for the one registration that stored");
        }
    }
}
