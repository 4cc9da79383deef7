package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.testing.RunningRegistry;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The error paths where a library's words reached the user (picocli, Java, SQLite, Javalin) and the rough edges of
 * the command line, each as the user meets it: through the command line's main, or a process of its own where the
 * process matters (standard output on a full disk, serve's address and database). Each path is exit 2 (or the exit
 * the docs give) with one sentence of ours, and none of the library phrases users saw is left anywhere in what is
 * printed.
 */
class OurWordsTest {
    /** What picocli, the JDK, SQLite and Javalin said before our sentences replaced them. */
    static final List<String> LIBRARY_WORDS = List.of(
            "is not an int", "is not a long", "is not a boolean", "Invalid value for option", "mutually exclusive (specify only one)",
            "should be specified only once", "expected only one match", "SCHEMA.json is required",
            "port out of range", ": null", "internal error", "SQLITE_", "Unable to open the database file",
            "Endpoint POST", "Endpoint GET", "Cannot reach the wow-compat registry", "(s)", "Exception");

    private static final String BANK = "../schemas/examples/bank/1.2.0.json";

    @TempDir
    Path dir;

    private static void ourSentence(Cli.Result r, int exit, String... sentences) {
        assertEquals(exit, r.code(), "exit code\nout:\n" + r.out() + "\nerr:\n" + r.err());
        for (String text : List.of(r.out(), r.err())) {
            for (String words : LIBRARY_WORDS) assertFalse(text.contains(words), "a library's words '" + words + "':\n" + text);
        }
        String all = r.out() + r.err();
        for (String sentence : sentences) assertTrue(all.contains(sentence), "says '" + sentence + "':\n" + all);
    }

    /** A usage slip: our sentence, then where the usage is; nothing else. */
    private static void slip(String sentence, String... args) {
        Cli.Result r = Cli.run(args);
        ourSentence(r, 2, sentence);
        assertEquals(2, r.errLines().size(), "one sentence and the hint:\n" + r.err());
        assertEquals("", r.out());
    }

    @Test
    void picocliRefusalsAreOurSentences() {
        slip("wow-compat audit: --partitions takes a whole number (N), not 'x'", "audit", "--input", "x", "--manifest", "y", "--partitions", "x");
        slip("wow-compat serve: --port takes a whole number (PORT), not 'abc'", "serve", "--port", "abc");
        slip("wow-compat verify-state: give either --manifest FILE or --registry URL, not both",
                "verify-state", "x.json", "--manifest", "a.json", "--registry", "http://127.0.0.1:1");
        slip("wow-compat verify-state: --manifest was given more than once; give it once",
                "verify-state", "x.json", "--manifest", "a.json", "--manifest", "b.json");
        slip("wow-compat check: --candidate was given more than once; give it once", "check", "--candidate", "a", "--candidate", "b");
        slip("wow-compat check: --help takes no value; give --help alone, not --help=yes", "check", "--help=yes");
        slip("wow-compat check: --level: unknown level 'wrong'", "check", "--candidate", BANK, "--level", "wrong");
        slip("wow-compat fingerprint: --max-bytes: 'abc' is not a size: give a number of bytes, or with k, m or g (e.g. 1048576, 512k, 10m, 1g)",
                "fingerprint", BANK, "--max-bytes", "abc");
    }

    @Test
    void checkSchemaNamesTheMissingCandidate() {
        slip("wow-compat check-schema: NEW.json is required: check-schema compares earlier versions with the candidate, the last file, "
                + "and only v1.json was given (OLD.json [MORE.json...] NEW.json)", "check-schema", "--level", "backward", "v1.json");
    }

    @Test
    void checkTakesABaselineOrARegistryNotBoth() {
        slip("wow-compat check: give either --baseline FILE|DIR... or --registry URL, not both",
                "check", "--candidate", BANK, "--registry", "http://127.0.0.1:1", "--baseline", "../schemas/examples/bank");
    }

