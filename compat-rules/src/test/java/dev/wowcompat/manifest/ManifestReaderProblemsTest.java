package dev.wowcompat.manifest;

import static dev.wowcompat.manifest.JsonInputTest.assertReadable;
import static dev.wowcompat.manifest.JsonInputTest.fixture;
import static dev.wowcompat.manifest.JsonInputTest.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every way a Manifest can be refused: the right code, at the right pointer, with a readable one-line message. */
class ManifestReaderProblemsTest {
    private final ManifestReader reader = new ManifestReader();

    private static List<InputProblem> problems(Executable read) {
        InvalidInputException e = assertThrows(InvalidInputException.class, read);
        e.problems().forEach(JsonInputTest::assertReadable);
        return e.problems();
    }

    private static Map<String, InputProblem> byPointer(List<InputProblem> problems) {
        return problems.stream().collect(Collectors.toMap(InputProblem::pointer, Function.identity(), (a, b) -> {
            throw new AssertionError("two problems at " + a.pointer() + ": " + a + " / " + b);
        }));
    }

    static String manifestWithSchema(String schema) {
        return """
                {"manifest": 1, "service": "bank-service", "version": "1.0.0", "contexts": {"bank": {"aggregates": {
                  "account": {"commands": {"Deposit": {"schema": %s}}}}}}}""".formatted(schema);
    }

