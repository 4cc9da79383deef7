package dev.wowcompat.cli;

import static dev.wowcompat.testing.Fleet.CONSUMER;
import static dev.wowcompat.testing.Fleet.EVENT;
import static dev.wowcompat.testing.Fleet.PRODUCER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.Fleet;
import dev.wowcompat.testing.RunningRegistry;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wow-compat can-deploy} against a real registry on a loopback port holding the {@link Fleet}: exit codes,
 * formats, waivers, and the same findings as {@code GET /can-deploy} for the same registry state.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CanDeployCommandTest {
    @TempDir
    static Path dir;
    private RunningRegistry registry;

    @BeforeAll
    void start() {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        for (String[] release : Fleet.releases()) {
            assertEquals(201, registry.register(release[0], release[1]).status());
        }
        // production runs the producer's staging release beside the lagging consumer.
        deploy("production", PRODUCER, "1.1.0");
        deploy("production", CONSUMER, "1.0.0");
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    private void deploy(String environment, String service, String version) {
        assertEquals(201, registry.deploy(environment, service, version).status());
    }

    private Cli.Result canDeploy(String service, String version, String environment, String... more) {
        List<String> args = new ArrayList<>(List.of("can-deploy", "--registry", registry.base(), "--service", service,
                "--version", version, "--environment", environment));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new)).assertNoStackTrace();
    }

    private static List<String> ids(JsonNode report) {
        List<String> out = new ArrayList<>();
        report.path("findings").forEach(f -> out.add(f.path("id").asText() + " " + f.path("rule").asText() + " " + f.path("subject").asText()));
        return out;
    }

    /** Waived findings still break whom they name: the report must not say every reader keeps working. */
    @Test
    void aReportWhoseFindingsAreAllWaivedDoesNotCallThemHarmless() {
        Cli.Result waived = canDeploy(PRODUCER, "1.2.0", "production", "--ignore", "consumer-lags:*:the consumer upgrades first");
        assertEquals(0, waived.code(), waived.err());
        assertFalse(waived.out().contains("every reader keeps working"), waived.out());
        assertTrue(waived.out().contains("No findings other than the 1 waived one below, which still breaks the readers it names."), waived.out());
        assertTrue(waived.out().contains("Waived because: the consumer upgrades first"), waived.out());
    }

    @Test
    void yesIsExitZeroAndNoIsExitOne() {
        Cli.Result yes = canDeploy(PRODUCER, "1.1.0", "production");
        assertEquals(0, yes.code(), yes.err());
        assertTrue(yes.out().toLowerCase().contains("compatible"), yes.out());

        Cli.Result no = canDeploy(PRODUCER, "1.2.0", "production");
        assertEquals(1, no.code(), no.err());
        assertTrue(no.out().contains("consumer-lags") && no.out().contains(EVENT + "@2"), no.out());
        assertTrue(no.out().contains(CONSUMER + "@1.0.0"), "the lagging consumer is named with its version: " + no.out());

        Cli.Result first = canDeploy(PRODUCER, "1.2.0", "nowhere-yet", "--new-environment");
        assertEquals(0, first.code(), "a first deployment said to be one: " + first.err());
        assertEquals("", first.err());
        assertEquals(1, canDeploy(PRODUCER, "1.2.0", "production", "--fail-on", "breaking").code());
        assertEquals(0, canDeploy(PRODUCER, "1.2.0", "production", "--fail-on", "never").code());
    }

    @Test
    void theCommandLineAndTheEndpointGiveTheSameFindings() {
        for (String version : List.of("1.0.0", "1.1.0", "1.2.0")) {
            Cli.Result cli = canDeploy(PRODUCER, version, "production", "--format", "json");
            JsonNode fromCli = BankManifests.read(cli.out());
            JsonNode fromApi = registry.get("/can-deploy?service=" + PRODUCER + "&version=" + version + "&environment=production").json();
            assertEquals(ids(fromApi), ids(fromCli), version);
            assertEquals(fromApi.path("findings"), fromCli.path("findings"), version);
            assertEquals(fromApi.path("baselines"), fromCli.path("baselines"), version);
            assertEquals(fromApi.path("deployable"), fromCli.path("deployable"), version);
            assertEquals("production", fromCli.path("environment").asText());
            assertEquals(fromApi.path("deployable").asBoolean() ? 0 : 1, cli.code(), version);
        }
        assertFalse(ids(registry.get("/can-deploy?service=" + PRODUCER + "&version=1.2.0&environment=production").json()).isEmpty());
    }

    @Test
    void everyFormatAndTheOutputFile() throws Exception {
        for (String format : new ReportFormatNames()) {
            Cli.Result r = canDeploy(PRODUCER, "1.2.0", "production", "--format", format);
            assertEquals(1, r.code(), format + ": " + r.err());
            assertTrue(r.out().contains("consumer-lags"), format + ": " + r.out());
        }
        Path file = dir.resolve("reports/can-deploy.md");
        Cli.Result written = canDeploy(PRODUCER, "1.2.0", "production", "--format", "markdown", "--output", file.toString());
        assertEquals(1, written.code());
        assertTrue(Files.readString(file).contains("consumer-lags"));
        assertTrue(written.out().contains("markdown report written to " + file), written.out());
    }

    @Test
    void waiversAreTheCheckCommandsWaivers() {
        Cli.Result waived = canDeploy(PRODUCER, "1.2.0", "production", "--ignore", "consumer-lags:bank.account.*:the ledger upgrades tonight",
                "--format", "json");
        assertEquals(0, waived.code(), waived.err());
        JsonNode report = BankManifests.read(waived.out());
        assertTrue(report.path("deployable").asBoolean());
        assertEquals("the ledger upgrades tonight", report.at("/waived/0/reason").asText());

        Cli.Result stale = canDeploy(PRODUCER, "1.1.0", "production", "--ignore", "rollback-unread:*:not needed");
        assertEquals(0, stale.code());
        assertTrue(stale.err().contains("--ignore number 1") && stale.err().contains("matches no finding"), stale.err());

        Cli.Result bad = canDeploy(PRODUCER, "1.2.0", "production", "--ignore", "no-colons");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("RULE:SUBJECT_GLOB:REASON"), bad.err());
    }

    /** A typo of the environment's name never passes as a first deployment: exit 2 and one line, the near and known names. */
    @Test
    void anEnvironmentTheRegistryDoesNotKnowIsExitTwoUnlessSaidToBeNew() {
        Cli.Result typo = canDeploy(PRODUCER, "1.1.0", "prodution");
        assertEquals(2, typo.code(), typo.err() + typo.out());
        assertEquals(List.of(registry.base() + ": no deployment was ever recorded in 'prodution' (wow-compat.environment.not-found); "
                + "did you mean 'production'? It knows 'production'. A first deployment there says so with --new-environment."), typo.errLines());
        assertEquals("", typo.out(), "no report for an environment the registry does not know");

        Cli.Result far = canDeploy(PRODUCER, "1.1.0", "eu-west", "--format", "json");
        assertEquals(2, far.code());
        assertEquals(List.of(registry.base() + ": no deployment was ever recorded in 'eu-west' (wow-compat.environment.not-found). "
                + "It knows 'production'. A first deployment there says so with --new-environment."), far.errLines());

        // Said to be new, it is checked against nothing running: deployable, and still unknown to the registry.
        Cli.Result first = canDeploy(PRODUCER, "1.2.0", "eu-west", "--new-environment", "--format", "json");
        assertEquals(0, first.code(), first.err());
        JsonNode report = BankManifests.read(first.out());
        assertTrue(report.path("deployable").asBoolean(), first.out());
        assertEquals(0, report.path("baselines").size(), first.out());
        assertEquals(404, registry.get("/environments/eu-west").status(), "asking recorded nothing");
        // On a known environment the option changes nothing: production still has the lagging consumer.
        assertEquals(1, canDeploy(PRODUCER, "1.2.0", "production", "--new-environment").code());
    }

    @Test
    void badInputIsExitTwoWithOneSentence() throws Exception {
        Cli.Result unknown = canDeploy(PRODUCER, "9.9.9", "production");
        assertEquals(2, unknown.code());
        assertEquals(1, unknown.errLines().size(), unknown.err());
        assertTrue(unknown.err().contains("wow-compat.release.not-found") && unknown.err().contains(PRODUCER + "@9.9.9 is not registered"), unknown.err());
        assertTrue(unknown.out().isEmpty());

        Cli.Result badName = canDeploy(PRODUCER, "1.2.0", "Production");
        assertEquals(2, badName.code());
        assertTrue(badName.err().contains("wow-compat.request.bad-name"), badName.err());

        Cli.Result badVersion = canDeploy(PRODUCER, "1.2", "production");
        assertEquals(2, badVersion.code());
        assertTrue(badVersion.err().startsWith("--version: ") && badVersion.err().contains("major.minor.patch"), badVersion.err());

        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Cli.Result down = Cli.run("can-deploy", "--registry", "http://127.0.0.1:" + port, "--service", PRODUCER, "--version", "1.2.0",
                "--environment", "production").assertNoStackTrace();
        assertEquals(2, down.code());
        assertTrue(down.err().contains("cannot reach the registry"), down.err());

        Cli.Result badUrl = Cli.run("can-deploy", "--registry", "registry:8081", "--service", PRODUCER, "--version", "1.2.0",
                "--environment", "production").assertNoStackTrace();
        assertEquals(2, badUrl.code(), badUrl.err());
        assertTrue(badUrl.err().contains("http://"), badUrl.err());

        // --version is the release's version here: alone it is a missing-option usage error, not the tool's version.
        Cli.Result missing = Cli.run("can-deploy", "--version", "1.2.0").assertNoStackTrace();
        assertEquals(2, missing.code());
        assertTrue(missing.err().startsWith("wow-compat can-deploy: --registry URL, --service S and --environment E are required\n"), missing.err());
        assertFalse(missing.out().contains("wow-compat "), missing.out());
        assertEquals(2, Cli.run("can-deplyo", "--version", "1.2.0").code(), "an unknown command stays a usage error");
        assertEquals(0, Cli.run("can-deploy", "--help").code());
    }
}
