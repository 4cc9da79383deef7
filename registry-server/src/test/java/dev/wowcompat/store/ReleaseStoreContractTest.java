package dev.wowcompat.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.api.ApiException;
import dev.wowcompat.api.ProblemCode;
import dev.wowcompat.api.Registration;
import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Severity;
import dev.wowcompat.store.RegistrationResult.Outcome;
import dev.wowcompat.testing.BankManifests;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestDatabases.Backend;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ReleaseStore}'s contract, run unchanged against both backends (a real SQLite file, a real PostgreSQL database):
 * outcomes, immutability, serialization, decisions made against a history that moved, reopening.
 */
@ExtendWith(TestDatabases.class)
class ReleaseStoreContractTest {
    static final String FP_A = "a".repeat(64);
    static final String FP_B = "b".repeat(64);
    static final CheckedRegistration.Check ACCEPT = history -> new GateDecision(true, "{\"verdict\":\"compatible\",\"history\":" + history.size() + "}");

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
            RegistrationResult first = CheckedRegistration.register(store, release("bank", "1.0.0", "d1", FP_B), ACCEPT);
            assertEquals(RegistrationResult.Outcome.CREATED, first.outcome());
            assertEquals("{\"verdict\":\"compatible\",\"history\":0}", first.reportJson());

            RegistrationResult again = CheckedRegistration.register(store, release("bank", "1.0.0", "d1", FP_B), h -> {
                throw new AssertionError("no check runs for a stored version");
            });
            assertEquals(RegistrationResult.Outcome.SAME_CONTENT, again.outcome());
            assertEquals(first.reportJson(), again.reportJson());

            RegistrationResult conflict = CheckedRegistration.register(store, release("bank", "1.0.0", "other", FP_B), ACCEPT);
            assertEquals(RegistrationResult.Outcome.VERSION_CONFLICT, conflict.outcome());
            assertEquals("d1", store.release("bank", "1.0.0").orElseThrow().contentDigest());

