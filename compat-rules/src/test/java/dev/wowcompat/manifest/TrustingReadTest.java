package dev.wowcompat.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 16: Manifests checked when they were written (stored releases, baselines, a previous release's artifact) are
 * read without meta-validation, and the candidate read beside them keeps every check; a large Manifest's schemas are
 * checked in parallel with their problems in document order.
 */
class TrustingReadTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A Manifest with {@code count} commands C0..C(n-1); the ones in {@code invalid} have a negative minLength. */
    private static byte[] manifest(String version, int count, List<Integer> invalid, String extraSchemaMember) throws Exception {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("manifest", 1).put("service", "bank-service").put("version", version);
        ObjectNode commands = doc.putObject("contexts").putObject("bank").putObject("aggregates").putObject("account")
                .putObject("commands");
        for (int i = 0; i < count; i++) {
            ObjectNode schema = commands.putObject("C" + i).putObject("schema");
            schema.put("type", "object");
            ObjectNode name = schema.putObject("properties").putObject("name").put("type", "string")
                    .put("maxLength", i + 1);
            if (invalid.contains(i)) name.put("minLength", -1);
            if (extraSchemaMember != null && i == 0) schema.set(extraSchemaMember, JSON.readTree("\"https://example.com/x\""));
        }
        return JSON.writeValueAsBytes(doc);
    }

    private static List<String> problems(ManifestReader reader, byte[] manifest) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> reader.read(manifest, "m.json"));
        return e.problems().stream().map(p -> p.code() + " " + p.pointer()).toList();
    }

    @Test
    void aTrustingReadLeavesOutOnlyTheMetaSchema() throws Exception {
        byte[] metaInvalid = manifest("1.0.0", 3, List.of(1), null);
        ManifestReader reader = new ManifestReader();
        assertEquals(List.of(ProblemCodes.SCHEMA_INVALID + " /contexts/bank/aggregates/account/commands/C1/schema/properties/name/minLength"),
                problems(reader, metaInvalid));
        assertEquals(3, reader.trusting().read(metaInvalid, "m.json").aggregates().get("bank.account").commands().size());
        // What a comparison could not follow is refused all the same.
        byte[] remote = manifest("1.0.0", 3, List.of(), "$ref");
        assertEquals(List.of(ProblemCodes.SCHEMA_REMOTE_REF + " /contexts/bank/aggregates/account/commands/C0/schema/$ref"),
                problems(reader.trusting(), remote));
    }

    @Test
    void aCandidateIsCheckedEvenWhereATrustedBaselineHoldsTheSameSchema() throws Exception {
        ManifestReader reader = new ManifestReader().sharing(new SchemaPool());
        var baseline = reader.trusting().read(manifest("1.0.0", 3, List.of(1), null), "baseline.json");
        assertEquals(List.of(ProblemCodes.SCHEMA_INVALID + " /contexts/bank/aggregates/account/commands/C1/schema/properties/name/minLength"),
                problems(reader, manifest("1.1.0", 3, List.of(1), null)));
        // A schema a full read checked is not checked again: the pool says so once a candidate passed with it.
        reader.read(manifest("1.1.0", 3, List.of(), null), "candidate.json");
        assertEquals(3, baseline.aggregates().get("bank.account").commands().size());
    }

    @Test
    void theSchemasOfALargeManifestAreCheckedInParallelAndReportedInDocumentOrder() throws Exception {
        int count = 400;
        List<Integer> invalid = List.of(3, 77, 150, 151, 299, 398);
        List<String> expected = new ArrayList<>();
        for (int i : invalid) {
            expected.add(ProblemCodes.SCHEMA_INVALID + " /contexts/bank/aggregates/account/commands/C" + i + "/schema/properties/name/minLength");
        }
        byte[] manifest = manifest("1.0.0", count, invalid, null);
        assertTrue(count >= 4 * Parallel.MIN_RUN, "enough schemas for several runs");
        for (int round = 0; round < 5; round++) assertEquals(expected, problems(new ManifestReader(), manifest));
        String text = new String(manifest, StandardCharsets.UTF_8);
        assertEquals(count, new ManifestReader().read(text.replace("\"minLength\":-1", "\"minLength\":1")
                .getBytes(StandardCharsets.UTF_8), "m.json").aggregates().get("bank.account").commands().size());
    }
}
