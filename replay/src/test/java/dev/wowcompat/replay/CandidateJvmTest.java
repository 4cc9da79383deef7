package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.audit.AuditRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.wowcompat.replay.StateEvents.deposited;
import static dev.wowcompat.replay.StateEvents.depositedV1;
import static dev.wowcompat.replay.StateEvents.opened;
import static dev.wowcompat.replay.StateEvents.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runner in the candidate's own JVM, over fixture services compiled now against the stand-ins of Wow's runtime:
 * what it rebuilds, what it sees of each event, what stops it, and that the JVM ends.
 */
class CandidateJvmTest {
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @Test
    void theCleanServiceRebuildsTheStateThroughItsUpgraderAndSourcingFunctions() throws Exception {
        try (CandidateJvm jvm = CandidateJvm.start(BankService.clean(temp), "128m", MINUTE)) {
            SourceAnswer answer = jvm.source(Optional.empty(), 0, false, List.of(
                    record("a-1", 1, "{}", opened("ada")),
                    record("a-1", 2, "{}", depositedV1("12.50"))));

            assertEquals(Optional.empty(), answer.failure());
            assertEquals(2, answer.version().getAsInt());
            JsonNode state = answer.state().orElseThrow();
            assertEquals("a-1", state.get("id").asText());
            assertEquals("ada", state.get("owner").asText());
            assertDecimal("12.50", state.get("balance"));
            assertEquals("EUR", state.get("currency").asText());
            assertEquals(List.of(
                    new SourceAnswer.EventSeen(0, 0, "account_opened", "1.0.0", "account_opened", "1.0.0", true, true, false),
                    new SourceAnswer.EventSeen(1, 0, "money_deposited", "1.0.0", "money_deposited", "2.0.0", true, true, false)),
                    answer.events());
        }
    }

    @Test
    void aRecordedStateIsReadAsTheStateClassAndSourcedOnFromItsVersion() throws Exception {
        try (CandidateJvm jvm = CandidateJvm.start(BankService.clean(temp), "128m", MINUTE)) {
            SourceAnswer answer = jvm.source(
                    Optional.of(JSON.readTree("{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":12.50,\"currency\":\"EUR\"}")),
                    2, false, List.of(record("a-1", 3, "{}", deposited("0.75", "EUR"))));

            assertEquals(Optional.empty(), answer.failure());
            assertEquals(3, answer.version().getAsInt());
            assertDecimal("13.25", answer.state().orElseThrow().get("balance"));
        }
    }

    @Test
    void anEventWhoseClassIsGoneIsSeenUnreadableAndItsSourcingSkipped() throws Exception {
        Map<String, String> changes = new HashMap<>();
        changes.put("fixture/bank/MoneyDeposited.java", null);
        changes.put("fixture/bank/MoneyDepositedV2Upgrader.java", null);
        changes.put("fixture/bank/FundsDeposited.java", """
                        package fixture.bank;

                        import java.math.BigDecimal;
                        import me.ahoo.wow.api.annotation.Event;

                        @Event(revision = "2.0.0")
                        public record FundsDeposited(BigDecimal amount, String currency) {
                        }
                        """);
        changes.put("fixture/bank/AccountState.java", BankService.CLEAN.get("fixture/bank/AccountState.java")
                .replace("MoneyDeposited deposited", "FundsDeposited deposited"));
        Map<String, String> renamed = BankService.changed(changes);
        try (CandidateJvm jvm = CandidateJvm.start(BankService.build(temp, renamed, null), "128m", MINUTE)) {
            SourceAnswer answer = jvm.source(Optional.empty(), 0, false, List.of(
                    record("a-1", 1, "{}", opened("ada"), deposited("5", "EUR"))));

            assertEquals(Optional.empty(), answer.failure());
            assertEquals(new SourceAnswer.EventSeen(0, 1, "money_deposited", "2.0.0", "money_deposited", "2.0.0",
                    false, false, false), answer.events().get(1));
            assertDecimal("0", answer.state().orElseThrow().get("balance"));
        }
    }

