package dev.wowcompat.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.audit.Audit;
import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.KafkaInput;
import dev.wowcompat.audit.ManifestFileReleases;
import dev.wowcompat.audit.PayloadObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
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
 * The audit of a topic of valid state events on a local broker ({@link BankStateTopic}, started once per fork)
 * against its floor: a consumer that only assigns the same partitions, reads every record and parses its value with
 * Jackson. Both read the same records in the same run, so the ratio cancels the machine's speed and load
 * (docs/performance.md, "The audit"). The events belong to {@code aggregates} accounts, each at increasing versions,
 * as a real state topic: the version check's memory stays at that many entries.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AuditBenchmark {
    @Param("1000000")
    public int records;

    @Param("10000")
    public int aggregates;

    private BankStateTopic topic;

    @Setup(Level.Trial)
    public void start() throws Exception {
        topic = BankStateTopic.start(records, aggregates);
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        topic.close();
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
        KafkaInput input = new KafkaInput(new KafkaInput.Options(topic.bootstrapServers(), new Properties(), List.of(Pattern.compile(Pattern.quote(BankStateTopic.TOPIC))),
                From.EARLIEST, false, Duration.ofSeconds(60), null));
        try (input) {
            AuditReport report = new Audit(input, new ManifestFileReleases(topic.releases()), new Audit.Settings(1 << 20, 1_000_000, 0, null, List.of(), profile))
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
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, topic.bootstrapServers());
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        ObjectMapper json = new ObjectMapper();
        long members = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo info : consumer.partitionsFor(BankStateTopic.TOPIC)) partitions.add(new TopicPartition(BankStateTopic.TOPIC, info.partition()));
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
