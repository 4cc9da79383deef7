package dev.wowcompat.cli;

import static dev.wowcompat.cli.Fixtures.write;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.fingerprint.Fingerprint;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FingerprintCommandTest {
    @TempDir
    Path dir;

    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void printsTheLibraryFingerprintOfTheWholeDocument() throws Exception {
        String json = "{\"type\": \"object\", \"properties\": {\"amount\": {\"type\": \"integer\", \"default\": 0}}}";
        Path file = write(dir, "schema.json", json);
        Cli.Result r = Cli.run("fingerprint", file.toString());
        assertEquals(0, r.code(), r.err());
        String expected = Fingerprint.of(mapper.readTree(json));
        assertEquals(expected + "\n", r.out());
        assertTrue(Fingerprint.isFingerprint(r.out().trim()));
    }

    @Test
    void keyOrderAndWhitespaceDoNotChangeIt() {
        Path a = write(dir, "a.json", "{\"b\": [1, 2], \"a\": \"x\"}");
        Path b = write(dir, "b.json", "{\n  \"a\" : \"x\",\n  \"b\" : [ 1, 2 ]\n}\n");
        Path c = write(dir, "c.json", "{\"a\": \"y\", \"b\": [1, 2]}");
        String fa = Cli.run("fingerprint", a.toString()).out();
        assertEquals(fa, Cli.run("fingerprint", b.toString()).out());
        assertNotEquals(fa, Cli.run("fingerprint", c.toString()).out());
    }

    @Test
    void pointerSelectsAValueInside() throws Exception {
        String json = Fixtures.bank("1.0.0");
        Path file = write(dir, "manifest.json", json);
        String pointer = "/contexts/bank/aggregates/account/events/Deposited/revisions/1/schema";
        Cli.Result r = Cli.run("fingerprint", file.toString(), "--pointer", pointer);
        assertEquals(0, r.code(), r.err());
        assertEquals(Fingerprint.of(mapper.readTree(json).at(pointer)) + "\n", r.out());
        assertNotEquals(Cli.run("fingerprint", file.toString()).out(), r.out());
    }

    /**
     * What ensure_ascii serializers write: the emoji as an escaped surrogate pair, in a key and a value. Its
     * fingerprint is SHA-256 of the RFC 8785 form written out here by hand (members sorted by UTF-16 code units,
     * the emoji as raw UTF-8), the same as the file that holds the character itself.
     */
    @Test
    void escapedSurrogatePairsFingerprintAsTheirCharacters() throws Exception {
        Path escaped = write(dir, "escaped.json", "{\"title\": \"smile \\ud83d\\ude00\", \"\\ud83d\\ude00\": 1, \"a\": [1.50, 2e0]}");
        Path raw = write(dir, "raw.json", "{\"a\": [1.5, 2], \"\uD83D\uDE00\": 1, \"title\": \"smile \uD83D\uDE00\"}");
        String canonical = "{\"a\":[1.5,2],\"title\":\"smile \uD83D\uDE00\",\"\uD83D\uDE00\":1}";
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String expected = java.util.HexFormat.of().formatHex(digest);
        Cli.Result r = Cli.run("fingerprint", escaped.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(expected + "\n", r.out());
        assertEquals(r.out(), Cli.run("fingerprint", raw.toString()).out());
    }

    @Test
    void aLoneSurrogateIsOneProblem() {
        Path lone = write(dir, "lone.json", "{\"description\": \"half \\ud83d\"}");
        Cli.Result r = Cli.run("fingerprint", lone.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith(lone + ": /description: this string has a lone surrogate \\ud83d"), r.err());
    }
}
