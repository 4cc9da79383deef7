package dev.wowcompat.cli;

import static dev.wowcompat.cli.Fixtures.write;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wow-compat check-schema}: which levels a change passes, and the report it writes. */
class CheckSchemaCommandTest {
    @TempDir
    Path dir;

    private final ObjectMapper mapper = new ObjectMapper();

    private int exit(String level, Path... files) {
        String[] args = new String[files.length + 3];
        args[0] = "check-schema";
        args[1] = "--level";
        args[2] = level;
        for (int i = 0; i < files.length; i++) args[i + 3] = files[i].toString();
        Cli.Result r = Cli.run(args);
        r.assertNoStackTrace();
        return r.code();
    }

    @Test
    void aNewRequiredPropertyBreaksBackwardButNotForward() {
        Path v1 = write(dir, "v1.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}}}");
        Path v2 = write(dir, "v2.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}, \"b\": {\"type\": \"string\"}}, \"required\": [\"b\"]}");
        assertEquals(1, exit("backward", v1, v2), "new readers reject old data without b");
        assertEquals(0, exit("forward", v1, v2), "old readers ignore b");
        assertEquals(1, exit("full", v1, v2));
        assertEquals(0, exit("none", v1, v2));
    }

    @Test
    void findingsAreLocatedInTheCandidateSchemaFile() {
        Path v1 = write(dir, "v1.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}}}");
        Path v2 = write(dir, "v2.json", "{\"type\": \"object\",\n  \"properties\": {\n    \"a\": {\"type\": \"integer\"}}}");
        Cli.Result r = Cli.run("check-schema", "--level", "backward", "--format", "github", v1.toString(), v2.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("::error file=" + v2 + ",line=3,col=11,title=field-type-changed schema::"), r.out());
        Cli.Result text = Cli.run("check-schema", "--level", "backward", v1.toString(), v2.toString());
        assertTrue(text.out().contains("]  " + v2 + ":3:11\n"), "text: path:line:col on the finding line: " + text.out());
    }

    /**
     * A plain JSON Schema has versions, not releases, and no Manifest keyword: its report never advises
     * {@code "x-wow-written": false} nor speaks of a release, in a finding's message, its fix or its "Breaks:" line.
     */
    @Test
    void plainSchemasAreToldInWordsOfVersionsNotReleases() {
        String before = "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\", \"maxLength\": 10},"
                + " \"s\": {\"enum\": [\"x\", \"y\"]}}}";
        String[] after = {
            "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\", \"maxLength\": 10}, \"s\": {\"enum\": [\"x\", \"y\"]},"
                    + " \"b\": {\"type\": \"string\"}}, \"required\": [\"b\"]}",
            "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"integer\"}, \"s\": {\"enum\": [\"x\", \"y\"]}}}",
            "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\", \"maxLength\": 5}, \"s\": {\"enum\": [\"x\"]}}}",
            "{\"type\": \"object\", \"properties\": {\"s\": {\"enum\": [\"x\", \"y\"]}}, \"additionalProperties\": false}",
        };
        Path v1 = write(dir, "v1.json", before);
        for (int i = 0; i < after.length; i++) {
            Path v2 = write(dir, "v2-" + i + ".json", after[i]);
            for (String level : new String[] {"backward", "forward", "full"}) {
                Cli.Result r = Cli.run("check-schema", "--level", level, v1.toString(), v2.toString());
                r.assertNoStackTrace();
                String out = r.out() + r.err();
                assertFalse(out.contains("x-wow-written"), level + " " + i + ": " + out);
                assertFalse(out.toLowerCase(java.util.Locale.ROOT).contains("release"), level + " " + i + ": " + out);
            }
        }
        Cli.Result required = Cli.run("check-schema", "--level", "backward", v1.toString(), dir.resolve("v2-0.json").toString());
        assertEquals(1, required.code(), required.out());
        assertTrue(required.out().contains("Breaks: new readers (readers of the new version reading documents of the earlier versions)\n"),
                required.out());
    }

    @Test
    void transitiveLevelsCompareWithEveryEarlierVersion() {
        Path v1 = write(dir, "v1.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"integer\"}}}");
        Path v2 = write(dir, "v2.json", "{\"type\": \"object\"}");
        Path v3 = write(dir, "v3.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}}}");
        assertEquals(0, exit("backward", v1, v2, v3), "an optional property added to an open object reads old data");
        assertEquals(1, exit("backward-transitive", v1, v2, v3), "v1 wrote a as an integer");
    }

    @Test
    void writesTheSameReportShapeAsCheck() throws Exception {
        Path v1 = write(dir, "v1.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\", \"maxLength\": 10}}}");
        Path v2 = write(dir, "v2.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\", \"maxLength\": 5}}}");
        Cli.Result r = Cli.run("check-schema", "--level", "BACKWARD", v1.toString(), v2.toString(), "--format", "json");
        assertEquals(1, r.code(), r.err());
        JsonNode json = mapper.readTree(r.out());
        assertEquals(1, json.get("format").asInt());
        assertEquals("breaking", json.get("verdict").asText());
        assertEquals("BACKWARD", json.get("level").asText());
        assertEquals("constraint-tightened", json.at("/findings/0/rule").asText());
        assertEquals("/properties/a/maxLength", json.at("/findings/0/pointer").asText());
    }
}
