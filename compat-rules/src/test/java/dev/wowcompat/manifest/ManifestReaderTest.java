package dev.wowcompat.manifest;

import static dev.wowcompat.manifest.JsonInputTest.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.fingerprint.Fingerprint;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** A valid Manifest read into the model. */
class ManifestReaderTest {
    private final ManifestReader reader = new ManifestReader();

    private Manifest bank() throws InvalidInputException {
        return reader.read(fixture("bank.json"));
    }

    @Test
    void readsServiceVersionAndAggregates() throws Exception {
        Manifest m = bank();
        assertEquals(1, m.format());
        assertEquals("bank-service", m.service());
        assertEquals(new Version(1, 4, 0), m.version());
        assertEquals("bank-service@1.4.0", m.label());
        assertEquals(List.of("bank.account", "bank.monthly_statement"), List.copyOf(m.aggregates().keySet()));
        assertEquals(new JsonInput(InputLimits.defaults()).parse(fixture("bank.json")), m.source());
    }

    @Test
    void readsCommandsWithFullNamesAndStaging() throws Exception {
        Manifest.Aggregate account = bank().aggregate("bank.account").orElseThrow();
        assertEquals("bank", account.context());
        assertEquals("account", account.name());
        assertEquals(List.of("Deposit", "Withdraw"), List.copyOf(account.commands().keySet()));
        Manifest.Command deposit = account.commands().get("Deposit");
        assertEquals("bank.account.Deposit", deposit.typeName());
        assertTrue(deposit.written(), "written defaults to true");
        assertEquals("number", deposit.schema().schema().at("/properties/amount/type").asText());
        Manifest.Command withdraw = account.commands().get("Withdraw");
        assertEquals("bank.account.Withdraw", withdraw.typeName());
        assertFalse(withdraw.written());
    }

    @Test
    void readsEventRevisionsInOrderWithUpgrades() throws Exception {
        Manifest.Aggregate account = bank().aggregate("bank.account").orElseThrow();
        assertEquals(List.of("Deposited", "Withdrawn"), List.copyOf(account.events().keySet()));
        Manifest.Event deposited = account.events().get("Deposited");
        assertEquals("bank.account.Deposited", deposited.typeName());
        assertEquals(List.of(1, 2), List.copyOf(deposited.revisions().keySet()));
        Manifest.Revision first = deposited.revisions().get(1);
        assertEquals(1, first.revision());
        assertNull(first.upgradesFrom());
        assertTrue(first.written());
        Manifest.Revision second = deposited.revisions().get(2);
        assertEquals(2, second.revision());
        assertEquals(1, second.upgradesFrom());
        assertFalse(second.written());
        assertEquals("EUR", second.schema().schema().at("/properties/currency/default").asText());
        assertEquals("bank.account.Withdrawn", account.events().get("Withdrawn").typeName());
    }

    @Test
    void readsStatesAndErrorCodes() throws Exception {
        Manifest m = bank();
        Manifest.Aggregate account = m.aggregate("bank.account").orElseThrow();
        Manifest.State state = account.state().orElseThrow();
        assertTrue(state.published(), "published defaults to true");
        // Numbers in schemas keep their exact value.
        assertEquals(new BigDecimal("0.01"), state.schema().schema().at("/$defs/money/multipleOf").decimalValue());
        assertEquals(List.of("insufficient-balance"), List.copyOf(account.errors().keySet()));
        Manifest.ErrorCode error = account.errors().get("insufficient-balance");
        assertEquals("bank.account.insufficient-balance", error.code());
        assertEquals("The balance does not cover the withdrawal.", error.description());

        Manifest.Aggregate statement = m.aggregate("bank.monthly_statement").orElseThrow();
        Manifest.State view = statement.state().orElseThrow();
        assertFalse(view.published());
        assertTrue(view.schema().schema().isBoolean());
        assertTrue(statement.commands().isEmpty());
        assertTrue(statement.events().isEmpty());
        assertTrue(statement.errors().isEmpty());
    }

    @Test
    void everySchemaCarriesItsFingerprint() throws Exception {
        Manifest m = bank();
        List<TypeEntry> withSchemas = m.types().stream().filter(t -> t.schema() != null).toList();
        assertEquals(7, withSchemas.size());
        for (TypeEntry t : withSchemas) {
            assertTrue(Fingerprint.isFingerprint(t.schema().fingerprint()), t.subject());
            assertEquals(Fingerprint.of(t.schema().schema()), t.schema().fingerprint(), t.subject());
        }
        Manifest.Event deposited = m.aggregate("bank.account").orElseThrow().events().get("Deposited");
        assertNotEquals(deposited.revisions().get(1).schema(), deposited.revisions().get(2).schema());
    }