    @Test
    void anEventTheStateHasNoSourcingFunctionForIsSeenUnsourced() throws Exception {
        Map<String, String> forgotten = BankService.changed(Map.of("fixture/bank/AccountState.java",
                BankService.CLEAN.get("fixture/bank/AccountState.java")
                        .replace("void onSourcing(MoneyDeposited deposited)", "void onDeposit(MoneyDeposited deposited)")));
        try (CandidateJvm jvm = CandidateJvm.start(BankService.build(temp, forgotten, BankService.SERVICES), "128m", MINUTE)) {
            SourceAnswer answer = jvm.source(Optional.empty(), 0, false, List.of(
                    record("a-1", 1, "{}", opened("ada"), deposited("5", "EUR"))));

            assertEquals(Optional.empty(), answer.failure());
            assertEquals(new SourceAnswer.EventSeen(0, 1, "money_deposited", "2.0.0", "money_deposited", "2.0.0",
                    true, false, false), answer.events().get(1));
        }
    }

    @Test
    void anUpgraderWithoutItsRevisionGuardIsSeenChangingACurrentRecord() throws Exception {
        Map<String, String> unguarded = BankService.changed(Map.of("fixture/bank/MoneyDepositedV2Upgrader.java",
                BankService.CLEAN.get("fixture/bank/MoneyDepositedV2Upgrader.java")
                        .replace("if (!\"1.0.0\".equals(record.getRevision())) {", "if (false) {")));
        try (CandidateJvm jvm = CandidateJvm.start(BankService.build(temp, unguarded, BankService.SERVICES), "128m", MINUTE)) {
            SourceAnswer answer = jvm.source(Optional.empty(), 0, false, List.of(
                    record("a-1", 1, "{}", opened("ada"), deposited("5", "USD"))));

            assertEquals(new SourceAnswer.EventSeen(0, 1, "money_deposited", "2.0.0", "money_deposited", "2.0.0",
                    true, true, true), answer.events().get(1));
            assertEquals("EUR", answer.state().orElseThrow().get("currency").asText());
        }
    }

    @Test
    void anUpgraderThatThrowsStopsTheRunAtItsEvent() throws Exception {
        Map<String, String> throwing = BankService.changed(Map.of("fixture/bank/MoneyDepositedV2Upgrader.java",
                BankService.CLEAN.get("fixture/bank/MoneyDepositedV2Upgrader.java")
                        .replace("mutable.getBody().put(\"currency\", \"EUR\");",
                                "if (mutable.getBody().get(\"amount\").decimalValue().signum() > 0) throw new IllegalStateException(\"no currency known\");")));
        try (CandidateJvm jvm = CandidateJvm.start(BankService.build(temp, throwing, BankService.SERVICES), "128m", MINUTE)) {
            SourceAnswer answer = jvm.source(Optional.empty(), 0, false, List.of(
                    record("a-1", 1, "{}", opened("ada")),
                    record("a-1", 2, "{}", opened("ada"), depositedV1("3"))));

            SourceAnswer.RunnerFailure failure = answer.failure().orElseThrow();
            assertEquals("upgrader-failed", failure.kind());
            assertEquals(1, failure.record());
            assertEquals(1, failure.event());
            assertEquals("java.lang.IllegalStateException: no currency known", failure.detail());
        }
    }

    @Test
    void aVersionGapIsRefusedByTheSourcingAsWowRefusesIt() throws Exception {
        try (CandidateJvm jvm = CandidateJvm.start(BankService.clean(temp), "128m", MINUTE)) {
            SourceAnswer answer = jvm.source(Optional.empty(), 0, false, List.of(
                    record("a-1", 1, "{}", opened("ada")),
                    record("a-1", 3, "{}", deposited("1", "EUR"))));

            SourceAnswer.RunnerFailure failure = answer.failure().orElseThrow();
            assertEquals("version-conflict", failure.kind());
            assertEquals(1, failure.record());
        }
    }

