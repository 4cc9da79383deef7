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
}
