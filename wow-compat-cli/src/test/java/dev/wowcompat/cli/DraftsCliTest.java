package dev.wowcompat.cli;

import static dev.wowcompat.cli.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.fingerprint.Fingerprint;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Schemas of drafts 04, 06 and 2019-09 through check, check-schema and fingerprint (they once exited 2). */
class DraftsCliTest {
    @TempDir
    Path dir;

    private static final String DEPOSIT_04 = """
            {"$schema": "http://json-schema.org/draft-04/schema#", "id": "urn:bank:deposit", "type": "object",
             "definitions": {"amount": {"type": "integer", "minimum": 0, "exclusiveMinimum": true, "default": 1}},
             "properties": {"amount": {"$ref": "#/definitions/amount"}}}""";
    private static final String DEPOSITED_06 = """
            {"$schema": "http://json-schema.org/draft-06/schema#", "type": "object",
             "properties": {"amount": {"type": "integer", "default": 0},
                            "currency": {"type": "string", "enum": ["EUR", "USD"], "default": "EUR"}}}""";
    private static final String DEPOSITED_2019 = """
            {"$schema": "https://json-schema.org/draft/2019-09/schema", "type": "object",
             "properties": {"amount": {"type": "integer", "default": 0},
                            "currency": {"type": "string", "enum": ["EUR", "USD"], "default": "EUR"}}}""";

    @Test
    void checkReadsEveryDraft() {
        Path v1 = write(dir, "v1.json", Fixtures.bank("1.0.0", DEPOSIT_04, DEPOSITED_06));
        Path v2 = write(dir, "v2.json", Fixtures.bank("1.1.0", DEPOSIT_04, DEPOSITED_06));
        Cli.Result same = Cli.run("check", "--candidate", v2.toString(), "--baseline", v1.toString());
        same.assertNoStackTrace();
        assertEquals(0, same.code(), same.err() + same.out());
        Path removed = write(dir, "v3.json", Fixtures.bank("1.1.0", DEPOSIT_04, """
                {"$schema": "http://json-schema.org/draft-06/schema#", "type": "object",
                 "properties": {"amount": {"type": "integer", "default": 0}}}"""));
        Cli.Result breaking = Cli.run("check", "--candidate", removed.toString(), "--baseline", v1.toString());
        assertEquals(1, breaking.code(), breaking.err() + breaking.out());
        assertTrue(breaking.out().contains("field-removed"), breaking.out());
    }

    @Test
    void anInvalidDraftFourSchemaIsBadInputAtItsPointer() {
        Path bad = write(dir, "bad.json", Fixtures.bank("1.0.0", DEPOSIT_04.replace("\"exclusiveMinimum\": true", "\"exclusiveMinimum\": 0"), DEPOSITED_06));
        Cli.Result r = Cli.run("check", "--candidate", bad.toString(), "--baseline", bad.toString());
        r.assertBadInput(bad.toString());
        assertEquals(List.of(bad + ": /contexts/bank/aggregates/account/commands/Deposit/schema/definitions/amount/exclusiveMinimum:"
                + " not a valid draft-04 schema: expected boolean, found integer"), r.errLines());
    }

    @Test
    void checkSchemaReadsEveryDraft() {
        Path v1 = write(dir, "v1.json", DEPOSITED_06);
        Path v2 = write(dir, "v2.json", DEPOSITED_06.replace("\"type\": \"object\",", "\"type\": \"object\", \"required\": [\"amount\"],"));
        Path v3 = write(dir, "v3.json", DEPOSIT_04);
        Path v4 = write(dir, "v4.json", DEPOSITED_2019);
        assertEquals(0, Cli.run("check-schema", "--level", "backward", v1.toString(), v1.toString()).code());
        Cli.Result required = Cli.run("check-schema", "--level", "backward", v1.toString(), v2.toString());
        assertEquals(1, required.code(), required.err() + required.out());
        assertEquals(0, Cli.run("check-schema", "--level", "none", v3.toString(), v3.toString()).code());
        assertEquals(0, Cli.run("check-schema", "--level", "backward", v4.toString(), v4.toString()).code());
        Path typo = write(dir, "typo.json", DEPOSIT_04.replace("\"properties\"", "\"propertes\""));
        Cli.Result r = Cli.run("check-schema", "--level", "backward", v3.toString(), typo.toString());
        r.assertBadInput(typo.toString());
        assertTrue(r.err().startsWith(typo + ": /propertes: unknown keyword 'propertes': did you mean 'properties'?"), r.err());
    }