    @Test
    void aRecordedStateTheStateClassCannotReadIsUnreadableSnapshot() throws Exception {
        try (CandidateJvm jvm = CandidateJvm.start(BankService.clean(temp), "128m", MINUTE)) {
            SourceAnswer answer = jvm.source(Optional.of(JSON.readTree("{\"id\":\"a-1\",\"balance\":\"lots\"}")),
                    1, false, List.of(record("a-1", 2, "{}", deposited("1", "EUR"))));

            assertEquals("snapshot-unreadable", answer.failure().orElseThrow().kind());
            assertTrue(answer.state().isEmpty());
        }
    }

    @Test
    void requestsWrittenAheadAreEachAnsweredWithTheirOwnHoweverLargeTheAnswers() throws Exception {
        // Three runs of 200 records, each answer ~400 KB (every step's state carries a long owner): far more than a
        // pipe holds, so the child writes its answers while this JVM is still writing the requests after them.
        String padding = "x".repeat(2000);
        try (CandidateJvm jvm = CandidateJvm.start(BankService.clean(temp), "256m", MINUTE)) {
            List<CandidateJvm.Pending<CandidateJvm.Steps>> written = new ArrayList<>();
            assertTimeoutPreemptively(MINUTE, () -> {
                for (int a = 1; a <= 3; a++) {
                    String state = "{\"id\":\"a-" + a + "\",\"owner\":\"owner-" + a + padding + "\",\"balance\":0,\"currency\":\"EUR\"}";
                    List<RecordedStateEvent> run = new ArrayList<>();
                    for (int v = 2; v <= 201; v++) {
                        // Recorded with a balance of 0 throughout, so each step's answer holds the state rebuilt.
                        run.add(recorded(record("a-" + a, v, state, deposited(a + ".00", "EUR"))));
                    }
                    written.add(jvm.steps(Optional.of(JSON.readTree(state)), 1, false, CandidateJvm.WholeStream.NONE, run));
                }
                List<CandidateJvm.Steps> answers = new ArrayList<>();
                answers.add(written.get(2).await());
                answers.add(0, written.get(0).await());
                answers.add(1, written.get(1).await());
                for (int a = 1; a <= 3; a++) {
                    List<SourceAnswer> steps = answers.get(a - 1).steps();
                    assertEquals(200, steps.size());
                    for (int i = 0; i < steps.size(); i++) {
                        JsonNode rebuilt = steps.get(i).state().orElseThrow();
                        assertEquals(i + 2, steps.get(i).version().getAsInt());
                        assertEquals("a-" + a, rebuilt.get("id").asText());
                        assertEquals("owner-" + a + padding, rebuilt.get("owner").asText());
                        assertDecimal(a + ".00", rebuilt.get("balance"));
                    }
                }
            });
        }
    }

    /**
     * A step that rebuilds the recorded state is told as the recorded one, whatever node types a tree made straight
     * from the state object holds (a long, a double, a decimal with its scale), so the parent need not read it; a
     * step that rebuilds another state sends it whole.
     */
    @Test
    void aStepThatRebuildsTheRecordedStateIsToldSoWhateverItsNumbersAreHeldAs() throws Exception {
        String state = BankService.CLEAN.get("fixture/bank/AccountState.java")
                .replace("private String currency;", "private String currency;\n    private long opened = 5;\n    private double rate = 0.1;");
        List<Path> service = BankService.build(temp, BankService.changed(Map.of("fixture/bank/AccountState.java", state)),
                BankService.SERVICES);
        try (CandidateJvm jvm = CandidateJvm.start(service, "128m", MINUTE)) {
            String before = "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":12.50,\"currency\":\"EUR\",\"opened\":5,\"rate\":0.1}";
            CandidateJvm.Steps answer = jvm.steps(Optional.of(JSON.readTree(before)), 2, false, CandidateJvm.WholeStream.NONE, List.of(
                    recorded(record("a-1", 3, before.replace("12.50", "13.250"), deposited("0.75", "EUR"))),
                    recorded(record("a-1", 4, before.replace("12.50", "14.50"), deposited("0.75", "EUR"))))).await();
            SourceAnswer same = answer.steps().get(0);
            assertEquals(Optional.empty(), same.failure());
            assertTrue(same.stateAsRecorded(), "13.25 rebuilt where 13.250 was recorded, with the long and the double as recorded");
            assertTrue(same.state().isEmpty());
            SourceAnswer other = answer.steps().get(1);
            assertFalse(other.stateAsRecorded(), "14.000 rebuilt from the recorded 13.250, where 14.50 is recorded");
            assertDecimal("14.00", other.state().orElseThrow().get("balance"));
        }
    }

