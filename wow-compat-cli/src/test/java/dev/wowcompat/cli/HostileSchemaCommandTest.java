package dev.wowcompat.cli;

import static dev.wowcompat.cli.Fixtures.write;
import static dev.wowcompat.testing.HostileSchemas.chain;
import static dev.wowcompat.testing.HostileSchemas.deep;
import static dev.wowcompat.testing.HostileSchemas.manifest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.diff.SchemaDiff;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The CLI on schemas built to hurt: exit 2 with a line naming the pointer, or a verdict; never a crash. */
class HostileSchemaCommandTest {
    @TempDir
    Path dir;

    @Test
    void aReferenceCycleExits2NamingThePointer() {
        Path v1 = write(dir, "v1.json", "{\"type\": \"object\"}");
        Path v2 = write(dir, "v2.json", "{\"$ref\": \"#/$defs/a\", \"$defs\": {\"a\": {\"$ref\": \"#/$defs/b\"}, \"b\": {\"$ref\": \"#/$defs/a\"}}}");
        Cli.Result r = Cli.run("check-schema", "--level", "BACKWARD", v1.toString(), v2.toString()).assertBadInput(v2.toString());
        assertTrue(r.err().startsWith(v2 + ": /$defs/a/$ref: "), r.err());
        assertTrue(r.err().contains("cycle"), r.err());
    }

    @Test
    void aManifestWithAnOverlongChainExits2() {
        Path ok = write(dir, "base.json", manifest("svc", "1.0.0", "{\"type\": \"object\"}"));
        Path bad = write(dir, "bad.json", manifest("svc", "1.1.0", chain(65)));
        Cli.Result r = Cli.run("check", "--candidate", bad.toString(), "--baseline", ok.toString()).assertBadInput(bad.toString());
        assertTrue(r.err().contains("/contexts/bank/aggregates/account/commands/Deposit/schema/$ref: "), r.err());
    }

    @Test
    @Timeout(60)
    void fiveThousandLevelsDeepGetAVerdict() {
        Path v1 = write(dir, "v1.json", deep(5_000, 10));
        Path v2 = write(dir, "v2.json", deep(5_000, 5));
        assertEquals(1, Cli.run("check-schema", "--level", "BACKWARD", v1.toString(), v2.toString()).assertNoStackTrace().code());
        assertEquals(0, Cli.run("check-schema", "--level", "FORWARD", v1.toString(), v2.toString()).assertNoStackTrace().code());
    }

    @Test
    @Timeout(120)
    void pastTheComparisonBoundExits2WithOneLine() {
        int levels = SchemaDiff.MAX_DEPTH + 10;
        Path v1 = write(dir, "v1.json", deep(levels, 10));
        Path v2 = write(dir, "v2.json", deep(levels, 5));
        Cli.Result r = Cli.run("check-schema", "--level", "BACKWARD", v1.toString(), v2.toString()).assertNoStackTrace();
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("schema: /$defs/d"), r.err());
    }
}
