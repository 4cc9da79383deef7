package dev.wowcompat.cli;

import dev.wowcompat.testing.TestJava;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.fingerprint.Fingerprint;
import dev.wowcompat.testing.KafkaCluster;
import dev.wowcompat.testing.RepositoryRoot;
import dev.wowcompat.testing.RunningRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * What the tests of {@code wow-compat watch} share: records of our own whose releases and findings are known by
 * construction, produced exactly once; watchers, each a process of its own; and what a registry (any node, by its
 * address) must then answer for counts and positions. One per test class, on the class's Kafka cluster.
 */
final class WatchFixture {
    static final ObjectMapper JSON = new ObjectMapper();
    static final int PARTITIONS = 4;
    static final String RELEASE = "bank-service@1.1.0";
    static final List<String> VERSIONS = List.of("1.0.0", "1.1.0", "1.2.0");

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final KafkaCluster kafka;
    private final Path kafkaConfig;
    private final String fingerprint11;
    private final String fingerprint12;
    private final List<Process> started = new ArrayList<>();

    /** Writes the watchers' client properties into {@code dir}. */
    WatchFixture(KafkaCluster kafka, Path dir) throws IOException {
        this.kafka = kafka;
        this.fingerprint11 = fingerprint("1.1.0");
        this.fingerprint12 = fingerprint("1.2.0");
        // A dead member's partitions move on after 6 s, the broker's least session timeout, not the default 45 s.
        this.kafkaConfig = dir.resolve("watch.properties");
        Files.writeString(kafkaConfig, "bootstrap.servers=" + kafka.bootstrapServers() + "\nsession.timeout.ms=6000\nheartbeat.interval.ms=1000\n");
    }

    /** The bank example's Manifest of a version, as registered. */
    static String manifest(String version) throws IOException {
        return Files.readString(RepositoryRoot.resolve("schemas/examples/bank/" + version + ".json"));
    }

    private static String fingerprint(String version) throws IOException {
        return Fingerprint.of(JSON.readTree(RepositoryRoot.resolve("schemas/examples/bank/" + version + ".json").toFile())
                .at("/contexts/bank/aggregates/account/state/schema"));
    }

