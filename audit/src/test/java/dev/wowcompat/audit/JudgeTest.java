package dev.wowcompat.audit;

import static dev.wowcompat.audit.Records.JSON;
import static dev.wowcompat.audit.Records.headersOf;
import static dev.wowcompat.audit.Records.kcat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The judge on records of both encodings read from kcat -J lines, against the bank and payment Manifests: every
 * finding that needs no environment from a record made to have it, and nothing on valid records.
 */
class JudgeTest {
    private static final String STATE_TOPIC = "wow.bank.account.state";
    private static final String ALICE = "bank.account/t1/alice";

    static AuditReport audit(List<String> lines, int maxRecordBytes, int maxAggregates, List<AuditWaiver> waivers) throws AuditException {
        KcatInput input = new KcatInput(new ByteArrayInputStream(String.join("\n", lines).getBytes(StandardCharsets.UTF_8)), "test", 4, List.of(Pattern.compile(".*")));
        Audit audit = new Audit(input, new ManifestFileReleases(Records.bankAndPayment()),
                new Audit.Settings(maxRecordBytes, maxAggregates, 0, null, waivers));
        return audit.run(PayloadObserver.NONE, Audit.Progress.NONE);
    }

    static AuditReport audit(List<String> lines) throws AuditException {
        return audit(lines, 1 << 20, 1000, List.of());
    }

    /** Finding id to count. */
    static Map<String, Long> counts(AuditReport report) {
        Map<String, Long> out = new TreeMap<>();
        report.findings().forEach(c -> out.put(c.finding().id(), c.count()));
        return out;
    }

    private static Map<String, Long> one(String id) {
        return Map.of(id, 1L);
    }

    private static String state(ObjectNode envelope) {
        return kcat(STATE_TOPIC, 0, 7, headersOf(envelope), ALICE, envelope);
    }

    @Test
    void validRecordsOfBothEncodingsHaveNoFinding() throws Exception {
        AuditReport report = audit(Records.clean());
        assertEquals(Map.of(), counts(report), AuditRenderer.text(report));
        assertEquals(10, report.messages());
        assertEquals(6, report.topics().size());
    }

    @Test
    void aValueThatIsNotAJsonObjectIsMessageNotJson() throws Exception {
        AuditReport report = audit(List.of(
                kcat(STATE_TOPIC, 0, 0, List.of(), ALICE, "{\"format\":1,\"kind\":\"state-ev"),
                kcat(STATE_TOPIC, 0, 1, List.of(), ALICE, "\u0000\u0001binary\u00ff"),
                kcat(STATE_TOPIC, 0, 2, List.of(), ALICE, "[1,2]"),
                kcat(STATE_TOPIC, 0, 3, List.of(), ALICE, "{} trailing"),
                // Readers disagree on which of two equal names wins: a value that repeats one means two things.
                kcat(STATE_TOPIC, 0, 4, List.of(), ALICE, "{\"format\":1,\"payload\":{\"version\":1,\"version\":2}}"),
                kcat(STATE_TOPIC, 0, 5, List.of(), ALICE, "{\"format\":1} {\"format\":1}")));
        assertEquals(Map.of("message-not-json", 6L), counts(report));
        assertTrue(AuditRenderer.text(report).contains("the member 'version' appears twice in one object (the second ends at line 1, column 46)"), AuditRenderer.text(report));
        // A second value after the first is refused by the same kind of exception: it gets its own sentence.
        AuditReport twoValues = audit(List.of(kcat(STATE_TOPIC, 0, 5, List.of(), ALICE, "{\"format\":1} {\"format\":1}")));
        assertTrue(AuditRenderer.text(twoValues).contains("the value is not JSON a reader takes: another value follows the first (at byte 13)"),
                AuditRenderer.text(twoValues));
    }

