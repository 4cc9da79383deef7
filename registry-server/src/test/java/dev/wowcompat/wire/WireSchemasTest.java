package dev.wowcompat.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The schemas in schemas/wire/ against the JSON examples of the wire-protocol page (schemas/wire/examples/). */
class WireSchemasTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final JsonSchemas schemas = new JsonSchemas();
    private final WireValidator validator = new WireValidator(schemas);

    /** The examples' payloads, registered: Deposited@1 {amount}, the account state {owner, balance}, Withdraw {amount}. */
    private static final String STATE_FP = "43bfa906ccc015f9dc85b5ad142a24dcb99668d69f98ebd9d1ae73471c97be4d";
    private static final String DEPOSITED_FP = "1".repeat(64);
    private static final String WITHDRAW_FP = "2".repeat(64);
    private final RegisteredSchemas bank = new RegisteredSchemas() {
        final Map<String, String> schemasByFp = Map.of(
                STATE_FP, "{\"type\":\"object\",\"required\":[\"owner\",\"balance\"],\"properties\":{\"owner\":{\"type\":\"string\"},\"balance\":{\"type\":\"number\"}}}",
                DEPOSITED_FP, "{\"type\":\"object\",\"required\":[\"amount\"],\"properties\":{\"amount\":{\"type\":\"number\",\"exclusiveMinimum\":0}}}",
                WITHDRAW_FP, "{\"type\":\"object\",\"required\":[\"amount\"],\"properties\":{\"amount\":{\"type\":\"number\",\"exclusiveMinimum\":0}}}");

        @Override
        public Optional<String> eventRevision(String eventType, int revision) {
            return eventType.equals("bank.account.Deposited") && revision == 1 ? Optional.of(DEPOSITED_FP) : Optional.empty();
        }

        @Override
        public Optional<String> command(String commandType) {
            return commandType.equals("bank.account.Withdraw") ? Optional.of(WITHDRAW_FP) : Optional.empty();
        }

        @Override
        public Optional<JsonNode> schema(String fingerprint) {
            return Optional.ofNullable(schemasByFp.get(fingerprint)).map(WireSchemasTest::parse);
        }

        @Override
        public List<StateUse> stateUses(String fingerprint) {
            return fingerprint.equals(STATE_FP) ? List.of(new StateUse("bank.account", "bank-service", "1.0.0", STATE_FP)) : List.of();
        }

        @Override
        public Optional<StateUse> currentState(String aggregate) {
            return aggregate.equals("bank.account") ? Optional.of(new StateUse(aggregate, "bank-service", "1.1.0", STATE_FP)) : Optional.empty();
        }
    };

    static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static JsonNode example(String name) throws IOException {
        try (InputStream in = WireSchemasTest.class.getResourceAsStream("/wire-examples/" + name + ".json")) {
            return JSON.readTree(in);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"envelope-state-event", "envelope-command", "envelope-command-receipt", "wait-signal"})
    void everyExampleOfTheSeedValidates(String name) throws Exception {
        WireValidation result = validator.validate(example(name), null, bank);
        assertEquals(List.of(), result.violations());
        assertTrue(result.valid());
        assertEquals(1, result.format());
    }

    /**
     * The copies in schemas/wire/examples/ are the seed's examples: when the seed is at hand (shared/ beside the
     * repository, as on the developers' machines and in CI), every JSON example of its wire-protocol page is one of them.
     */
    @Test
    void theExampleFilesAreTheSeedsExamples() throws Exception {
        // Beside the repository (CI, /work/main), or beside the folder of worktrees.
        Path seeds = Stream.of(Path.of("..", "..", "shared", "seeds"), Path.of("..", "..", "..", "shared", "seeds"))
                .filter(Files::isDirectory).findFirst().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(seeds != null, "shared/seeds is not beside the repository");
        Path page;
        try (var files = Files.list(seeds)) {
            page = files.filter(f -> f.getFileName().toString().startsWith("004_")).findFirst().orElseThrow();
        }
        String text = Files.readString(page);
        java.util.regex.Matcher start = java.util.regex.Pattern.compile("\\{\\s*\"format\"").matcher(text);
        List<JsonNode> fromSeed = new java.util.ArrayList<>();
        int after = 0;
        while (start.find(after)) {
            try (var parser = JSON.getFactory().createParser(text.substring(start.start()))) {
                fromSeed.add(JSON.readTree(parser));
                after = start.start() + (int) parser.currentLocation().getCharOffset();
            }
        }
        assertEquals(4, fromSeed.size(), "the page has four JSON examples");
        for (String name : List.of("envelope-state-event", "envelope-command", "envelope-command-receipt", "wait-signal")) {
            assertTrue(fromSeed.contains(example(name)), name + " is not one of the seed's examples");
        }
    }

    @Test
    void theExamplesPayloadsValidateAgainstTheirOwnSchemas() throws Exception {
        JsonNode envelope = example("envelope-state-event");
        assertEquals(List.of(), JsonSchemas.validate(schemas.wire("state-event.schema.json"), envelope.get("payload"), ""));
        JsonNode command = example("envelope-command");
        assertEquals(List.of(), JsonSchemas.validate(schemas.wire("command.schema.json"), command.get("payload"), ""));
        ObjectNode forward = JSON.createObjectNode().put("v", 1).put("deadline", 1760950810000L);
        forward.set("command", command.get("payload"));
        forward.set("transport", command.get("transport"));
        assertEquals(List.of(), validator.validate(forward, null, bank).violations());
        JsonNode result = example("wait-signal").get("result");
        assertEquals(WireStructure.COMMAND_RESULT.label(), validator.validate(result, null, bank).structure());
        ObjectNode reply = JSON.createObjectNode().put("v", 1);
        reply.set("result", result);
        reply.set("reached", JSON.createArrayNode());
        assertTrue(validator.validate(reply, null, bank).valid());
        ObjectNode refused = JSON.createObjectNode().put("v", 1).put("refused", "not-owner");
        assertTrue(validator.validate(refused, null, bank).valid());
        ArrayNode signals = JSON.createArrayNode().add(example("wait-signal")).add(example("wait-signal"));
        assertTrue(validator.validate(signals, null, bank).valid());
    }

    @Test
    void structuralViolationsComeWithPointers() throws Exception {
        ObjectNode envelope = (ObjectNode) example("envelope-state-event");
        ObjectNode payload = (ObjectNode) envelope.get("payload");
        payload.put("version", "two");
        payload.remove("commandId");
        WireValidation result = validator.validate(envelope, null, bank);
        assertFalse(result.valid());
        List<String> pointers = result.violations().stream().map(Violation::pointer).toList();
        assertTrue(pointers.contains("/payload/version"), pointers.toString());
        assertTrue(pointers.contains("/payload/commandId"), pointers.toString());
    }

    @Test
    void payloadsAreValidatedAgainstTheRegisteredSchemas() throws Exception {
        ObjectNode envelope = (ObjectNode) example("envelope-state-event");
        ObjectNode payload = (ObjectNode) envelope.get("payload");
        ((ObjectNode) payload.at("/events/0/payload")).put("amount", "100");
        ((ObjectNode) payload.at("/state/state")).remove("balance");
        WireValidation result = validator.validate(envelope, null, bank);
        List<String> pointers = result.violations().stream().map(Violation::pointer).toList();
        assertEquals(List.of("/payload/events/0/payload/amount", "/payload/state/state/balance"), pointers);

        ((ObjectNode) payload.at("/events/0")).put("revision", 7);
        payload.with("state").put("schemaFingerprint", "f".repeat(64));
        pointers = validator.validate(envelope, null, bank).violations().stream().map(Violation::pointer).toList();
        assertEquals(List.of("/payload/events/0/name", "/payload/state/schemaFingerprint"), pointers);

        ObjectNode command = (ObjectNode) example("envelope-command");
        ((ObjectNode) command.at("/payload/body")).put("amount", -3);
        assertEquals(List.of("/payload/body/amount"),
                validator.validate(command, null, bank).violations().stream().map(Violation::pointer).toList());
    }

    @Test
    void unknownFormatAndKindAreRefused() throws Exception {
        ObjectNode envelope = (ObjectNode) example("envelope-state-event");
        envelope.put("format", 2);
        WireRefusal format = assertThrows(WireRefusal.class, () -> validator.validate(envelope, null, bank));
        assertEquals(WireRefusal.Reason.UNKNOWN_FORMAT, format.reason());
        envelope.put("format", 1).put("kind", "state-snapshot");
        WireRefusal kind = assertThrows(WireRefusal.class, () -> validator.validate(envelope, null, bank));
        assertEquals(WireRefusal.Reason.UNKNOWN_KIND, kind.reason());
        ObjectNode signal = (ObjectNode) example("wait-signal");
        ((ObjectNode) signal.get("result")).put("format", 9);
        assertEquals(List.of("/result/format"), validator.validate(signal, null, bank).violations().stream().map(Violation::pointer).toList());
        assertEquals(WireRefusal.Reason.UNKNOWN_STRUCTURE,
                assertThrows(WireRefusal.class, () -> validator.validate(parse("{\"hello\":1}"), null, bank)).reason());
    }

    @Test
    void stateVerificationSaysKnownCurrentAndValid() throws Exception {
        StateVerifier verifier = new StateVerifier(schemas);
        StateVerification ok = verifier.verify(example("envelope-state-event"), bank);
        assertTrue(ok.known() && ok.current() && ok.valid());
        assertEquals("bank.account", ok.aggregate());
        assertEquals(List.of(new StateVerification.Release("bank-service", "1.0.0")), ok.releases());

        StateVerification bad = verifier.verify(parse("{\"schemaFingerprint\":\"" + STATE_FP + "\",\"state\":{\"owner\":3}}"), bank);
        assertTrue(bad.known());
        assertFalse(bad.valid());
        assertEquals(List.of("/state/balance", "/state/owner"), bad.violations().stream().map(Violation::pointer).sorted().toList());

        StateVerification unknown = verifier.verify(parse("{\"aggregate\":\"bank.account\",\"schemaFingerprint\":\"" + "e".repeat(64) + "\",\"state\":{}}"), bank);
        assertFalse(unknown.known());
        assertFalse(unknown.current());
        assertEquals(STATE_FP, unknown.currentFingerprint());
        assertEquals("/schemaFingerprint", unknown.violations().get(0).pointer());

        assertEquals(WireRefusal.Reason.MALFORMED_FINGERPRINT,
                assertThrows(WireRefusal.class, () -> verifier.verify(parse("{\"schemaFingerprint\":\"xyz\",\"state\":{}}"), bank)).reason());
        assertEquals(WireRefusal.Reason.NOT_A_STATE,
                assertThrows(WireRefusal.class, () -> verifier.verify(example("envelope-command"), bank)).reason());
    }
}