    @Test
    void invalidJsonIsReportedWithLineAndColumn() {
        Path file = fixture("invalid-json.json");
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> reader.read(file)));
        assertEquals(ProblemCodes.INVALID_JSON, p.code());
        assertEquals(file.toString(), p.source());
        assertTrue(p.message().startsWith("line 7, column 3: "), p.message());
    }

    @Test
    void duplicateKeyIsRefused() {
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> reader.read(fixture("duplicate-key.json"))));
        assertEquals(ProblemCodes.DUPLICATE_KEY, p.code());
        assertEquals("/contexts/bank/aggregates/account/commands/Deposit", p.pointer());
    }

    @Test
    void tenThousandDeepSchemaIsOneCleanProblem() {
        String deep = manifestWithSchema("{\"not\":".repeat(10_000) + "{}" + "}".repeat(10_000));
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class,
                () -> reader.read(deep.getBytes(StandardCharsets.UTF_8), "deep.json")));
        assertEquals(ProblemCodes.TOO_DEEP, p.code());
        assertTrue(p.pointer().startsWith("/contexts/bank/aggregates/account/commands/Deposit/schema/not/not/"), p.pointer());
        assertReadable(p);
    }

    @Test
    void tenThousandDeepTreeGivenAsJsonNodeIsOneCleanProblem() throws Exception {
        ObjectNode root = (ObjectNode) new ObjectMapper().readTree(manifestWithSchema("{}"));
        ObjectNode at = (ObjectNode) root.at("/contexts/bank/aggregates/account/commands/Deposit/schema");
        for (int i = 0; i < 10_000; i++) at = at.putObject("not");
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> reader.read(root, "tree")));
        assertEquals(ProblemCodes.TOO_DEEP, p.code());
    }

    @Test
    void fileOverTheLimitIsRefused() throws Exception {
        Path file = fixture("bank.json");
        long size = Files.size(file);
        ManifestReader small = new ManifestReader(InputLimits.defaults().withMaxBytes(size - 1));
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> small.read(file)));
        assertEquals(ProblemCodes.TOO_LARGE, p.code());
        assertTrue(p.message().contains("over the limit of " + String.format(java.util.Locale.ROOT, "%,d", size - 1) + " bytes"), p.message());
        assertTrue(p.message().contains("--max-bytes"), "names the flag that raises it: " + p.message());
    }

    @Test
    void everySchemaViolationIsListed() {
        List<InputProblem> problems = problems(() -> reader.read(fixture("three-violations.json")));
        assertEquals(3, problems.size(), problems::toString);
        problems.forEach(p -> assertEquals(ProblemCodes.MANIFEST_INVALID, p.code()));
        Map<String, InputProblem> at = byPointer(problems);
        assertEquals("'1.0' is not a valid version: major.minor.patch, each part a decimal number without leading zeros"
                + " (e.g. 1.4.0); releases of one service are ordered by it", at.get("/version").message());
        assertEquals("unknown property 'comands': allowed here are description, state, commands, events, errors",
                at.get("/contexts/bank/aggregates/account/comands").message());
        assertEquals("expected object or boolean, found string",
                at.get("/contexts/bank/aggregates/account/events/Deposited/revisions/1/schema").message());
    }

    @Test
    void missingPartsAreNamed() {
        List<InputProblem> problems = problems(() -> reader.read("{\"manifest\": 1, \"service\": \"bank-service\"}".getBytes(StandardCharsets.UTF_8), "m.json"));
        assertEquals(List.of("missing required property 'version'", "missing required property 'contexts'"),
                problems.stream().map(InputProblem::message).toList());
        problems.forEach(p -> assertEquals("", p.pointer()));
    }

    @Test
    void aDocumentThatIsNoObjectIsRefused() {
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class,
                () -> reader.read("[1]".getBytes(StandardCharsets.UTF_8), "m.json")));
        assertEquals(ProblemCodes.MANIFEST_INVALID, p.code());
        assertEquals("expected object, found array", p.message());
    }

    @Test
    void badNamesAreEachReportedAtTheirKey() {
        List<InputProblem> problems = problems(() -> reader.read(fixture("bad-names.json")));
        Map<String, InputProblem> at = byPointer(problems);
        String context = "/contexts/Bank.Account";
        String aggregate = context + "/aggregates/account";
        assertEquals(List.of(context, aggregate + "/events/Deposited.Now", aggregate + "/events/Deposited/revisions/0",
                        aggregate + "/events/Deposited/revisions/01", aggregate + "/errors/InsufficientBalance").stream().sorted().toList(),
                at.keySet().stream().sorted().toList());
        problems.forEach(p -> assertEquals(ProblemCodes.MANIFEST_INVALID, p.code()));
        assertTrue(at.get(context).message().startsWith("'Bank.Account' is not a valid context name: a lowercase identifier"),
                at.get(context).message());
        assertTrue(at.get(aggregate + "/events/Deposited.Now").message().startsWith("'Deposited.Now' is not a valid event name: a class-like name"));
        assertTrue(at.get(aggregate + "/errors/InsufficientBalance").message().startsWith("'InsufficientBalance' is not a valid error code: kebab-case"));
        assertTrue(at.get(aggregate + "/events/Deposited/revisions/0").message().startsWith("'0' is not a valid revision number: a whole number from 1 up"));
        assertTrue(at.get(aggregate + "/events/Deposited/revisions/01").message().startsWith("'01' is not a valid revision number"));
    }

    @Test
    void otherNamesFollowTheirRules() {
        String doc = """
                {"manifest": 1, "service": "Bank_Service", "version": "1.04.0", "contexts": {"order-service": {"aggregates": {
                  "Account": {"commands": {"Deposit Money": {"schema": true}, "2Fast": {"schema": true}, "ok_Name9": {"schema": true}}},
                  "shopping_cart": {}}}}}""";
        Map<String, InputProblem> at = byPointer(problems(() -> reader.read(doc.getBytes(StandardCharsets.UTF_8), "m.json")));
        String aggregates = "/contexts/order-service/aggregates";
        assertEquals(List.of("/service", "/version", aggregates + "/Account", aggregates + "/Account/commands/Deposit Money",
                        aggregates + "/Account/commands/2Fast").stream().sorted().toList(),
                at.keySet().stream().sorted().toList());
        assertTrue(at.get("/service").message().startsWith("'Bank_Service' is not a valid service name: kebab-case"));
        assertTrue(at.get(aggregates + "/Account").message().startsWith("'Account' is not a valid aggregate name"));
        assertTrue(at.get(aggregates + "/Account/commands/2Fast").message().startsWith("'2Fast' is not a valid command name"));
    }

    @Test
    void nameWithSlashOrNewlineStaysAValidPointerAndOneLine() {
        String doc = """
                {"manifest": 1, "service": "bank-service", "version": "1.0.0", "contexts": {"a/b~c\\nd": {"aggregates": {}}}}""";
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> reader.read(doc.getBytes(StandardCharsets.UTF_8), "m.json")));
        assertEquals("/contexts/a~1b~0c\nd", p.pointer());
        assertEquals("m.json: /contexts/a~1b~0c\\u000ad: 'a/b~c\\nd' is not a valid context name: " + p.message().substring(p.message().indexOf(": ") + 2), p.line());
    }

    @Test
    void remoteRefsAreRefusedAndNeverFetched() {
        List<InputProblem> problems = problems(() -> reader.read(fixture("remote-refs.json")));
        String command = "/contexts/bank/aggregates/account/commands/Deposit/schema";
        String revision = "/contexts/bank/aggregates/account/events/Deposited/revisions/2/schema";
        assertEquals(List.of(command + "/properties/amount/$ref", command + "/properties/note/$ref",
                        revision + "/properties/x/$ref", revision + "/properties/tags/items/$dynamicRef"),
                problems.stream().map(InputProblem::pointer).toList());
        problems.forEach(p -> assertEquals(ProblemCodes.SCHEMA_REMOTE_REF, p.code()));
        assertTrue(problems.get(0).message().startsWith("remote $ref 'https://example.com/money.json' is not allowed:"
                + " only local references (#/...) resolve, and nothing is ever fetched"), problems.get(0).message());
        assertTrue(problems.get(1).message().startsWith("remote $ref 'other.json#/x' is not allowed"));
        assertTrue(problems.get(3).message().startsWith("remote $dynamicRef 'meta.json#meta' is not allowed"));
    }

    @Test
    void localRefsMustResolveInsideTheirSchema() {
        List<InputProblem> problems = problems(() -> reader.read(fixture("unresolved-ref.json")));
        String props = "/contexts/bank/aggregates/account/state/schema/properties";
        Map<String, InputProblem> at = byPointer(problems);
        assertEquals(List.of(props + "/anchor/$ref", props + "/badEncoding/$ref", props + "/inner/properties/m/$ref", props + "/missing/$ref"),
                at.keySet().stream().sorted().toList());
        problems.forEach(p -> assertEquals(ProblemCodes.SCHEMA_UNRESOLVED_REF, p.code()));
        assertEquals("$ref '#/$defs/amount' does not resolve: this schema has nothing at '/$defs/amount'", at.get(props + "/missing/$ref").message());
        assertEquals("$ref '#nope' does not resolve: this schema has no $anchor 'nope'", at.get(props + "/anchor/$ref").message());
        // Inside a subschema with its own $id, "#/..." means that subschema, which has no $defs.
        assertEquals("$ref '#/$defs/money' does not resolve: this schema has nothing at '/$defs/money'", at.get(props + "/inner/properties/m/$ref").message());
    }

    @Test
    void unsupportedDialectsAreRefused() {
        List<InputProblem> problems = problems(() -> reader.read(fixture("unsupported-dialect.json")));
        String commands = "/contexts/bank/aggregates/account/commands";
        assertEquals(List.of(commands + "/Deposit/schema/$schema", commands + "/Withdraw/schema/$schema",
                        commands + "/Freeze/schema/properties/reason/$schema"),
                problems.stream().map(InputProblem::pointer).toList());
        problems.forEach(p -> assertEquals(ProblemCodes.SCHEMA_UNSUPPORTED_DIALECT, p.code()));
        assertTrue(problems.get(0).message().startsWith("$schema 'http://json-schema.org/draft-03/schema#' is not supported: use draft 2020-12"),
                problems.get(0).message());
    }

    @Test
    void tooManySchemasIsRefusedBeforeAnythingElse() throws Exception {
        // bank.json declares 7 schemas: two states, two commands, three event revisions.
        byte[] bank = Files.readAllBytes(fixture("bank.json"));
        ManifestReader six = new ManifestReader(InputLimits.defaults().withMaxSchemas(6));
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> six.read(bank, "bank.json")));
        assertEquals(ProblemCodes.TOO_MANY_SCHEMAS, p.code());
        assertEquals("the Manifest declares 7 schemas, over the limit of 6, which is fixed: split the service", p.message());
    }

    @Test
    void anotherFormatIsOneProblem() {
        String doc = "{\"manifest\": 2, \"service\": \"x\", \"whatever\": []}";
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> reader.read(doc.getBytes(StandardCharsets.UTF_8), "m.json")));
        assertEquals(ProblemCodes.MANIFEST_UNSUPPORTED_FORMAT, p.code());
        assertEquals("/manifest", p.pointer());
        assertEquals("Manifest format 2 is not supported: this version of wow-compat reads format 1", p.message());
    }

    @Test
    void typesOfOneAggregateMustNotShareAName() {
        String doc = """
                {"manifest": 1, "service": "bank-service", "version": "1.0.0", "contexts": {"bank": {"aggregates": {"account": {
                  "commands": {"Deposit": {"schema": true}, "close": {"schema": true}},
                  "events": {"Deposit": {"revisions": {"1": {"schema": true}}}},
                  "errors": {"close": {}}}}}}}""";
        List<InputProblem> problems = problems(() -> reader.read(doc.getBytes(StandardCharsets.UTF_8), "m.json"));
        assertEquals(List.of("/contexts/bank/aggregates/account/events/Deposit", "/contexts/bank/aggregates/account/errors/close"),
                problems.stream().map(InputProblem::pointer).toList());
        problems.forEach(p -> assertEquals(ProblemCodes.MANIFEST_DUPLICATE_NAME, p.code()));
        assertEquals("event 'Deposit' has the same name as the command 'Deposit' of this aggregate: names are identities,"
                + " so each needs its own", problems.get(0).message());
    }

    @Test
    void structuralAndSchemaProblemsAreReportedTogether() {
        String doc = """
                {"manifest": 1, "service": "bank-service", "version": "one", "contexts": {"bank": {"aggregates": {"account": {
                  "commands": {"Deposit": {"schema": {"$ref": "https://evil.example/x.json"}}}}}}}}""";
        List<InputProblem> problems = problems(() -> reader.read(doc.getBytes(StandardCharsets.UTF_8), "m.json"));
        assertEquals(List.of(ProblemCodes.MANIFEST_INVALID, ProblemCodes.SCHEMA_REMOTE_REF),
                problems.stream().map(InputProblem::code).toList());
    }

    @Test
    void nonStringRefIsInvalid() {
        List<InputProblem> problems = problems(() -> reader.read(manifestWithSchema("{\"$ref\": 5}").getBytes(StandardCharsets.UTF_8), "m.json"));
        InputProblem p = problems.stream().filter(x -> x.code().equals(ProblemCodes.SCHEMA_INVALID)).findFirst().orElseThrow();
        assertEquals("/contexts/bank/aggregates/account/commands/Deposit/schema/$ref", p.pointer());
        assertEquals("$ref must be a string (a URI reference), found number", p.message());
    }

    @Test
    void problemsNameTheirSource() {
        JsonNode empty = new ObjectMapper().createObjectNode();
        List<InputProblem> problems = problems(() -> reader.read(empty, "POST /services/x/releases"));
        problems.forEach(p -> assertEquals("POST /services/x/releases", p.source()));
        assertEquals(4, problems.size(), problems::toString);
    }

    @Test
    void anEventNeedsARevision() {
        String doc = """
                {"manifest": 1, "service": "bank-service", "version": "1.0.0", "contexts": {"bank": {"aggregates": {"account": {
                  "events": {"Deposited": {"revisions": {}}}}}}}}""";
        InputProblem p = onlyProblem(assertThrows(InvalidInputException.class, () -> reader.read(doc.getBytes(StandardCharsets.UTF_8), "m.json")));
        assertEquals("/contexts/bank/aggregates/account/events/Deposited/revisions", p.pointer());
        assertEquals("must not be empty", p.message());
    }

    @Test
    void upgradesFromIsAWholeNumberFromOne() {
        String doc = """
                {"manifest": 1, "service": "bank-service", "version": "1.0.0", "contexts": {"bank": {"aggregates": {"account": {
                  "events": {"Deposited": {"revisions": {"2": {"schema": true, "upgradesFrom": 1.5}, "3": {"schema": true, "upgradesFrom": 0}}}}}}}}}""";
        Map<String, InputProblem> at = byPointer(problems(() -> reader.read(doc.getBytes(StandardCharsets.UTF_8), "m.json")));
        String revisions = "/contexts/bank/aggregates/account/events/Deposited/revisions";
        assertEquals("expected integer, found number", at.get(revisions + "/2/upgradesFrom").message());
        assertEquals("0 is below the minimum of 1", at.get(revisions + "/3/upgradesFrom").message());
    }
}
