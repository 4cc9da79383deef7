package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Revision numbers stay what the previous release made them. The sample's "deposited" event has labels 0.0.1 and
 * 0.1.0; each test gives the generator a previous Manifest that numbered them differently.
 */
class RevisionNumberingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;
    private static byte[] fresh;

    @BeforeAll
    static void generateWithoutHistory() throws Exception {
        fresh = new ManifestGenerator().generate(Fixtures.sampleRequest(temp.resolve("fresh"), Optional.empty())).json();
    }

    private static ObjectNode depositedRevisions(JsonNode manifest) {
        return (ObjectNode) manifest.path("contexts").path("bank-service").path("aggregates").path("account")
                .path("events").path("deposited").path("revisions");
    }

    /** The fresh Manifest with "deposited" revisions replaced: number to label (null: no label). */
    private static Path previous(String name, String... numberLabelPairs) throws Exception {
        JsonNode manifest = JSON.readTree(fresh);
        ObjectNode revisions = depositedRevisions(manifest);
        JsonNode schema = revisions.path("1").path("schema");
        revisions.removeAll();
        for (int i = 0; i < numberLabelPairs.length; i += 2) {
            ObjectNode revision = revisions.putObject(numberLabelPairs[i]);
            revision.set("schema", schema);
            if (numberLabelPairs[i + 1] != null) {
                revision.put("label", numberLabelPairs[i + 1]);
            }
        }
        return Files.write(temp.resolve(name + ".json"), JSON.writeValueAsBytes(manifest));
    }

    private static JsonNode generate(Path previous) throws Exception {
        return JSON.readTree(new ManifestGenerator().generate(
                Fixtures.sampleRequest(temp.resolve("gen-" + previous.getFileName()), Optional.of(previous))).json());
    }

    @Test
    void withoutHistoryLabelsAreNumberedInVersionOrder() throws Exception {
        JsonNode revisions = depositedRevisions(JSON.readTree(fresh));
        assertEquals("0.0.1", revisions.path("1").path("label").asText());
        assertEquals("0.1.0", revisions.path("2").path("label").asText());
    }

    @Test
    void thePreviousReleasesOwnManifestGivesTheSameBytes() throws Exception {
        Path previous = Files.write(temp.resolve("same.json"), fresh);
        byte[] again = new ManifestGenerator().generate(
                Fixtures.sampleRequest(temp.resolve("same"), Optional.of(previous))).json();
        assertArrayEquals(fresh, again);
    }

    @Test
    void aNewLabelIsNumberedAfterTheHighestReleasedNumber() throws Exception {
        // Released: 1 = 0.0.1, 2 = 0.0.5 (since dropped from the code); 0.1.0 is new, so it becomes 3.
        JsonNode revisions = depositedRevisions(generate(previous("gap", "1", "0.0.1", "2", "0.0.5")));
        assertEquals(List.of("1", "3"), SampleServiceTest.names(revisions));
        assertEquals("0.1.0", revisions.path("3").path("label").asText());
        assertEquals(1, revisions.path("3").path("upgradesFrom").asInt());
    }

    @Test
    void releasedNumbersAreKeptEvenOutOfVersionOrder() throws Exception {
        JsonNode revisions = depositedRevisions(generate(previous("swapped", "7", "0.0.1", "4", "0.1.0")));
        assertEquals("0.0.1", revisions.path("7").path("label").asText());
        assertEquals("0.1.0", revisions.path("4").path("label").asText());
        assertEquals(7, revisions.path("4").path("upgradesFrom").asInt());
    }

    @Test
    void aHandWrittenManifestWithoutLabelsGivesItsNumbersInVersionOrder() throws Exception {
        JsonNode revisions = depositedRevisions(generate(previous("unlabelled", "1", null, "2", null)));
        assertEquals("0.0.1", revisions.path("1").path("label").asText());
        assertEquals("0.1.0", revisions.path("2").path("label").asText());
    }

    @Test
    void aNewLabelThatWouldRenumberAReleasedRevisionIsRefused() throws Exception {
        Path previous = previous("later", "1", "0.0.1", "2", "0.2.0");
        GenerationException e = assertThrows(GenerationException.class, () -> new ManifestGenerator().generate(
                Fixtures.sampleRequest(temp.resolve("refused"), Optional.of(previous))));
        assertEquals(1, e.problems().size(), e.problems().toString());
        String problem = e.problems().get(0);
        assertTrue(problem.startsWith("dev.wowcompat.sample.bank.account.DepositedV2: its revision label 0.1.0"), problem);
        assertTrue(problem.contains("sorts before revision 0.2.0, released as number 2"), problem);
    }
}