            RegistrationResult second = CheckedRegistration.register(store, release("bank", "1.1.0", "d2", FP_B), ACCEPT);
            assertEquals("{\"verdict\":\"compatible\",\"history\":1}", second.reportJson());
            assertEquals(2, store.stats().releases());
            assertEquals(2, store.stats().schemas(), "schemas are stored once per fingerprint");
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void refusedReleaseLeavesNothingBehind(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            RegistrationResult refused = CheckedRegistration.register(store, release("bank", "1.0.0", "d1", FP_B),
                    h -> new GateDecision(false, "{\"verdict\":\"breaking\"}"));
            assertEquals(RegistrationResult.Outcome.REFUSED, refused.outcome());
            assertNull(refused.release());
            assertEquals(new StoreStats(0, 0, 0, 0), store.stats());
            assertTrue(store.services().isEmpty());
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void aCheckThatFailsStoresNothing(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            assertThrows(IllegalStateException.class, () -> CheckedRegistration.register(store, release("bank", "1.0.0", "d1", FP_B), h -> {
                throw new IllegalStateException("checker failed");
            }));
            assertEquals(0, store.stats().releases());
            assertEquals(RegistrationResult.Outcome.CREATED, CheckedRegistration.register(store, release("bank", "1.0.0", "d1", FP_B), ACCEPT).outcome());
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void historyIsOrderedByVersionNotByArrival(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            CheckedRegistration.register(store, release("bank", "1.10.0", "d3", FP_B), ACCEPT);
            CheckedRegistration.register(store, release("bank", "1.2.0", "d2", FP_B), ACCEPT);
            List<HistoryRelease> read = store.history("bank", Version.parse("2.0.0")).releases();
            assertEquals(List.of("1.2.0", "1.10.0"), read.stream().map(HistoryRelease::version).toList());
            assertEquals("{\"service\":\"bank\"}", read.get(0).manifestJson(), "the Manifest as stored, read on demand");
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
                CheckedRegistration.register(store, new NewRelease(r.service(), r.version(), r.contentDigest(), text("bank", k), r.types(), r.schemas(), r.uses()), ACCEPT);
            }
            CheckedRegistration.register(store, release("ledger", "1.0.0", "l0", FP_B), ACCEPT);
            List<Integer> asked = List.of(500, 0, 7, 499, 3);
            List<String> expected = asked.stream().map(k -> text("bank", k)).toList();
            List<List<String>> seen = new ArrayList<>();
            CheckedRegistration.Check reads = h -> {
                assertEquals(releases, h.size());
                seen.add(HistoryRelease.manifestsJson(asked.stream().map(h::get).toList()));
                seen.add(HistoryRelease.manifestsJson(h).subList(0, 2));
                return new GateDecision(true, "{}");
            };
            // In a registration's check, and in a dry run's.
            CheckedRegistration.register(store, release("bank", "1.501.0", "d501", FP_B), reads);
            reads.decide(store.history("bank", Version.parse("1.502.0")).releases().subList(0, releases));
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
            CheckedRegistration.register(store, release("bank", "1.0.0", "d1", FP_B), ACCEPT);
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
                    return CheckedRegistration.register(store, release("bank", "1.0.0", "d1", FP_B), h -> {
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
            assertTrue(!historySizes.isEmpty() && historySizes.stream().allMatch(size -> size == 0),
                    "each check that ran read the history before the version was stored: " + historySizes);
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void aDecisionMadeAgainstAHistoryThatMovedIsNotStored(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            CheckedRegistration.register(store, release("bank", "1.0.0", "d1", FP_B), ACCEPT);
            GateDecision accept = new GateDecision(true, "{\"verdict\":\"compatible\"}");
            NewRelease candidate = release("bank", "1.2.0", "d3", FP_B);
            WriteRecord<RegistrationResult> row = WriteRecord.of(new WriteLogEntry(0, 1, "bank-ci", "127.0.0.1",
                    "POST /services/{service}/releases", "bank", "1.2.0", null, 201));
            WriteLogQuery everyRow = new WriteLogQuery(null, null, null, null, 10);

            // A release registered after the check's read.
            ReleaseHistory read = store.history("bank", candidate.version());
            CheckedRegistration.register(store, release("bank", "1.1.0", "d2", FP_B), ACCEPT);
            RegistrationResult moved = store.register(candidate, read.decided(accept), row);
            assertEquals(Outcome.HISTORY_MOVED, moved.outcome());
            assertNull(moved.release());
            assertTrue(store.release("bank", "1.2.0").isEmpty(), "nothing stored");
            assertEquals(List.of(), store.writeLog(everyRow), "no write-log row for a release not stored");
            assertEquals(Outcome.HISTORY_MOVED, store.register(candidate, read.decided(new GateDecision(false, "{}"))).outcome(),
                    "a refusal made against a history that moved is no verdict either");

            // A release withdrawn after the read.
            ReleaseHistory beforeWithdrawal = store.history("bank", candidate.version());
            assertNotEquals(read.mark(), beforeWithdrawal.mark());
            assertEquals(Withdrawal.WITHDRAWN, store.withdraw("bank", "1.1.0"));
            assertEquals(Outcome.HISTORY_MOVED, store.register(candidate, beforeWithdrawal.decided(accept)).outcome());

            // A release copied in (what migrate does) after the read.
            ReleaseHistory beforeCopy = store.history("bank", candidate.version());
            NewRelease copied = release("bank", "0.9.0", "d0", FP_B);
            assertEquals(Outcome.CREATED, store.importRelease(new ExportedRelease(
                    new StoredRelease("bank", "0.9.0", 1L, "d0", copied.manifestJson(), "{}"), copied), (fp, text) -> true).outcome());
            assertEquals(Outcome.HISTORY_MOVED, store.register(candidate, beforeCopy.decided(accept)).outcome());
            assertTrue(store.release("bank", "1.2.0").isEmpty(), "nothing stored");

            // Against the history as it is now, the decision stores the release, with its row.
            ReleaseHistory now = store.history("bank", candidate.version());
            assertEquals(List.of("0.9.0", "1.0.0"), now.releases().stream().map(HistoryRelease::version).toList(), "1.1.0 is withdrawn");
            assertEquals(now.mark(), store.history("bank", Version.parse("7.0.0")).mark(), "one history, one mark");
            assertEquals(Outcome.CREATED, store.register(candidate, now.decided(accept), row).outcome());
            assertEquals(List.of("1.2.0"), store.writeLog(everyRow).stream().map(WriteLogEntry::version).toList());

            // A stored version answers as it is, whatever history a decision was made against.
            assertEquals(Outcome.SAME_CONTENT, store.register(candidate, read.decided(accept)).outcome());
            assertEquals(Outcome.VERSION_CONFLICT, store.register(release("bank", "1.2.0", "other", FP_B), read.decided(accept)).outcome());
            assertEquals(Outcome.SAME_CONTENT, store.history("bank", candidate.version()).repeatOf(candidate).orElseThrow().outcome(),
                    "the read finds the stored version, so a repeat needs no check");
        }
    }

    /**
     * 1.1.0 stages Deposited@2 and 1.2.0 is 1.0.0 again, which drops @2 (BankManifests): each is compatible with 1.0.0
     * alone, and 1.2.0 is breaking (revision-removed) once 1.1.0 is stored. Both are checked against the same read; 1.1.0
     * is stored first, so 1.2.0's decision is outdated, checked again, and refused.
     */
    @ParameterizedTest
    @EnumSource(Backend.class)
    void ofTwoReleasesCheckedAgainstOneHistoryTheSecondIsCheckedAgainAndRefused(Backend backend, TestDatabases databases)
            throws InvalidInputException {
        ManifestReader reader = new ManifestReader();
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            String base = BankManifests.bank("bank-service", "1.0.0", 1, true);
            String staged = BankManifests.bank("bank-service", "1.1.0", 2, false);
            String dropped = BankManifests.bank("bank-service", "1.2.0", 1, true);
            assertEquals(Outcome.CREATED, CheckedRegistration.register(store, parsed(reader, base), ACCEPT).outcome());

            ReleaseHistory stagedRead = store.history("bank-service", Version.parse("1.1.0"));
            ReleaseHistory droppedRead = store.history("bank-service", Version.parse("1.2.0"));
            Report stagedReport = check(reader, staged, stagedRead);
            Report droppedReport = check(reader, dropped, droppedRead);
            assertEquals("compatible", stagedReport.verdict());
            assertEquals("compatible", droppedReport.verdict());

            assertEquals(Outcome.CREATED, store.register(parsed(reader, staged), stagedRead.decided(decision(stagedReport))).outcome());
            assertEquals(Outcome.HISTORY_MOVED, store.register(parsed(reader, dropped), droppedRead.decided(decision(droppedReport))).outcome());

            ReleaseHistory again = store.history("bank-service", Version.parse("1.2.0"));
            Report recheck = check(reader, dropped, again);
            assertEquals("breaking", recheck.verdict());
            assertEquals(List.of("revision-removed"), recheck.findings().stream().filter(f -> f.severity() == Severity.BREAKING)
                    .map(f -> f.rule().id()).distinct().toList());
            assertEquals(Outcome.REFUSED, store.register(parsed(reader, dropped), again.decided(decision(recheck))).outcome());
            assertEquals(List.of("1.0.0", "1.1.0"), store.releases("bank-service").stream().map(ReleaseSummary::version).toList());
        }
    }

    /**
     * The same two releases sent at once through the server's registration (the real check, re-checked when the history
     * moved), eight times: 1.1.0 is always stored; 1.2.0 is refused, unless it was checked and stored before 1.1.0 was.
     */
    @ParameterizedTest
    @EnumSource(Backend.class)
    void twoRegistrationsRacingForOneServiceAreNeverBothAcceptedOutOfOrder(Backend backend, TestDatabases databases) throws Exception {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            Registration registration = new Registration(store, new ManifestReader(), Registration.defaultCachedBytes());
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                for (int trial = 0; trial < 8; trial++) {
                    String service = "race-" + trial;
                    assertEquals(Outcome.CREATED, registration.register(service, bytes(BankManifests.bank(service, "1.0.0", 1, true)), "t").outcome());
                    CountDownLatch start = new CountDownLatch(1);
                    Future<RegistrationResult> staged = pool.submit(() -> {
                        start.await();
                        return registration.register(service, bytes(BankManifests.bank(service, "1.1.0", 2, false)), "t");
                    });
                    Future<RegistrationResult> dropped = pool.submit(() -> {
                        start.await();
                        return registration.register(service, bytes(BankManifests.bank(service, "1.2.0", 1, true)), "t");
                    });
                    start.countDown();
                    assertEquals(Outcome.CREATED, staged.get().outcome(), "1.1.0's only earlier release is 1.0.0");
                    RegistrationResult second = dropped.get();
                    if (second.outcome() == Outcome.REFUSED) {
                        assertTrue(second.reportJson().contains("revision-removed"), second.reportJson());
                        assertEquals(List.of("1.0.0", "1.1.0"), store.releases(service).stream().map(ReleaseSummary::version).toList());
                    } else {
                        assertEquals(Outcome.CREATED, second.outcome());
                        assertFalse(second.reportJson().contains("\"1.1.0\""), "1.2.0 was stored without a check against 1.1.0, "
                                + "so 1.1.0 was not stored yet: " + second.reportJson());
                        assertTrue(second.release().registeredAt() <= staged.get().release().registeredAt());
                    }
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void aRegistrationWhoseHistoryMovesUnderEveryCheckGivesUpAfterFiveChecks(Backend backend, TestDatabases databases) throws Exception {
        ManifestReader reader = new ManifestReader();
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            assertEquals(Outcome.CREATED, CheckedRegistration.register(store, parsed(reader, BankManifests.bank("busy", "1.0.0", 1, true)), ACCEPT).outcome());
            AtomicInteger patches = new AtomicInteger();
            // The real store, with another writer of the service committing a patch release right after each read of the
            // history: every check is outdated before its decision reaches the store.
            ReleaseStore moving = (ReleaseStore) Proxy.newProxyInstance(ReleaseStore.class.getClassLoader(), new Class<?>[] {ReleaseStore.class},
                    (proxy, method, args) -> {
                        Object answer;
                        try {
                            answer = method.invoke(store, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                        if (method.getName().equals("history")) {
                            NewRelease patch = parsed(reader, BankManifests.bank("busy", "1.0." + patches.incrementAndGet(), 1, true));
                            assertEquals(Outcome.CREATED, CheckedRegistration.register(store, patch, ACCEPT).outcome());
                        }
                        return answer;
                    });
            byte[] candidate = bytes(BankManifests.bank("busy", "1.1.0", 1, true));
            ApiException busy = assertThrows(ApiException.class,
                    () -> new Registration(moving, reader, Registration.defaultCachedBytes()).register("busy", candidate, "t"));
            assertEquals(ProblemCode.BUSY, busy.problem());
            assertEquals(503, busy.status());
            assertEquals(5, patches.get(), "five checks, each against a history that then moved");
            assertTrue(store.release("busy", "1.1.0").isEmpty(), "nothing stored");
            assertEquals(Outcome.CREATED, new Registration(store, reader, Registration.defaultCachedBytes()).register("busy", candidate, "t").outcome(),
                    "once the history holds still, the same release is stored");
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static NewRelease parsed(ManifestReader reader, String text) throws InvalidInputException {
        return Registration.toNewRelease(reader.read(bytes(text), "test"), text);
    }

    /** The compatibility check of {@code candidate} against the history read, as the server runs it. */
    private static Report check(ManifestReader reader, String candidate, ReleaseHistory read) throws InvalidInputException {
        List<Manifest> earlier = new ArrayList<>();
        for (String text : HistoryRelease.manifestsJson(read.releases())) earlier.add(reader.read(bytes(text), "stored"));
        return new ReleaseChecker().check(reader.read(bytes(candidate), "candidate"), earlier);
    }

    private static GateDecision decision(Report report) {
        return new GateDecision(report.compatible(), "{\"verdict\":\"" + report.verdict() + "\"}");
    }
}