    /** Every watcher still running is killed (a test that failed half way leaves none behind). */
    void stopProcesses() {
        for (Process p : started) p.destroyForcibly();
        started.clear();
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

    /**
     * What was produced on one topic, counted from the records the broker holds (read back after each production):
     * records per partition, per release, per finding, and which record sits at each offset.
     */
    static final class Produced {
        final String topic;
        final long[] perPartition = new long[PARTITIONS];
        final Map<String, Long> byRelease = new TreeMap<>();
        final Map<String, Long> findings = new TreeMap<>();
        private final List<List<Integer>> atOffset = new ArrayList<>();
        long total;
        int next;

        Produced(String topic) {
            this.topic = topic;
            for (int p = 0; p < PARTITIONS; p++) atOffset.add(new ArrayList<>());
        }

        /**
         * Record i is on partition i % 4, of its own aggregate: every 10th (i % 10 == 3) is no JSON (message-not-json, no
         * release); i % 10 == 7 carries 1.2.0's state fingerprint (state-fingerprint-not-deployed, 1.1.0 ran); the others are
         * what 1.1.0 writes. A state event of bank.account belongs on wow.bank.account.state: on any other topic, the
         * finding envelope-topic-mismatch says so.
         */
        private void count(int i, long sign) {
            if (i % 10 == 3) {
                byRelease.merge("", sign, Long::sum);
                findings.merge("message-not-json", sign, Long::sum);
            } else {
                byRelease.merge(RELEASE, sign, Long::sum);
                if (!topic.equals("wow.bank.account.state")) findings.merge("envelope-topic-mismatch", sign, Long::sum);
                if (i % 10 == 7) findings.merge("state-fingerprint-not-deployed", sign, Long::sum);
            }
            total += sign;
            byRelease.values().removeIf(v -> v == 0);
            findings.values().removeIf(v -> v == 0);
        }

        /** Record i, read back at the next offset of {@code partition}. */
        private void add(int partition, int i) {
            count(i, 1);
            atOffset.get(partition).add(i);
            perPartition[partition]++;
        }

        /**
         * Takes out of the expected counts the records at offsets [from, to) of a partition: a window posted by someone
         * else claimed that range, so no watcher counts them (what the other window claimed is added by {@link #claim}).
         */
        void coveredByAnother(int partition, long from, long to) {
            for (long o = from; o < to; o++) count(atOffset.get(partition).get((int) o), -1);
        }

        /** Adds what a window posted by someone else claimed: records of a release, a finding. */
        void claim(String release, long records, String finding, long findingCount) {
            byRelease.merge(release, records, Long::sum);
            findings.merge(finding, findingCount, Long::sum);
            total += records;
        }
    }

    /**
     * Produces the next {@code n} records of {@link Produced#count}'s kinds on {@code produced}'s topic, then reads back
     * what the broker holds from where this production began and counts that: a send retried on a busy machine may be
     * written twice (or a broker just made leader may refuse a first send), and what the watchers must count is what
     * the topic holds, which the test reads with a plain consumer of its own.
     */
    void produce(Produced produced, int n) throws Exception {
        long[] before = endOffsets(produced.topic);
        Properties props = new Properties();
        props.put("bootstrap.servers", kafka.bootstrapServers());
        props.put("enable.idempotence", "false");
        props.put("acks", "all");
        props.put("linger.ms", "20");
        props.put("key.serializer", ByteArraySerializer.class.getName());
        props.put("value.serializer", ByteArraySerializer.class.getName());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props)) {
            List<Future<?>> sent = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                int i = produced.next++;
                int partition = i % PARTITIONS;
                String id = "acct-" + i;
                String key = KEY_PREFIX + i;
                byte[] value = i % 10 == 3 ? ("not json " + i).getBytes(StandardCharsets.UTF_8)
                        : stateEvent(id, i % 10 == 7 ? fingerprint12 : fingerprint11).toString().getBytes(StandardCharsets.UTF_8);
                ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(produced.topic, partition, System.currentTimeMillis(),
                        key.getBytes(StandardCharsets.UTF_8), value);
                r.headers().add(new RecordHeader("wow-format", "1".getBytes(StandardCharsets.UTF_8)));
                r.headers().add(new RecordHeader("wow-kind", "state-event".getBytes(StandardCharsets.UTF_8)));
                r.headers().add(new RecordHeader("wow-type", "bank.account".getBytes(StandardCharsets.UTF_8)));
                sent.add(producer.send(r));
            }
            producer.flush();
            for (Future<?> f : sent) f.get(300, TimeUnit.SECONDS);
        }
        readBack(produced, before, endOffsets(produced.topic));
    }

    private static final String KEY_PREFIX = "bank.account/t1/acct-";

    /** Counts the records of each partition at offsets [from, to), in offset order, by the number in their key. */
    private void readBack(Produced produced, long[] from, long[] to) {
        Properties props = new Properties();
        props.put("bootstrap.servers", kafka.bootstrapServers());
        props.put("enable.auto.commit", "false");
        props.put("key.deserializer", ByteArrayDeserializer.class.getName());
        props.put("value.deserializer", ByteArrayDeserializer.class.getName());
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (int p = 0; p < PARTITIONS; p++) partitions.add(new TopicPartition(produced.topic, p));
            consumer.assign(partitions);
            for (TopicPartition tp : partitions) consumer.seek(tp, from[tp.partition()]);
            long[] next = from.clone();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Arrays.equals(next, to)) {
                if (System.nanoTime() > deadline) throw new AssertionError("could not read back " + produced.topic + " up to " + Arrays.toString(to));
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    if (r.offset() >= to[r.partition()]) continue;
                    String key = new String(r.key(), StandardCharsets.UTF_8);
                    produced.add(r.partition(), Integer.parseInt(key.substring(KEY_PREFIX.length())));
                    next[r.partition()] = r.offset() + 1;
                }
            }
        }
    }

    /** A new topic of {@code PARTITIONS} partitions, and what the test produces on it. */
    Produced newTopic(String topic) throws Exception {
        kafka.createTopics(new NewTopic(topic, PARTITIONS, (short) 1));
        return new Produced(topic);
    }

    /**
     * Produces batches of 100 records, 50 ms apart, and SIGKILLs {@code victim} once it has posted two more windows while
     * records still come: a window may then be half judged, or applied without the watcher hearing of it. The records go on
     * until {@code survivor} has taken the dead member's partitions (its second assignment, after the session timeout) and
     * for two batches more, so that the partitions move while records come; then this returns.
     */
    void killWhileProducing(Watching victim, Watching survivor, Produced produced) throws Exception {
        long before = victim.windows();
        AtomicBoolean killed = new AtomicBoolean();
        AtomicBoolean abandoned = new AtomicBoolean();
        CompletableFuture<Void> stream = CompletableFuture.runAsync(() -> {
            try {
                int after = 0;
                while (after < 2 && !abandoned.get()) {
                    produce(produced, 100);
                    Thread.sleep(50);
                    if (killed.get() && survivor.lines("wow-compat watch: assigned ") >= 2) after++;
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            victim.waitForWindows(before + 2, 90);
            assertTrue(!stream.isDone(), "the records still come when the watcher is killed");
            victim.kill();
            killed.set(true);
            survivor.waitForLines("wow-compat watch: assigned ", 2, 60);
            stream.get(60, TimeUnit.SECONDS);
        } finally {
            abandoned.set(true);
        }
    }

    /** Kafka's end offset of each partition of the topic, as the broker tells it (not as the test counted). */
    long[] endOffsets(String topic) throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (int p = 0; p < PARTITIONS; p++) latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
        long[] end = new long[PARTITIONS];
        kafka.admin().listOffsets(latest).all().get(60, TimeUnit.SECONDS).forEach((tp, info) -> end[tp.partition()] = info.offset());
        return end;
    }

    /** One watcher of {@code topic} for {@code environment}, a process of its own; its standard error goes to a file. */
    Watching watch(String name, String environment, String topic, String registryUrl, Map<String, String> env) throws IOException {
        return watch(name, environment, topic, registryUrl, env, "1s");
    }

    /** The same, with windows of {@code window} (a duration as {@code --window} takes it). */
    Watching watch(String name, String environment, String topic, String registryUrl, Map<String, String> env, String window)
            throws IOException {
        Path log = Path.of("target", "watch-logs", name + ".log");
        Files.createDirectories(log.getParent());
        ProcessBuilder b = new ProcessBuilder(TestJava.command("-Xmx256m",
                "-cp", System.getProperty("java.class.path"), WowCompat.class.getName(), "watch",
                "--kafka-config", kafkaConfig.toString(), "--registry", registryUrl, "--environment", environment,
                "--topic", topic.replace(".", "\\."), "--window", window, "--timeout", "15s"))
                .redirectErrorStream(false).redirectError(log.toFile()).redirectOutput(log.resolveSibling(name + ".out").toFile());
        b.environment().putAll(env);
        Process p = b.start();
        started.add(p);
        return new Watching(p, log);
    }

    record Watching(Process process, Path log) {
        String text() throws IOException {
            return Files.exists(log) ? Files.readString(log) : "";
        }

        long windows() throws IOException {
            return lines("wow-compat watch: window ");
        }

        /** The lines of its log that start with {@code start}. */
        long lines(String start) throws IOException {
            return text().lines().filter(l -> l.startsWith(start)).count();
        }

        /** Waits until {@code n} lines of its log start with {@code start}. */
        void waitForLines(String start, long n, int seconds) throws Exception {
            long until = System.currentTimeMillis() + seconds * 1000L;
            while (lines(start) < n) {
                assertTrue(process.isAlive(), "the watcher ended: " + text());
                assertTrue(System.currentTimeMillis() < until, "no " + n + " lines '" + start + "...' within " + seconds + " s: " + text());
                Thread.sleep(200);
            }
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
            waitForLines("wow-compat watch: window ", n, seconds);
        }

        /** SIGKILL, as the kernel's OOM killer would: no window posted, no group left. */
        void kill() throws Exception {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }

        /** SIGTERM, and the exit code. */
        int term() throws Exception {
            sendTerm();
            return exitCode();
        }

        /** SIGTERM, not waiting: the current window is posted and the group left (watchers stopped together). */
        void sendTerm() throws Exception {
            new ProcessBuilder("kill", "-TERM", Long.toString(process.pid())).start().waitFor();
        }

        /** The exit code, once it has ended after a SIGTERM. */
        int exitCode() throws Exception {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the watcher ends on SIGTERM: " + text());
            return process.exitValue();
        }
    }

    /** {@code GET base + path} of a registry node. */
    static RunningRegistry.Answer get(String base, String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    /** {@code POST base + path} of a registry node, a JSON body. */
    static RunningRegistry.Answer post(String base, String path, String body) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static RunningRegistry.Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r = HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            return new RunningRegistry.Answer(r.statusCode(), r.body(), r);
        } catch (IOException e) {
            throw new AssertionError("request failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The registry's next offset of each partition of the topic for the environment's default group (0 where none). */
    static long[] positions(String base, String environment, String topic) {
        return positions(get(base, "/environments/" + environment + "/wire/positions?group=wow-compat-watch." + environment).expect(200), topic);
    }

    private static long[] positions(RunningRegistry.Answer a, String topic) {
        long[] next = new long[PARTITIONS];
        for (JsonNode p : a.json().path("positions")) if (p.path("topic").asText().equals(topic)) next[p.path("partition").asInt()] = p.path("next").asLong();
        return next;
    }

    /** Waits until the registry's positions of the group reach what was produced in every partition. */
    static void waitForPositions(String base, String environment, Produced produced, int seconds) throws Exception {
        long until = System.currentTimeMillis() + seconds * 1000L;
        String last = "";
        while (System.currentTimeMillis() < until) {
            RunningRegistry.Answer a = get(base, "/environments/" + environment + "/wire/positions?group=wow-compat-watch." + environment);
            last = a.body();
            if (a.status() == 200 && Arrays.equals(positions(a, produced.topic), produced.perPartition)) return;
            Thread.sleep(300);
        }
        throw new AssertionError("the positions did not reach " + Arrays.toString(produced.perPartition) + " within " + seconds + " s: " + last);
    }

    /**
     * Kafka's committed offsets of the environment's default group (read with an AdminClient, as the lag tools read
     * them) equal the registry's positions of that group for every partition of the topic, once the watchers stopped.
     */
    void assertCommittedOffsetsFollow(String base, String environment, Produced produced) throws Exception {
        String group = "wow-compat-watch." + environment;
        Map<Integer, Long> committed = new TreeMap<>();
        kafka.admin().listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS).forEach((tp, o) -> {
            if (tp.topic().equals(produced.topic) && o != null) committed.put(tp.partition(), o.offset());
        });
        Map<Integer, Long> registered = new TreeMap<>();
        for (JsonNode p : get(base, "/environments/" + environment + "/wire/positions?group=" + group).expect(200).json().path("positions")) {
            if (p.path("topic").asText().equals(produced.topic)) registered.put(p.path("partition").asInt(), p.path("next").asLong());
        }
        Map<Integer, Long> producedThere = new TreeMap<>();
        for (int i = 0; i < PARTITIONS; i++) producedThere.put(i, produced.perPartition[i]);
        assertEquals(producedThere, registered, "the registry counted every record produced");
        assertEquals(registered, committed, "Kafka's committed offsets of " + group + " against the registry's positions, by partition");
    }

    /** The registry's counts: records, by release, by finding id. */
    static void assertCounted(String base, String environment, Produced produced) {
        JsonNode wire = get(base, "/environments/" + environment + "/wire").expect(200).json();
        assertEquals(produced.total, wire.path("records").asLong(), wire.toString());
        Map<String, Long> byRelease = new TreeMap<>();
        wire.path("byRelease").fields().forEachRemaining(e -> byRelease.put(e.getKey(), e.getValue().asLong()));
        assertEquals(produced.byRelease, byRelease, wire.toString());
        Map<String, Long> findings = new TreeMap<>();
        wire.path("findings").forEach(f -> findings.merge(f.path("id").asText(), f.path("count").asLong(), Long::sum));
        assertEquals(produced.findings, findings, wire.toString());
    }

    /** The registry's count of records (for the line a test prints). */
    static long counted(String base, String environment) {
        return get(base, "/environments/" + environment + "/wire").expect(200).json().path("records").asLong();
    }
}
