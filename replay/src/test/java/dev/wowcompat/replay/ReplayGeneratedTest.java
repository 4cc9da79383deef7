package dev.wowcompat.replay;

import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.KcatInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import static dev.wowcompat.replay.StateEvents.deposited;
import static dev.wowcompat.replay.StateEvents.opened;
import static dev.wowcompat.replay.StateEvents.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the replay finds without recorded data: generated records of the candidate's Manifest ({@code --synthetic}),
 * its {@code upgradesFrom}, and the rollback check against a previous release of the bank fixture in a JVM of its
 * own. The expected findings are written out here.
 */
class ReplayGeneratedTest {
    private static final String TOPIC = "wow.bank.account.state";

    /**
     * The bank's Manifest as a release that still knows deposits of 1.0.0 declares it: revision 2 (2.0.0, with a
     * currency) upgrades from revision 1 (1.0.0, an amount only).
     */
    static final String MANIFEST = """
            {"manifest": 1, "service": "bank", "version": "1.1.0", "contexts": {"bank": {"aggregates": {"account": {
              "events": {
                "account_opened": {"revisions": {"1": {"label": "1.0.0",
                  "schema": {"type": "object", "properties": {"owner": {"type": "string"}}, "required": ["owner"]}}}},
                "money_deposited": {"revisions": {
                  "1": {"label": "1.0.0",
                    "schema": {"type": "object", "properties": {"amount": {"type": "number"}}, "required": ["amount"]}},
                  "2": {"label": "2.0.0", "upgradesFrom": 1,
                    "schema": {"type": "object", "properties": {"amount": {"type": "number"},
                      "currency": {"type": "string", "minLength": 3, "maxLength": 3}}, "required": ["amount", "currency"]}}}}
              }}}}}}
            """;

    /** The release before the clean service: deposits at revision 1.0.0, an amount only, and no upgrader. */
    static Map<String, String> previousRelease() {
        Map<String, String> changes = new HashMap<>();
        changes.put("fixture/bank/MoneyDeposited.java", """
                package fixture.bank;

                import java.math.BigDecimal;
                import me.ahoo.wow.api.annotation.Event;

                @Event(revision = "1.0.0")
                public record MoneyDeposited(BigDecimal amount, String currency) {
                }
                """);
        changes.put("fixture/bank/MoneyDepositedV2Upgrader.java", null);
        return BankService.changed(changes);
    }

    @TempDir
    Path temp;

    @Test
    void theCleanServiceReadsARecordOfEachRevisionOfItsGeneratedManifest() throws Exception {
        AuditReport report = run(BankService.CLEAN, BankService.SERVICES, Optional.empty(), true, Optional.empty(), List.of());

        // The generated Manifest holds Wow's three built-in events beside the bank's two; Wow applies them to the
        // state itself, with no sourcing function of the service's: info, nothing breaking.
        assertEquals(List.of("replay-event-unsourced"), ids(report));
        AuditReport.Counted unsourced = report.findings().get(0);
        assertEquals(dev.wowcompat.rules.Severity.INFO, unsourced.finding().severity());
        assertEquals(List.of("default_aggregate_deleted", "default_aggregate_recovered", "default_resource_tags_applied"),
                unsourced.examples().stream().map(e -> e.details().get("event")).toList());
        assertEquals(0, report.messages());
        assertTrue(report.notes().contains("Generated 5 records, one per event revision of bank@0.0.0, and read them with the candidate (--synthetic)."),
                report.notes().toString());
    }

    @Test
    void theCleanServiceReadsEveryRevisionItsManifestFileDeclares() throws Exception {
        AuditReport report = run(BankService.CLEAN, BankService.SERVICES, Optional.of(MANIFEST), true, Optional.empty(), List.of());

        assertEquals(List.of(), report.findings());
        assertTrue(report.notes().contains("Generated 3 records, one per event revision of bank@1.1.0, and read them with the candidate (--synthetic)."),
                report.notes().toString());
    }

