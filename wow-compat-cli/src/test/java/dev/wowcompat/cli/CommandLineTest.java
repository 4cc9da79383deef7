package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/** The parts of the command line that do not depend on any input file: help, version, usage errors, failures. */
class CommandLineTest {

    @Test
    void versionAndHelpExitZero() {
        Cli.Result version = Cli.run("--version");
        assertEquals(0, version.code());
        assertTrue(version.out().startsWith("wow-compat "), version.out());

        Cli.Result help = Cli.run("--help");
        assertEquals(0, help.code());
        for (String command : new String[] {"check", "check-schema", "fingerprint"}) {
            assertTrue(help.out().contains("  " + command + " "), command + " listed in\n" + help.out());
        }
        assertEquals(0, Cli.run("check", "--help").code());
        assertTrue(Cli.run("help", "check-schema").out().contains("--level"));
    }

    @Test
    void noCommandIsAUsageError() {
        Cli.Result r = Cli.run();
        assertEquals(2, r.code());
        r.assertNoStackTrace();
        assertTrue(r.err().startsWith("wow-compat: Missing command: give one of check, check-schema, fingerprint"), r.err());
        assertTrue(r.err().contains("Try 'wow-compat --help' for usage."), r.err());
    }

    @Test
    void mistypedCommandGetsASuggestion() {
        Cli.Result r = Cli.run("chek");
        assertEquals(2, r.code());
        r.assertNoStackTrace();
        assertTrue(r.err().contains("Unmatched argument at index 0: 'chek'"), r.err());
        assertTrue(r.err().contains("check"), r.err());
    }

    /** A CI step with a mistyped or unknown command must not pass because an option asked for the version. */
    @Test
    void anUnknownCommandWithAVersionOptionIsAUsageError() {
        Cli.Result r = Cli.run("can-deplyo", "--version", "1.2.0");
        assertEquals(2, r.code());
        r.assertNoStackTrace();
        assertTrue(r.err().contains("Unmatched argument"), r.err());
        assertTrue(r.err().contains("'can-deplyo'"), r.err());
        assertFalse(r.out().contains("0.1.0"), r.out());
        Cli.Result help = Cli.run("check", "--help", "stray");
        assertEquals(2, help.code(), help.out());
        assertEquals(0, Cli.run("--version").code());
        assertEquals(0, Cli.run("check", "--help").code());
    }

    @Test
    void usageErrorsExitTwoWithTheErrorAndAHint() {
        Cli.Result missing = Cli.run("check", "--baseline", "a.json");
        assertEquals(2, missing.code());
        missing.assertNoStackTrace();
        assertEquals("wow-compat check: Missing required option: '--candidate=FILE'", missing.errLines().get(0));
        assertEquals("Try 'wow-compat check --help' for usage.", missing.errLines().get(missing.errLines().size() - 1));

        Cli.Result format = Cli.run("check", "--candidate", "a.json", "--baseline", "b.json", "--format", "xml");
        assertEquals(2, format.code());
        assertTrue(format.err().contains("unknown report format 'xml'; expected one of text, json, markdown, junit, github, sarif"), format.err());

        Cli.Result level = Cli.run("check-schema", "--level", "sideways", "a.json", "b.json");
        assertEquals(2, level.code());
        assertTrue(level.err().contains("unknown level 'sideways'; expected one of additive, none, backward, backward-transitive"), level.err());

        Cli.Result one = Cli.run("check-schema", "--level", "backward", "a.json");
        assertEquals(2, one.code());
        one.assertNoStackTrace();

        Cli.Result failOn = Cli.run("check", "--candidate", "a.json", "--baseline", "b.json", "--fail-on", "info");
        assertEquals(2, failOn.code());
        assertTrue(failOn.err().contains("--fail-on"), failOn.err());
    }

    @Test
    void ignoreAndMaxBytesAreValidatedBeforeAnythingIsRead() {
        Cli.Result noReason = Cli.run("check", "--candidate", "a.json", "--baseline", "b.json", "--ignore", "field-removed:bank.*:");
        assertEquals(2, noReason.code());
        assertTrue(noReason.err().contains("has no reason"), noReason.err());

        Cli.Result unknownRule = Cli.run("check", "--candidate", "a.json", "--baseline", "b.json", "--ignore", "field-gone:*:because");
        assertEquals(2, unknownRule.code());
        assertTrue(unknownRule.err().contains("unknown rule 'field-gone'"), unknownRule.err());

        Cli.Result shape = Cli.run("check", "--candidate", "a.json", "--baseline", "b.json", "--ignore", "field-removed");
        assertEquals(2, shape.code());
        assertTrue(shape.err().contains("RULE:SUBJECT_GLOB:REASON"), shape.err());

        for (String bytes : new String[] {"0", "-5", "lots", "99999999999999999999"}) {
            Cli.Result r = Cli.run("fingerprint", "x.json", "--max-bytes", bytes);
            assertEquals(2, r.code(), bytes);
            assertTrue(r.err().contains("is not a positive number of bytes"), r.err());
            r.assertNoStackTrace();
        }
    }

    @Test
    void ignoreValuesBecomeWaivers() {
        var w = new Converters.Ignore().convert("field-removed: bank.account.* :agreed: see BANK-42");
        assertEquals("field-removed", w.rule());
        assertEquals("bank.account.*", w.subjectGlob());
        assertEquals("agreed: see BANK-42", w.reason());
        assertNull(new Converters.Ignore().convert("*::any subject").subjectGlob());
        assertEquals(512L * 1024, new Converters.ByteCount().convert("512k"));
    }

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("the flux capacitor\nis empty");
        }
    }

    @Command(name = "deep")
    static final class Deep implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new StackOverflowError();
        }
    }

    @Test
    void unexpectedFailuresAreOneLineWithoutStackTrace() {
        Cli.Result r = Cli.runWith("boom", new Boom(), false, "boom");
        assertEquals(2, r.code());
        assertEquals("wow-compat: internal error: the flux capacitor is empty\n", r.err());
        assertEquals("", r.out());

        Cli.Result error = Cli.runWith("deep", new Deep(), false, "deep");
        assertEquals(2, error.code());
        assertEquals("wow-compat: internal error: StackOverflowError\n", error.err());
    }

    @Test
    void debugShowsTheStackTrace() {
        Cli.Result r = Cli.runWith("boom", new Boom(), true, "boom");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("wow-compat: internal error: the flux capacitor is empty\n"), r.err());
        assertTrue(r.err().contains("\tat "), r.err());
    }
}