    @Test
    void jacksonsWordsNeverReachTheReport() throws Exception {
        AuditReport report = audit(List.of(
                kcat(STATE_TOPIC, 0, 0, List.of(), ALICE, "{\"format\":1,\"kind\":\"state-ev"),
                kcat(STATE_TOPIC, 0, 1, List.of(), ALICE, "\u0000\u0001binary\u00ff"),
                kcat(STATE_TOPIC, 0, 2, List.of(), ALICE, "{\"format\": ]"),
                kcat(STATE_TOPIC, 0, 3, List.of(), ALICE, "{\"format\": nope}"),
                kcat(STATE_TOPIC, 0, 4, List.of(), ALICE, "{} trailing")));
        List<String> messages = new ArrayList<>();
        report.findings().forEach(c -> c.examples().forEach(e -> messages.add(e.message())));
        assertEquals(5, messages.size(), messages.toString());
        assertEquals("the value is not JSON: it ends before its JSON does (cut short?) (at byte 28)", messages.get(0));
        assertEquals("the value is not JSON: ']' cannot stand there (at byte 11)", messages.get(2));
        for (String m : messages) {
            assertTrue(m.startsWith("the value is not JSON"), m);
            for (String jackson : List.of("end-of-input", "VALUE_STRING", "expected a valid value", "Trailing token", "CTRL-CHAR", "Unrecognized token",
                    "Unexpected character", "code ")) {
                assertTrue(!m.contains(jackson), "Jackson's words in: " + m);
            }
        }
    }

    @Test
    void anUnknownFormatOrEncodingIsEnvelopeUnknownFormat() throws Exception {
        ObjectNode two = Records.stateEvent("alice", 1, 100, 100).put("format", 2);
        AuditReport report = audit(List.of(
                kcat(STATE_TOPIC, 0, 0, headersOf(two), ALICE, two),
                kcat(STATE_TOPIC, 0, 1, List.of(), ALICE, "{\"hello\":\"world\"}")));
        assertEquals(Map.of("envelope-unknown-format", 2L), counts(report));
    }

    @Test
    void anUnknownKindIsEnvelopeUnknownKind() throws Exception {
        ObjectNode e = Records.stateEvent("alice", 1, 100, 100).put("kind", "snapshot");
        assertEquals(one("envelope-unknown-kind"), counts(audit(List.of(state(e)))));
    }

    @Test
    void anEnvelopeThatFailsItsWireSchemaIsEnvelopeInvalid() throws Exception {
        ObjectNode e = Records.stateEvent("alice", 1, 100, 100);
        e.remove("id");
        ((ObjectNode) e.get("payload")).put("version", "one");
        AuditReport report = audit(List.of(state(e)));
        assertEquals(one("envelope-invalid"), counts(report), AuditRenderer.text(report));
        assertTrue(report.findings().get(0).examples().get(0).message().endsWith("(and 1 more in this record)"),
                report.findings().get(0).examples().toString());
    }

    @Test
    void membersOfTheWrongShapeAreFindingsNeverAStop() throws Exception {
        ObjectNode objectEvents = Records.stateEvent("alice", 1, 100, 100);
        ((ObjectNode) objectEvents.get("payload")).putObject("events").put("0", 1);
        ObjectNode wowBody = Records.wowEventStream("w-1", 1, "wallet_created", "0.0.1", JSON.createObjectNode());
        ((com.fasterxml.jackson.databind.node.ArrayNode) wowBody.get("body")).add(5);
        AuditReport report = audit(List.of(state(objectEvents), kcat("wow.payment.wallet.event", 0, 0, List.of(), "w-1", wowBody)));
        assertEquals(2, report.messages());
        assertEquals(List.of(), report.notes(), "every record was judged");
        assertEquals(Map.of("envelope-invalid", 2L, "payload-invalid", 1L), counts(report), AuditRenderer.text(report));
    }

    @Test
    void aHeaderThatDisagreesOrIsMissingIsEnvelopeHeaderMismatch() throws Exception {
        ObjectNode e = Records.stateEvent("alice", 1, 100, 100);
        AuditReport report = audit(List.of(
                kcat(STATE_TOPIC, 0, 0, List.of("wow-format", "1", "wow-kind", "command", "wow-type", "bank.account"), ALICE, e),
                kcat(STATE_TOPIC, 1, 0, List.of("wow-format", "1", "wow-type", "bank.account"), ALICE, e),
                // A repeated header that agrees is not a mismatch.
                kcat(STATE_TOPIC, 2, 0, List.of("wow-format", "1", "wow-format", "1", "wow-kind", "state-event", "wow-type", "bank.account"), ALICE, e)));
        assertEquals(Map.of("envelope-header-mismatch", 2L), counts(report));
        assertTrue(report.findings().get(0).examples().get(0).message().contains("wow-kind header says 'command'"),
                report.findings().get(0).examples().toString());
    }

