package dev.wowcompat.cli;

import static dev.wowcompat.cli.Fixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of bad input exits 2 with one readable line per problem ({@code file: pointer: message}) and
 * never a stack trace, whichever command reads it.
 */
class BadInputTest {
    @TempDir
    Path dir;

    private Path baseline() {
        return write(dir, "1.0.0.json", bank("1.0.0"));
    }

    private Cli.Result check(Path candidate, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("check", "--candidate", candidate.toString(), "--baseline", baseline().toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    private static void assertMentions(Cli.Result r, String... words) {
        String err = r.err().toLowerCase(Locale.ROOT);
        for (String word : words) {
            assertTrue(err.contains(word.toLowerCase(Locale.ROOT)), "'" + word + "' in: " + r.err());
        }
    }

    @Test
    void invalidJson() {
        Path bad = write(dir, "bad.json", "{\"manifest\": 1, \"service\": ");
        Cli.Result r = check(bad).assertBadInput(bad.toString());
        assertEquals(1, r.errLines().size(), r.err());
    }

    /** Cut after a complete member: no pointer to that member (it is whole), the place where the input ends instead. */
    @Test
    void truncatedJsonSaysWhereItEnds() {
        String whole = bank("1.1.0").strip();
        Path bad = write(dir, "truncated.json", whole.substring(0, whole.length() - 1));
        Cli.Result r = check(bad).assertBadInput(bad.toString());
        assertEquals(1, r.errLines().size(), r.err());
        long lines = whole.lines().count();
        assertTrue(r.err().matches("\\Q" + bad + "\\E: the JSON ends at line " + lines + ", column \\d+ before the object that"
                + " starts at line 1, column 1 is closed\n"), r.err());
    }

    @Test
    void manifestFailingItsSchemaListsEveryViolation() {
        Path bad = write(dir, "bad.json", bank("1.0").replace("bank-service", "Bank Service"));
        Cli.Result r = check(bad).assertBadInput(bad.toString());
        assertTrue(r.errLines().size() >= 2, "one line per violation: " + r.err());
        assertTrue(r.errLines().stream().anyMatch(l -> l.startsWith(bad + ": /service: ")), r.err());
        assertTrue(r.errLines().stream().anyMatch(l -> l.startsWith(bad + ": /version: ")), r.err());
    }

    @Test
    void remoteRefIsRefusedNotFetched() {
        Path bad = write(dir, "1.1.0.json", bank("1.1.0", DEPOSIT, "{\"$ref\": \"https://example.com/deposited.json\"}"));
        Cli.Result r = check(bad).assertBadInput(bad.toString());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith(bad + ": /contexts/bank/aggregates/account/events/Deposited/revisions/1/schema/$ref: "), r.err());
        assertMentions(r, "remote");
    }

    @Test
    void deepNestingIsRefusedWithoutOverflowingTheStack() {
        Path bad = write(dir, "deep.json", "{\"manifest\": 1, \"deep\": " + nested(10_000) + "}");
        Cli.Result r = check(bad).assertBadInput(bad.toString());
        assertEquals(1, r.errLines().size(), r.err());
        assertMentions(r, "deep");
    }

    @Test
    void filesOverMaxBytesAreRefusedEachWithItsLine() {
        Path candidate = write(dir, "1.1.0.json", bank("1.1.0"));
        Path baseline = baseline();
        Cli.Result r = Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString(), "--max-bytes", "200");
        r.assertBadInput(candidate.toString(), baseline.toString());
        assertEquals(2, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).startsWith(candidate + ": "), r.err());
        assertTrue(r.errLines().get(1).startsWith(baseline + ": "), r.err());
        assertEquals(0, Cli.run("check", "--candidate", candidate.toString(), "--baseline", baseline.toString(), "--max-bytes", "64k").code());
    }

    @Test
    void duplicateKeys() {
        Path bad = write(dir, "dup.json", bank("1.1.0").replaceFirst("\"manifest\": 1,", "\"manifest\": 1, \"manifest\": 1,"));
        Cli.Result r = check(bad).assertBadInput(bad.toString());
        assertEquals(1, r.errLines().size(), r.err());
        assertMentions(r, "duplicate", "manifest");
    }

    @Test
    void missingFilesAndEmptyDirectories() {
        Path missing = dir.resolve("nope.json");
        Path empty = dir.resolve("empty");
        Path missingDir = dir.resolve("gone");
        assertDoesNotThrow(() -> Files.createDirectories(empty));
        Cli.Result r = Cli.run("check", "--candidate", missing.toString(), "--baseline", empty.toString(), "--baseline", missingDir.toString());
        r.assertBadInput(missing.toString(), empty.toString(), missingDir.toString());
        assertEquals(List.of(missing + ": no such file", empty + ": no *.json file in this directory", missingDir + ": no such file"), r.errLines());
    }

    @Test
    void aBadCandidateInsideTheBaselineDirectoryIsReportedOnce() {
        Path bad = write(dir, "releases/1.1.0.json", "{");
        write(dir, "releases/1.0.0.json", bank("1.0.0"));
        Cli.Result r = Cli.run("check", "--candidate", bad.toString(), "--baseline", dir.resolve("releases").toString());
        r.assertBadInput(bad.toString());
        assertEquals(1, r.errLines().size(), r.err());
    }

    @Test
    void everyBadFileIsReportedInOneRun() {
        Path invalid = write(dir, "a.json", "not json");
        Path deep = write(dir, "b.json", nested(10_000));
        Path good = write(dir, "c.json", bank("1.1.0"));
        Cli.Result r = Cli.run("check", "--candidate", good.toString(), "--baseline", invalid.toString(), "--baseline", deep.toString());
        r.assertBadInput(invalid.toString(), deep.toString());
        assertTrue(r.errLines().stream().anyMatch(l -> l.startsWith(invalid + ": ")), r.err());
        assertTrue(r.errLines().stream().anyMatch(l -> l.startsWith(deep + ": ")), r.err());
    }

    @Test
    void checkSchemaInputs() {
        Path old = write(dir, "old.json", "{\"type\": \"object\"}");
        Path remote = write(dir, "remote.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"$ref\": \"other.json#/x\"}}}");
        Cli.Result r = Cli.run("check-schema", "--level", "backward", old.toString(), remote.toString()).assertBadInput(remote.toString());
        assertTrue(r.err().startsWith(remote + ": /properties/a/$ref: "), r.err());
        assertMentions(r, "remote");

        Path notSchema = write(dir, "list.json", "[1, 2]");
        Cli.Result list = Cli.run("check-schema", "--level", "full", old.toString(), notSchema.toString()).assertBadInput(notSchema.toString());
        assertEquals(List.of(notSchema + ": a JSON Schema is an object or a boolean, not array"), list.errLines());

        Path deep = write(dir, "deep.json", "{\"not\": " + "{\"not\": ".repeat(10_000) + "{}" + "}".repeat(10_000) + "}");
        Path dup = write(dir, "dup.json", "{\"type\": \"object\", \"type\": \"string\"}");
        Path invalid = write(dir, "invalid.json", "{\"type\": }");
        Path missing = dir.resolve("missing.json");
        Cli.Result all = Cli.run("check-schema", "--level", "full", deep.toString(), dup.toString(), invalid.toString(), missing.toString());
        all.assertBadInput(deep.toString(), dup.toString(), invalid.toString(), missing.toString());
        assertEquals(4, all.errLines().size(), all.err());

        Path big = write(dir, "big.json", "{\"description\": \"" + "x".repeat(300) + "\"}");
        Cli.Result tooBig = Cli.run("check-schema", "--level", "full", "--max-bytes", "100", old.toString(), big.toString());
        tooBig.assertBadInput(big.toString());
    }

    @Test
    void fingerprintInputs() {
        Path doc = write(dir, "doc.json", "{\"a\": {\"b\": 1}}");
        Cli.Result pointer = Cli.run("fingerprint", doc.toString(), "--pointer", "/a/c").assertBadInput(doc.toString());
        assertEquals(List.of(doc + ": /a/c: nothing at this pointer"), pointer.errLines());
        Cli.Result syntax = Cli.run("fingerprint", doc.toString(), "--pointer", "a").assertBadInput(doc.toString());
        assertEquals(1, syntax.errLines().size());
        assertMentions(syntax, "not a JSON pointer");

        Path deep = write(dir, "deep.json", nested(10_000));
        Cli.Result d = Cli.run("fingerprint", deep.toString()).assertBadInput(deep.toString());
        assertEquals(1, d.errLines().size(), d.err());
        Path dup = write(dir, "dup.json", "{\"a\": 1, \"a\": 2}");
        Cli.Result u = Cli.run("fingerprint", dup.toString()).assertBadInput(dup.toString());
        assertMentions(u, "duplicate");
        Cli.Result m = Cli.run("fingerprint", dir.resolve("none.json").toString()).assertBadInput(dir.resolve("none.json").toString());
        assertEquals(1, m.errLines().size());
        Cli.Result big = Cli.run("fingerprint", doc.toString(), "--max-bytes", "5").assertBadInput(doc.toString());
        assertEquals(1, big.errLines().size());
        Path huge = write(dir, "huge.json", "{\"a\": [1, 1e400]}");
        Cli.Result h = Cli.run("fingerprint", huge.toString(), "--pointer", "/a").assertBadInput(huge.toString());
        assertEquals(List.of(huge + ": /a/1: the number 1E+400 is beyond the largest double"),
                h.errLines().stream().map(l -> l.substring(0, l.indexOf("double") + 6)).toList());
    }
}