    private static RecordedStateEvent recorded(String record) {
        return Replay.read(new AuditRecord("wow.bank.account.state", 0, 0, -1, List.of(), null,
                record.getBytes(StandardCharsets.UTF_8), 1)).orElseThrow();
    }

    @Test
    void aClasspathWithoutWowIsRefusedInOneSentence() throws Exception {
        ReplayException refused = assertThrows(ReplayException.class,
                () -> CandidateJvm.start(List.of(temp), "64m", MINUTE));
        assertTrue(refused.getMessage().startsWith("The candidate's classpath does not hold Wow's runtime (wow-core)"),
                refused.getMessage());
    }

    @Test
    void aJvmLaunchedWithoutWowIsRefusedAtItsFirstRequestInTheSameSentence() throws Exception {
        try (CandidateJvm jvm = CandidateJvm.launch(List.of(temp), "64m", MINUTE)) {
            ReplayException refused = assertThrows(ReplayException.class, jvm::unregisteredUpgraders);
            assertTrue(refused.getMessage().startsWith("The candidate's classpath does not hold Wow's runtime (wow-core)"),
                    refused.getMessage());
            assertFalse(jvm.processHandle().isAlive(), "the refused JVM is stopped");
        }
    }

    @Test
    void aHeapThatIsNoSizeIsRefusedBeforeAnythingStarts() {
        ReplayException refused = assertThrows(ReplayException.class,
                () -> CandidateJvm.start(List.of(temp), "lots", MINUTE));
        assertEquals("The maximum heap 'lots' is not a size such as 512m or 2g.", refused.getMessage());
    }

    @Test
    void theJvmEndsWithTheReplay() throws Exception {
        CandidateJvm jvm = CandidateJvm.start(BankService.clean(temp), "128m", MINUTE);
        ProcessHandle child = jvm.processHandle();
        assertTrue(child.isAlive());
        jvm.close();
        assertFalse(child.isAlive());
    }

    @Test
    void theJvmIsStoppedAtTheTimeoutAndTheReplaySaysSo() throws Exception {
        Map<String, String> slow = BankService.changed(Map.of("fixture/bank/AccountState.java",
                BankService.CLEAN.get("fixture/bank/AccountState.java").replace("owner = opened.owner();",
                        "owner = opened.owner(); try { Thread.sleep(60_000); } catch (InterruptedException e) { }")));
        // Launched without waiting for it, so the timeout stops it the same way whether it fires while the JVM still
        // starts (a busy machine) or while the sourcing sleeps: the first request waits for the JVM either way.
        try (CandidateJvm jvm = CandidateJvm.launch(BankService.build(temp, slow, BankService.SERVICES), "128m",
                Duration.ofSeconds(6))) {
            ProcessHandle child = jvm.processHandle();
            ReplayException stopped = assertThrows(ReplayException.class, () -> jvm.source(Optional.empty(), 0, false,
                    List.of(record("a-1", 1, "{}", opened("ada")))));
            assertEquals("The replay ran past its timeout of 6 s and was stopped.", stopped.getMessage());
            assertFalse(child.isAlive());
        }
    }

    /** Numbers are compared as decimals: 12.5 and 12.50 are the same amount. */
    private static void assertDecimal(String expected, JsonNode actual) {
        assertTrue(actual.isNumber(), "not a number: " + actual);
        assertEquals(0, new BigDecimal(expected).compareTo(actual.decimalValue()), expected + " <> " + actual);
    }
}
