package dev.wowcompat.cli;

import static dev.wowcompat.cli.Fixtures.write;
import static dev.wowcompat.testing.HostileSchemas.manifest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Through the whole CLI path (input checks, then the diff): a schema rewritten in another draft is compared by meaning. */
class CrossDraftCheckTest {
    @TempDir
    Path dir;

    static final String DRAFT_04 = """
            {"$schema": "http://json-schema.org/draft-04/schema#", "type": "object",
             "properties": {"amount": {"type": "number", "minimum": 0, "exclusiveMinimum": true},
                            "lines": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}], "additionalItems": false},
                            "card": {"type": "string"}, "billing": {"$ref": "#/definitions/Address"}},
             "dependencies": {"card": ["billing"]},
             "definitions": {"Address": {"id": "#address", "type": "object", "properties": {"street": {"type": "string"}}}}}""";

    static final String DRAFT_2020 = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
             "properties": {"amount": {"type": "number", "exclusiveMinimum": 0},
                            "lines": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false},
                            "card": {"type": "string"}, "billing": {"$ref": "#/$defs/Address"}},
             "dependentRequired": {"card": ["billing"]},
             "$defs": {"Address": {"$anchor": "address", "type": "object", "properties": {"street": {"type": "string"}}}}}""";

    @Test
    void aDraft04SchemaReplacedByIts2020Equivalent() {
        Path baseline = write(dir, "v1.json", manifest("svc", "1.0.0", DRAFT_04));
        Path candidate = write(dir, "v2.json", manifest("svc", "1.1.0", DRAFT_2020));
        Cli.Result same = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString()).assertNoStackTrace();
        assertEquals(0, same.code(), same.out() + same.err());

        Path looser = write(dir, "v3.json", manifest("svc", "1.1.0", DRAFT_2020.replace("\"exclusiveMinimum\": 0", "\"minimum\": 0")));
        Cli.Result changed = Cli.run("check", "--candidate", looser.toString(), "--baseline", baseline.toString()).assertNoStackTrace();
        assertEquals(1, changed.code(), changed.out() + changed.err());
        assertTrue(changed.out().contains("constraint-loosened"), changed.out());
    }

    @Test
    void thePlainLevelsAgree() {
        Path v1 = write(dir, "v1.json", DRAFT_04);
        Path v2 = write(dir, "v2.json", DRAFT_2020);
        for (String level : new String[] {"FULL", "ADDITIVE"}) {
            Cli.Result r = Cli.run("check-schema", "--level", level, v1.toString(), v2.toString()).assertNoStackTrace();
            assertEquals(0, r.code(), level + ": " + r.out() + r.err());
        }
    }
}