    /** One size syntax for every size option, and sizes printed with separators. */
    @Test
    void everySizeOptionTakesTheSameSizes() throws Exception {
        Cli.Result audit = Cli.run("audit", "--input", "../docs/audit/clean.jsonl", "--manifest", BANK, "--manifest",
                "../docs/audit/payment-service-1.0.0.json", "--max-record-bytes", "10m", "--format", "json");
        assertTrue(audit.code() == 0 || audit.code() == 1, audit.err());
        assertEquals("", audit.err());
        Cli.Result tooSmall = Cli.run("check", "--candidate", BANK, "--max-bytes", "1k");
        ourSentence(tooSmall, 2, "the input is 6,221 bytes (6.1 KiB), over the limit of 1,024 bytes (1.0 KiB)");
        Cli.Result serve = Cli.run("serve", "--max-bytes", "512m", "--db", dir.resolve("r.db").toString(), "--port", "0");
        ourSentence(serve, 2, "--max-bytes 536,870,912: --max-bytes must be at most 268,435,456 bytes (256.0 MiB)");
    }

    @Test
    void aPortOutOfRangeIsOurSentence() {
        Cli.Result r = Cli.run("serve", "--port", "99999", "--db", dir.resolve("r.db").toString());
        ourSentence(r, 2, "--port 99999: a port is a number from 0 to 65535 (0 picks a free one)");
        assertEquals(1, r.errLines().size(), r.err());
    }

    @Test
    void anAddressThisMachineDoesNotHaveIsOurSentence() throws Exception {
        Result r = process(null, "serve", "--host", "999.1.1.1", "--port", "0", "--db", dir.resolve("r.db").toString());
        ourSentence(r.cli(), 2, "wow-compat serve: cannot listen on 999.1.1.1:0: 999.1.1.1 is not an address of this machine");
    }

    @Test
    void aDirectoryAsTheDatabaseIsOurSentence() throws Exception {
        Result serve = process(null, "serve", "--port", "0", "--db", dir.toString());
        ourSentence(serve.cli(), 2, "--db " + dir + ": " + dir + " is a directory: give the SQLite file to use in it, e.g. "
                + dir.resolve("registry.db"));
        Path readOnly = Files.createDirectories(dir.resolve("read-only"));
        assertTrue(readOnly.toFile().setWritable(false));
        try {
            if (!Files.isWritable(readOnly)) { // root may write anywhere
                Result cannot = process(null, "serve", "--port", "0", "--db", readOnly.resolve("r.db").toString());
                ourSentence(cannot.cli(), 2, "cannot open the registry database " + readOnly.resolve("r.db")
                        + ": the file cannot be created or opened there (is its directory writable?)");
            }
        } finally {
            readOnly.toFile().setWritable(true);
        }
        Cli.Result migrate = Cli.run("migrate", "--from", dir.toString(), "--to", "jdbc:postgresql://127.0.0.1:1/registry");
        ourSentence(migrate, 2, "--from " + dir + ": " + dir + " is a directory");
    }

    /** A report that cannot be written is no verdict: exit 2, to standard output as to --output. */
    @Test
    void aReportThatCannotBeWrittenIsExitTwo() throws Exception {
        String[] check = {"check", "--candidate", "../schemas/examples/courtyard/candidates/1.1.0-timestamp-millis.json",
                "--baseline", "../schemas/examples/courtyard/releases/1.0.0.json"};
        Result full = process(new File("/dev/full"), check);
        ourSentence(full.cli(), 2, "wow-compat check: cannot write to standard output (is the disk full or the pipe closed?)");
        Result fine = process(dir.resolve("report.txt").toFile(), check);
        assertEquals(1, fine.cli().code(), fine.cli().err());
        assertTrue(Files.readString(dir.resolve("report.txt")).startsWith("BREAKING: courtyard@1.1.0"));
        List<String> toFile = new ArrayList<>(List.of(check));
        toFile.addAll(List.of("--output", "/dev/full"));
        ourSentence(Cli.run(toFile.toArray(String[]::new)), 2, "/dev/full: cannot write the report");
    }

