package dev.wowcompat.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.diff.ReferenceChains;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reference cycles and over-long chains are refused as input, with their own code, at the reference's pointer. */
class ReferenceChainInputTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aManifestWithACycleIsRefusedNamingThePointer() {
        String schema = "{\"properties\": {\"x\": {\"$ref\": \"#/$defs/a\"}}, \"$defs\": {\"a\": {\"$ref\": \"#/$defs/b\"}, \"b\": {\"$ref\": \"#/$defs/a\"}}}";
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new ManifestReader().read(ManifestReaderProblemsTest.manifestWithSchema(schema).getBytes(StandardCharsets.UTF_8), "m.json"));
        assertEquals(1, e.problems().size(), e.getMessage());
        InputProblem p = e.problems().get(0);
        assertEquals(ReferenceChains.CYCLE, p.code());
        assertEquals("/contexts/bank/aggregates/account/commands/Deposit/schema/$defs/a/$ref", p.pointer());
        assertTrue(p.line().startsWith("m.json: /contexts/bank/"), p.line());
    }

    @Test
    void aPlainSchemaWithAnOverlongChainIsRefused() throws Exception {
        StringBuilder defs = new StringBuilder();
        int refs = ReferenceChains.MAX_HOPS + 1;
        for (int i = 0; i < refs - 1; i++) defs.append("\"d").append(i).append("\": {\"$ref\": \"#/$defs/d").append(i + 1).append("\"}, ");
        defs.append("\"d").append(refs - 1).append("\": {\"type\": \"string\"}");
        String schema = "{\"$ref\": \"#/$defs/d0\", \"$defs\": {" + defs + "}}";
        List<InputProblem> problems = StandaloneSchema.problems(JSON.readTree(schema), "old.json");
        assertEquals(1, problems.size(), problems::toString);
        assertEquals(ReferenceChains.TOO_LONG, problems.get(0).code());
        assertEquals("/$ref", problems.get(0).pointer());
        String ok = schema.replace("\"d0\": {\"$ref\": \"#/$defs/d1\"}, ", "").replace("#/$defs/d0", "#/$defs/d1");
        assertEquals(List.of(), StandaloneSchema.problems(JSON.readTree(ok), "old.json"));
    }

    @Test
    void whatInputAcceptsInAnEmbeddedResourceTheDiffResolves() throws Exception {
        String schema = "{\"properties\": {\"x\": {\"$ref\": \"#/$defs/inner\"}}, \"$defs\": {\"inner\": {\"$id\": \"https://example.com/inner\","
                + " \"properties\": {\"a\": {\"$ref\": \"#/$defs/b\"}}, \"$defs\": {\"b\": {\"type\": \"string\"}}}}}";
        assertEquals(List.of(), StandaloneSchema.problems(JSON.readTree(schema), "s.json"));
        assertEquals(1, dev.wowcompat.diff.SchemaDiff.compare(JSON.readTree(schema), JSON.readTree(schema.replace("\"string\"", "\"integer\"")),
                dev.wowcompat.diff.DiffContext.plain("s")).size());
    }
}
