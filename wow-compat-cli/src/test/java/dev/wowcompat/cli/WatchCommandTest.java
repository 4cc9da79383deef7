package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.api.Tokens;
import dev.wowcompat.testing.KafkaCluster;
import dev.wowcompat.testing.RepositoryRoot;
import dev.wowcompat.testing.RunningRegistry;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
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
 * registry stopped for 20 s. Then the exit-2 sentences, and {@code audit --record-profiles} twice.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WatchCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int PARTITIONS = 4;
    private static final String RELEASE = "bank-service@1.1.0";

    @RegisterExtension
    static final KafkaCluster kafka = new KafkaCluster();

    @TempDir
    static Path dir;
    private RunningRegistry registry;
    private int port;
    private Path db;
    private Path kafkaConfig;
    private String fingerprint11;
    private String fingerprint12;
    private final List<Process> started = new ArrayList<>();

    @BeforeAll
    void start() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        db = dir.resolve("registry.db");
        registry = new RunningRegistry(db, RegistryServer.Config.local(port));
        for (String version : List.of("1.0.0", "1.1.0", "1.2.0")) {
            registry.register("bank-service", Files.readString(RepositoryRoot.resolve("schemas/examples/bank/" + version + ".json"))).expect(201);
        }
        for (String env : List.of("production", "staging", "replay", "outage")) registry.deploy(env, "bank-service", "1.1.0").expect(201);
        fingerprint11 = fingerprint("1.1.0");
        fingerprint12 = fingerprint("1.2.0");
        // A dead member's partitions move on after 6 s, the broker's least session timeout, not the default 45 s.
        kafkaConfig = dir.resolve("watch.properties");
        Files.writeString(kafkaConfig, "bootstrap.servers=" + kafka.bootstrapServers() + "\nsession.timeout.ms=6000\nheartbeat.interval.ms=1000\n");
    }

    @AfterEach
    void stopProcesses() {
        for (Process p : started) p.destroyForcibly();
        started.clear();
    }

    @AfterAll
    void stop() {
        if (registry != null) registry.close();
    }

    private static String fingerprint(String version) throws Exception {
        return dev.wowcompat.fingerprint.Fingerprint.of(JSON.readTree(RepositoryRoot.resolve("schemas/examples/bank/" + version + ".json").toFile())
                .at("/contexts/bank/aggregates/account/state/schema"));
    }

    /** A state event of bank.account/t1/{id} at version 1, one Deposited@1, the state with the given fingerprint. */
    private static ObjectNode stateEvent(String id, String fingerprint) {
        ObjectNode p = JSON.createObjectNode();
        ObjectNode ref = p.putObject("ref");
        ref.putObject("type").put("context", "bank").put("name", "account");
        ref.put("tenantId", "t1").put("id", id);
        p.put("version", 1).put("commandId", "c").put("requestId", "r").put("commandType", "bank.account.Deposit");
        p.put("commitTime", System.currentTimeMillis());
        p.putArray("events").addObject().put("name", "bank.account.Deposited").put("revision", 1).putObject("payload").put("amount", 100);
        ObjectNode state = p.putObject("state").put("version", 1).put("schemaFingerprint", fingerprint);
        state.putObject("state").put("owner", "Alice").put("balance", 100);
        p.putObject("scope").putNull("ownerId").putNull("spaceId");
        p.put("deleted", false).putNull("access").putNull("accessVersion").putNull("causation");
        p.putObject("headers");
        p.putNull("operator");
        ObjectNode e = JSON.createObjectNode().put("format", 1).put("kind", "state-event").put("id", "bank.account/t1/" + id + "@1")
                .put("type", "bank.account");
        e.set("payload", p);
        e.putNull("transport");
        return e;
    }

    /** What was produced, counted as it was made: records per partition, per release, per finding. */
    private static final class Produced {
        final long[] perPartition = new long[PARTITIONS];
        final Map<String, Long> byRelease = new TreeMap<>();
        final Map<String, Long> findings = new TreeMap<>();
        long total;
        int next;
    }

    /**
     * Records {@code next} to {@code next + n - 1}, each on partition i % 4 of its own aggregate: every 10th (i % 10 == 3) is
     * no JSON (message-not-json, no release); i % 10 == 7 carries 1.2.0's state fingerprint (state-fingerprint-not-deployed,
     * 1.1.0 ran); the others are what 1.1.0 writes.
     */
    private void produce(String topic, Produced produced, int n) throws Exception {
        // A producer of its own each time, idempotent: a send the broker refused for a moment ("not the leader" just after
        // the topic was made) is retried, and the broker writes a retried batch once, so the test's counts stay exact.
        java.util.Properties props = new java.util.Properties();
        props.put("bootstrap.servers", kafka.bootstrapServers());
        props.put("enable.idempotence", "true");
        props.put("acks", "all");
        props.put("key.serializer", org.apache.kafka.common.serialization.ByteArraySerializer.class.getName());
        props.put("value.serializer", org.apache.kafka.common.serialization.ByteArraySerializer.class.getName());
        try (org.apache.kafka.clients.producer.KafkaProducer<byte[], byte[]> producer = new org.apache.kafka.clients.producer.KafkaProducer<>(props)) {
        List<java.util.concurrent.Future<?>> sent = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int i = produced.next++;
            int partition = i % PARTITIONS;
            String id = "acct-" + i;
            String key = "bank.account/t1/" + id;
            byte[] value;
            ObjectNode envelope = null;
            if (i % 10 == 3) {
                value = ("not json " + i).getBytes(StandardCharsets.UTF_8);
                produced.byRelease.merge("", 1L, Long::sum);
                produced.findings.merge("message-not-json", 1L, Long::sum);
            } else {
                envelope = stateEvent(id, i % 10 == 7 ? fingerprint12 : fingerprint11);
                value = envelope.toString().getBytes(StandardCharsets.UTF_8);
                produced.byRelease.merge(RELEASE, 1L, Long::sum);
                // A state event of bank.account belongs on wow.bank.account.state: on any other topic, the finding says so.
                if (!topic.equals("wow.bank.account.state")) produced.findings.merge("envelope-topic-mismatch", 1L, Long::sum);
                if (i % 10 == 7) produced.findings.merge("state-fingerprint-not-deployed", 1L, Long::sum);
            }
            ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, partition, System.currentTimeMillis(), key.getBytes(StandardCharsets.UTF_8), value);
            r.headers().add(new RecordHeader("wow-format", "1".getBytes(StandardCharsets.UTF_8)));
            r.headers().add(new RecordHeader("wow-kind", "state-event".getBytes(StandardCharsets.UTF_8)));
            r.headers().add(new RecordHeader("wow-type", "bank.account".getBytes(StandardCharsets.UTF_8)));
            sent.add(producer.send(r));
            produced.perPartition[partition]++;
            produced.total++;
        }
        producer.flush();
        for (java.util.concurrent.Future<?> f : sent) f.get(30, TimeUnit.SECONDS);
        }
    }

    /** One watcher, a process of its own; its standard error goes to a file. */
    private Watching watch(String name, String environment, String topic, String registryUrl, Map<String, String> env) throws IOException {
        Path log = Path.of("target", "watch-logs", name + ".log");
        Files.createDirectories(log.getParent());
        ProcessBuilder b = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), WowCompat.class.getName(), "watch",
                "--kafka-config", kafkaConfig.toString(), "--registry", registryUrl, "--environment", environment,
                "--topic", topic.replace(".", "\\."), "--window", "1s", "--timeout", "5s")
                .redirectErrorStream(false).redirectError(log.toFile()).redirectOutput(log.resolveSibling(name + ".out").toFile());
        b.environment().putAll(env);
        Process p = b.start();
        started.add(p);
        return new Watching(p, log);
    }

    private record Watching(Process process, Path log) {
        String text() throws IOException {
            return Files.exists(log) ? Files.readString(log) : "";
        }

        long windows() throws IOException {
            return text().lines().filter(l -> l.startsWith("wow-compat watch: window ")).count();
        }

        void waitFor(String text, int seconds) throws Exception {
            long until = System.currentTimeMillis() + seconds * 1000L;
            while (!text().contains(text)) {
                assertTrue(process.isAlive(), "the watcher ended: " + text());
                assertTrue(System.currentTimeMillis() < until, "no '" + text + "' within " + seconds + " s: " + text());
                Thread.sleep(200);
            }
        }

        void waitForWindows(long n, int seconds) throws Exception {
            long until = System.currentTimeMillis() + seconds * 1000L;
            while (windows() < n) {
                assertTrue(process.isAlive(), "the watcher ended: " + text());
                assertTrue(System.currentTimeMillis() < until, "no " + n + " windows within " + seconds + " s: " + text());
                Thread.sleep(200);
            }
        }

        /** SIGTERM, and the exit code. */
        int term() throws Exception {
            new ProcessBuilder("kill", "-TERM", Long.toString(process.pid())).start().waitFor();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the watcher ends on SIGTERM: " + text());
            return process.exitValue();
        }
    }

    /** Waits until the registry's positions of the group reach what was produced in every partition. */
    private void waitForPositions(RunningRegistry at, String environment, String topic, Produced produced, int seconds) throws Exception {
        long until = System.currentTimeMillis() + seconds * 1000L;
        String last = "";
        while (System.currentTimeMillis() < until) {
            RunningRegistry.Answer a = at.get("/environments/" + environment + "/wire/positions?group=wow-compat-watch." + environment);
            last = a.body();
            if (a.status() == 200) {
                long[] next = new long[PARTITIONS];
                for (JsonNode p : a.json().path("positions")) if (p.path("topic").asText().equals(topic)) next[p.path("partition").asInt()] = p.path("next").asLong();
                if (java.util.Arrays.equals(next, produced.perPartition)) return;
            }
            Thread.sleep(300);
        }
        throw new AssertionError("the positions did not reach " + java.util.Arrays.toString(produced.perPartition) + " within " + seconds + " s: " + last);
    }

    /** The registry's counts: records, by release, by finding id. */
    private static void assertCounted(RunningRegistry at, String environment, Produced produced) {
        JsonNode wire = at.get("/environments/" + environment + "/wire").expect(200).json();
        assertEquals(produced.total, wire.path("records").asLong(), wire.toString());
        Map<String, Long> byRelease = new TreeMap<>();
        wire.path("byRelease").fields().forEachRemaining(e -> byRelease.put(e.getKey(), e.getValue().asLong()));
        assertEquals(produced.byRelease, byRelease, wire.toString());
        Map<String, Long> findings = new TreeMap<>();
        wire.path("findings").forEach(f -> findings.merge(f.path("id").asText(), f.path("count").asLong(), Long::sum));
        assertEquals(produced.findings, findings, wire.toString());
    }

    @Test
    void watchersSharingAGroupCountEachRecordOnceThroughAKillARestartAndAThirdJoining() throws Exception {
        String topic = "wow.bank.account.state";
        kafka.createTopics(new NewTopic(topic, PARTITIONS, (short) 1));
        Produced produced = new Produced();
        produce(topic, produced, 2_000);
        Watching one = watch("one", "production", topic, registry.base(), Map.of());
        Watching two = watch("two", "production", topic, registry.base(), Map.of());
        one.waitFor("assigned", 90);
        two.waitFor("assigned", 90);
        // Records keep coming, 100 at a time, while one watcher is killed: SIGKILL mid-stream, so a window may be half
        // judged, or posted without its commit to Kafka.
        long before = one.windows();
        java.util.concurrent.CompletableFuture<Void> stream = java.util.concurrent.CompletableFuture.runAsync(() -> {
            try {
                for (int k = 0; k < 60; k++) {
                    produce(topic, produced, 100);
                    Thread.sleep(50);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        one.waitForWindows(before + 2, 90);
        assertTrue(!stream.isDone(), "the records still come when the watcher is killed");
        one.process().destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        stream.get(120, TimeUnit.SECONDS);
        two.waitForWindows(1, 60);
        Watching again = watch("one-again", "production", topic, registry.base(), Map.of());
        Watching three = watch("three", "production", topic, registry.base(), Map.of());
        // The group rebalances as each joins; each is given partitions, and the records go on meanwhile.
        produce(topic, produced, 1_000);
        again.waitFor("assigned", 120);
        three.waitFor("assigned", 120);
        produce(topic, produced, 2_000);
        waitForPositions(registry, "production", topic, produced, 120);
        for (Watching w : List.of(two, again, three)) assertEquals(0, w.term(), w.text());
        assertCounted(registry, "production", produced);
        System.out.println("watch crash and rebalance: " + produced.total + " records produced, "
                + registry.get("/environments/production/wire").json().path("records").asLong() + " counted; " + produced.byRelease + " " + produced.findings);
        assertTrue(two.text().contains("left group wow-compat-watch.production"), two.text());
    }

    @Test
    void theRegistryStoppedForTwentySecondsLosesNothingAndCountsNothingTwice() throws Exception {
        String topic = "wow.bank.outage.state";
        kafka.createTopics(new NewTopic(topic, PARTITIONS, (short) 1));
        Produced produced = new Produced();
        produce(topic, produced, 1_000);
        Watching w = watch("outage", "outage", topic, registry.base(), Map.of());
        w.waitForWindows(1, 90);
        registry.close();
        produce(topic, produced, 1_500);
        Thread.sleep(20_000);
        registry = new RunningRegistry(db, RegistryServer.Config.local(port));
        produce(topic, produced, 1_000);
        waitForPositions(registry, "outage", topic, produced, 120);
        assertEquals(0, w.term(), w.text());
        assertCounted(registry, "outage", produced);
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
        kafka.createTopics(new NewTopic(topic, PARTITIONS, (short) 1));
        Produced produced = new Produced();
        produce(topic, produced, 200);
        String[] args = {"audit", "--bootstrap-server", kafka.bootstrapServers(), "--topic", topic.replace(".", "\\."), "--registry", registry.base(),
                "--environment", "replay", "--record-profiles", "--fail-on", "never", "--format", "json"};
        Cli.Result first = Cli.run(args);
        assertEquals(0, first.code(), first.err());
        assertTrue(first.err().contains("recorded the profiles of"), first.err());
        assertCounted(registry, "replay", produced);
        Cli.Result second = Cli.run(args);
        assertEquals(0, second.code(), second.err());
        // The first partition listed, in order: partition 0 of the topic, whose 50 records were counted.
        assertTrue(second.err().contains("wow-compat audit: merged nothing: the registry has already counted records of " + topic
                + " partition 0 up to offset " + produced.perPartition[0]), second.err());
        assertCounted(registry, "replay", produced);
    }
}
