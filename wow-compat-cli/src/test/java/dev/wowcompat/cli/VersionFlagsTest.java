package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * One owner of {@code -V}/{@code --version}: {@code wow-compat} itself. Every command docs/cli.md documents is run with
 * {@code -V} and with {@code --version}; both are exit 2 with one sentence naming the flag, except {@code --version V}
 * on the commands where the page says it names a release. The list comes from the page, never from the code: a
 * command that declared picocli's standard options itself ({@code audit -V} audited nothing and exited 0) fails here.
 */
class VersionFlagsTest {

    @TestFactory
    Stream<DynamicTest> everyDocumentedCommandRefusesTheToolsVersionFlags() {
        Set<String> releaseVersion = DocumentedVersions.releaseVersionCommands();
        List<DynamicTest> tests = new ArrayList<>();
        for (String command : DocumentedVersions.documentedCommands()) {
            tests.add(DynamicTest.dynamicTest(command + " -V", () -> refused(command, "-V")));
            if (!releaseVersion.contains(command)) {
                tests.add(DynamicTest.dynamicTest(command + " --version", () -> refused(command, "--version")));
            }
        }
        return tests.stream();
    }

    private static void refused(String command, String flag) {
        Cli.Result r = Cli.run(command, flag);
        assertEquals(2, r.code(), command + " " + flag + "\n" + r.err());
        assertEquals("", r.out());
        r.assertNoStackTrace();
        String first = r.errLines().get(0);
        assertTrue(first.startsWith("wow-compat " + command + ": '" + flag + "' is not an option of " + command), first);
        assertTrue(first.contains("'wow-compat --version'"), "says where the tool's version is: " + first);
    }

    /** The issue's own line: with -V the audit printed nothing, exited 0 and audited nothing. */
    @Test
    void anAuditWithVIsASlipNotAPass() {
        for (String flag : List.of("-V", "--version")) {
            Cli.Result r = Cli.run("audit", "--input", "../docs/audit/payload-invalid.jsonl", "--manifest",
                    "../schemas/examples/bank/1.2.0.json", flag);
            assertEquals(2, r.code(), r.err());
            assertEquals(List.of("wow-compat audit: '" + flag + "' is not an option of audit: the tool's version is 'wow-compat --version'",
                    "Try 'wow-compat audit --help' for usage."), r.errLines());
            assertEquals("", r.out());
        }
    }

    /** Where the page says --version names a release, it is read as one: the command goes on to its registry. */
    @Test
    void onTheDocumentedCommandsVersionNamesTheRelease() throws Exception {
        String registry = Cli.unreachableUrl();
        for (String command : List.of("record-deployment", "can-deploy")) {
            assertTrue(DocumentedVersions.releaseVersionCommands().contains(command));
            Cli.Result r = Cli.run(command, "--registry", registry, "--service", "bank-service", "--version", "1.0.0", "--environment", "qa");
            assertEquals(2, r.code(), r.err());
            assertEquals(List.of(registry + ": cannot reach the registry: connection refused (is the registry running at that address?)"),
                    r.errLines(), "--version 1.0.0 was taken as the release's version");
        }
    }

    /** The code may declare --version only where the page says so, and -V nowhere but on wow-compat itself. */
    @Test
    void onlyTheDocumentedCommandsDeclareVersion() {
        CommandLine root = WowCompat.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), false);
        assertTrue(root.getCommandSpec().findOption("-V") != null && root.getCommandSpec().findOption("--version").versionHelp());
        Set<String> documented = DocumentedVersions.releaseVersionCommands();
        List<String> wrong = new ArrayList<>();
        walk(root, documented, wrong);
        assertEquals(List.of(), wrong);
        for (String command : documented) {
            CommandLine.Model.OptionSpec version = root.getSubcommands().get(command).getCommandSpec().findOption("--version");
            assertTrue(version != null && !version.versionHelp() && version.arity().min() == 1, command + " takes --version V");
        }
    }

    private static void walk(CommandLine command, Set<String> documented, List<String> wrong) {
        for (CommandLine sub : command.getSubcommands().values()) {
            String name = sub.getCommandSpec().qualifiedName(" ").replaceFirst("^wow-compat ", "");
            if (sub.getCommandSpec().findOption("-V") != null) wrong.add(name + " declares -V");
            if (sub.getCommandSpec().findOption("--version") != null && !documented.contains(name)) {
                wrong.add(name + " declares --version, which docs/cli.md does not give it");
            }
            assertFalse(sub.getCommandSpec().mixinStandardHelpOptions(), name + " mixes in picocli's -V/--version");
            walk(sub, documented, wrong);
        }
    }
}