    @Test
    void aStateEventOnAnotherAggregatesTopicIsEnvelopeTopicMismatch() throws Exception {
        ObjectNode e = Records.stateEvent("alice", 1, 100, 100);
        ObjectNode c = Records.command("alice", 30);
        AuditReport report = audit(List.of(
                kcat("wow.bank.transfer.state", 0, 0, headersOf(e), ALICE, e),
                kcat("wow.bank.account.state", PartitionHash.partition(ALICE, 4), 0, headersOf(c), ALICE, c),
                kcat("wow.payment.wallet.state", 0, 0, List.of(), "w-1",
                        Records.wowEventStream("w-1", 1, "wallet_created", "0.0.1", JSON.createObjectNode().put("owner", "ann")))));
        assertEquals(Map.of("envelope-topic-mismatch", 3L), counts(report), AuditRenderer.text(report));
    }

    @Test
    void aKeyOtherThanTheReferenceIsEnvelopeKeyMismatchButACreationsRequestIdFormIsRight() throws Exception {
        ObjectNode e = Records.stateEvent("alice", 1, 100, 100);
        ObjectNode creation = Records.command(null, 30);
        String creationKey = "bank.account/t1/(none):r-9";
        AuditReport report = audit(List.of(
                kcat(STATE_TOPIC, 0, 0, headersOf(e), "alice", e),
                kcat(STATE_TOPIC, 0, 1, headersOf(e), null, e),
                kcat("wow.bank.commands", PartitionHash.partition(creationKey, 4), 0, headersOf(creation), creationKey, creation),
                kcat("wow.payment.wallet.event", 0, 0, List.of(), "payment-service.wallet/(0)/w-1",
                        Records.wowEventStream("w-1", 1, "wallet_created", "0.0.1", JSON.createObjectNode().put("owner", "ann")))));
        assertEquals(Map.of("envelope-key-mismatch", 3L), counts(report), AuditRenderer.text(report));
    }

    @Test
    void aCommandOutsideItsFnvPartitionIsEnvelopePartitionMismatch() throws Exception {
        ObjectNode c = Records.command("alice", 30);
        int right = PartitionHash.partition(ALICE, 4);
        AuditReport report = audit(List.of(kcat("wow.bank.commands", (right + 1) % 4, 0, headersOf(c), ALICE, c)));
        assertEquals(one("envelope-partition-mismatch"), counts(report));
        assertTrue(report.findings().get(0).examples().get(0).message().contains("assigns partition " + right + " of 4"));
    }

    @Test
    void theFnvHashIsTheProtocols() {
        // FNV-1a 64 of the empty text is the offset basis; of "a", the published test vector.
        assertEquals(0xcbf29ce484222325L, PartitionHash.fnv1a64(""));
        assertEquals(0xaf63dc4c8601ec8cL, PartitionHash.fnv1a64("a"));
        assertEquals(0x85944171f73967e8L, PartitionHash.fnv1a64("foobar"));
    }

    @Test
    void typesNoReleaseDeclaresAreTypeUnregistered() throws Exception {
        ObjectNode loan = Records.stateEvent("alice", 1, 100, 100);
        loan.put("type", "bank.loan");
        ((ObjectNode) loan.get("payload").get("ref").get("type")).put("name", "loan");
        ObjectNode unknownEvent = Records.stateEvent("bob", 1, 100, 100);
        ((ObjectNode) unknownEvent.get("payload").get("events").get(0)).put("name", "bank.account.Frozen");
        AuditReport report = audit(List.of(
                kcat("wow.bank.loan.state", 0, 0, headersOf(loan), "bank.loan/t1/alice", loan),
                kcat(STATE_TOPIC, 0, 1, headersOf(unknownEvent), "bank.account/t1/bob", unknownEvent),
                kcat("wow.payment.wallet.command", 0, 0, List.of(), "w-1", Records.wowCommand("w-1", "close_wallet", JSON.createObjectNode()))));
        assertEquals(Map.of("type-unregistered", 3L), counts(report), AuditRenderer.text(report));
    }

