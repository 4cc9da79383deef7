package dev.wowcompat.cli;

import dev.wowcompat.testing.TestJava;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.api.Tokens;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** register, record-deployment and verify-state against a real registry on a loopback port, over real files. */
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

    /** Runs {@code wow-compat NAME args...} through the real top-level command line. */
    private Run run(String name, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = name;
        System.arraycopy(args, 0, all, 1, args.length);
        Cli.Result r = Cli.run(all);
        r.assertNoStackTrace();
        return new Run(r.code(), r.out(), r.err());
    }

    private Path file(String name, String content) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, content);
        return f;
    }

    @Test
    void registerReportsEachOutcomeWithItsExitCode() throws Exception {
        Path first = file("1.0.0.json", BankManifests.bank("1.0.0"));
        Run created = run("register", first.toString(), "--registry", registry.base());
        assertEquals(0, created.exit(), created.err());
        assertTrue(created.out().contains("registered bank-service@1.0.0"), created.out());
        assertTrue(created.out().toLowerCase(java.util.Locale.ROOT).contains("compatible"), created.out());

        Run again = run("register", first.toString(), "--registry", registry.base() + "/");
        assertEquals(0, again.exit());
        assertTrue(again.out().contains("already registered"), again.out());

        Path breaking = file("1.1.0.json", BankManifests.withoutDeposited("bank-service", "1.1.0"));
        Run refused = run("register", breaking.toString(), "--registry", registry.base());
        assertEquals(1, refused.exit(), refused.err());
        assertTrue(refused.err().contains("wow-compat.release.breaking"), refused.err());
        assertTrue(refused.err().contains("Fix:"), refused.err());

        Path conflicting = file("1.0.0-other.json", BankManifests.withDescription(BankManifests.bank("1.0.0"), "other"));
        Run conflict = run("register", conflicting.toString(), "--registry", registry.base());
        assertEquals(2, conflict.exit());
        assertTrue(conflict.err().contains("wow-compat.release.version-exists"), conflict.err());

        assertEquals(1, new CliRegistry(registry.base()).history("bank-service", new ManifestReader()).size());
    }

    @Test
    void registerRendersTheRegistrysReportInTheAskedFormat() throws Exception {
        Run created = run("register", file("1.0.0.json", BankManifests.bank("1.0.0")).toString(), "--registry", registry.base(),
                "--format", "json");
        assertEquals(0, created.exit(), created.err());
        assertTrue(created.out().startsWith("registered bank-service@1.0.0\n"), created.out());
        String json = created.out().substring(created.out().indexOf('\n') + 1);
        assertEquals("compatible", new com.fasterxml.jackson.databind.ObjectMapper().readTree(json).get("verdict").asText(), json);
        // The registry's report carries the changelog (a first release adds every type); --changes none leaves it out
        // of the stored report sent back for the same content again.
        assertTrue(json.contains("\"kind\" : \"type-added\""), json);
        Run quiet = run("register", file("1.0.0.json", BankManifests.bank("1.0.0")).toString(), "--registry", registry.base(),
                "--format", "json", "--changes", "none");
        assertEquals(0, quiet.exit(), quiet.err());
        String quietJson = quiet.out().substring(quiet.out().indexOf('\n') + 1);
        assertEquals(0, new com.fasterxml.jackson.databind.ObjectMapper().readTree(quietJson).get("changes").size(), quietJson);

        Path breaking = file("1.1.0.json", BankManifests.withoutDeposited("bank-service", "1.1.0"));
        Run refused = run("register", breaking.toString(), "--registry", registry.base(), "--format", "github");
        assertEquals(1, refused.exit(), refused.err());
        assertTrue(refused.err().contains("wow-compat.release.breaking"), refused.err());
        assertTrue(refused.out().contains("::error "), "the refused release's report, as annotations, on standard output: " + refused.out());
    }

    @Test
    void checkTakesItsBaselinesFromTheRegistry() throws Exception {
        run("register", file("1.0.0.json", BankManifests.bank("1.0.0")).toString(), "--registry", registry.base());
        Path breaking = file("1.1.0-breaking.json", BankManifests.withoutDeposited("bank-service", "1.1.0"));
        Run refused = run("check", "--candidate", breaking.toString(), "--registry", registry.base());
        assertEquals(1, refused.exit(), refused.out() + refused.err());
        assertTrue(refused.out().contains("type-removed") || refused.out().contains("revision-removed"), refused.out());
        Path fine = file("1.1.0.json", BankManifests.bank("bank-service", "1.1.0", 2, false));
        assertEquals(0, run("check", "--candidate", fine.toString(), "--registry", registry.base()).exit());
        Path firstOfItsKind = file("other.json", BankManifests.bank("other-service", "1.0.0", 1, true));
        assertEquals(0, run("check", "--candidate", firstOfItsKind.toString(), "--registry", registry.base()).exit(),
                "a service the registry does not know has no baseline yet");
        Run neither = run("check", "--candidate", fine.toString());
        assertEquals(0, neither.exit(), "without baselines the candidate is checked as a first release: " + neither.err());
        assertTrue(neither.out().startsWith("COMPATIBLE: bank-service@1.1.0"), neither.out());
    }

    @Test
    void badInputAndAnUnreachableRegistryAreOneLineAndExit2() throws Exception {
        Run missing = run("register", dir.resolve("nope.json").toString(), "--registry", registry.base());
        assertEquals(2, missing.exit());
        assertEquals(1, missing.err().lines().count(), missing.err());
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        Run unreachable = run("register", file("m.json", BankManifests.bank("1.0.0")).toString(),
                "--registry", "http://127.0.0.1:" + closedPort);
        assertEquals(2, unreachable.exit());
        assertTrue(unreachable.err().contains("cannot reach the registry: connection refused"), unreachable.err());
        assertFalse(unreachable.err().contains("\tat "), "no stack trace");

        Path m = file("n.json", BankManifests.bank("1.0.0"));
        Run noScheme = run("register", m.toString(), "--registry", "127.0.0.1:" + closedPort);
        assertEquals(2, noScheme.exit(), noScheme.err());
        assertEquals(1, noScheme.err().lines().count(), noScheme.err());
        assertTrue(noScheme.err().contains("needs http:// or https://"), noScheme.err());
        assertFalse(noScheme.err().contains("internal error"), noScheme.err());

        // .invalid never resolves (RFC 6761).
        Run unknownHost = run("register", m.toString(), "--registry", "http://registry.invalid:8081");
        assertEquals(2, unknownHost.exit(), unknownHost.err());
        assertTrue(unknownHost.err().contains("the host name does not resolve"), unknownHost.err());
    }

    @Test
    void verifyStateAgainstAManifestAndAgainstTheRegistry() throws Exception {
        Path manifest = file("bank.json", BankManifests.bank("1.0.0"));
        run("register", manifest.toString(), "--registry", registry.base());
        String fp = Fingerprint.of(BankManifests.stateSchema());
        Path good = file("good.json", "{\"aggregate\":\"bank.account\",\"version\":2,\"schemaFingerprint\":\"" + fp + "\",\"state\":{\"owner\":\"A\",\"balance\":1}}");
        Path bad = file("bad.json", "{\"schemaFingerprint\":\"" + fp + "\",\"state\":{\"owner\":\"A\",\"balance\":\"lots\"}}");
        Path unknown = file("unknown.json", "{\"aggregate\":\"bank.account\",\"schemaFingerprint\":\"" + "d".repeat(64) + "\",\"state\":{}}");

        for (String[] source : new String[][] {{"--manifest", manifest.toString()}, {"--registry", registry.base()}}) {
            Run ok = run("verify-state", good.toString(), source[0], source[1]);
            assertEquals(0, ok.exit(), ok.out() + ok.err());
            assertTrue(ok.out().contains("known:   yes"), ok.out());
            Run invalid = run("verify-state", bad.toString(), source[0], source[1]);
            assertEquals(1, invalid.exit());
            assertTrue(invalid.out().contains("/state/balance"), invalid.out());
            Run stranger = run("verify-state", unknown.toString(), source[0], source[1]);
            assertEquals(1, stranger.exit());
            assertTrue(stranger.out().contains("known:   no"), stranger.out());
        }
        Run malformed = run("verify-state", file("m.json", "{\"schemaFingerprint\":\"x\",\"state\":{}}").toString(), "--manifest", manifest.toString());
        assertEquals(2, malformed.exit());
        Run neither = run("verify-state", good.toString());
        assertEquals(2, neither.exit(), "usage error: one of --manifest or --registry is required");
    }

    /** record-deployment's options for bank-service, and the registry; {@code more} adds to them. */
    private Run recordDeployment(String registryUrl, String version, String environment, String... more) {
        List<String> args = new ArrayList<>(List.of("--registry", registryUrl, "--service", "bank-service",
                "--version", version, "--environment", environment));
        args.addAll(List.of(more));
        return run("record-deployment", args.toArray(String[]::new));
    }

    /** Exit 2, one sentence on standard error (naming {@code expected}), nothing on standard output. */
    private static void assertRefused(Run r, String expected) {
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertEquals("", r.out());
    }

    @Test
    void recordDeploymentSaysWhatItRecordedAndWhatItReplaced() throws Exception {
        for (String version : List.of("1.0.0", "1.1.0")) {
            assertEquals(0, run("register", file(version + ".json", BankManifests.bank(version)).toString(), "--registry", registry.base()).exit());
        }
        Run first = recordDeployment(registry.base(), "1.0.0", "staging");
        assertEquals(0, first.exit(), first.err());
        assertEquals("recorded bank-service@1.0.0 in staging (nothing of bank-service ran there before)\n", first.out());
        Run again = recordDeployment(registry.base(), "1.0.0", "staging");
        assertEquals(0, again.exit(), again.err());
        assertEquals("bank-service@1.0.0 already runs in staging; nothing changed\n", again.out());
        Run second = recordDeployment(registry.base() + "/", "1.1.0", "staging");
        assertEquals(0, second.exit(), second.err());
        assertEquals("recorded bank-service@1.1.0 in staging, replacing bank-service@1.0.0\n", second.out());
        assertEquals("", first.err() + again.err() + second.err());

        JsonNode staging = BankManifests.read(registry.get("/environments/staging").body());
        assertEquals("1.1.0", staging.at("/deployments/0/version").asText());
        assertEquals("1.0.0", staging.at("/history/0/version").asText());
    }

    @Test
    void recordDeploymentRefusalsAreOneSentenceAndExit2() throws Exception {
        run("register", file("1.0.0.json", BankManifests.bank("1.0.0")).toString(), "--registry", registry.base());
        assertRefused(recordDeployment(registry.base(), "9.9.9", "staging"),
                registry.base() + ": wow-compat.release.not-found: bank-service@9.9.9 is not registered");
        assertRefused(recordDeployment(registry.base(), "1.2", "staging"),
                "--version: '1.2' is not a version: give major.minor.patch, each part a decimal number without leading zeros (e.g. 1.4.0)");
        assertRefused(recordDeployment(registry.base(), "1.0.0", "Staging"), "wow-compat.request.bad-name: 'Staging' is not an environment name");
        assertRefused(run("record-deployment", "--registry", registry.base(), "--service", " ", "--version", "1.0.0",
                "--environment", "staging"), "wow-compat.request.invalid-input: \"service\" is blank");
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        assertRefused(recordDeployment("http://127.0.0.1:" + closedPort, "1.0.0", "staging"),
                "cannot reach the registry: connection refused");
        assertRefused(recordDeployment("127.0.0.1:" + closedPort, "1.0.0", "staging"), "needs http:// or https://");
        Run missing = run("record-deployment", "--registry", registry.base(), "--service", "bank-service", "--version", "1.0.0");
        assertEquals(2, missing.exit(), "usage error");
        assertTrue(missing.err().contains("--environment"), missing.err());
        assertEquals(404, registry.get("/environments/staging").status(), "nothing was recorded");
    }

    private static final String TOKEN_WARNING = "warning: --token shows the token to every user of this machine in the process list (ps); "
            + "use --token-file FILE or WOW_COMPAT_TOKEN instead";

    @Test
    void recordDeploymentSendsTheTokenAWriteNeeds() throws Exception {
        try (RunningRegistry guarded = new RunningRegistry(dir.resolve("guarded.db"),
                RegistryServer.Config.local(0).withTokens(Tokens.of(List.of("deploy-secret"))))) {
            Path tokenFile = file("deploy.token", "deploy-secret\n");
            Path wrongFile = file("wrong.token", "wrong\n");
            Run registered = run("register", file("1.0.0.json", BankManifests.bank("1.0.0")).toString(), "--registry", guarded.base(),
                    "--token-file", tokenFile.toString());
            assertEquals(0, registered.exit(), registered.err());
            assertEquals("", registered.err(), "a token from a file is not warned about");
            if (System.getenv(RegistryClient.TOKEN_VARIABLE) == null) {
                assertRefused(recordDeployment(guarded.base(), "1.0.0", "prod"), "wow-compat.auth.token-missing");
            }
            assertRefused(recordDeployment(guarded.base(), "1.0.0", "prod", "--token-file", wrongFile.toString()), "wow-compat.auth.token-invalid");
            Run recorded = recordDeployment(guarded.base(), "1.0.0", "prod", "--token-file", tokenFile.toString());
            assertEquals(0, recorded.exit(), recorded.err());
            assertEquals("recorded bank-service@1.0.0 in prod (nothing of bank-service ran there before)\n", recorded.out());
        }
    }

    /**
     * {@code --token VALUE} still works, with one warning line that every user of the machine can read it in the process
     * list; {@code --token-file} and the environment variable say nothing. A token file that is missing or empty, or
     * given with {@code --token}, is exit 2 with one sentence, before anything is sent.
     */
    @Test
    void aTokenOnTheCommandLineIsWarnedAboutAndAFileOrTheVariableIsNot() throws Exception {
        try (RunningRegistry guarded = new RunningRegistry(dir.resolve("guarded.db"),
                RegistryServer.Config.local(0).withTokens(Tokens.of(List.of("deploy-secret"))))) {
            Path manifest = file("1.0.0.json", BankManifests.bank("1.0.0"));
            Run inline = run("register", manifest.toString(), "--registry", guarded.base(), "--token", "deploy-secret");
            assertEquals(0, inline.exit(), inline.err());
            assertEquals(TOKEN_WARNING + "\n", inline.err());
            Run refusedInline = recordDeployment(guarded.base(), "1.0.0", "prod", "--token", "wrong");
            assertEquals(2, refusedInline.exit());
            assertEquals(TOKEN_WARNING, refusedInline.err().lines().findFirst().orElse(""));
            assertTrue(refusedInline.err().contains("wow-compat.auth.token-invalid"), refusedInline.err());

            assertRefused(recordDeployment(guarded.base(), "1.0.0", "prod", "--token-file", dir.resolve("missing").toString()),
                    "cannot read the token file: there is no such file");
            assertRefused(recordDeployment(guarded.base(), "1.0.0", "prod", "--token-file", file("empty.token", "\n\n").toString()),
                    "the token file holds no token on its first line");
            assertRefused(recordDeployment(guarded.base(), "1.0.0", "prod", "--token-file", file("t", "deploy-secret").toString(),
                    "--token", "deploy-secret"), "give --token-file or --token, not both");
            assertEquals(404, guarded.get("/environments/prod").status(), "nothing was recorded");

            // The environment variable, in a process of its own (this JVM's environment is fixed).
            ProcessBuilder p = new ProcessBuilder(TestJava.command("-cp",
                    System.getProperty("java.class.path"), WowCompat.class.getName(), "record-deployment", "--registry", guarded.base(),
                    "--service", "bank-service", "--version", "1.0.0", "--environment", "prod")).redirectErrorStream(true);
            p.environment().put(RegistryClient.TOKEN_VARIABLE, "deploy-secret");
            Process running = p.start();
            String said = new String(running.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(running.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(0, running.exitValue(), said);
            assertEquals("recorded bank-service@1.0.0 in prod (nothing of bank-service ran there before)\n", said);
        }
    }
}
