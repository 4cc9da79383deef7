package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.replay.BankService;
import dev.wowcompat.replay.BootJars;
import dev.wowcompat.replay.StateEvents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static dev.wowcompat.replay.StateEvents.deposited;
import static dev.wowcompat.replay.StateEvents.depositedV1;
import static dev.wowcompat.replay.StateEvents.opened;
import static dev.wowcompat.replay.StateEvents.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code wow-compat replay} end to end: a fixture service compiled now, its recorded history as a kcat export. */
class ReplayCommandTest {
    private static final String TOPIC = "wow.bank.account.state";
    private static final List<String> HISTORY = List.of(
            record("a-1", 1, "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":0,\"currency\":null}", opened("ada")),
            record("a-1", 2, "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":12.50,\"currency\":\"EUR\"}", depositedV1("12.50")),
            record("a-1", 3, "{\"id\":\"a-1\",\"owner\":\"ada\",\"balance\":13.25,\"currency\":\"EUR\"}", deposited("0.75", "EUR")));

    @TempDir
    Path temp;

    @Test
    void theCleanServicePassesWithExitZero() throws Exception {
        Cli.Result result = Cli.run("replay", "--classpath", classpath(BankService.CLEAN), "--input", sample().toString());

        assertEquals(0, result.code(), result.err());
        assertTrue(result.out().startsWith("REPLAY: 3 messages on 1 topic: 0 breaking, 0 warning, 0 info"), result.out());
        assertTrue(result.out().contains("Note: Replayed 1 aggregate: 3 events."), result.out());
        // Standard error is not a terminal here, as in a CI job: no progress line reaches it.
        assertEquals("", result.err());
    }

    @Test
    void theSampleTheDocsShipReplaysCleanWithTheFixtureService() throws Exception {
        Path shipped = dev.wowcompat.testing.RepositoryRoot.path().resolve("docs/replay/bank-sample.jsonl");
        Cli.Result result = Cli.run("replay", "--classpath", classpath(BankService.CLEAN), "--input", shipped.toString());

        assertEquals(0, result.code(), result.out() + result.err());
        assertTrue(result.out().contains("Note: Replayed 1 aggregate: 3 events."), result.out());
    }

    @Test
    void aChangedMeaningFailsWithExitOneAndTheJsonReportNamesIt() throws Exception {
        String scaled = BankService.CLEAN.get("fixture/bank/AccountState.java")
                .replace("balance = balance.add(deposited.amount());", "balance = balance.add(deposited.amount().movePointRight(2));");
        Path report = temp.resolve("out/replay.json");
        Cli.Result result = Cli.run("replay", "--classpath", classpath(BankService.changed(Map.of("fixture/bank/AccountState.java", scaled))),
                "--input", sample().toString(), "--format", "json", "--output", report.toString());

        assertEquals(1, result.code(), result.err());
        assertEquals("REPLAY: 3 messages on 1 topic: 2 breaking, 0 warning, 0 info (json report written to " + report + ")\n",
                result.out());
        JsonNode finding = new ObjectMapper().readTree(report.toFile()).get("findings").get(0);
        assertEquals("replay-state-changed", finding.get("id").asText());
        assertEquals("breaking", finding.get("severity").asText());
        assertEquals(2, finding.get("count").asInt());
        JsonNode example = finding.get("examples").get(0);
        assertEquals("a-1", example.get("key").asText());
        assertEquals("/state/balance", example.get("pointer").asText());
        assertEquals("bank.account", example.get("aggregate").asText());
        assertEquals(2, example.get("version").asInt());
        assertEquals(0, example.get("factor").decimalValue().compareTo(new java.math.BigDecimal("100")));
    }

    @Test
    void aWaivedFindingPassesAndFailOnNeverPassesAll() throws Exception {
        String scaled = BankService.CLEAN.get("fixture/bank/AccountState.java")
                .replace("balance = balance.add(deposited.amount());", "balance = balance.add(deposited.amount().movePointRight(2));");
        String cp = classpath(BankService.changed(Map.of("fixture/bank/AccountState.java", scaled)));
        Cli.Result waived = Cli.run("replay", "--classpath", cp, "--input", sample().toString(),
                "--ignore", "replay-state-changed::balances are cents now, by decision");
        assertEquals(0, waived.code(), waived.err());
        assertTrue(waived.out().contains("WAIVED replay-state-changed: 2 records (balances are cents now, by decision)"), waived.out());

        assertEquals(0, Cli.run("replay", "--classpath", cp, "--input", sample().toString(), "--fail-on", "never").code());
    }

