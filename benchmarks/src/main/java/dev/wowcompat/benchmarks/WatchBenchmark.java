package dev.wowcompat.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.RegistryReleases;
import dev.wowcompat.audit.Watcher;
import dev.wowcompat.audit.WindowJudge;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.store.JdbcRegistryStore;
import dev.wowcompat.store.SqliteRegistryStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A watcher of the wire against its floor, in the same run (docs/performance.md, "The watch"): the watcher joins a
 * consumer group of its own, judges every record of a topic of valid state events (profiling the values) and posts
 * its windows (every 250 ms, so that the last one does not wait long) to a real registry on SQLite in this JVM, until the registry has counted every record; the floor joins
 * a group of its own the same way and only parses each value with Jackson. Both read the same records from a local
 * broker (Kafka's in-JVM KRaft cluster, started once per fork); the ratio of their times cancels the machine.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
public class WatchBenchmark {
    private static final String TOPIC = "wow.bank.account.state";
    private static final String ENVIRONMENT = "bench";

    @Param("1000000")
    public int records;

    @Param("10000")
    public int aggregates;

    private KafkaClusterTestKit cluster;
    private JdbcRegistryStore store;
    private RegistryServer server;
    private Path dir;
    private final AtomicInteger groups = new AtomicInteger();

    @Setup(Level.Trial)
    public void start() throws Exception {
        cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder().setCombined(true).setNumBrokerNodes(1)
                .setNumControllerNodes(1).build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        try (Admin admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 4, (short) 1))).all().get(60, TimeUnit.SECONDS);
        }
        dir = Files.createTempDirectory("wow-compat-watch-bench");
        store = SqliteRegistryStore.open(dir.resolve("registry.db"));
        server = RegistryServer.start(store, RegistryServer.Config.local(0));
        server.markReady();
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + server.port();
        for (String v : List.of("1.0.0", "1.1.0", "1.2.0")) {
            post(http, base + "/services/bank-service/releases", Files.readString(Path.of("schemas/examples/bank/" + v + ".json")));
        }
        post(http, base + "/environments/" + ENVIRONMENT + "/deployments", "{\"service\":\"bank-service\",\"version\":\"1.2.0\"}");
        ObjectMapper json = new ObjectMapper();
        String fingerprint = Fingerprints.bankState(json, "1.2.0");
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.LINGER_MS_CONFIG, "20");
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(512 * 1024));
        long bytes = 0;
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
            List<Future<RecordMetadata>> pending = new ArrayList<>();
            int[] versions = new int[aggregates];
            for (int i = 0; i < records; i++) {
                int a = i % aggregates;
                int version = ++versions[a];
                String ref = "bank.account/t1/acc-" + a;
                byte[] value = json.writeValueAsBytes(stateEvent(json, "acc-" + a, version, fingerprint));
                bytes += value.length;
                ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(TOPIC, null, ref.getBytes(StandardCharsets.UTF_8), value);
                r.headers().add(new RecordHeader("wow-format", "1".getBytes(StandardCharsets.UTF_8)));
                r.headers().add(new RecordHeader("wow-kind", "state-event".getBytes(StandardCharsets.UTF_8)));
                r.headers().add(new RecordHeader("wow-type", "bank.account".getBytes(StandardCharsets.UTF_8)));
                pending.add(producer.send(r));
                if (pending.size() >= 10_000) {
                    for (Future<RecordMetadata> f : pending) f.get();
                    pending.clear();
                }
            }
            for (Future<RecordMetadata> f : pending) f.get();
        }
        System.out.println("\n" + records + " state events of " + aggregates + " aggregates, " + bytes + " bytes of values");
    }

    private static void post(HttpClient http, String url, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2) throw new IllegalStateException(url + ": " + r.statusCode() + " " + r.body());
    }

    /** The state schema's fingerprint of a bank release, read from its Manifest. */
    private static final class Fingerprints {
        static String bankState(ObjectMapper json, String version) throws Exception {
            return dev.wowcompat.fingerprint.Fingerprint.of(json.readTree(Path.of("schemas/examples/bank/" + version + ".json").toFile())
                    .at("/contexts/bank/aggregates/account/state/schema"));
        }
    }

    private static ObjectNode stateEvent(ObjectMapper json, String id, int version, String fingerprint) {
        ObjectNode e = json.createObjectNode().put("format", 1).put("kind", "state-event").put("id", "bank.account/t1/" + id + "@" + version)
                .put("type", "bank.account");
        ObjectNode p = e.putObject("payload");
        ObjectNode ref = p.putObject("ref");
        ref.putObject("type").put("context", "bank").put("name", "account");
        ref.put("tenantId", "t1").put("id", id);
        p.put("version", version).put("commandId", "c-" + version).put("requestId", "r-" + version)
                .put("commandType", "bank.account.Deposit").put("commitTime", System.currentTimeMillis());
        p.putArray("events").addObject().put("name", "bank.account.Deposited").put("revision", 2)
                .putObject("payload").put("amount", (version % 900 + 100) + ".00").put("reference", "inv-" + version);
        ObjectNode state = p.putObject("state").put("version", version).put("schemaFingerprint", fingerprint);
        state.putObject("state").put("owner", "Owner " + id).put("balance", version * 100).put("lastMovementAt", "2026-12-03T08:00:00Z");
        p.putObject("scope").put("ownerId", "u-1").putNull("spaceId");
        p.put("deleted", false).putNull("access").putNull("accessVersion").putNull("causation");
        p.putObject("headers").put("app_id", "teller-app");
        p.putObject("operator").put("id", "u-1").put("tenantId", "t1").put("crossScope", false);
        e.putNull("transport");
        return e;
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        server.close();
        store.close();
        cluster.close();
    }

    /** One watcher in a group of its own, from the earliest offset, until the registry counted every record. */
    @Benchmark
    public long watch() throws Exception {
        return watch(true);
    }

    /** The same watcher without profiling the values ({@code --no-profiles}): what the drift findings cost beside the records' checks. */
    @Benchmark
    public long watchNoProfiles() throws Exception {
        return watch(false);
    }

    private long watch(boolean profile) throws Exception {
        String base = "http://127.0.0.1:" + server.port();
        RegistryClient client = new RegistryClient(base, Optional.empty(), Duration.ofSeconds(30));
        WindowJudge judge = new WindowJudge(new RegistryReleases(client), ENVIRONMENT, 1 << 20, 1_000_000, profile);
        Watcher.Options options = new Watcher.Options(cluster.bootstrapServers(), new Properties(), null, List.of(Pattern.compile(Pattern.quote(TOPIC))),
                From.EARLIEST, Duration.ofMillis(250), ENVIRONMENT, "bench-watch-" + groups.incrementAndGet(), "bench", Duration.ofSeconds(30),
                100_000, 64L << 20);
        List<String> lines = new ArrayList<>();
        Watcher watcher = new Watcher(options, client, judge, line -> {
            synchronized (lines) {
                lines.add(line);
            }
        });
        watcher.check();
        Thread running = new Thread(() -> {
            try {
                watcher.run();
            } catch (Exception e) {
                synchronized (lines) {
                    lines.add("failed: " + e.getMessage());
                }
            }
        }, "bench-watcher");
        long t0 = System.nanoTime();
        running.start();
        long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        long first = -1;
        while (watcher.recordsPosted() < records && running.isAlive() && System.nanoTime() < until) {
            if (first < 0 && watcher.recordsPosted() > 0) first = System.nanoTime();
            Thread.sleep(5);
        }
        long all = System.nanoTime();
        watcher.stop();
        running.join();
        if (Boolean.getBoolean("watch.timing")) {
            System.out.printf("%nfirst window %.2f s, all posted %.2f s, stopped %.2f s%n", (first - t0) / 1e9, (all - t0) / 1e9, (System.nanoTime() - t0) / 1e9);
            synchronized (lines) {
                lines.forEach(System.out::println);
            }
        }
        if (watcher.recordsPosted() != records) throw new IllegalStateException("the watcher posted " + watcher.recordsPosted() + " records: " + lines);
        return watcher.recordsPosted();
    }

    /** A consumer in a group of its own that reads every record and parses its value with Jackson: what any watcher must at least do. */
    @Benchmark
    public long floor() throws Exception {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "bench-floor-" + groups.incrementAndGet());
        p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        ObjectMapper json = new ObjectMapper();
        long members = 0;
        long read = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
            consumer.subscribe(Pattern.compile(Pattern.quote(TOPIC)));
            while (read < records) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    JsonNode tree = json.readTree(r.value());
                    members += tree.size();
                    read++;
                }
            }
        }
        return members;
    }
}