    @Test
    void fingerprintIsTheSameWhateverTheDraft() throws Exception {
        for (String schema : List.of(DEPOSIT_04, DEPOSITED_06, DEPOSITED_2019)) {
            Path file = write(dir, "s.json", schema);
            Cli.Result r = Cli.run("fingerprint", file.toString());
            assertEquals(0, r.code(), r.err());
            assertEquals(Fingerprint.of(new ObjectMapper().readTree(schema)) + "\n", r.out());
        }
    }

    private static final String PAIR = """
            {"type": "array", "items": [{"type": "integer"}, {"type": "string"}], "additionalItems": false}""";

    @Test
    void aTupleWithoutSchemaIsReadAsTheOlderDraftItIsWrittenIn() {
        // Issue 16: valid in drafts 04 to 2019-09 and the default of peers' corpora, no longer refused as 2020-12.
        Path v1 = write(dir, "v1.json", PAIR);
        Path v2 = write(dir, "v2.json", PAIR.replace("\"integer\"", "\"boolean\""));
        Cli.Result same = Cli.run("check-schema", "--level", "full", v1.toString(), v1.toString());
        assertEquals(0, same.code(), same.err() + same.out());
        Cli.Result retyped = Cli.run("check-schema", "--level", "backward", v1.toString(), v2.toString());
        assertEquals(1, retyped.code(), retyped.err() + retyped.out());
        assertTrue(retyped.out().contains("/items/0/type"), retyped.out());
        Path m1 = write(dir, "m1.json", Fixtures.bank("1.0.0", DEPOSITED_06, PAIR));
        Cli.Result manifest = Cli.run("check", "--candidate", m1.toString());
        assertEquals(0, manifest.code(), manifest.err() + manifest.out());
    }

    @Test
    void defaultDraftSaysTheDialectOfSchemasThatDoNot() {
        Path mixed = write(dir, "mixed.json", """
                {"type": "array", "prefixItems": [{"type": "integer"}], "items": [{"type": "string"}]}""");
        Cli.Result refused = Cli.run("check-schema", "--level", "full", mixed.toString(), mixed.toString());
        refused.assertBadInput(mixed.toString());
        assertEquals(List.of(mixed + ": /items: this schema has no $schema and mixes drafts: it uses 'items' as an array"
                + " (a tuple) (drafts up to 2019-09) and 'prefixItems' (draft 2020-12), which no one draft reads together;"
                + " write it in one draft, and say which with $schema"), refused.errLines());
        // Said to be draft-07, prefixItems is a keyword draft-07 does not have: the tuple is what counts.
        Cli.Result asSeven = Cli.run("check-schema", "--level", "full", "--default-draft", "draft-07", mixed.toString(), mixed.toString());
        assertEquals(0, asSeven.code(), asSeven.err() + asSeven.out());
        // Said to be 2020-12, the tuple form of items is invalid.
        Path pair = write(dir, "pair.json", PAIR);
        Cli.Result as2020 = Cli.run("check-schema", "--level", "full", "--default-draft", "2020-12", pair.toString(), pair.toString());
        as2020.assertBadInput(pair.toString());
        assertTrue(as2020.errLines().get(0).startsWith(pair + ": /items: not a valid draft 2020-12 schema"), as2020.err());
        Path m1 = write(dir, "m1.json", Fixtures.bank("1.0.0", DEPOSITED_06, PAIR));
        Cli.Result manifest = Cli.run("check", "--default-draft", "2020-12", "--candidate", m1.toString());
        manifest.assertBadInput(m1.toString());
        Cli.Result unknown = Cli.run("check-schema", "--level", "full", "--default-draft", "draft-03", pair.toString(), pair.toString());
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("unknown draft 'draft-03'; expected one of 2020-12, 2019-09, draft-07, draft-06, draft-04"), unknown.err());
    }
}
