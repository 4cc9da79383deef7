package dev.wowcompat.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * The topic the audit's and the watch's benchmarks read (docs/performance.md, "The watch" and "The audit"): a local
 * broker (Kafka's in-JVM KRaft cluster, one combined node) with {@value #TOPIC} of {@value #PARTITIONS} partitions,
 * holding valid format-1 state events of the bank example's accounts, each account at increasing versions, keyed by
 * its reference so that its events stay in one partition, in order (the version check's memory stays at that many
 * entries, as on a real state topic). Every value carries the state schema of the bank's newest release, 1.2.0.
 * Read from the repository's root ({@code schemas/examples/bank}).
 */
final class BankStateTopic implements AutoCloseable {
    static final String TOPIC = "wow.bank.account.state";
    static final int PARTITIONS = 4;
    /** The bank's releases, oldest first: the audit judges against them, the watch's registry holds them. */
    static final List<String> VERSIONS = List.of("1.0.0", "1.1.0", "1.2.0");

    private final KafkaClusterTestKit cluster;
    private final List<Manifest> releases;

    private BankStateTopic(KafkaClusterTestKit cluster, List<Manifest> releases) {
        this.cluster = cluster;
        this.releases = releases;
    }

    /** Starts the broker and writes {@code records} state events of {@code aggregates} accounts, round robin. */
    static BankStateTopic start(int records, int aggregates) throws Exception {
        // Consumer groups (the watch's) need the offsets topic on the one broker, and no wait before the first join.
        KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder().setCombined(true).setNumBrokerNodes(1)
                .setNumControllerNodes(1).build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        try (Admin admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic(TOPIC, PARTITIONS, (short) 1))).all().get(60, TimeUnit.SECONDS);
        }
        ManifestReader reader = new ManifestReader();
        List<Manifest> releases = new ArrayList<>();
        for (String v : VERSIONS) releases.add(reader.read(manifest(v)));
        BankStateTopic topic = new BankStateTopic(cluster, List.copyOf(releases));
        topic.produce(records, aggregates);
        return topic;
    }

    /** A bank release's Manifest in the repository. */
    static Path manifest(String version) {
        return Path.of("schemas/examples/bank/" + version + ".json");
    }

    private void produce(int records, int aggregates) throws Exception {
        String fingerprint = releases.get(releases.size() - 1).aggregate("bank.account").orElseThrow().state().orElseThrow().schema().fingerprint();
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

    /**
     * One state event of an account after a deposit. Its commit time is fixed by the version, so every run writes the
     * same bytes; the record's own timestamp (the producer's clock) is what a watch attributes it to a release by.
     */
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

    String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** The bank's releases, oldest first. */
    List<Manifest> releases() {
        return releases;
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
