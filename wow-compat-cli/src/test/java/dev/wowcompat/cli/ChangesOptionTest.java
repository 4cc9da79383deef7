package dev.wowcompat.cli;

import static dev.wowcompat.cli.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --changes all|none} on {@code check} and {@code check-schema}: the changelog beside the findings, or not. */
class ChangesOptionTest {
    @TempDir
    Path dir;

    private final ObjectMapper mapper = new ObjectMapper();

    /** Deposit with a new staged property: compatible, and the release's one change. */
    private static final String DEPOSIT_WITH_STAGED_NOTE = """
            {"type": "object",
             "properties": {
               "amount": {"type": "integer", "default": 0},
               "note": {"type": "string", "default": "", "x-wow-written": false}}}""";

    private Cli.Result check(String... more) {
        Path baseline = write(dir, "1.0.0.json", bank("1.0.0"));
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0", DEPOSIT_WITH_STAGED_NOTE, DEPOSITED));
        String[] args = new String[5 + more.length];
        System.arraycopy(new String[] {"check", "--candidate", candidate.toString(), "--baseline", baseline.toString()}, 0, args, 0, 5);
        System.arraycopy(more, 0, args, 5, more.length);
        Cli.Result r = Cli.run(args);
        r.assertNoStackTrace();
        return r;
    }

    @Test
    void checkListsTheCompatibleChangesByDefault() {
        Cli.Result r = check();
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("""
                No findings: every reader keeps working.

                Compatible changes (1):
                  bank.account.Deposit
                    property-added at /properties/note: new optional property 'note' with the default '', staged ("x-wow-written": false)
                """), r.out());
    }

    @Test
    void changesNoneLeavesThemOut() throws Exception {
        Cli.Result text = check("--changes", "none");
        assertEquals(0, text.code(), text.err());
        assertFalse(text.out().contains("Compatible changes"), text.out());
        assertTrue(text.out().contains("No findings: every reader keeps working."), text.out());
        JsonNode json = mapper.readTree(check("--changes", "none", "--format", "json").out());
        assertEquals(0, json.get("changes").size());
        JsonNode all = mapper.readTree(check("--changes", "all", "--format", "json").out());
        assertEquals("property-added", all.at("/changes/0/kind").asText());
        assertEquals("/properties/note", all.at("/changes/0/pointer").asText());
    }

    @Test
    void aWrongValueIsAUsageProblem() {
        Cli.Result r = check("--changes", "some");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("changes is 'some'; use all or none"), r.err());
    }

    @Test
    void checkSchemaTakesTheOptionToo() throws Exception {
        Path v1 = write(dir, "v1.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}}}");
        Path v2 = write(dir, "v2.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\", \"description\": \"the a\"}}}");
        Cli.Result all = Cli.run("check-schema", "--level", "backward", v1.toString(), v2.toString(), "--format", "json");
        assertEquals(0, all.code(), all.err());
        assertEquals("documentation-changed", mapper.readTree(all.out()).at("/changes/0/kind").asText(), all.out());
        Cli.Result none = Cli.run("check-schema", "--level", "backward", v1.toString(), v2.toString(), "--format", "json", "--changes", "none");
        assertEquals(0, mapper.readTree(none.out()).get("changes").size(), none.out());
    }
}
