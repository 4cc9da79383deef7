package dev.wowcompat.testing;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Kafka's own in-JVM KRaft cluster (one combined broker and controller), started once before a test class's
 * {@code @BeforeAll} methods and closed after its {@code @AfterAll} methods, with an admin client and a producer of
 * raw bytes that it closes too. Register it on a static field:
 * {@code @RegisterExtension static final KafkaCluster kafka = new KafkaCluster();}
 */
public final class KafkaCluster implements BeforeAllCallback, AfterAllCallback {
    private KafkaClusterTestKit cluster;
    private Admin admin;
    private KafkaProducer<byte[], byte[]> producer;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        // One broker: the group coordinator's and transactions' internal topics must have one replica, or no group can form.
        cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder().setCombined(true).setNumBrokerNodes(1)
                .setNumControllerNodes(1).build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "4")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        admin = cluster.admin();
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        producer = new KafkaProducer<>(p);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (producer != null) producer.close();
        if (admin != null) admin.close();
        if (cluster != null) cluster.close();
    }

    /** The {@code host:port} list a client connects to. */
    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** An admin client of the cluster, closed with it. */
    public Admin admin() {
        return admin;
    }

    /** A producer of raw keys and values, closed with the cluster. */
    public KafkaProducer<byte[], byte[]> producer() {
        return producer;
    }

    /**
     * Creates the topics and returns once every partition has a leader that serves it. The broker's metadata names a
     * leader a moment before the leader has made the partition, so a first produce (or a first offset lookup) can
     * still meet "unknown topic or partition": the wait ends only when the leader answers an offset lookup of every
     * partition, at most 60 s, then fails naming the topics.
     */
    public void createTopics(NewTopic... topics) throws Exception {
        admin.createTopics(List.of(topics)).all().get(60, TimeUnit.SECONDS);
        List<String> names = Arrays.stream(topics).map(NewTopic::name).toList();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try {
                if (servedByLeaders(names)) return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof RetriableException)) throw e;
                last = e;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("no leader serves every partition of " + names + " within 60 s", last);
    }

    /** Whether every partition of the topics has a leader, and each leader answers an offset lookup of it. */
    private boolean servedByLeaders(List<String> names) throws Exception {
        Map<String, TopicDescription> described = admin.describeTopics(names).allTopicNames().get(60, TimeUnit.SECONDS);
        Map<TopicPartition, OffsetSpec> partitions = new HashMap<>();
        for (TopicDescription d : described.values()) {
            for (TopicPartitionInfo p : d.partitions()) {
                if (p.leader() == null || p.leader().isEmpty()) return false;
                partitions.put(new TopicPartition(d.name(), p.partition()), OffsetSpec.latest());
            }
        }
        admin.listOffsets(partitions).all().get(60, TimeUnit.SECONDS);
        return true;
    }
}
