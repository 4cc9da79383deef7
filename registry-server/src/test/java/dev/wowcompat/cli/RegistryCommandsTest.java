package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** register and verify-state against a real registry on a loopback port, over real files. */
class RegistryCommandsTest {
    @TempDir
    Path dir;
    private RunningRegistry registry;

    @BeforeEach
    void start() {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
    }

    @AfterEach
    void stop() {
        registry.close();
    }

    private record Run(int exit, String out, String err) {}

    private Run run(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        // What the top command's handler does for every subcommand: bad input is one line per problem and exit 2.
        cli.setExecutionExceptionHandler((e, c, p) -> {
            if (!(e instanceof InvalidInputException invalid)) throw e;
            invalid.problems().forEach(problem -> c.getErr().println(problem.line()));
            return 2;
        });
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private Path file(String name, String content) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, content);
        return f;
    }

    @Test
    void registerReportsEachOutcomeWithItsExitCode() throws Exception {
        Path first = file("1.0.0.json", BankManifests.bank("1.0.0"));
        Run created = run(new RegisterCommand(), first.toString(), "--registry", registry.base());
        assertEquals(0, created.exit(), created.err());
        assertTrue(created.out().contains("registered bank-service@1.0.0"), created.out());
        assertTrue(created.out().contains("verdict: compatible"), created.out());

        Run again = run(new RegisterCommand(), first.toString(), "--registry", registry.base() + "/");
        assertEquals(0, again.exit());
        assertTrue(again.out().contains("already registered"), again.out());

        Path breaking = file("1.1.0.json", BankManifests.withoutDeposited("bank-service", "1.1.0"));
        Run refused = run(new RegisterCommand(), breaking.toString(), "--registry", registry.base());
        assertEquals(1, refused.exit(), refused.err());
        assertTrue(refused.err().contains("wow-compat.release.breaking"), refused.err());
        assertTrue(refused.err().contains("fix:"), refused.err());

        Path conflicting = file("1.0.0-other.json", BankManifests.withDescription(BankManifests.bank("1.0.0"), "other"));
        Run conflict = run(new RegisterCommand(), conflicting.toString(), "--registry", registry.base());
        assertEquals(2, conflict.exit());
        assertTrue(conflict.err().contains("wow-compat.release.version-exists"), conflict.err());

        assertEquals(1, new RegistryClient(registry.base()).history("bank-service", new ManifestReader()).size());
    }

    @Test
    void badInputAndAnUnreachableRegistryAreOneLineAndExit2() throws Exception {
        Run missing = run(new RegisterCommand(), dir.resolve("nope.json").toString(), "--registry", registry.base());
        assertEquals(2, missing.exit());
        assertEquals(1, missing.err().lines().count(), missing.err());
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        Run unreachable = run(new RegisterCommand(), file("m.json", BankManifests.bank("1.0.0")).toString(),
                "--registry", "http://127.0.0.1:" + closedPort);
        assertEquals(2, unreachable.exit());
        assertTrue(unreachable.err().contains("cannot reach the registry"), unreachable.err());
        assertFalse(unreachable.err().contains("\tat "), "no stack trace");
    }

    @Test
    void verifyStateAgainstAManifestAndAgainstTheRegistry() throws Exception {
        Path manifest = file("bank.json", BankManifests.bank("1.0.0"));
        run(new RegisterCommand(), manifest.toString(), "--registry", registry.base());
        String fp = Fingerprint.of(BankManifests.stateSchema());
        Path good = file("good.json", "{\"aggregate\":\"bank.account\",\"version\":2,\"schemaFingerprint\":\"" + fp + "\",\"state\":{\"owner\":\"A\",\"balance\":1}}");
        Path bad = file("bad.json", "{\"schemaFingerprint\":\"" + fp + "\",\"state\":{\"owner\":\"A\",\"balance\":\"lots\"}}");
        Path unknown = file("unknown.json", "{\"aggregate\":\"bank.account\",\"schemaFingerprint\":\"" + "d".repeat(64) + "\",\"state\":{}}");

        for (String[] source : new String[][] {{"--manifest", manifest.toString()}, {"--registry", registry.base()}}) {
            Run ok = run(new VerifyStateCommand(), good.toString(), source[0], source[1]);
            assertEquals(0, ok.exit(), ok.out() + ok.err());
            assertTrue(ok.out().contains("known:   yes"), ok.out());
            Run invalid = run(new VerifyStateCommand(), bad.toString(), source[0], source[1]);
            assertEquals(1, invalid.exit());
            assertTrue(invalid.out().contains("/state/balance"), invalid.out());
            Run stranger = run(new VerifyStateCommand(), unknown.toString(), source[0], source[1]);
            assertEquals(1, stranger.exit());
            assertTrue(stranger.out().contains("known:   no"), stranger.out());
        }
        Run malformed = run(new VerifyStateCommand(), file("m.json", "{\"schemaFingerprint\":\"x\",\"state\":{}}").toString(), "--manifest", manifest.toString());
        assertEquals(2, malformed.exit());
        Run neither = run(new VerifyStateCommand(), good.toString());
        assertEquals(2, neither.exit(), "usage error: one of --manifest or --registry is required");
    }
}
