package dev.wowcompat.cli;

import dev.wowcompat.json.Spelling;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
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
    void mistypedCommandGetsASuggestionOnlyWhenOneIsClose() {
        Cli.Result r = Cli.run("chek", "--candidate", "a.json");
        assertEquals(2, r.code());
        r.assertNoStackTrace();
        assertEquals(List.of("wow-compat: 'chek' is not a wow-compat command; did you mean check?",
                "Try 'wow-compat --help' for usage."), r.errLines());
        assertEquals("wow-compat: 'cehck' is not a wow-compat command; did you mean check?", Cli.run("cehck").errLines().get(0));
        Cli.Result help = Cli.run("help", "chek");
        assertEquals(2, help.code());
        assertEquals("wow-compat: 'chek' is not a wow-compat command; did you mean check?", help.errLines().get(0));
        // Nothing is close to it: no unrelated commands offered (picocli's own suggestions offered migrate and verify-state).
        Cli.Result far = Cli.run("frobnicate");
        assertEquals(2, far.code());
        assertEquals("wow-compat: 'frobnicate' is not a wow-compat command", far.errLines().get(0));
    }

    @Test
    void anUnknownOptionIsNamedWithTheClosestOptionOfItsCommand() {
        Cli.Result r = Cli.run("check", "--candidate", "a.json", "--baselin", "b.json");
        assertEquals(2, r.code());
        assertEquals(List.of("wow-compat check: '--baselin' is not an option of check; did you mean --baseline?",
                "Try 'wow-compat check --help' for usage."), r.errLines());
        // A misspelt required option is named, not only reported missing.
        Cli.Result required = Cli.run("check", "--candidat", "a.json");
        assertEquals(2, required.code());
        assertEquals("wow-compat check: '--candidat' is not an option of check; did you mean --candidate?", required.errLines().get(0));
        assertEquals(2, required.errLines().size(), "--candidate is not said to be missing as well: " + required.err());
        assertEquals("wow-compat check: '--frobnicate' is not an option of check", Cli.run("check", "--frobnicate").errLines().get(0));
        assertEquals("wow-compat: '--versio' is not an option of wow-compat; did you mean --version?", Cli.run("--versio").errLines().get(0));
    }

    /** -V and --version are the tool's; on a command they say where the version goes instead of printing nothing. */
    @Test
    void theVersionFlagsOnACommandSayWhereTheVersionGoes() {
        Cli.Result check = Cli.run("check", "--candidate", "a.json", "--baseline", "b.json", "--version");
        assertEquals(2, check.code());
        assertEquals("wow-compat check: '--version' is not an option of check: check reads the release's version from the"
                + " \"version\" member of its Manifest, and the tool's version is 'wow-compat --version'", check.errLines().get(0));
        Cli.Result register = Cli.run("register", "a.json", "--registry", "http://127.0.0.1:9", "--version", "1.1.0");
        assertEquals(2, register.code());
        assertEquals(List.of("wow-compat register: '--version' is not an option of register: register reads the release's version"
                + " from the \"version\" member of its Manifest, and the tool's version is 'wow-compat --version'",
                "Try 'wow-compat register --help' for usage."), register.errLines());
        Cli.Result deploy = Cli.run("can-deploy", "--registry", "http://127.0.0.1:9", "--service", "s", "--version", "1.0.0",
                "--environment", "e", "-V");
        assertEquals(2, deploy.code());
        assertEquals("wow-compat can-deploy: '-V' is not an option of can-deploy: here --version V names the release"
                + " (major.minor.patch), and the tool's version is 'wow-compat --version'", deploy.errLines().get(0));
        assertEquals("wow-compat serve: '-V' is not an option of serve: the tool's version is 'wow-compat --version'",
                Cli.run("serve", "-V").errLines().get(0));
        Cli.Result help = Cli.run("check", "--help");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("Usage: wow-compat check [-h] --candidate=FILE"), help.out());
        assertFalse(help.out().contains("-V"), help.out());
    }

    /** Asked before a command, the version would be printed and the command never run: a green CI step that checked nothing. */
    @Test
    void theToolsVersionBeforeACommandIsAUsageError() {
        Cli.Result r = Cli.run("--version", "check", "--candidate", "a.json");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals("wow-compat: '--version' prints the tool's version and runs no command: give it alone"
                + " ('wow-compat --version'), or leave it out to run check", r.errLines().get(0));
        assertEquals(2, Cli.run("-V", "serve").code());
    }

    @Test
    void extraArgumentsAndMissingValuesAreNamed() {
        assertEquals("wow-compat check: 'extra.json' is one argument too many: check takes options only",
                Cli.run("check", "--candidate", "a.json", "extra.json").errLines().get(0));
        assertEquals("wow-compat fingerprint: 'b.json', 'c.json' are arguments too many: fingerprint takes only FILE",
                Cli.run("fingerprint", "a.json", "b.json", "c.json").errLines().get(0));
        assertEquals("wow-compat check: --candidate needs a value (FILE)", Cli.run("check", "--candidate").errLines().get(0));
        // The value after an unknown option is taken as its own, unless the option came with one.
        assertEquals(List.of("wow-compat check: '--frob' is not an option of check",
                "Try 'wow-compat check --help' for usage."), Cli.run("check", "--candidate", "a.json", "--frob", "1").errLines());
        assertEquals(List.of("wow-compat check: '--frob' is not an option of check",
                "wow-compat check: 'extra.json' is one argument too many: check takes options only",
                "Try 'wow-compat check --help' for usage."), Cli.run("check", "--candidate", "a.json", "--frob=1", "extra.json").errLines());
        assertEquals("wow-compat verify-state: one of --manifest FILE or --registry URL is required",
                Cli.run("verify-state", "state.json").errLines().get(0));
    }

    @Test
    void closeMeansAnEditOrTwo() {
        assertEquals(1, Spelling.distance("chek", "check"));
        assertEquals(1, Spelling.distance("cehck", "check"), "two neighbours swapped are one edit");
        assertEquals(List.of("check"), UsageErrors.closest("chek", List.of("check", "check-schema", "schema")));
        assertEquals(List.of(), UsageErrors.closest("frobnicate", List.of("check", "migrate", "verify-state", "register")));
        assertEquals(List.of("--candidate"), UsageErrors.closest("--candidat", List.of("--candidate", "--baseline", "--level")));
        assertEquals(List.of(), UsageErrors.closest("-x", List.of("-h")), "one letter is never close to another");
    }

    /** A CI step with a mistyped or unknown command must not pass because an option asked for the version. */
    @Test
    void anUnknownCommandWithAVersionOptionIsAUsageError() {
        Cli.Result r = Cli.run("can-deplyo", "--version", "1.2.0");
        assertEquals(2, r.code());
        r.assertNoStackTrace();
        assertTrue(r.err().startsWith("wow-compat: 'can-deplyo' is not a wow-compat command; did you mean can-deploy?"), r.err());
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
        assertEquals("wow-compat check: --candidate FILE is required", missing.errLines().get(0));
        assertEquals("Try 'wow-compat check --help' for usage.", missing.errLines().get(missing.errLines().size() - 1));

        Cli.Result format = Cli.run("check", "--candidate", "a.json", "--baseline", "b.json", "--format", "xml");
        assertEquals(2, format.code());
        assertTrue(format.err().contains("unknown report format 'xml'; expected one of " + dev.wowcompat.report.ReportFormat.names()), format.err());

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
            // Decimal but too large is said as too large (docs/cli.md, "Sizes and counts").
            String said = bytes.length() > 18 ? "'" + bytes + "' is too large a size" : "'" + bytes + "' is not a size: give a number of bytes";
            assertTrue(r.err().contains(said), r.err());
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
        assertEquals(512L * 1024, new dev.wowcompat.serve.SizeConverter().convert("512k"));
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
