package dev.wowcompat.manifest;

import static dev.wowcompat.manifest.JsonInputTest.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.fingerprint.Fingerprint;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Releases read through one {@link SchemaPool} share what they have in common, and read as they did before. */
class ManifestReaderSharingTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String ACCOUNT = "/contexts/bank/aggregates/account";
    /** Where bank.json declares schemas; the last one is the boolean schema {@code true}. */
    private static final List<String> SCHEMAS = List.of(
            ACCOUNT + "/state/schema",
            ACCOUNT + "/commands/Deposit/schema",
            ACCOUNT + "/commands/Withdraw/schema",
            ACCOUNT + "/events/Deposited/revisions/1/schema",
            ACCOUNT + "/events/Deposited/revisions/2/schema",
            ACCOUNT + "/events/Withdrawn/revisions/1/schema",
            "/contexts/bank/aggregates/monthly_statement/state/schema");
    private static final String DEPOSIT = ACCOUNT + "/commands/Deposit/schema";
    private static final String WITHDRAWN = ACCOUNT + "/events/Withdrawn/revisions/1/schema";

    private final ManifestReader plain = new ManifestReader();

    private static byte[] bank() throws Exception {
        return Files.readAllBytes(fixture("bank.json"));
    }

    /**
     * bank.json as its next release: a new version, one optional property more on Deposit, and Withdrawn@1 written
     * with its keys in another order (same canonical JSON, so the same fingerprint).
     */
    private static byte[] nextRelease() throws Exception {
        ObjectNode doc = (ObjectNode) MAPPER.readTree(bank());
        doc.put("version", "1.5.0");
        ((ObjectNode) doc.at(DEPOSIT + "/properties")).putObject("note").put("type", "string").put("default", "");
        ObjectNode withdrawn = (ObjectNode) doc.at(WITHDRAWN);
        ObjectNode reordered = MAPPER.createObjectNode();
        List<String> keys = new ArrayList<>();
        withdrawn.fieldNames().forEachRemaining(keys::add);
        for (int i = keys.size() - 1; i >= 0; i--) reordered.set(keys.get(i), withdrawn.get(keys.get(i)));
        ((ObjectNode) doc.at(ACCOUNT + "/events/Withdrawn/revisions/1")).set("schema", reordered);
        return MAPPER.writeValueAsBytes(doc);
    }

    /** Every schema of the model, in declaration order. */
    private static List<SchemaDoc> docs(Manifest m) {
        return m.types().stream().filter(t -> t.schema() != null).map(TypeEntry::schema).toList();
    }

    @Test
    void twoReleasesShareTheirUnchangedSchemasInTheModelAndInTheSource() throws Exception {
        ManifestReader reader = plain.sharing(new SchemaPool());
        Manifest first = reader.read(bank(), "1.4.0");
        Manifest second = reader.read(nextRelease(), "1.5.0");

        List<SchemaDoc> before = docs(first);
        List<SchemaDoc> after = docs(second);
        assertEquals(SCHEMAS.size(), after.size());
        for (int i = 0; i < SCHEMAS.size(); i++) {
            String pointer = SCHEMAS.get(i);
            // Each release's source holds the very node its model holds.
            assertSame(before.get(i).schema(), first.source().at(pointer), pointer);
            assertSame(after.get(i).schema(), second.source().at(pointer), pointer);
            if (pointer.equals(DEPOSIT)) {
                assertNotEquals(before.get(i).fingerprint(), after.get(i).fingerprint());
                assertNotSame(before.get(i).schema(), after.get(i).schema());
                assertTrue(second.source().at(DEPOSIT + "/properties").has("note"));
            } else {
                assertSame(before.get(i), after.get(i), pointer);
                assertSame(first.source().at(pointer), second.source().at(pointer), pointer);
            }
        }
        // Shared by fingerprint, so the second release now shows the first one's key order for Withdrawn@1.
        assertEquals("type", second.source().at(WITHDRAWN).fieldNames().next());
        assertEquals("1.5.0", second.version().toString());
    }

    @Test
    void sharingChangesNeitherTheModelNorTheFingerprints() throws Exception {
        Manifest unshared = plain.read(nextRelease(), "1.5.0");
        ManifestReader reader = plain.sharing(new SchemaPool());
        reader.read(bank(), "1.4.0");
        Manifest shared = reader.read(nextRelease(), "1.5.0");
        assertEquals(unshared.types(), shared.types());
        assertEquals(unshared.aggregates(), shared.aggregates());
        for (SchemaDoc d : docs(shared)) assertEquals(Fingerprint.of(d.schema()), d.fingerprint());
        assertEquals(Fingerprint.of(unshared.source()), Fingerprint.of(shared.source()));
    }

    @Test
    void theSameFileTwiceThroughOnePoolGivesEqualManifestsWithOneSetOfSchemas() throws Exception {
        ManifestReader reader = plain.sharing(new SchemaPool());
        Manifest once = reader.read(fixture("bank.json"));
        Manifest twice = reader.read(fixture("bank.json"));
        assertEquals(once, twice);
        assertEquals(plain.read(fixture("bank.json")), twice);
        List<SchemaDoc> a = docs(once);
        List<SchemaDoc> b = docs(twice);
        for (int i = 0; i < a.size(); i++) assertSame(a.get(i), b.get(i), SCHEMAS.get(i));
        assertNotSame(once.source(), twice.source(), "each release keeps its own document");
    }

    @Test
    void aReaderWithoutAPoolKeepsEveryReleasesOwnSchemas() throws Exception {
        Manifest first = plain.read(bank(), "1.4.0");
        Manifest second = plain.read(bank(), "1.4.0");
        assertEquals(first, second);
        List<SchemaDoc> a = docs(first);
        List<SchemaDoc> b = docs(second);
        for (int i = 0; i < SCHEMAS.size(); i++) {
            String pointer = SCHEMAS.get(i);
            assertEquals(a.get(i), b.get(i), pointer);
            assertSame(a.get(i).schema(), first.source().at(pointer), pointer);
            if (a.get(i).schema().isObject()) {
                assertNotSame(a.get(i), b.get(i), pointer);
                assertNotSame(a.get(i).schema(), b.get(i).schema(), pointer);
            }
        }
        // Without sharing, the source keeps the key order it was sent with.
        Manifest reordered = plain.read(nextRelease(), "1.5.0");
        assertEquals("$defs", reordered.source().at(WITHDRAWN).fieldNames().next());
    }

    @Test
    void identicalSchemasWithinOneManifestAreSharedToo() throws Exception {
        ObjectNode doc = (ObjectNode) MAPPER.readTree(bank());
        ((ObjectNode) doc.at(ACCOUNT + "/commands/Withdraw")).set("schema", doc.at(DEPOSIT).deepCopy());
        Manifest m = plain.sharing(new SchemaPool()).read(MAPPER.writeValueAsBytes(doc), "twins");
        Manifest.Aggregate account = m.aggregate("bank.account").orElseThrow();
        assertSame(account.commands().get("Deposit").schema(), account.commands().get("Withdraw").schema());
        assertSame(m.source().at(DEPOSIT), m.source().at(ACCOUNT + "/commands/Withdraw/schema"));
    }

    @Test
    void aTreeHandedToTheReaderIsNotRepointed() throws Exception {
        ManifestReader reader = plain.sharing(new SchemaPool());
        Manifest first = reader.read(bank(), "1.4.0");
        JsonNode tree = MAPPER.readTree(bank());
        JsonNode callersDeposit = tree.at(DEPOSIT);
        Manifest second = reader.read(tree, "tree");
        assertSame(callersDeposit, tree.at(DEPOSIT), "the caller's tree is left as it was");
        assertSame(first.source().at(DEPOSIT), second.source().at(DEPOSIT), "the reader's copy is shared");
    }

    @Test
    void invalidManifestsReportTheSameProblemsAndPoolNothing() throws Exception {
        SchemaPool pool = new SchemaPool();
        ManifestReader reader = plain.sharing(pool);
        for (String bad : List.of("three-violations.json", "remote-refs.json", "bad-names.json", "unresolved-ref.json")) {
            List<InputProblem> expected = assertThrows(InvalidInputException.class, () -> plain.read(fixture(bad))).problems();
            List<InputProblem> got = assertThrows(InvalidInputException.class, () -> reader.read(fixture(bad))).problems();
            assertEquals(expected, got, bad);
        }
        assertEquals(0, pool.size());
    }

    @Test
    void releasesReadOnSeveralThreadsThroughOnePoolShareOneSetOfSchemas() throws Exception {
        ManifestReader reader = plain.sharing(new SchemaPool());
        byte[] first = bank();
        byte[] second = nextRelease();
        ExecutorService executor = Executors.newFixedThreadPool(4);
        try {
            List<Future<Manifest>> results = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                byte[] content = i % 2 == 0 ? first : second;
                results.add(executor.submit(() -> reader.read(content, "release")));
            }
            List<Manifest> read = new ArrayList<>();
            for (Future<Manifest> f : results) read.add(f.get(60, TimeUnit.SECONDS));
            Manifest reference = read.get(0);
            String state = ACCOUNT + "/state/schema";
            for (Manifest m : read) {
                assertSame(reference.source().at(state), m.source().at(state));
                assertSame(docs(reference).get(0), docs(m).get(0));
                assertSame(docs(m).get(1).schema(), m.source().at(DEPOSIT), "model and source agree");
            }
            Iterator<Manifest> it = read.iterator();
            Manifest a = it.next();
            Manifest b = it.next();
            assertNotEquals(docs(a).get(1), docs(b).get(1), "Deposit differs between the two releases");
            for (Manifest m : read) {
                assertSame(m.version().toString().equals("1.4.0") ? docs(a).get(1) : docs(b).get(1), docs(m).get(1));
            }
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void sharingNeedsAPool() {
        assertThrows(NullPointerException.class, () -> plain.sharing(null));
    }
}