    @Test
    void aRegistryUrlWithAPathSaysToGiveItsRoot() throws Exception {
        try (RunningRegistry registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0))) {
            String wrong = registry.base() + "/ready";
            String sentence = wrong + ": no endpoint POST /ready/services/bank-service/releases there; give the registry's root URL";
            ourSentence(Cli.run("register", BANK, "--registry", wrong), 2, sentence);
            // before, a check against it passed as a first release: the history's 404 read as "no releases"
            ourSentence(Cli.run("check", "--candidate", BANK, "--registry", wrong), 2,
                    wrong + ": no endpoint GET /ready/services/bank-service/releases there");
            ourSentence(Cli.run("schema", "abcdef12", "--registry", wrong), 2, wrong + ": no endpoint GET /ready/schemas/abcdef12 there");
        }
    }

    @Test
    void anUnreachableRegistryHasOneWording() throws Exception {
        String url = Cli.unreachableUrl();
        String sentence = url + ": cannot reach the registry: connection refused (is the registry running at that address?)";
        ourSentence(Cli.run("check", "--candidate", BANK, "--registry", url), 2, sentence);
        ourSentence(Cli.run("schema", "abcdef12", "--registry", url), 2, sentence);
        ourSentence(Cli.run("audit", "--input", "../docs/audit/clean.jsonl", "--registry", url), 2, "wow-compat audit: " + sentence);
    }

    /** An unknown fingerprint names no schema: the state was not validated, which is not "valid: no". */
    @Test
    void verifyStateSaysWhenNothingWasValidated() {
        Cli.Result r = Cli.run("verify-state", "../schemas/wire/examples/envelope-state-event.json", "--manifest", BANK);
        ourSentence(r, 1, "  known:   no", "  valid:   not validated: no release registers a state schema with this fingerprint");
        assertFalse(r.out().contains("valid:   no\n"), r.out());
    }

    @Test
    void manifestTellsItsThreeEmptyCasesApart() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        ourSentence(Cli.run("manifest", "--classes", empty.toString(), "--service", "s", "--version", "1.0.0"), 2,
                "wow-compat manifest: No class files in [" + empty + "]");
        // The sample service's classes that need nothing of Wow but its annotations (LoanErrors needs Wow's
        // exception types, whose absence is a sentence of its own), without Wow's annotations on the classpath
        Path classes = dir.resolve("classes");
        Path testClasses = Path.of(dev.wowcompat.cli.sampleservice.LibraryService.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path pkg = Path.of("dev", "wowcompat", "cli", "sampleservice");
        Files.createDirectories(classes.resolve(pkg));
        try (var files = Files.list(testClasses.resolve(pkg))) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().startsWith("LoanErrors")) Files.copy(f, classes.resolve(pkg).resolve(f.getFileName()));
            }
        }
        ourSentence(Cli.run("manifest", "--classes", classes.toString(), "--service", "s", "--version", "1.0.0"), 2,
                "wow-compat manifest: Wow's annotations are not on the classpath: add Wow's API jar (me.ahoo.wow:wow-api) to --classpath");
    }

    /** The plural is right: "1 token", never "1 token(s)" or "1 tokens". */
    @Test
    void countsAreSingularOrPlural() {
        assertEquals("1 record", dev.wowcompat.text.Counts.of(1, "record"));
        assertEquals("5 breaking findings", dev.wowcompat.text.Counts.of(5, "breaking finding"));
        assertEquals("5,000,831 bytes (4.8 MiB)", dev.wowcompat.text.Sizes.show(5_000_831));
        assertEquals(10L * 1024 * 1024, dev.wowcompat.text.Sizes.parse("10m"));
    }

    record Result(Cli.Result cli) {}

    /** The command line in a JVM of its own (this test run's classpath), standard output to {@code stdout} when given. */
    private Result process(File stdout, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), WowCompat.class.getName()));
        command.addAll(List.of(args));
        Path out = dir.resolve("out-" + System.nanoTime());
        Path err = dir.resolve("err-" + System.nanoTime());
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(stdout == null ? out.toFile() : stdout)
                .redirectError(err.toFile());
        Process p = builder.start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not finish: " + command);
        }
        String printed = stdout == null ? Files.readString(out, StandardCharsets.UTF_8) : "";
        return new Result(new Cli.Result(p.exitValue(), printed, Files.readString(err, StandardCharsets.UTF_8)));
    }
}