    @Test
    void keyOrderAndWhitespaceDoNotChangeFingerprints() throws Exception {
        String a = manifest("{\"type\": \"object\", \"properties\": {\"amount\": {\"type\": \"integer\"}}}");
        String b = manifest("{ \"properties\" : { \"amount\" : { \"type\" : \"integer\" } } ,\n \"type\" : \"object\" }");
        SchemaDoc first = reader.read(a.getBytes(StandardCharsets.UTF_8), "a").aggregate("bank.account").orElseThrow().commands().get("Deposit").schema();
        SchemaDoc second = reader.read(b.getBytes(StandardCharsets.UTF_8), "b").aggregate("bank.account").orElseThrow().commands().get("Deposit").schema();
        assertEquals(first.fingerprint(), second.fingerprint());
    }

    private static String manifest(String depositSchema) {
        return """
                {"manifest": 1, "service": "bank-service", "version": "0.1.0", "contexts": {"bank": {"aggregates": {
                  "account": {"commands": {"Deposit": {"schema": %s}}}}}}}""".formatted(depositSchema);
    }

    @Test
    void typesAreListedFlat() throws Exception {
        List<String> subjects = bank().types().stream().map(t -> t.kind().label() + " " + t.subject()).toList();
        assertEquals(List.of("aggregate bank.account", "state bank.account", "command bank.account.Deposit",
                "command bank.account.Withdraw", "event bank.account.Deposited@1", "event bank.account.Deposited@2",
                "event bank.account.Withdrawn@1", "error bank.account.insufficient-balance",
                "aggregate bank.monthly_statement", "state bank.monthly_statement"), subjects);
    }

    @Test
    void allThreeEntryPointsReadTheSameManifest() throws Exception {
        byte[] bytes = Files.readAllBytes(fixture("bank.json"));
        Manifest fromFile = bank();
        Manifest fromBytes = reader.read(bytes, "bank.json");
        Manifest fromTree = reader.read(new ObjectMapper().readTree(bytes), "bank.json");
        assertEquals(fromFile.types(), fromBytes.types());
        assertEquals(fromFile.types(), fromTree.types());
    }

    @Test
    void aTreeIsCopiedSoLaterChangesDoNotReachTheModel() throws Exception {
        ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(Files.readAllBytes(fixture("bank.json")));
        Manifest m = reader.read(tree, "tree");
        SchemaDoc before = m.aggregate("bank.account").orElseThrow().commands().get("Deposit").schema();
        ((ObjectNode) tree.at("/contexts/bank/aggregates/account/commands/Deposit/schema")).put("type", "string");
        assertEquals("object", before.schema().get("type").asText());
        assertEquals(Fingerprint.of(before.schema()), before.fingerprint());
    }

    @Test
    void schemaAtTheDepthLimitIsReadWithoutOverflow() throws Exception {
        // Seven objects enclose a command's schema (document, contexts, bank, aggregates, account, commands,
        // Deposit): a schema nested 493 deep brings the document exactly to the default limit of 500.
        int schemaDepth = InputLimits.DEFAULT_MAX_DEPTH - 7;
        String schema = "{\"not\":".repeat(schemaDepth - 1) + "{}" + "}".repeat(schemaDepth - 1);
        JsonNode read = reader.read(manifest(schema).getBytes(StandardCharsets.UTF_8), "deep")
                .aggregate("bank.account").orElseThrow().commands().get("Deposit").schema().schema();
        assertEquals(schemaDepth - 1, depth(read));
        String tooDeep = "{\"not\":".repeat(schemaDepth) + "{}" + "}".repeat(schemaDepth);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> reader.read(manifest(tooDeep).getBytes(StandardCharsets.UTF_8), "deep"));
        assertEquals(ProblemCodes.TOO_DEEP, JsonInputTest.onlyProblem(e).code());
    }

    private static int depth(JsonNode n) {
        int d = 0;
        while (n.has("not")) {
            d++;
            n = n.get("not");
        }
        return d;
    }

    @Test
    void numbersWithoutCanonicalFormAreAProblemNotACrash() {
        String doc = manifest("{\"type\": \"number\", \"maximum\": 1e400}");
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> reader.read(doc.getBytes(StandardCharsets.UTF_8), "m.json"));
        InputProblem p = JsonInputTest.onlyProblem(e);
        assertEquals(ProblemCodes.NUMBER_OUT_OF_RANGE, p.code());
        assertEquals("/contexts/bank/aggregates/account/commands/Deposit/schema/maximum", p.pointer());
        JsonInputTest.assertReadable(p);
    }

    @Test
    void oneReaderServesManyThreads() throws Exception {
        byte[] bytes = Files.readAllBytes(fixture("bank.json"));
        byte[] bad = Files.readAllBytes(fixture("three-violations.json"));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> results = new java.util.ArrayList<>();
            for (int i = 0; i < 40; i++) {
                boolean good = i % 2 == 0;
                results.add(pool.submit(() -> {
                    if (good) return reader.read(bytes, "bank.json").types().size();
                    return assertThrows(InvalidInputException.class, () -> reader.read(bad, "bad.json")).problems().size();
                }));
            }
            for (int i = 0; i < results.size(); i++) {
                assertEquals(i % 2 == 0 ? 10 : 3, results.get(i).get());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
