package dev.wowcompat.cli;

import static dev.wowcompat.cli.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The options {@code check} shares with the Maven plugin's goal (one implementation, {@code dev.wowcompat.gate.Gate}):
 * levels, finding-id waivers, stale-waiver warnings, fail-on never, and a first release checked on its own.
 */
class CheckGateOptionsTest {
    @TempDir
    Path dir;

    private final ObjectMapper mapper = new ObjectMapper();

    private Path baseline() {
        return write(dir, "1.0.0.json", bank("1.0.0"));
    }

    private Path breaking() {
        return write(dir, "1.1.0.json", bank("1.1.0", DEPOSIT, DEPOSITED_WITHOUT_CURRENCY));
    }

    @Test
    void aFindingIdFromTheReportWaivesExactlyThatFinding() throws Exception {
        Cli.Result first = Cli.run("check", "--candidate", breaking().toString(), "--baseline", baseline().toString(), "--format", "json");
        JsonNode findings = mapper.readTree(first.out()).get("findings");
        String removed = null;
        for (JsonNode f : findings) if (f.get("rule").asText().equals("field-removed")) removed = f.get("id").asText();
        assertNotNull(removed, first.out());

        Cli.Result r = Cli.run("check", "--candidate", breaking().toString(), "--baseline", baseline().toString(), "--format", "json",
                "--ignore", removed + ": currency was never read: BANK-42");
        JsonNode json = mapper.readTree(r.out());
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals("compatible", json.get("verdict").asText());
        // The revision-changed derived from the removal follows it.
        assertTrue(json.get("waived").findValuesAsText("rule").containsAll(java.util.List.of("field-removed", "revision-changed")), r.out());
        assertTrue(json.get("waived").get(0).get("reason").asText().contains("BANK-42"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void anIgnoreThatMatchesNothingIsWarnedAbout() {
        Cli.Result r = Cli.run("check", "--candidate", breaking().toString(), "--baseline", baseline().toString(),
                "--ignore", "field-removed:bank.customer.*:another aggregate", "--ignore", "0123456789ab:no such finding");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("--ignore number 1 (rule field-removed, subject bank.customer.*) matches no finding"), r.err());
        assertTrue(r.err().contains("--ignore number 2 (rule *, finding 0123456789ab) matches no finding"), r.err());
    }

    @Test
    void anIgnoreWithoutAReasonIsAUsageError() {
        Cli.Result r = Cli.run("check", "--candidate", breaking().toString(), "--baseline", baseline().toString(), "--ignore", "0123456789ab: ");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.err().contains("has no reason"), r.err());
    }

    @Test
    void levelChoosesThePlainRulesLikeThePlugin() throws Exception {
        Cli.Result none = Cli.run("check", "--candidate", breaking().toString(), "--baseline", baseline().toString(), "--level", "none",
                "--format", "json");
        assertEquals(0, none.code(), none.out() + none.err());
        assertEquals("NONE", mapper.readTree(none.out()).get("level").asText());
        Cli.Result bad = Cli.run("check", "--candidate", breaking().toString(), "--baseline", baseline().toString(), "--level", "sideways");
        assertEquals(2, bad.code());
    }

    @Test
    void failOnNeverReportsButPasses() {
        Cli.Result r = Cli.run("check", "--candidate", breaking().toString(), "--baseline", baseline().toString(), "--fail-on", "never");
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().startsWith("BREAKING:"), r.out());
    }

    @Test
    void aFirstReleaseIsCheckedOnItsOwn() {
        String closed = """
                {"type": "object", "additionalProperties": false, "properties": {"amount": {"type": "integer", "default": 0}}}""";
        Path first = write(dir, "first.json", bank("1.0.0", DEPOSIT, closed));
        Cli.Result r = Cli.run("check", "--candidate", first.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("WARNING closed-content-model"), r.out());
        Cli.Result strict = Cli.run("check", "--candidate", first.toString(), "--fail-on", "warning");
        assertEquals(1, strict.code(), strict.out());
    }
}
