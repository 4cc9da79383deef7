package dev.wowcompat.cli;

import static dev.wowcompat.replay.StateEvents.deposited;
import static dev.wowcompat.replay.StateEvents.depositedV1;
import static dev.wowcompat.replay.StateEvents.opened;
import static dev.wowcompat.replay.StateEvents.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.replay.BankService;
import dev.wowcompat.replay.StateEvents;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code register --replay-report}: the JSON report {@code wow-compat replay} wrote (of a fixture service compiled
 * now, over its recorded history) kept with the release in a real registry, and shown by {@code can-deploy}; a file
 * that is not a replay report refused in one sentence before anything is registered.
 */
class RegisterReplayReportTest {
    private static final List<String> HISTORY = List.of(
            record("a-1", 1, "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":0,\"currency\":null}", opened("ada")),
            record("a-1", 2, "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":12.50,\"currency\":\"EUR\"}", depositedV1("12.50")),
            record("a-1", 3, "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":13.25,\"currency\":\"EUR\"}", deposited("0.75", "EUR")));

    @TempDir
    Path temp;
    private RunningRegistry registry;

    @BeforeEach
    void start() {
        registry = new RunningRegistry(temp.resolve("registry.db"), RegistryServer.Config.local(0));
    }

    @AfterEach
    void stop() {
        registry.close();
    }

    @Test
    void aReplaysVerdictIsKeptWithItsReleaseAndCanDeployRefusesItsBreak() throws Exception {
        String scaled = BankService.CLEAN.get("fixture/bank/AccountState.java")
                .replace("balance = balance.add(deposited.amount());", "balance = balance.add(deposited.amount().movePointRight(2));");
        Path report = temp.resolve("replay.json");
        Cli.Result replayed = Cli.run("replay", "--classpath", classpath(BankService.changed(Map.of("fixture/bank/AccountState.java", scaled))),
                "--input", sample().toString(), "--format", "json", "--output", report.toString());
        assertEquals(1, replayed.code(), replayed.err());

        assertEquals(0, Cli.run("register", file("1.0.0.json", BankManifests.bank("1.0.0")).toString(), "--registry", registry.base()).code());
        registry.deploy("staging", "bank-service", "1.0.0").expect(201);
        Path candidate = file("1.1.0.json", BankManifests.bank("bank-service", "1.1.0", 1, true));
        Cli.Result registered = Cli.run("register", candidate.toString(), "--registry", registry.base(), "--replay-report", report.toString());
        registered.assertNoStackTrace();
        assertEquals(0, registered.code(), registered.err());
        assertTrue(registered.out().contains("registered bank-service@1.1.0"), registered.out());
        assertTrue(registered.out().contains("kept the replay of bank-service@1.1.0 (1 aggregate, 3 events, 2 records with a breaking finding, 1 finding id)"),
                registered.out());

        JsonNode kept = registry.get("/services/bank-service/releases/1.1.0").expect(200).json().path("replay");
        assertTrue(kept.path("replayed").asBoolean(), kept.toString());
        assertEquals(1, kept.path("aggregates").asLong());
        assertEquals(3, kept.path("events").asLong());
        assertEquals("replay-state-changed", kept.at("/findings/0/id").asText());
        assertEquals(2, kept.at("/findings/0/count").asLong());

        // The same report again: nothing changes, and it says so.
        Cli.Result again = Cli.run("register", candidate.toString(), "--registry", registry.base(), "--replay-report", report.toString());
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("was already kept; nothing changed"), again.out());

        Cli.Result refused = Cli.run("can-deploy", "--service", "bank-service", "--version", "1.1.0", "--environment", "staging",
                "--registry", registry.base());
        refused.assertNoStackTrace();
        assertEquals(1, refused.code(), refused.out() + refused.err());
        assertTrue(refused.out().contains("replay-found-breaking"), refused.out());
        assertTrue(refused.out().contains("Replay: bank-service@1.1.0 was replayed on "), refused.out());
        assertTrue(refused.out().contains(": 1 aggregate, 3 events; found replay-state-changed (breaking) in 2 records"), refused.out());

        Cli.Result json = Cli.run("can-deploy", "--service", "bank-service", "--version", "1.1.0", "--environment", "staging",
                "--registry", registry.base(), "--format", "json");
        JsonNode answer = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
        assertEquals(3, answer.at("/replay/events").asLong(), json.out());
        assertTrue(json.err().contains("Replay: bank-service@1.1.0 was replayed"), json.err());
    }

    @Test
    void aReleaseNeverReplayedIsSaidSoAndDeploys() throws Exception {
        assertEquals(0, Cli.run("register", file("1.0.0.json", BankManifests.bank("1.0.0")).toString(), "--registry", registry.base()).code());
        registry.deploy("staging", "bank-service", "1.0.0").expect(201);
        assertEquals(0, Cli.run("register", file("1.1.0.json", BankManifests.bank("bank-service", "1.1.0", 1, true)).toString(),
                "--registry", registry.base()).code());
        Cli.Result checked = Cli.run("can-deploy", "--service", "bank-service", "--version", "1.1.0", "--environment", "staging",
                "--registry", registry.base());
        assertEquals(0, checked.code(), checked.out() + checked.err());
        assertTrue(checked.out().contains("Replay: bank-service@1.1.0 was not replayed (no replay report was kept with it)"), checked.out());
    }

    @Test
    void aFileThatIsNoReplayReportIsRefusedBeforeAnythingIsRegistered() throws Exception {
        Path manifest = file("1.0.0.json", BankManifests.bank("1.0.0"));
        Path audit = file("audit.json", "{\"messages\": 3, \"topics\": {}, \"releases\": {}, \"findings\": []}");
        Cli.Result refused = Cli.run("register", manifest.toString(), "--registry", registry.base(), "--replay-report", audit.toString());
        refused.assertNoStackTrace();
        assertEquals(2, refused.code(), refused.out() + refused.err());
        assertTrue(refused.err().contains("--replay-report " + audit) && refused.err().contains("it is not a replay report"), refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());
        registry.get("/services/bank-service/releases/1.0.0").expect(404);

        Cli.Result missing = Cli.run("register", manifest.toString(), "--registry", registry.base(), "--replay-report",
                temp.resolve("nope.json").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("no such file"), missing.err());
        Cli.Result notJson = Cli.run("register", manifest.toString(), "--registry", registry.base(), "--replay-report",
                file("text.json", "REPLAY: 3 messages").toString());
        assertEquals(2, notJson.code());
        assertTrue(notJson.err().contains("it is not JSON"), notJson.err());
        assertFalse(notJson.err().contains("Exception") || notJson.err().contains("jackson"), notJson.err());
        registry.get("/services/bank-service/releases/1.0.0").expect(404);
    }

    private Path file(String name, String content) throws Exception {
        return Files.writeString(temp.resolve(name), content);
    }

    private Path sample() throws Exception {
        return file("sample.jsonl", StateEvents.kcatLines("wow.bank.account.state", "a-1", HISTORY));
    }

    private String classpath(Map<String, String> sources) throws Exception {
        Path dir = Files.createTempDirectory(temp, "service");
        return BankService.build(dir, sources, BankService.SERVICES).stream().map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
    }
}