    @Test
    void aClasspathWithoutWowIsBadInputInOneSentence() throws Exception {
        Cli.Result result = Cli.run("replay", "--classpath", temp.toString(), "--input", sample().toString());

        assertEquals(2, result.code());
        result.assertNoStackTrace();
        assertTrue(result.err().startsWith("wow-compat replay: The candidate's classpath does not hold Wow's runtime (wow-core)"),
                result.err());
    }

    @Test
    void anUnknownFindingToWaiveIsRefused() throws Exception {
        Cli.Result result = Cli.run("replay", "--classpath", temp.toString(), "--input", sample().toString(),
                "--ignore", "payload-invalid::not a replay finding");

        assertEquals(2, result.code());
        assertTrue(result.err().contains("names the unknown finding 'payload-invalid'"), result.err());
    }

    @Test
    void anEmptyExportIsBadInputUnlessAllowed() throws Exception {
        Path empty = Files.writeString(temp.resolve("empty.jsonl"), "");
        String cp = classpath(BankService.CLEAN);
        Cli.Result refused = Cli.run("replay", "--classpath", cp, "--input", empty.toString());
        assertEquals(2, refused.code());
        assertTrue(refused.err().startsWith("wow-compat replay: no state event was read"), refused.err());

        assertEquals(0, Cli.run("replay", "--classpath", cp, "--input", empty.toString(), "--allow-empty").code());

        Path noStateEvents = Files.writeString(temp.resolve("events.jsonl"), String.join("\n",
                "{\"topic\":\"wow.bank.account.state\",\"partition\":0,\"offset\":0,\"key\":\"a\",\"payload\":\"{}\"}",
                "{\"topic\":\"wow.bank.account.state\",\"partition\":0,\"offset\":1,\"key\":\"a\",\"payload\":\"not json\"}"));
        Cli.Result none = Cli.run("replay", "--classpath", cp, "--input", noStateEvents.toString());
        assertEquals(2, none.code());
        assertEquals("wow-compat replay: no state event was read: none of the 2 records read is a state event (a JSON object with "
                + "an aggregate, a version, a state and events) (--allow-empty accepts this)", none.err().strip());
    }

    @Test
    void aSpringBootJarIsTheCandidateAsBootLaysItOut() throws Exception {
        Path clean = BootJars.build(temp.resolve("clean.jar"),
                BankService.build(Files.createTempDirectory(temp, "clean"), BankService.CLEAN, BankService.SERVICES));
        Cli.Result passed = Cli.run("replay", "--jar", clean.toString(), "--input", sample().toString());
        assertEquals(0, passed.code(), passed.out() + passed.err());
        assertTrue(passed.out().contains("Note: Replayed 1 aggregate: 3 events."), passed.out());

        String scaled = BankService.CLEAN.get("fixture/bank/AccountState.java")
                .replace("balance = balance.add(deposited.amount());", "balance = balance.add(deposited.amount().movePointRight(2));");
        Path changed = BootJars.build(temp.resolve("changed.jar"), BankService.build(Files.createTempDirectory(temp, "changed"),
                BankService.changed(Map.of("fixture/bank/AccountState.java", scaled)), BankService.SERVICES));
        Cli.Result failed = Cli.run("replay", "--jar", changed.toString(), "--input", sample().toString());
        assertEquals(1, failed.code(), failed.out() + failed.err());
        assertTrue(failed.out().contains("replay-state-changed"), failed.out());
    }

    @Test
    void aJarThatIsNotBootShapedIsBadInputInOneSentence() throws Exception {
        Path plain = BootJars.plain(temp.resolve("plain.jar"), Map.of("fixture/App.class", "app"));
        Cli.Result result = Cli.run("replay", "--jar", plain.toString(), "--input", sample().toString());

        assertEquals(2, result.code());
        result.assertNoStackTrace();
        assertEquals("wow-compat replay: " + plain + " is not a Spring Boot jar: it has neither BOOT-INF/classes/ nor BOOT-INF/lib/; "
                + "give a plain jar or classes with --classpath.\n", result.err());
    }

