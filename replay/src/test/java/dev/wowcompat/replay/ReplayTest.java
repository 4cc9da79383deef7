package dev.wowcompat.replay;

import dev.wowcompat.audit.AuditException;
import dev.wowcompat.audit.AuditRecord;
import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.AuditWaiver;
import dev.wowcompat.audit.KcatInput;
import dev.wowcompat.audit.RecordSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static dev.wowcompat.replay.StateEvents.deposited;
import static dev.wowcompat.replay.StateEvents.depositedV1;
import static dev.wowcompat.replay.StateEvents.event;
import static dev.wowcompat.replay.StateEvents.opened;
import static dev.wowcompat.replay.StateEvents.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The replay over recorded state events (kcat -J lines, as the audit reads them), one fixture service per finding:
 * the clean service replays with no finding, and each changed one is found with its id, aggregate, version, event
 * and pointer, written out here.
 */
class ReplayTest {
    private static final String TOPIC = "wow.bank.account.state";
    private static final String V1 = "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":0,\"currency\":null}";
    private static final String V2 = "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":12.50,\"currency\":\"EUR\"}";
    private static final String V3 = "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":13.25,\"currency\":\"EUR\"}";
    /** What the running release recorded for account a-1: opened, a deposit of revision 1.0.0, one of 2.0.0. */
    private static final List<String> HISTORY = List.of(
            record("a-1", 1, V1, opened("ada")),
            record("a-1", 2, V2, depositedV1("12.50")),
            record("a-1", 3, V3, deposited("0.75", "EUR")));

    @TempDir
    Path temp;

    @Test
    void theCleanServiceReplaysItsHistoryWithNoFinding() throws Exception {
        AuditReport report = replay(BankService.CLEAN, BankService.SERVICES, HISTORY, List.of());

        assertEquals(List.of(), report.findings());
        assertEquals(3, report.messages());
        assertEquals(List.of("Replayed 1 aggregate: 3 events."), report.notes());
    }

