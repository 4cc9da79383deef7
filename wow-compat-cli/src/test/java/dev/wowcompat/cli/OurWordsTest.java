package dev.wowcompat.cli;

import dev.wowcompat.testing.TestJava;
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
        ourSentence(serve, 2, "wow-compat serve: --max-bytes 536,870,912 is too large: give at most 268,435,456 bytes (256.0 MiB)");
        assertFalse(serve.err().contains("must be at most"), serve.err());
    }

    @Test
    void aPortOutOfRangeIsOurSentence() {
        Cli.Result r = Cli.run("serve", "--port", "99999", "--db", dir.resolve("r.db").toString());
        ourSentence(r, 2, "wow-compat serve: --port 99999 is not a port: give a number from 0 to 65535 (0 picks a free one)");
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

    /** An https:// URL to a registry that speaks plain HTTP: what to change, not the JDK's TLS words. */
    @Test
    void httpsToAPlainRegistrySaysToUseHttp() throws Exception {
        try (RunningRegistry registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0))) {
            String https = registry.base().replace("http://", "https://");
            for (Cli.Result r : List.of(Cli.run("check", "--candidate", BANK, "--registry", https),
                    Cli.run("can-deploy", "--registry", https, "--service", "bank-service", "--version", "1.2.0", "--environment", "production"))) {
                ourSentence(r, 2, https + ": cannot reach the registry: the address answers without TLS: use http:// instead of https://");
                notSaid(r, "Unrecognized SSL message", "plaintext connection", "SSL");
                assertEquals(1, r.errLines().size(), r.err());
            }
        }
    }

    @Test
    void aRegistryPortOutOfRangeIsOurSentence() {
        for (Cli.Result r : List.of(Cli.run("check", "--candidate", BANK, "--registry", "http://127.0.0.1:99999"),
                Cli.run("schema", "abcdef12", "--registry", "http://127.0.0.1:99999"))) {
            ourSentence(r, 2, "http://127.0.0.1:99999: the registry URL's port 99999 is out of range: a port is a number from 1 to 65535");
            notSaid(r, "out of range:99999", "connection failed");
        }
    }

    @Test
    void anEmptyRegistryUrlIsNamedByItsOption() {
        Cli.Result r = Cli.run("can-deploy", "--registry", "", "--service", "bank-service", "--version", "1.2.0", "--environment", "production");
        ourSentence(r, 2, "--registry '': the registry URL is empty; give http:// or https:// and a host, e.g. http://127.0.0.1:8081");
        assertFalse(r.err().startsWith(":"), r.err());
    }

    /** A Latin-1 é: the bad byte named (0xE9) where it is, not the byte after it as Jackson names it (0x22). */
    @Test
    void aLatin1FileNamesTheByteThatIsNotUtf8() throws Exception {
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, "{\n  \"owner\": \"Ren\u00e9\"\n}".getBytes(StandardCharsets.ISO_8859_1));
        String sentence = latin1 + ": line 2, column 16 (byte offset 17): the byte 0xE9 (in Latin-1 it is '\u00e9') is not UTF-8: "
                + "JSON must be UTF-8 (RFC 8259); save the file as UTF-8";
        for (Cli.Result r : List.of(Cli.run("check", "--candidate", latin1.toString()), Cli.run("fingerprint", latin1.toString()),
                Cli.run("register", latin1.toString(), "--registry", "http://127.0.0.1:1"))) {
            ourSentence(r, 2, sentence);
            notSaid(r, "middle byte", "0x22", "Invalid UTF-8", "invalid UTF-8");
        }
    }

    /** register and check say the same sentence for the same slip. */
    @Test
    void aDirectoryGivenAsTheManifestIsOneSentenceForEveryCommand() throws Exception {
        Path d = Files.createDirectories(dir.resolve("manifests"));
        String sentence = d + ": is a directory, expected a JSON file";
        for (Cli.Result r : List.of(Cli.run("register", d.toString(), "--registry", "http://127.0.0.1:1"),
                Cli.run("check", "--candidate", d.toString()), Cli.run("verify-state", d.toString(), "--manifest", BANK),
                Cli.run("fingerprint", d.toString()))) {
            ourSentence(r, 2, sentence);
            notSaid(r, "Is a directory", "cannot read:");
        }
        ourSentence(Cli.run("register", dir.resolve("nothing.json").toString(), "--registry", "http://127.0.0.1:1"), 2,
                dir.resolve("nothing.json") + ": no such file");
    }

    @Test
    void aTokensFileThatIsNotThereSaysWhatIsWrong() {
        Cli.Result r = Cli.run("serve", "--tokens", "/nonexistent", "--port", "0", "--db", dir.resolve("r.db").toString());
        ourSentence(r, 2, "wow-compat serve: cannot read the tokens file /nonexistent (--tokens): there is no such file; "
                + "give a text file with one token per line");
        assertEquals(1, r.errLines().size(), r.err());
    }

    @Test
    void anOutputInADirectoryThatCannotBeMadeSaysWhy() {
        Cli.Result r = Cli.run("check", "--candidate", BANK, "--output", "/proc/nope/out.txt");
        ourSentence(r, 2, "/proc/nope/out.txt: cannot write the report: its directory /proc/nope does not exist and cannot be created; "
                + "give an --output in a directory you may write to");
        assertFalse(r.err().trim().endsWith("report: /proc/nope"), r.err());
    }

    /** The validator's own words never reach the user, and the order is the same from a Manifest and from a registry. */
    @Test
    void verifyStateSaysViolationsInOurWordsInOneOrder() throws Exception {
        String invalid = "../docs/samples/account-state-invalid.json";
        Cli.Result local = Cli.run("verify-state", invalid, "--manifest", BANK);
        List<String> expected = List.of(invalid + ": /state/balance: -5 is below the minimum of 0",
                invalid + ": /state/owner: the empty string is too short: 0 characters, at least 1 character (minLength)");
        ourSentence(local, 1, expected.toArray(String[]::new));
        notSaid(local, "must be at least 1 characters long", "must have a minimum value");
        try (RunningRegistry registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0))) {
            registry.register("bank-service", Files.readString(Path.of(BANK)));
            Cli.Result remote = Cli.run("verify-state", invalid, "--registry", registry.base());
            ourSentence(remote, 1, expected.toArray(String[]::new));
            assertEquals(violations(local), violations(remote));
        }
    }

    private static List<String> violations(Cli.Result r) {
        return r.out().lines().filter(l -> l.contains(": /state/")).toList();
    }

    @Test
    void aSchemaTypeMisspeltInAManifestIsOurSentence() throws Exception {
        String bank = Files.readString(Path.of(BANK));
        Path strng = dir.resolve("strng.json");
        Files.writeString(strng, bank.replaceFirst("\"owner\": \\{\\s*\"type\": \"string\"", "\"owner\": {\"type\": \"strng\""));
        assertFalse(Files.readString(strng).equals(bank), "the fixture changed the type");
        for (Cli.Result r : List.of(Cli.run("check", "--candidate", strng.toString()),
                Cli.run("verify-state", "../docs/samples/account-state.json", "--manifest", strng.toString()))) {
            ourSentence(r, 2, "'strng' is not one of the allowed values: \"array\", \"boolean\", \"integer\", \"null\", \"number\", \"object\", \"string\"");
            notSaid(r, "does not have a value in the enumeration");
        }
    }

    /** Numbers that are decimal but too large are said to be too large, not of another form. */
    @Test
    void tooLargeIsSaidAsTooLarge() throws Exception {
        Cli.Result huge = Cli.run("fingerprint", BANK, "--max-bytes", "9223372036854775807");
        assertEquals(0, huge.code(), huge.err());
        assertTrue(huge.out().matches("[0-9a-f]{64}\\s*"), huge.out());
        notSaid(huge, "the input is empty");
        Cli.Result tooLarge = Cli.run("fingerprint", BANK, "--max-bytes", "99999999999999999999");
        ourSentence(tooLarge, 2, "--max-bytes: '99999999999999999999' is too large a size");
        notSaid(tooLarge, "is not a size");
        String version = "'99999999999999999999.0.0' is too large a version: each of major, minor and patch is at most 999999999";
        Path manifest = dir.resolve("big.json");
        Files.writeString(manifest, Files.readString(Path.of(BANK)).replace("\"version\": \"1.2.0\"", "\"version\": \"99999999999999999999.0.0\""));
        for (Cli.Result r : List.of(
                Cli.run("can-deploy", "--registry", "http://127.0.0.1:1", "--service", "bank-service", "--version", "99999999999999999999.0.0", "--environment", "production"),
                Cli.run("record-deployment", "--registry", "http://127.0.0.1:1", "--service", "bank-service", "--version", "99999999999999999999.0.0", "--environment", "production"),
                Cli.run("manifest", "--classes", dir.toString(), "--service", "s", "--version", "99999999999999999999.0.0"),
                Cli.run("check", "--candidate", manifest.toString()))) {
            ourSentence(r, 2, version);
            notSaid(r, "each part a decimal", "of the form major.minor.patch");
        }
        Cli.Result aggregates = Cli.run("audit", "--input", "../docs/audit/clean.jsonl", "--manifest", BANK, "--max-aggregates", "99999999999");
        ourSentence(aggregates, 2, "--max-aggregates 99999999999 is too large");
    }

    /** Advice for plain JSON Schemas names no Manifest keyword and no release to stage across. */
    @Test
    void checkSchemaAdviceFitsPlainSchemas() throws Exception {
        Path v1 = Files.writeString(dir.resolve("v1.json"), "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}}}");
        Path v2 = Files.writeString(dir.resolve("v2.json"), "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"integer\"}, "
                + "\"b\": {\"type\": \"string\"}}, \"required\": [\"b\"]}");
        Cli.Result r = Cli.run("check-schema", "--level", "backward", v1.toString(), v2.toString());
        ourSentence(r, 1, "Fix: Leave the property out of \"required\" and give it a \"default\": documents of the earlier versions do not have it.",
                "Fix: Leave the property's type as it is and add a new optional property with a new name for values of the new type.");
        List<String> fixes = r.out().lines().filter(l -> l.trim().startsWith("Fix:")).toList();
        assertEquals(2, fixes.size(), r.out());
        for (String fix : fixes) {
            assertFalse(fix.contains("x-wow") || fix.contains("release") || fix.contains("\"written\""), fix);
        }
    }

    /** serve's lines, whatever they are about, in one style: "wow-compat serve: " and a sentence naming the option once. */
    @Test
    void serveSaysEveryRefusalInOneStyle() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            List<Cli.Result> refusals = List.of(
                    process(null, "serve", "--port", String.valueOf(port), "--db", dir.resolve("a.db").toString()).cli(),
                    Cli.run("serve", "--port", "99999", "--db", dir.resolve("b.db").toString()),
                    Cli.run("serve", "--max-bytes", "1,073,741,824", "--db", dir.resolve("c.db").toString()),
                    Cli.run("serve", "--tokens", "/nonexistent", "--db", dir.resolve("d.db").toString()),
                    Cli.run("serve", "--metrics-need-token", "--db", dir.resolve("e.db").toString()));
            ourSentence(refusals.get(0), 2, "wow-compat serve: 127.0.0.1:" + port + " is already in use: stop what runs there, or choose another --port");
            for (Cli.Result r : refusals) {
                assertEquals(2, r.code(), r.err());
                for (String line : r.errLines()) {
                    assertTrue(line.startsWith("wow-compat serve: "), "one style: " + line);
                    assertFalse(line.contains("`"), "no Markdown on a terminal: " + line);
                    String option = line.replaceAll(".*?(--[a-z-]+).*", "$1");
                    if (line.contains("--")) {
                        assertEquals(1, line.split(java.util.regex.Pattern.quote(option), -1).length - 1, "the option named once: " + line);
                    }
                }
            }
        }
    }

    /** A shortened option is matched to the one it begins, and the required option it names is not said missing too. */
    @Test
    void aShortenedOptionIsMatchedToTheOneItBegins() {
        slip("wow-compat can-deploy: '--env' is not an option of can-deploy; did you mean --environment?",
                "can-deploy", "--registry", "http://127.0.0.1:1", "--service", "s", "--version", "1.0.0", "--env", "production");
        slip("wow-compat check: '--cand' is not an option of check; did you mean --candidate?", "check", "--cand", BANK);
    }

    private static void notSaid(Cli.Result r, String... libraryWords) {
        for (String words : libraryWords) {
            assertFalse((r.out() + r.err()).contains(words), "the library's words '" + words + "':\n" + r.out() + r.err());
        }
    }

    record Result(Cli.Result cli) {}

    /** The command line in a JVM of its own (this test run's classpath), standard output to {@code stdout} when given. */
    private Result process(File stdout, String... args) throws Exception {
        List<String> command = new ArrayList<>(TestJava.command(
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