    @Test
    void aRevisionNoReleaseDeclaresIsEventRevisionUnregistered() throws Exception {
        ObjectNode e = Records.stateEvent("alice", 1, 100, 100);
        ((ObjectNode) e.get("payload").get("events").get(0)).put("revision", 7);
        AuditReport report = audit(List.of(state(e),
                kcat("wow.payment.wallet.event", 0, 0, List.of(), "w-1",
                        Records.wowEventStream("w-1", 1, "wallet_credited", "0.0.9", JSON.createObjectNode().put("amountCents", 5)))));
        assertEquals(Map.of("event-revision-unregistered", 2L), counts(report), AuditRenderer.text(report));
    }

    @Test
    void payloadsStatesAndBodiesAgainstTheirSchemasArePayloadInvalid() throws Exception {
        ObjectNode badEvent = Records.stateEvent("alice", 1, -5, 100);
        ObjectNode badState = Records.stateEvent("bob", 1, 5, -100);
        ObjectNode badBody = Records.command("alice", 0);
        AuditReport report = audit(List.of(
                state(badEvent),
                kcat(STATE_TOPIC, 0, 8, headersOf(badState), "bank.account/t1/bob", badState),
                kcat("wow.bank.commands", PartitionHash.partition(ALICE, 4), 0, headersOf(badBody), ALICE, badBody),
                kcat("wow.payment.wallet.state", 0, 0, List.of(), "w-1", Records.wowStateEvent("w-1", 1, Records.wallet("w-1", -1))),
                kcat("wow.payment.wallet.event", 0, 0, List.of(), "w-1",
                        Records.wowEventStream("w-1", 1, "wallet_credited", "0.0.1", JSON.createObjectNode().put("amountCents", "five")))));
        assertEquals(Map.of("payload-invalid", 5L), counts(report), AuditRenderer.text(report));
        List<String> pointers = new ArrayList<>();
        report.findings().get(0).examples().forEach(x -> pointers.add(x.pointer()));
        assertEquals(List.of("/payload/events/0/payload/amount", "/payload/state/state/balance",
                "/payload/body/amount", "/state/balanceCents", "/body/0/body/amountCents"), pointers);
    }

    @Test
    void aReceiptsCodeTheTargetDoesNotDeclareIsErrorCodeUnregistered() throws Exception {
        ObjectNode r = Records.receipt("bank.account.frozen");
        AuditReport report = audit(List.of(kcat("wow.bank.receipts", 0, 0, headersOf(r), "bank.transfer/t1/tr-9", r)));
        assertEquals(Map.of("error-code-unregistered", 1L), counts(report));
    }

    @Test
    void aFingerprintThatIsNoStateSchemaOfTheAggregateIsStateFingerprintUnknown() throws Exception {
        ObjectNode unknown = Records.stateEvent("alice", 1, 100, 100);
        ((ObjectNode) unknown.get("payload").get("state")).put("schemaFingerprint", "0".repeat(64));
        ObjectNode another = Records.stateEvent("bob", 1, 100, 100);
        // A registered schema, but an event's, not the state's.
        String eventSchema = Records.manifest("schemas/examples/bank/1.0.0.json").aggregate("bank.account").orElseThrow()
                .events().get("Deposited").revisions().get(1).schema().fingerprint();
        ((ObjectNode) another.get("payload").get("state")).put("schemaFingerprint", eventSchema);
        AuditReport report = audit(List.of(state(unknown), kcat(STATE_TOPIC, 0, 9, headersOf(another), "bank.account/t1/bob", another)));
        assertEquals(Map.of("state-fingerprint-unknown", 2L), counts(report), AuditRenderer.text(report));
    }

    @Test
    void aMalformedFingerprintIsSaidAsSuchNotAsTheBranchItFailed() throws Exception {
        ObjectNode e = Records.stateEvent("alice", 1, 100, 100);
        ((ObjectNode) e.get("payload").get("state")).put("schemaFingerprint", "abc");
        AuditReport report = audit(List.of(state(e)));
        assertEquals(one("envelope-invalid"), counts(report), AuditRenderer.text(report));
        AuditReport.Example example = report.findings().get(0).examples().get(0);
        assertEquals("/payload/state/schemaFingerprint", example.pointer(), AuditRenderer.text(report));
        assertEquals("the fingerprint must be 64 lowercase hex digits (the SHA-256 of the state schema's canonical form)", example.message());
    }

