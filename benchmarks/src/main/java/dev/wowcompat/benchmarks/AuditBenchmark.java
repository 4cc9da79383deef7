package dev.wowcompat.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.audit.Audit;
import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.KafkaInput;
import dev.wowcompat.audit.ManifestFileReleases;
import dev.wowcompat.audit.PayloadObserver;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
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
 * The audit of a topic of valid state events on a local broker (Kafka's in-JVM KRaft cluster, started once per
 * fork) against its floor: a consumer that only assigns the same partitions, reads every record and parses its
 * value with Jackson. Both read the same records in the same run, so the ratio cancels the machine's speed and load
 * (docs/performance.md, "The audit"). The events belong to {@code aggregates} accounts, each at increasing versions,
 * as a real state topic: the version check's memory stays at that many entries.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AuditBenchmark {
    private static final String TOPIC = "wow.bank.account.state";

    @Param("1000000")
    public int records;

    @Param("10000")
    public int aggregates;

    private KafkaClusterTestKit cluster;
    private List<Manifest> releases;

    @Setup(Level.Trial)
    public void start() throws Exception {
        cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder().setCombined(true).setNumBrokerNodes(1)
                .setNumControllerNodes(1).build()).build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        try (Admin admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 4, (short) 1))).all().get(60, TimeUnit.SECONDS);
        }
        ManifestReader reader = new ManifestReader();
        releases = new ArrayList<>();
        for (String v : List.of("1.0.0", "1.1.0", "1.2.0")) releases.add(reader.read(Path.of("schemas/examples/bank/" + v + ".json")));
        String fingerprint = releases.get(2).aggregate("bank.account").orElseThrow().state().orElseThrow().schema().fingerprint();
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.LINGER_MS_CONFIG, "20");
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(512 * 1024));
        ObjectMapper json = new ObjectMapper();
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
                // Keyed by the reference, so each aggregate's events stay in one partition, in order.
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

    private static ObjectNode stateEvent(ObjectMapper json, String id, int version, String fingerprint) {
        ObjectNode e = json.createObjectNode().put("format", 1).put("kind", "state-event").put("id", "bank.account/t1/" + id + "@" + version)
                .put("type", "bank.account");
        ObjectNode p = e.putObject("payload");
        ObjectNode ref = p.putObject("ref");
        ref.putObject("type").put("context", "bank").put("name", "account");
        ref.put("tenantId", "t1").put("id", id);
        p.put("version", version).put("commandId", "c-" + version).put("requestId", "r-" + version)
                .put("commandType", "bank.account.Deposit").put("commitTime", 1_760_950_800_000L + version);
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
        cluster.close();
    }

    @Benchmark
    public AuditReport audit() throws Exception {
        return audit(false);
    }

    /** The same audit profiling every value: what the drift findings cost beside the records' checks (docs/performance.md, "With the values profiled"). */
    @Benchmark
    public AuditReport auditProfiling() throws Exception {
        return audit(true);
    }

    private AuditReport audit(boolean profile) throws Exception {
        KafkaInput input = new KafkaInput(new KafkaInput.Options(cluster.bootstrapServers(), new Properties(), List.of(Pattern.compile(Pattern.quote(TOPIC))),
                From.EARLIEST, false, Duration.ofSeconds(60), null));
        try (input) {
            AuditReport report = new Audit(input, new ManifestFileReleases(releases), new Audit.Settings(1 << 20, 1_000_000, 0, null, List.of(), profile))
                    .run(PayloadObserver.NONE, Audit.Progress.NONE);
            if (report.messages() != records || !report.findings().isEmpty()) {
                throw new IllegalStateException("the audit read " + report.messages() + " records with findings " + report.findings());
            }
            return report;
        }
    }

    /** Assign, read to the end offsets taken at start, parse each value with Jackson: what any audit must at least do. */
    @Benchmark
    public long floor() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        ObjectMapper json = new ObjectMapper();
        long members = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo info : consumer.partitionsFor(TOPIC)) partitions.add(new TopicPartition(TOPIC, info.partition()));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = new HashMap<>(consumer.endOffsets(partitions));
            long read = 0;
            while (!end.isEmpty()) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    JsonNode tree = json.readTree(r.value());
                    members += tree.size();
                    read++;
                }
                end.entrySet().removeIf(e -> consumer.position(e.getKey()) >= e.getValue());
            }
            if (read != records) throw new IllegalStateException("the floor read " + read + " records");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        return members;
    }
}