    @Test
    void anUpgradesFromThatNoRegisteredUpgraderBringsForwardIsUnregistered() throws Exception {
        AuditReport report = run(BankService.CLEAN, null, Optional.of(MANIFEST), false, Optional.empty(), List.of());

        assertEquals(List.of("replay-upgrader-unregistered"), ids(report));
        AuditReport.Counted unregistered = report.findings().get(0);
        assertEquals(2, unregistered.count());
        AuditReport.Example upgradesFrom = unregistered.examples().stream()
                .filter(e -> e.message().startsWith("revision 2")).findFirst().orElseThrow();
        assertEquals("revision 2 (2.0.0) of bank.account.money_deposited upgrades from revision 1 (1.0.0), but no "
                + "registered upgrader brings 1.0.0 forward: Wow reads such records as they are", upgradesFrom.message());
        assertEquals("money_deposited", upgradesFrom.details().get("event"));
        assertEquals("1.0.0", upgradesFrom.details().get("revision"));
        assertEquals(TOPIC, upgradesFrom.topic());
        assertEquals("/body/0", upgradesFrom.pointer());
    }

    @Test
    void aRevisionWhoseClassIsGoneIsUnreadableBeforeAnyRecordExists() throws Exception {
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
        AuditReport report = run(BankService.changed(changes), null, Optional.of(MANIFEST), true, Optional.empty(), List.of());

        assertEquals(List.of("replay-event-unreadable", "replay-upgrader-unregistered"), ids(report));
        AuditReport.Counted unreadable = find(report, "replay-event-unreadable");
        assertEquals(2, unreadable.count());
        assertEquals("money_deposited@1.0.0 resolves to no class of the candidate (a generated record of "
                + "bank.account.money_deposited@1.0.0)", unreadable.examples().get(0).message());
        assertEquals("money_deposited@2.0.0 resolves to no class of the candidate (a generated record of "
                + "bank.account.money_deposited@2.0.0)", unreadable.examples().get(1).message());
    }

    @Test
    void anUpgraderThatThrowsOnTheRevisionItUpgradesFromFailsBeforeAnyRecordExists() throws Exception {
        AuditReport report = run(BankService.changed(Map.of("fixture/bank/MoneyDepositedV2Upgrader.java",
                        BankService.CLEAN.get("fixture/bank/MoneyDepositedV2Upgrader.java").replace(
                                "mutable.getBody().put(\"currency\", \"EUR\");",
                                "if (mutable != null) throw new IllegalStateException(\"no currency known\");"))),
                BankService.SERVICES, Optional.of(MANIFEST), true, Optional.empty(), List.of());

        assertEquals(List.of("replay-upgrader-failed"), ids(report));
        AuditReport.Example failed = report.findings().get(0).examples().get(0);
        assertEquals("java.lang.IllegalStateException: no currency known", failed.message());
        assertEquals("money_deposited", failed.details().get("event"));
        assertEquals("1.0.0", failed.details().get("revision"));
    }

    @Test
    void aPreviousReleaseWithTheClassOfAnOlderRevisionDoesNotKnowTheNewOne() throws Exception {
        AuditReport report = run(BankService.CLEAN, BankService.SERVICES, Optional.empty(), false,
                Optional.of(previousRelease()), List.of());

        assertEquals(List.of("rollback-event-unreadable"), ids(report));
        AuditReport.Counted rollback = report.findings().get(0);
        assertEquals(1, rollback.count());
        AuditReport.Example example = rollback.examples().get(0);
        assertEquals("the previous release does not know money_deposited@2.0.0: its type registry and Manifest have no "
                + "such revision, so Wow reads the body by its bodyType into fixture.bank.MoneyDeposited without a word, "
                + "members it does not have ignored and those it misses defaulted", example.message());
        assertEquals("money_deposited", example.details().get("event"));
        assertEquals("2.0.0", example.details().get("revision"));
        assertEquals("/body/0", example.pointer());
        assertTrue(report.notes().contains("Rollback to bank@0.0.0: 1 generated record (money_deposited@2.0.0) read with the previous release."),
                report.notes().toString());
    }

    @Test
    void theRecordsTheCandidateWroteAreReadWithThePreviousReleaseToo() throws Exception {
        Path written = Files.writeString(temp.resolve("written.jsonl"), StateEvents.kcatLines(TOPIC, "b-1", List.of(
                record("b-1", 1, "{\"id\":\"b-1\",\"owner\":\"bo\",\"balance\":0,\"currency\":null}", opened("bo")),
                record("b-1", 2, "{\"id\":\"b-1\",\"owner\":\"bo\",\"balance\":5,\"currency\":\"USD\"}", deposited("5", "USD")))));
        AuditReport report = run(BankService.CLEAN, BankService.SERVICES, Optional.empty(), false,
                Optional.of(previousRelease()), List.of(written));

        assertEquals(List.of("rollback-event-unreadable"), ids(report));
        AuditReport.Counted rollback = report.findings().get(0);
        assertEquals(2, rollback.count());
        AuditReport.Example fromStaging = rollback.examples().get(1);
        assertEquals("b-1", fromStaging.key());
        assertEquals(2, fromStaging.details().get("version"));
        assertEquals(1, fromStaging.offset());
        assertEquals("money_deposited", fromStaging.details().get("event"));
        assertTrue(report.notes().contains("Rollback to bank@0.0.0: 1 generated record (money_deposited@2.0.0) and 2 records "
                + "the candidate wrote read with the previous release."), report.notes().toString());
    }