    @Test
    void theStateEventsHeldUntilTheEndStopTheReplayWithASentenceBeyondTheirPartOfTheHeap() throws Exception {
        String lines = StateEvents.kcatLines(TOPIC, "a-1", HISTORY);
        try (CandidateJvm jvm = CandidateJvm.start(BankService.build(temp, BankService.CLEAN, BankService.SERVICES), "128m", Duration.ofMinutes(2));
             KcatInput input = new KcatInput(new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8)), "the sample", 0,
                     List.of(Pattern.compile(".*")))) {
            Replay.Settings settings = new Replay.Settings(1000, List.of(), java.util.Optional.empty(), false, java.util.Optional.empty(), 1);
            ReplayException refused = org.junit.jupiter.api.Assertions.assertThrows(ReplayException.class,
                    () -> new Replay(settings).run(input, jvm));
            assertEquals("the state events held until the input's end passed 1 byte, the part of this JVM's heap they may take, at "
                    + TOPIC + "/0@0: replay a smaller sample or fewer aggregates (--max-aggregates), or give the JVM more heap "
                    + "(the command line: WOW_COMPAT_JAVA_OPTS=-Xmx4g; Maven: MAVEN_OPTS)", refused.getMessage());
        }
    }

    @Test
    void aSourcingFunctionThatScalesTheAmountIsAChangedMeaningWithItsFactor() throws Exception {
        AuditReport report = replay(scaledInCents(),
                BankService.SERVICES, HISTORY, List.of());

        assertEquals(List.of("replay-state-changed"), ids(report));
        AuditReport.Counted changed = report.findings().get(0);
        assertEquals(2, changed.count());
        AuditReport.Example first = changed.examples().get(0);
        assertEquals("a-1", first.key());
        assertEquals("/state/balance", first.pointer());
        assertEquals(TOPIC, first.topic());
        assertEquals(1, first.offset());
        assertEquals("bank.account", first.details().get("aggregate"));
        assertEquals(2, first.details().get("version"));
        assertEquals(0, new BigDecimal("100").compareTo((BigDecimal) first.details().get("factor")));
        assertEquals("recorded 12.50, replayed 1250 (x100); version 2 sourced money_deposited@1.0.0", first.message());
        assertEquals(3, changed.examples().get(1).details().get("version"));
    }

    @Test
    void aRecordedMemberTheCandidateNoLongerRebuildsIsLost() throws Exception {
        AuditReport report = replay(BankService.changed(Map.of("fixture/bank/AccountState.java", state()
                        .replace("private String owner;", "private String holder;")
                        .replace("owner = opened.owner();", "holder = opened.owner();"))),
                BankService.SERVICES, HISTORY, List.of());

        assertEquals(List.of("replay-state-lost"), ids(report));
        AuditReport.Counted lost = report.findings().get(0);
        assertEquals(3, lost.count());
        assertEquals("/state/owner", lost.examples().get(0).pointer());
        assertEquals(1, lost.examples().get(0).details().get("version"));
        assertEquals("recorded \"ada\", missing after the replay; version 1 sourced account_opened@1.0.0", lost.examples().get(0).message());
    }

    @Test
    void anEventWhoseClassIsGoneIsUnreadable() throws Exception {
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
        changes.put("fixture/bank/AccountState.java", state().replace("MoneyDeposited deposited", "FundsDeposited deposited"));
        AuditReport report = replay(BankService.changed(changes), null, HISTORY, List.of());

        assertEquals(List.of("replay-event-unreadable", "replay-state-changed"), ids(report));
        AuditReport.Counted unreadable = find(report, "replay-event-unreadable");
        assertEquals(2, unreadable.count());
        AuditReport.Example first = unreadable.examples().get(0);
        assertEquals("/body/0", first.pointer());
        assertEquals(2, first.details().get("version"));
        assertEquals("money_deposited", first.details().get("event"));
        assertEquals("1.0.0", first.details().get("revision"));
        assertEquals("money_deposited@1.0.0 resolves to no class of the candidate", first.message());
    }

    @Test
    void anEventWithoutSourcingFunctionIsBreakingWhenTheStateThenDiffers() throws Exception {
        AuditReport report = replay(BankService.changed(Map.of("fixture/bank/AccountState.java", state()
                        .replace("void onSourcing(MoneyDeposited deposited)", "void onDeposit(MoneyDeposited deposited)"))),
                BankService.SERVICES, HISTORY, List.of());

        assertEquals(List.of("replay-event-unsourced", "replay-state-changed"), ids(report));
        AuditReport.Counted unsourced = find(report, "replay-event-unsourced");
        assertEquals(dev.wowcompat.rules.Severity.BREAKING, unsourced.finding().severity());
        assertEquals(2, unsourced.count());
        assertEquals("/body/0", unsourced.examples().get(0).pointer());
        assertEquals("money_deposited", unsourced.examples().get(0).details().get("event"));
    }

    @Test
    void anEventWithoutSourcingFunctionIsInfoWhenTheStateIsTheRecordedOne() throws Exception {
        Map<String, String> sources = BankService.changed(Map.of("fixture/bank/StatementRequested.java", STATEMENT_REQUESTED));
        List<String> history = new ArrayList<>(HISTORY);
        history.add(record("a-1", 4, V3, event("statement_requested", "0.0.1", "fixture.bank.StatementRequested",
                "{\"channel\":\"mail\"}")));
        AuditReport report = replay(sources, BankService.SERVICES, history, List.of());

        assertEquals(List.of("replay-event-unsourced"), ids(report));
        AuditReport.Counted unsourced = report.findings().get(0);
        assertEquals(dev.wowcompat.rules.Severity.INFO, unsourced.finding().severity());
        assertEquals(4, unsourced.examples().get(0).details().get("version"));
        assertEquals("statement_requested", unsourced.examples().get(0).details().get("event"));
    }

    @Test
    void anEventWithoutSourcingFunctionIsInfoWhenWhatDiffersIsNotItsDoing() throws Exception {
        // The state's balance renamed amount: every state rebuilt lacks the recorded balance. Version 4's deposit
        // changed it, beside a statement the candidate does not source; skipping the statement would have left the
        // balance as version 3 held it, so its loss is not the statement's doing.
        Map<String, String> sources = BankService.changed(Map.of("fixture/bank/StatementRequested.java", STATEMENT_REQUESTED,
                "fixture/bank/AccountState.java", state()
                .replace("private BigDecimal balance = BigDecimal.ZERO;", "private BigDecimal amount = BigDecimal.ZERO;")
                .replace("balance = balance.add(deposited.amount());", "amount = amount.add(deposited.amount());")));
        List<String> history = new ArrayList<>(HISTORY);
        history.add(record("a-1", 4, "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":14.25,\"currency\":\"EUR\"}",
                deposited("1.00", "EUR"), event("statement_requested", "0.0.1", "fixture.bank.StatementRequested",
                        "{\"channel\":\"mail\"}")));
        AuditReport report = replay(sources, BankService.SERVICES, history, List.of());

        assertEquals(List.of("replay-event-unsourced", "replay-state-lost"), ids(report));
        AuditReport.Counted unsourced = find(report, "replay-event-unsourced");
        assertEquals(dev.wowcompat.rules.Severity.INFO, unsourced.finding().severity());
        assertEquals(1, unsourced.count());
        assertEquals("/body/1", unsourced.examples().get(0).pointer());
        AuditReport.Counted lost = find(report, "replay-state-lost");
        assertEquals(4, lost.count());
        assertEquals("/state/balance", lost.examples().get(0).pointer());
    }

    @Test
    void aRecordWowCannotReadIsEventsTheCandidateCannotRead() throws Exception {
        // Version 2's deposit lacks its name, which Wow's reading of a stream requires of every event.
        List<String> history = new ArrayList<>(HISTORY);
        history.set(1, history.get(1).replace("\"name\":\"money_deposited\",", ""));
        assertTrue(!history.get(1).contains("\"name\"") && history.get(1).contains("12.50"), history.get(1));
        AuditReport report = replay(BankService.CLEAN, BankService.SERVICES, history, List.of());

        assertEquals(List.of("replay-event-unreadable"), ids(report));
        AuditReport.Example at = find(report, "replay-event-unreadable").examples().get(0);
        assertEquals(2, at.details().get("version"));
        assertTrue(at.message().startsWith("the candidate cannot read the "), at.message());
    }

    @Test
    void anUpgraderThatThrowsFailsAtItsEvent() throws Exception {
        AuditReport report = replay(BankService.changed(Map.of("fixture/bank/MoneyDepositedV2Upgrader.java", upgrader()
                        .replace("mutable.getBody().put(\"currency\", \"EUR\");",
                                "if (mutable != null) throw new IllegalStateException(\"no currency known\");"))),
                BankService.SERVICES, HISTORY, List.of());

        assertEquals(List.of("replay-upgrader-failed"), ids(report));
        AuditReport.Example failed = report.findings().get(0).examples().get(0);
        assertEquals(2, failed.details().get("version"));
        assertEquals("/body/0", failed.pointer());
        assertEquals("money_deposited", failed.details().get("event"));
        assertEquals("java.lang.IllegalStateException: no currency known", failed.message());
    }

    @Test
    void anUpgraderWithoutItsRevisionGuardRewritesCurrentRecords() throws Exception {
        List<String> history = List.of(
                record("a-1", 1, V1, opened("ada")),
                record("a-1", 2, "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":5,\"currency\":\"USD\"}", deposited("5", "USD")));
        AuditReport report = replay(BankService.changed(Map.of("fixture/bank/MoneyDepositedV2Upgrader.java", upgrader()
                        .replace("if (!\"1.0.0\".equals(record.getRevision())) {", "if (false) {"))),
                BankService.SERVICES, history, List.of());

        assertEquals(List.of("replay-state-changed", "replay-upgrader-unguarded"), ids(report));
        AuditReport.Example unguarded = find(report, "replay-upgrader-unguarded").examples().get(0);
        assertEquals(2, unguarded.details().get("version"));
        assertEquals("/body/0", unguarded.pointer());
        assertEquals("2.0.0", unguarded.details().get("revision"));
        assertEquals("/state/currency", find(report, "replay-state-changed").examples().get(0).pointer());
    }

    @Test
    void anUpgraderTheServicesFileDoesNotListIsUnregistered() throws Exception {
        AuditReport report = replay(BankService.CLEAN, null, HISTORY, List.of());

        assertEquals(List.of("replay-state-changed", "replay-upgrader-unregistered"), ids(report));
        AuditReport.Example unregistered = find(report, "replay-upgrader-unregistered").examples().get(0);
        assertEquals("fixture.bank.MoneyDepositedV2Upgrader", unregistered.details().get("upgrader"));
        assertEquals("fixture.bank.MoneyDepositedV2Upgrader implements EventUpgrader, but "
                + "META-INF/services/me.ahoo.wow.event.upgrader.EventUpgrader does not list it: Wow never runs it",
                unregistered.message());
        AuditReport.Example changed = find(report, "replay-state-changed").examples().get(0);
        assertEquals("/state/currency", changed.pointer());
        assertEquals(2, changed.details().get("version"));
    }

    @Test
    void aGapAndARepeatInTheRecordedVersionsAreConflicts() throws Exception {
        List<String> history = List.of(HISTORY.get(0), HISTORY.get(1), HISTORY.get(1),
                record("a-1", 5, V3, deposited("0.75", "EUR")));
        AuditReport report = replay(BankService.CLEAN, BankService.SERVICES, history, List.of());

        assertEquals(List.of("replay-version-conflict"), ids(report));
        AuditReport.Counted conflicts = report.findings().get(0);
        assertEquals(2, conflicts.count());
        assertEquals("version 2 is recorded twice", conflicts.examples().get(0).message());
        assertEquals("version 5 follows version 2: the versions between are missing", conflicts.examples().get(1).message());
        assertEquals("/version", conflicts.examples().get(1).pointer());
    }

    @Test
    void aSampleWithoutTheEarlierVersionsStartsAtItsFirstState() throws Exception {
        AuditReport report = replay(BankService.CLEAN, BankService.SERVICES, List.of(
                record("a-1", 7, V2, deposited("1", "EUR")),
                record("a-1", 8, V3, deposited("0.75", "EUR"))), List.of());

        assertEquals(List.of(), report.findings());
    }

    @Test
    void aRecordedStateTheStateClassCannotReadIsAnUnreadableSnapshot() throws Exception {
        Map<String, String> changes = new HashMap<>();
        changes.put("fixture/bank/Owner.java", """
                package fixture.bank;

                public record Owner(String name) {
                }
                """);
        changes.put("fixture/bank/AccountState.java", state()
                .replace("private String owner;", "private Owner owner;")
                .replace("owner = opened.owner();", "owner = new Owner(opened.owner());"));
        AuditReport report = replay(BankService.changed(changes), BankService.SERVICES, HISTORY, List.of());

        assertEquals(List.of("replay-snapshot-unreadable", "replay-state-changed"), ids(report));
        AuditReport.Example unreadable = find(report, "replay-snapshot-unreadable").examples().get(0);
        assertEquals(1, unreadable.details().get("version"));
        assertEquals("/state", unreadable.pointer());
    }

    @Test
    void aWaivedFindingIsListedWithItsReasonAndDoesNotCount() throws Exception {
        AuditReport report = replay(BankService.changed(Map.of("fixture/bank/AccountState.java", state()
                        .replace("private String owner;", "private String holder;")
                        .replace("owner = opened.owner();", "holder = opened.owner();"))),
                BankService.SERVICES, HISTORY,
                List.of(AuditWaiver.parse("replay-state-lost:wow.bank.*:owner is holder now", ReplayFinding.catalogue())));

        assertEquals(List.of(), report.findings());
        assertEquals("replay-state-lost", report.waived().get(0).counted().finding().id());
        assertEquals("owner is holder now", report.waived().get(0).reason());
    }

    @Test
    void aDifferenceThatOnlyBuildsUpOverALongStreamIsFoundByTheWholeStream() throws Exception {
        // A count the state keeps but never writes: each step starts from a recorded state, where it is 0, so every
        // step matches; only the whole stream reaches the bonus, past the first request's records (Replay's bound).
        AuditReport report = replay(BankService.changed(Map.of("fixture/bank/AccountState.java", state()
                        .replace("private String currency;", "private String currency;\n    private transient int deposits;")
                        .replace("balance = balance.add(deposited.amount());",
                                "deposits++; balance = balance.add(deposits > 1000 ? deposited.amount().add(BigDecimal.ONE) : deposited.amount());"))),
                BankService.SERVICES, longHistory(1202), List.of());

        assertEquals(List.of("replay-state-changed"), ids(report));
        AuditReport.Counted changed = report.findings().get(0);
        assertEquals(1, changed.count());
        AuditReport.Example whole = changed.examples().get(0);
        assertEquals(1202, whole.details().get("version"));
        assertEquals("/state/balance", whole.pointer());
        assertEquals("recorded 1201.00, replayed 1402 (x1.16736) after replaying versions 1 to 1202 whole", whole.message());
    }

    @Test
    void theCleanServiceReplaysALongStreamWithNoFinding() throws Exception {
        AuditReport report = replay(BankService.CLEAN, BankService.SERVICES, longHistory(1202), List.of());

        assertEquals(List.of(), report.findings());
        assertEquals(List.of("Replayed 1 aggregate: 1202 events."), report.notes());
    }

    @Test
    void eachAggregatesFindingsAreItsOwnWhileRequestsGoAheadOfTheirAnswers() throws Exception {
        // Six accounts, judged while the requests of those after them are already written: a-2 recorded a balance
        // the candidate does not rebuild at version 2, a-5 a repeated version 2; the others are clean.
        StringBuilder lines = new StringBuilder();
        for (int a = 1; a <= 6; a++) {
            String id = "a-" + a;
            List<String> history = new ArrayList<>();
            for (String record : HISTORY) {
                history.add(record.replace("a-1", id));
            }
            if (a == 2) {
                history.set(1, history.get(1).replace("\"balance\":12.50", "\"balance\":99"));
            }
            if (a == 5) {
                history.add(2, history.get(1));
            }
            lines.append(StateEvents.kcatLines(TOPIC, id, history));
        }
        AuditReport report = replayLines(BankService.CLEAN, BankService.SERVICES, lines.toString(), List.of());

        assertEquals(List.of("replay-state-changed", "replay-version-conflict"), ids(report));
        AuditReport.Counted changed = find(report, "replay-state-changed");
        assertEquals(2, changed.count());
        assertEquals(List.of("a-2", "a-2"), changed.examples().stream().map(AuditReport.Example::key).toList());
        assertEquals(List.of(2, 3), changed.examples().stream().map(e -> e.details().get("version")).toList());
        assertEquals("recorded 99, replayed 12.5 (x0.126263); version 2 sourced money_deposited@1.0.0", changed.examples().get(0).message());
        AuditReport.Counted conflict = find(report, "replay-version-conflict");
        assertEquals(1, conflict.count());
        assertEquals("a-5", conflict.examples().get(0).key());
        assertEquals(List.of("Replayed 6 aggregates: 19 events."), report.notes());
    }

    @Test
    void recordsReadOutOfVersionOrderAreReplayedInVersionOrder() throws Exception {
        // An aggregate's records may come out of order (exports given newest first, a topic whose partitions grew):
        // no conflict is made up, and a changed meaning is found at the versions it is found at in order.
        List<String> newestFirst = List.of(HISTORY.get(2), HISTORY.get(1), HISTORY.get(0));
        List<String> swapped = List.of(HISTORY.get(0), HISTORY.get(2), HISTORY.get(1));
        assertEquals(List.of(), replay(BankService.CLEAN, BankService.SERVICES, newestFirst, List.of()).findings());
        assertEquals(List.of(), replay(BankService.CLEAN, BankService.SERVICES, swapped, List.of()).findings());

        Map<String, String> scaled = scaledInCents();
        AuditReport report = replay(scaled, BankService.SERVICES, swapped, List.of());
        assertEquals(List.of("replay-state-changed"), ids(report));
        AuditReport.Counted changed = report.findings().get(0);
        assertEquals(2, changed.count());
        assertEquals(List.of(2, 3), changed.examples().stream().map(e -> e.details().get("version")).sorted().toList());
    }

    @Test
    void aDifferenceThatBuildsUpIsFoundWholeWhenTheLastVersionsComeOutOfOrder() throws Exception {
        List<String> history = new ArrayList<>(longHistory(1202));
        history.add(history.remove(1200));
        AuditReport report = replay(BankService.changed(Map.of("fixture/bank/AccountState.java", state()
                        .replace("private String currency;", "private String currency;\n    private transient int deposits;")
                        .replace("balance = balance.add(deposited.amount());",
                                "deposits++; balance = balance.add(deposits > 1000 ? deposited.amount().add(BigDecimal.ONE) : deposited.amount());"))),
                BankService.SERVICES, history, List.of());

        assertEquals(List.of("replay-state-changed"), ids(report));
        assertEquals("recorded 1201.00, replayed 1402 (x1.16736) after replaying versions 1 to 1202 whole",
                report.findings().get(0).examples().get(0).message());
    }

    @Test
    void whatWasFoundInAnAggregateBeforeItsVersionsCameOutOfOrderIsCountedOnce() throws Exception {
        // Versions 1 to 3 of a-1, 2 and 3 each a changed meaning; the source then waits, so that a replay that
        // judged records as they came would have judged these, before a-9 and version 2 of a-1 again come. The
        // aggregate is replayed in version order: each change once, and the repeat.
        List<String> scaledIn = List.of(HISTORY.get(0), HISTORY.get(1), HISTORY.get(2));
        List<String> after = List.of(HISTORY.get(0).replace("a-1", "a-9"), HISTORY.get(1));
        try (CandidateJvm jvm = CandidateJvm.start(BankService.build(temp, scaledInCents(), BankService.SERVICES),
                "128m", Duration.ofMinutes(2))) {
            AuditReport report = new Replay(new Replay.Settings(1000, List.of())).run(new PausingSource(scaledIn, after), jvm);

            assertEquals(List.of("replay-state-changed", "replay-version-conflict"), ids(report));
            assertEquals(2, find(report, "replay-state-changed").count());
            assertEquals(List.of(2, 3), find(report, "replay-state-changed").examples().stream()
                    .map(e -> e.details().get("version")).toList());
            assertEquals("version 2 is recorded twice", find(report, "replay-version-conflict").examples().get(0).message());
        }
    }

    /** Hands the records before, then, after a pause, those after: the judging meanwhile has all before it. */
    private record PausingSource(List<String> before, List<String> after) implements RecordSource {
        @Override
        public void read(Sink sink) throws AuditException {
            long offset = 0;
            for (String record : before) {
                sink.accept(record(record, offset++));
            }
            sink.flush();
            try {
                Thread.sleep(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            for (String record : after) {
                sink.accept(record(record, offset++));
            }
        }

        private static AuditRecord record(String value, long offset) {
            return new AuditRecord(TOPIC, 0, offset, 0, List.of(), null,
                    value.getBytes(StandardCharsets.UTF_8), 1);
        }

        @Override
        public void stop() {
        }
    }

    @Test
    void interleavedAggregatesAreEachJudgedOnTheirOwnRecords() throws Exception {
        // Records of three accounts one after another by version, as a topic holds them; a-2 alone recorded a
        // balance the candidate does not rebuild, and a-3 starts at version 2 (a sample without its beginning).
        List<List<String>> accounts = new ArrayList<>();
        for (int a = 1; a <= 3; a++) {
            List<String> history = new ArrayList<>();
            for (String record : HISTORY) {
                history.add(record.replace("a-1", "a-" + a));
            }
            accounts.add(history);
        }
        accounts.get(1).set(2, accounts.get(1).get(2).replace("\"balance\":13.25", "\"balance\":14"));
        accounts.get(2).set(0, null);
        StringBuilder lines = new StringBuilder();
        int offset = 0;
        for (int v = 0; v < HISTORY.size(); v++) {
            for (int a = 0; a < accounts.size(); a++) {
                String record = accounts.get(a).get(v);
                if (record != null) {
                    lines.append(StateEvents.kcatLines(TOPIC, "a-" + (a + 1), List.of(record))
                            .replace("\"offset\":0,", "\"offset\":" + offset++ + ","));
                }
            }
        }
        AuditReport report = replayLines(BankService.CLEAN, BankService.SERVICES, lines.toString(), List.of());

        assertEquals(List.of("replay-state-changed"), ids(report));
        AuditReport.Counted changed = report.findings().get(0);
        assertEquals(1, changed.count());
        assertEquals("a-2", changed.examples().get(0).key());
        assertEquals(3, changed.examples().get(0).details().get("version"));
        assertEquals(6, changed.examples().get(0).offset());
        assertEquals(List.of("Replayed 3 aggregates: 8 events."), report.notes());
    }

    /** Account a-1 opened, then {@code versions - 1} deposits of 1.00 EUR, as the clean service records them. */
    private static List<String> longHistory(int versions) {
        List<String> records = new ArrayList<>(List.of(record("a-1", 1, V1, opened("ada"))));
        for (int v = 2; v <= versions; v++) {
            records.add(record("a-1", v, "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":" + (v - 1)
                    + ".00,\"currency\":\"EUR\"}", deposited("1.00", "EUR")));
        }
        return records;
    }

    private AuditReport replay(Map<String, String> sources, String services, List<String> records,
                               List<AuditWaiver> waivers) throws Exception {
        return replayLines(sources, services, StateEvents.kcatLines(TOPIC, "a-1", records), waivers);
    }

    private AuditReport replayLines(Map<String, String> sources, String services, String lines,
                                    List<AuditWaiver> waivers) throws Exception {
        try (CandidateJvm jvm = CandidateJvm.start(BankService.build(temp, sources, services), "128m", Duration.ofMinutes(2));
             KcatInput input = new KcatInput(new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8)), "the sample", 0,
                     List.of(Pattern.compile(".*")))) {
            return new Replay(new Replay.Settings(1000, waivers)).run(input, jvm);
        }
    }

    private static List<String> ids(AuditReport report) {
        return report.findings().stream().map(c -> c.finding().id()).sorted().toList();
    }

    private static AuditReport.Counted find(AuditReport report, String id) {
        return report.findings().stream().filter(c -> c.finding().id().equals(id)).findFirst().orElseThrow();
    }

    /** An event the clean service declares no class of and no sourcing function for. */
    private static final String STATEMENT_REQUESTED = """
            package fixture.bank;

            public record StatementRequested(String channel) {
            }
            """;

    /** The clean service with each deposit's amount read as cents: a meaning changed in code. */
    private static Map<String, String> scaledInCents() {
        return BankService.changed(Map.of("fixture/bank/AccountState.java", state()
                .replace("balance = balance.add(deposited.amount());",
                        "balance = balance.add(deposited.amount().movePointRight(2));")));
    }

    private static String state() {
        return BankService.CLEAN.get("fixture/bank/AccountState.java");
    }

    private static String upgrader() {
        return BankService.CLEAN.get("fixture/bank/MoneyDepositedV2Upgrader.java");
    }
}