    @Test
    void aVersionThatGoesDownOrRepeatsWithOtherEventsIsAggregateVersionRegressed() throws Exception {
        ObjectNode v2 = Records.stateEvent("alice", 2, 50, 150);
        ObjectNode v1 = Records.stateEvent("alice", 1, 100, 100);
        ObjectNode v2other = Records.stateEvent("alice", 2, 70, 170);
        AuditReport report = audit(List.of(
                kcat(STATE_TOPIC, 0, 0, headersOf(v2), ALICE, v2),
                kcat(STATE_TOPIC, 0, 1, headersOf(v1), ALICE, v1),
                kcat(STATE_TOPIC, 0, 2, headersOf(v2other), ALICE, v2other),
                // Another partition is another order: no regression across partitions.
                kcat(STATE_TOPIC, 1, 0, headersOf(v1), ALICE, v1)));
        assertEquals(Map.of("aggregate-version-regressed", 2L), counts(report), AuditRenderer.text(report));
    }

    @Test
    void theVersionCheckIsBoundedAndTheReportSaysWhenItForgot() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ObjectNode e = Records.stateEvent("a" + i, 1, 100, 100);
            lines.add(kcat(STATE_TOPIC, 0, i, headersOf(e), "bank.account/t1/a" + i, e));
        }
        AuditReport report = audit(lines, 1 << 20, 2, List.of());
        assertEquals(Map.of(), counts(report));
        assertTrue(report.notes().stream().anyMatch(n -> n.contains("forgot 3")), report.notes().toString());
    }

    @Test
    void aTombstoneIsCountedAsInfo() throws Exception {
        AuditReport report = audit(List.of(kcat(STATE_TOPIC, 0, 0, List.of(), ALICE, (String) null)));
        assertEquals(one("tombstone"), counts(report));
        assertEquals("info", report.findings().get(0).finding().severity().label());
    }

    @Test
    void aValueAboveTheLimitIsRecordTooLargeAndNotJudged() throws Exception {
        ObjectNode e = Records.stateEvent("alice", 1, 100, 100);
        AuditReport report = audit(List.of(state(e)), 100, 1000, List.of());
        assertEquals(one("record-too-large"), counts(report));
    }

    @Test
    void aRecordWithSeveralProblemsGetsEachOne() throws Exception {
        ObjectNode e = Records.stateEvent("alice", 1, -5, 100);
        AuditReport report = audit(List.of(kcat("wow.bank.transfer.state", 0, 0, List.of(), "alice", e)));
        assertEquals(Map.of("envelope-header-mismatch", 1L, "envelope-key-mismatch", 1L, "envelope-topic-mismatch", 1L,
                "payload-invalid", 1L), counts(report), AuditRenderer.text(report));
    }

    @Test
    void aWaiverMovesTheFindingsOfItsTopicsOutOfTheCount() throws Exception {
        ObjectNode e = Records.stateEvent("alice", 1, 100, 100);
        AuditReport report = audit(List.of(kcat(STATE_TOPIC, 0, 0, List.of(), ALICE, e), kcat("other", 0, 0, List.of(), ALICE, e)),
                1 << 20, 1000, List.of(AuditWaiver.parse("envelope-header-mismatch:wow.*:headers come with release 2")));
        assertEquals(Map.of("envelope-header-mismatch", 1L), counts(report));
        assertEquals("other", report.findings().get(0).examples().get(0).topic());
        assertEquals(1, report.waived().size());
        assertEquals("headers come with release 2", report.waived().get(0).reason());
    }

    @Test
    void atMostFiveExamplesButEveryRecordCounted() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 12; i++) lines.add(kcat(STATE_TOPIC, 0, i, List.of(), ALICE, "nope"));
        AuditReport report = audit(lines);
        assertEquals(12, report.findings().get(0).count());
        assertEquals(5, report.findings().get(0).examples().size());
    }

    @Test
    void aLineThatIsNoKcatRecordStopsTheAuditWithOneSentence() {
        AuditException e = org.junit.jupiter.api.Assertions.assertThrows(AuditException.class,
                () -> audit(List.of(Records.clean().get(0), "{\"no\":\"topic\"}")));
        assertTrue(e.getMessage().startsWith("test: line 2 is not a record as kcat -C -J prints it"), e.getMessage());
    }
}