    @Test
    void aPreviousReleaseThatIsTheCandidateReadsEverything() throws Exception {
        Path written = Files.writeString(temp.resolve("written.jsonl"), StateEvents.kcatLines(TOPIC, "b-1", List.of(
                record("b-1", 1, "{\"id\":\"b-1\",\"owner\":\"bo\",\"balance\":0,\"currency\":null}", opened("bo")),
                record("b-1", 2, "{\"id\":\"b-1\",\"owner\":\"bo\",\"balance\":5,\"currency\":\"USD\"}", deposited("5", "USD")))));
        AuditReport report = run(BankService.CLEAN, BankService.SERVICES, Optional.empty(), false,
                Optional.of(BankService.CLEAN), List.of(written));

        assertEquals(List.of(), report.findings());
        assertTrue(report.notes().contains("Rollback to bank@0.0.0: 0 generated records and 2 records the candidate wrote "
                + "read with the previous release."), report.notes().toString());
    }

    @Test
    void aPreviousReleaseWithoutTheSourcingFunctionTheCandidateHasCannotSourceIt() throws Exception {
        Map<String, String> previous = BankService.changed(Map.of("fixture/bank/AccountState.java",
                BankService.CLEAN.get("fixture/bank/AccountState.java")
                        .replace("void onSourcing(MoneyDeposited deposited)", "void onDeposit(MoneyDeposited deposited)")));
        Path written = Files.writeString(temp.resolve("written.jsonl"), StateEvents.kcatLines(TOPIC, "b-1", List.of(
                record("b-1", 2, "{\"id\":\"b-1\",\"owner\":\"bo\",\"balance\":5,\"currency\":\"USD\"}", deposited("5", "USD")))));
        AuditReport report = run(BankService.CLEAN, BankService.SERVICES, Optional.empty(), false,
                Optional.of(previous), List.of(written));

        assertEquals(List.of("rollback-event-unreadable"), ids(report));
        assertEquals("the previous release has no sourcing function for money_deposited@2.0.0, which the candidate "
                + "sources: Wow skips it without a word", report.findings().get(0).examples().get(0).message());
    }

    private AuditReport run(Map<String, String> sources, String services, Optional<String> manifest, boolean synthetic,
                            Optional<Map<String, String>> baseline, List<Path> candidateInputs) throws Exception {
        Path manifestFile = null;
        if (manifest.isPresent()) {
            manifestFile = Files.writeString(temp.resolve("manifest.json"), manifest.get());
        }
        Optional<Replay.Rollback> rollback = Optional.empty();
        if (baseline.isPresent()) {
            rollback = Optional.of(new Replay.Rollback(BankService.build(Files.createTempDirectory(temp, "baseline"),
                    baseline.get(), baseline.get().containsKey("fixture/bank/MoneyDepositedV2Upgrader.java") ? BankService.SERVICES : null),
                    candidateInputs, "128m", Duration.ofMinutes(2)));
        }
        Replay.Settings settings = new Replay.Settings(1000, List.of(),
                Optional.of(new ReleaseManifest(Optional.ofNullable(manifestFile), List.of(), Optional.empty(), Optional.empty())),
                synthetic, rollback);
        try (CandidateJvm jvm = CandidateJvm.start(BankService.build(Files.createTempDirectory(temp, "candidate"), sources, services),
                "128m", Duration.ofMinutes(2));
             KcatInput nothing = new KcatInput(new ByteArrayInputStream(new byte[0]), "nothing", 0, List.of(Pattern.compile(".*")))) {
            return new Replay(settings).run(nothing, jvm);
        }
    }

    private static List<String> ids(AuditReport report) {
        return report.findings().stream().map(c -> c.finding().id()).sorted().toList();
    }

    private static AuditReport.Counted find(AuditReport report, String id) {
        return report.findings().stream().filter(c -> c.finding().id().equals(id)).findFirst().orElseThrow();
    }
}