    @Test
    void theCandidateIsEitherAClasspathOrAJar() throws Exception {
        Path plain = BootJars.plain(temp.resolve("plain.jar"), Map.of("fixture/App.class", "app"));
        Cli.Result both = Cli.run("replay", "--jar", plain.toString(), "--classpath", temp.toString(), "--input", sample().toString());
        Cli.Result neither = Cli.run("replay", "--input", sample().toString());

        assertEquals(2, both.code());
        assertEquals(2, neither.code());
        assertEquals("wow-compat replay: give the candidate either as --classpath CP or as --jar FILE (a Spring Boot jar)\n", neither.err());
    }

    @Test
    void aPreviousReleaseThatDoesNotKnowTheRevisionTheCandidateWritesFailsTheRollback() throws Exception {
        Map<String, String> previous = new java.util.HashMap<>(BankService.CLEAN);
        previous.put("fixture/bank/MoneyDeposited.java", BankService.CLEAN.get("fixture/bank/MoneyDeposited.java")
                .replace("@Event(revision = \"2.0.0\")", "@Event(revision = \"1.0.0\")"));
        previous.remove("fixture/bank/MoneyDepositedV2Upgrader.java");
        Path baseline = Files.createTempDirectory(temp, "baseline");
        String baselineClasspath = BankService.build(baseline, previous, null).stream().map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
        Path report = temp.resolve("rollback.json");
        Cli.Result result = Cli.run("replay", "--classpath", classpath(BankService.CLEAN), "--baseline-classpath", baselineClasspath,
                "--candidate-input", sample().toString(), "--format", "json", "--output", report.toString());

        assertEquals(1, result.code(), result.err());
        JsonNode finding = new ObjectMapper().readTree(report.toFile()).get("findings").get(0);
        assertEquals("rollback-event-unreadable", finding.get("id").asText());
        assertEquals("breaking", finding.get("severity").asText());
        // The generated record of money_deposited@2.0.0, and the sample's deposit of 2.0.0 (its deposit of 1.0.0 the
        // previous release knows).
        assertEquals(2, finding.get("count").asInt());
        assertEquals("2.0.0", finding.get("examples").get(1).get("revision").asText());
        assertEquals(2, finding.get("examples").get(1).get("offset").asInt());
    }

    @Test
    void optionsThatDoNotGoTogetherAreBadInputInOneSentence() throws Exception {
        String cp = temp.toString();
        Cli.Result noBaseline = Cli.run("replay", "--classpath", cp, "--input", sample().toString(), "--candidate-input", sample().toString());
        assertEquals(2, noBaseline.code());
        assertEquals("wow-compat replay: --candidate-input is read with the previous release: give its classes with --baseline-classpath\n",
                noBaseline.err());

        Cli.Result both = Cli.run("replay", "--classpath", cp, "--synthetic", "--manifest", sample().toString(), "--service", "bank");
        assertEquals(2, both.code());
        assertEquals("wow-compat replay: --manifest gives the candidate's Manifest; --classes, --service and --version are for "
                + "generating one, so give one or the other\n", both.err());

        Cli.Result version = Cli.run("replay", "--classpath", cp, "--synthetic", "--version", "1.x");
        assertEquals(2, version.code());
        assertTrue(version.err().startsWith("wow-compat replay: --version: '1.x' is not a version"), version.err());
        version.assertNoStackTrace();

        Cli.Result nothing = Cli.run("replay", "--classpath", cp);
        assertEquals(2, nothing.code());
        assertTrue(nothing.err().endsWith("or --synthetic to read generated records only\n"), nothing.err());
    }

    @Test
    void aManifestThatIsNotOneIsBadInputBeforeAnythingIsRead() throws Exception {
        Path notAManifest = Files.writeString(temp.resolve("manifest.json"), "{\"manifest\": 1}");
        Cli.Result result = Cli.run("replay", "--classpath", classpath(BankService.CLEAN), "--synthetic",
                "--manifest", notAManifest.toString());

        assertEquals(2, result.code());
        result.assertNoStackTrace();
        assertTrue(result.err().startsWith("wow-compat replay: The Manifest " + notAManifest + " is not a valid Manifest: "),
                result.err());
    }

    private Path sample() throws Exception {
        Path file = temp.resolve("sample.jsonl");
        if (!Files.exists(file)) {
            Files.writeString(file, StateEvents.kcatLines(TOPIC, "a-1", HISTORY));
        }
        return file;
    }

    private String classpath(Map<String, String> sources) throws Exception {
        Path dir = Files.createTempDirectory(temp, "service");
        return BankService.build(dir, sources, BankService.SERVICES).stream().map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
    }
}
