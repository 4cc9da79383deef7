package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static dev.wowcompat.cli.WatchFixture.PARTITIONS;
import static dev.wowcompat.cli.WatchFixture.assertCounted;
import static dev.wowcompat.cli.WatchFixture.counted;
import static dev.wowcompat.cli.WatchFixture.waitForPositions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.audit.AuditException;
import dev.wowcompat.audit.Deployments;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.RegistryReleases;
import dev.wowcompat.audit.Releases;
import dev.wowcompat.audit.Watcher;
import dev.wowcompat.audit.WindowJudge;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.api.Tokens;
import dev.wowcompat.cli.WatchFixture.Produced;
import dev.wowcompat.cli.WatchFixture.Watching;
import dev.wowcompat.testing.KafkaCluster;
import dev.wowcompat.testing.RepositoryRoot;
import dev.wowcompat.testing.RunningRegistry;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wow-compat watch} end to end, each watcher a process of its own: Kafka's in-JVM KRaft cluster, the real
 * registry on SQLite with the bank releases and bank-service 1.1.0 deployed, and records of our own whose findings
 * and releases are known by construction. The registry's counts must equal exactly what was produced: through two
 * watchers sharing a group, one of them SIGKILLed mid-stream and restarted while a third joins, and through the
 * registry stopped for 20 s; stopped by SIGTERM, they leave Kafka's committed offsets at the registry's positions. Then
 * the exit-2 sentences, and {@code audit --record-profiles} twice.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WatchCommandTest {
    @RegisterExtension
    static final KafkaCluster kafka = new KafkaCluster();

    @TempDir
    static Path dir;
    private RunningRegistry registry;
    private int port;
    private Path db;
    private WatchFixture fixture;

    @BeforeAll
    void start() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        db = dir.resolve("registry.db");
        registry = new RunningRegistry(db, RegistryServer.Config.local(port));
        for (String version : WatchFixture.VERSIONS) registry.register("bank-service", WatchFixture.manifest(version)).expect(201);
        for (String env : List.of("production", "staging", "replay", "outage", "handover")) registry.deploy(env, "bank-service", "1.1.0").expect(201);
        fixture = new WatchFixture(kafka, dir);
    }

    @AfterEach
    void stopProcesses() {
        fixture.stopProcesses();
    }

    @AfterAll
    void stop() {
        if (registry != null) registry.close();
    }

    private Watching watch(String name, String environment, String topic, String registryUrl, Map<String, String> env) throws IOException {
        return fixture.watch(name, environment, topic, registryUrl, env);
    }

    @Test
    void watchersSharingAGroupCountEachRecordOnceThroughAKillARestartAndAThirdJoining() throws Exception {
        String topic = "wow.bank.account.state";
        Produced produced = fixture.newTopic(topic);
        fixture.produce(produced, 2_000);
        Watching one = watch("one", "production", topic, registry.base(), Map.of());
        Watching two = watch("two", "production", topic, registry.base(), Map.of());
        one.waitFor("assigned", 90);
        two.waitFor("assigned", 90);
        // Records keep coming while one watcher is killed.
        fixture.killWhileProducing(one, two, produced);
        two.waitForWindows(1, 60);
        Watching again = watch("one-again", "production", topic, registry.base(), Map.of());
        Watching three = watch("three", "production", topic, registry.base(), Map.of());
        // The group rebalances as each joins; each is given partitions, and the records go on meanwhile.
        fixture.produce(produced, 1_000);
        again.waitFor("assigned", 120);
        three.waitFor("assigned", 120);
        fixture.produce(produced, 2_000);
        waitForPositions(registry.base(), "production", produced, 120);
        for (Watching w : List.of(two, again, three)) assertEquals(0, w.term(), w.text());
        assertCounted(registry.base(), "production", produced);
        // Stopped cleanly, the watchers leave Kafka's committed offsets where the registry's positions are.
        fixture.assertCommittedOffsetsFollow(registry.base(), "production", produced);
        System.out.println("watch crash and rebalance: " + produced.total + " records produced, "
                + counted(registry.base(), "production") + " counted; " + produced.byRelease + " " + produced.findings);
        assertTrue(two.text().contains("left group wow-compat-watch.production"), two.text());
    }

    /**
     * A type's lookup fails while a watcher judges (the registry out of reach for that moment), and before the window
     * is cut the watcher is given more partitions (a new topic of its pattern): the window is not whole, so it is
     * dropped and read again, never posted with records it did not judge. The watcher runs in this JVM so that the
     * lookup can fail at that moment and no other.
     */
    @Test
    void aLookupThatFailedBeforeAnAssignmentIsNotForgotten() throws Exception {
        Produced first = fixture.newTopic("wow.bank.handover.state");
        fixture.produce(first, 40);
        AtomicBoolean unreachable = new AtomicBoolean(true);
        AtomicInteger failedLookups = new AtomicInteger();
        RegistryClient client = new RegistryClient(registry.base(), Optional.empty(), Duration.ofSeconds(10));
        Releases registryReleases = new RegistryReleases(client);
        Releases releases = new Releases() {
            @Override
            public List<Manifest> declaring(String aggregateType) throws AuditException {
                if (unreachable.get()) {
                    failedLookups.incrementAndGet();
                    throw new AuditException("the registry at " + registry.base() + " did not answer (for this test)");
                }
                return registryReleases.declaring(aggregateType);
            }

            @Override
            public Deployments deployments(String environment) throws AuditException {
                return registryReleases.deployments(environment);
            }

            @Override
            public List<String> consumers(Deployments deployments, String kind, String type, int revision) throws AuditException {
                return registryReleases.consumers(deployments, kind, type, revision);
            }

            @Override
            public void forget() {
                registryReleases.forget();
            }
        };
        Properties consumer = new Properties();
        consumer.put("metadata.max.age.ms", "500"); // a new topic of the pattern is assigned within a second
        Watcher.Options options = new Watcher.Options(kafka.bootstrapServers(), consumer, null, List.of(Pattern.compile("wow\\.bank\\.handover.*")),
                From.EARLIEST, Duration.ofMinutes(5), "handover", "wow-compat-watch.handover", "in-test", Duration.ofSeconds(10), 100_000, 64L << 20);
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        Watcher watcher = new Watcher(options, client, new WindowJudge(releases, "handover", 1 << 20, 10_000, false), lines::add);
        watcher.check();
        Thread running = new Thread(() -> {
            try {
                watcher.run();
            } catch (AuditException e) {
                lines.add("failed: " + e.getMessage());
            }
        });
        running.start();
        Produced second;
        try {
            // Read, and a lookup failed while judging (records are counted as read when handed to the lanes, before they are judged).
            waitUntil(() -> watcher.recordsRead() >= first.total && failedLookups.get() > 0, 90, lines);
            unreachable.set(false);
            // Created once the lookup has failed, so that it is given to the watcher after that.
            second = fixture.newTopic("wow.bank.handover2.state");
            fixture.produce(second, 40);
            waitUntil(() -> lines.stream().anyMatch(l -> l.startsWith("assigned wow.bank.handover2.state")), 90, lines);
            // The first topic is read again once the registry answers: its records are read twice.
            long all = 2 * first.total + second.total;
            waitUntil(() -> watcher.recordsRead() >= all, 90, lines);
        } finally {
            watcher.stop();
            running.join(60_000);
        }
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("failed")), String.join("\n", lines));
        waitForPositions(registry.base(), "handover", first, 30);
        waitForPositions(registry.base(), "handover", second, 30);
        JsonNode wire = WatchFixture.get(registry.base(), "/environments/handover/wire").expect(200).json();
        assertEquals(first.total + second.total, wire.path("records").asLong(), wire + "\n" + String.join("\n", lines));
        Map<String, Long> byRelease = new TreeMap<>(first.byRelease);
        second.byRelease.forEach((k, v) -> byRelease.merge(k, v, Long::sum));
        Map<String, Long> counted = new TreeMap<>();
        wire.path("byRelease").fields().forEachRemaining(e -> counted.put(e.getKey(), e.getValue().asLong()));
        assertEquals(byRelease, counted, wire.toString());
    }

    private static void waitUntil(BooleanSupplier done, int seconds, List<String> lines) throws InterruptedException {
        long until = System.currentTimeMillis() + seconds * 1000L;
        while (!done.getAsBoolean()) {
            if (System.currentTimeMillis() > until) throw new AssertionError("not within " + seconds + " s; the watcher said:\n" + String.join("\n", lines));
            Thread.sleep(100);
        }
    }

    @Test
    void theRegistryStoppedForTwentySecondsLosesNothingAndCountsNothingTwice() throws Exception {
        String topic = "wow.bank.outage.state";
        Produced produced = fixture.newTopic(topic);
        fixture.produce(produced, 1_000);
        Watching w = watch("outage", "outage", topic, registry.base(), Map.of());
        w.waitForWindows(1, 90);
        registry.close();
        fixture.produce(produced, 1_500);
        Thread.sleep(20_000);
        registry = new RunningRegistry(db, RegistryServer.Config.local(port));
        fixture.produce(produced, 1_000);
        waitForPositions(registry.base(), "outage", produced, 120);
        assertEquals(0, w.term(), w.text());
        assertCounted(registry.base(), "outage", produced);
        fixture.assertCommittedOffsetsFollow(registry.base(), "outage", produced);
        assertTrue(w.text().contains("is out of reach since"), w.text());
        assertTrue(w.text().contains("answers again after"), w.text());
    }

    @Test
    void badOptionsAnUnreachableBrokerOrRegistryAndARefusedTokenAreExitTwoWithOneSentence() throws Exception {
        Cli.Result noKafka = Cli.run("watch", "--registry", registry.base(), "--environment", "production");
        assertEquals(2, noKafka.code());
        assertEquals(List.of("wow-compat watch: give --bootstrap-servers (or --kafka-config with bootstrap.servers) to read Kafka"), noKafka.errLines());
        Cli.Result badWindow = Cli.run("watch", "--bootstrap-server", kafka.bootstrapServers(), "--registry", registry.base(),
                "--environment", "production", "--window", "soon");
        assertEquals(2, badWindow.code());
        assertEquals(1, badWindow.errLines().stream().filter(l -> l.contains("--window")).count(), badWindow.err());
        Cli.Result noRegistry = Cli.run("watch", "--bootstrap-server", kafka.bootstrapServers(), "--registry", Cli.unreachableUrl(),
                "--environment", "production", "--timeout", "2s");
        assertEquals(2, noRegistry.code());
        assertEquals(1, noRegistry.errLines().size(), noRegistry.err());
        assertTrue(noRegistry.err().contains("cannot reach the registry"), noRegistry.err());
        int deadPort;
        try (ServerSocket s = new ServerSocket(0)) {
            deadPort = s.getLocalPort();
        }
        Cli.Result noBroker = Cli.run("watch", "--bootstrap-server", "127.0.0.1:" + deadPort, "--registry", registry.base(),
                "--environment", "production", "--timeout", "2s");
        assertEquals(2, noBroker.code());
        assertEquals(List.of("wow-compat watch: Kafka at 127.0.0.1:" + deadPort + " did not answer within 2 s (--timeout); is it running, "
                + "and are the client properties right?"), noBroker.errLines());
        for (Cli.Result r : List.of(noKafka, badWindow, noRegistry, noBroker)) r.assertNoStackTrace();
        Path guardedDb = dir.resolve("guarded.db");
        try (RunningRegistry guarded = new RunningRegistry(guardedDb, RegistryServer.Config.local(0).withTokens(Tokens.of(List.of("right-token"))))) {
            guarded.post("/services/bank-service/releases", Files.readString(RepositoryRoot.resolve("schemas/examples/bank/1.1.0.json")),
                    Map.of("Content-Type", "application/json", "Authorization", "Bearer right-token")).expect(201);
            guarded.post("/environments/production/deployments", "{\"service\":\"bank-service\",\"version\":\"1.1.0\"}",
                    Map.of("Content-Type", "application/json", "Authorization", "Bearer right-token")).expect(201);
            Watching w = watch("refused", "production", "wow.bank.account.state", guarded.base(), Map.of("WOW_COMPAT_TOKEN", "wrong-token"));
            assertTrue(w.process().waitFor(60, TimeUnit.SECONDS), w.text());
            assertEquals(2, w.process().exitValue(), w.text());
            List<String> lines = w.text().lines().filter(l -> !l.isBlank()).toList();
            assertEquals(1, lines.size(), w.text());
            assertTrue(lines.get(0).startsWith("wow-compat watch: the registry at " + guarded.base() + " refused the token (WOW_COMPAT_TOKEN; "
                    + "the watch needs observe:production)"), lines.get(0));
        }
    }

    @Test
    void auditRecordProfilesTwiceOnTheSameRecordsMergesNothingTheSecondTime() throws Exception {
        String topic = "wow.bank.replay.state";
        Produced produced = fixture.newTopic(topic);
        fixture.produce(produced, 200);
        String[] args = {"audit", "--bootstrap-server", kafka.bootstrapServers(), "--topic", topic.replace(".", "\\."), "--registry", registry.base(),
                "--environment", "replay", "--record-profiles", "--fail-on", "never", "--format", "json"};
        Cli.Result first = Cli.run(args);
        assertEquals(0, first.code(), first.err());
        assertTrue(first.err().contains("recorded the profiles of"), first.err());
        assertCounted(registry.base(), "replay", produced);
        Cli.Result second = Cli.run(args);
        assertEquals(0, second.code(), second.err());
        // The first partition listed, in order: partition 0 of the topic, whose 50 records were counted.
        assertTrue(second.err().contains("wow-compat audit: merged nothing: the registry has already counted records of " + topic
                + " partition 0 up to offset " + produced.perPartition[0]), second.err());
        assertCounted(registry.base(), "replay", produced);

        // A trial under a group of its own: its positions are its own, the records were counted once already.
        String[] trial = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of("--group", "trial-run"))
                .toArray(String[]::new);
        Cli.Result third = Cli.run(trial);
        assertEquals(0, third.code(), third.err());
        assertTrue(third.err().contains("wow-compat audit: merged nothing: group 'wow-compat-watch.replay' has counted records of "
                + topic + " partition 0 up to offset " + produced.perPartition[0] + " in replay, and each record counts once per "
                + "environment"), third.err());
        assertCounted(registry.base(), "replay", produced);

        // The audit moved the group's positions in the registry, not in Kafka. A watcher of the group starts there and
        // reads nothing new; stopped by SIGTERM, it leaves Kafka's committed offsets at the registry's positions.
        Watching after = watch("after-audit", "replay", topic, registry.base(), Map.of());
        after.waitFor("assigned", 90);
        assertEquals(0, after.term(), after.text());
        assertCounted(registry.base(), "replay", produced);
        fixture.assertCommittedOffsetsFollow(registry.base(), "replay", produced);
    }
}
