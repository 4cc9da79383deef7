package dev.wowcompat.audit;

import dev.wowcompat.text.Counts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Records from Kafka, leaving no trace on the cluster: the partitions of the chosen topics are assigned, never
 * subscribed, so the consumer joins no group; it commits no offset and writes nothing. It reads from {@code --from}
 * up to the end offsets taken at start, or on and on with {@code --follow} until {@link #stop()}.
 */
public final class KafkaInput implements RecordSource {
    /**
     * @param clientProperties the client properties of {@code --kafka-config} (SASL, SSL, ...), as Kafka's own tools take them
     * @param topics a topic is read when one pattern matches its whole name
     * @param timeout how long the cluster may take to answer before the audit gives up (exit 2)
     * @param caughtUp told once, with {@code follow}, when every partition is read up to the end offsets taken at start
     * @param configFile the file the client properties came from ({@code --kafka-config}), for messages; null when none
     */
    public record Options(String bootstrapServers, Properties clientProperties, List<Pattern> topics, From from, boolean follow,
                          Duration timeout, Runnable caughtUp, String configFile) {
        public Options(String bootstrapServers, Properties clientProperties, List<Pattern> topics, From from, boolean follow,
                       Duration timeout, Runnable caughtUp) {
            this(bootstrapServers, clientProperties, topics, from, follow, timeout, caughtUp, null);
        }
    }

    private static final Duration POLL = Duration.ofMillis(200);

    private final Options options;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Map<String, Integer> partitionCounts = new HashMap<>();
    private volatile boolean stopped;
    private volatile long remaining = -1;
    /** Why nothing was read, when nothing was: no topic matched (with the topics there), or no record from --from on. */
    private String nothingRead = "";

    /**
     * The client properties the audit sets whatever the file says, because it joins no group and commits nothing; a
     * file that sets one of these is told so in one warning line (docs/audit.md, "What it reads").
     */
    public static final List<String> OVERRIDDEN = List.of(ConsumerConfig.GROUP_ID_CONFIG, ConsumerConfig.GROUP_INSTANCE_ID_CONFIG,
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG);

    /** @throws AuditException when the client properties are not a configuration the client takes */
    public KafkaInput(Options options) throws AuditException {
        this.options = options;
        Properties p = new Properties();
        p.putAll(options.clientProperties());
        if (options.bootstrapServers() != null) p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, options.bootstrapServers());
        // No group, no commit, whatever the file says: the audit leaves no trace (docs/decisions.md).
        p.remove(ConsumerConfig.GROUP_ID_CONFIG);
        p.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "wow-compat-audit");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.putIfAbsent(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(options.timeout().toMillis()));
        p.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        if (!p.containsKey(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG)) {
            throw new AuditException("give --bootstrap-servers, or bootstrap.servers in --kafka-config");
        }
        if (options.configFile() != null) Wording.checkClientProperties(p, options.configFile());
        try {
            this.consumer = new KafkaConsumer<>(p);
        } catch (KafkaException e) {
            throw new AuditException(Wording.clientNotMade(e, servers(), options.configFile()));
        }
    }

    @Override
    public void read(Sink sink) throws AuditException {
        Map<TopicPartition, Long> end;
        List<TopicPartition> partitions;
        try {
            partitions = partitions();
            consumer.assign(partitions);
            seek(partitions);
            end = consumer.endOffsets(partitions, options.timeout());
        } catch (TimeoutException e) {
            throw unreachable();
        } catch (WakeupException | InterruptException e) {
            return;
        } catch (KafkaException e) {
            throw new AuditException(Wording.refused(e, servers()));
        }
        if (partitions.isEmpty()) return;
        Map<TopicPartition, Long> open = new HashMap<>();
        long left = 0;
        for (TopicPartition tp : partitions) {
            long position = consumer.position(tp, options.timeout());
            if (options.follow() || position < end.get(tp)) open.put(tp, end.get(tp));
            left += Math.max(0, end.get(tp) - position);
        }
        remaining = left;
        if (left == 0) {
            nothingRead = "the " + Counts.of(partitions.size(), "partition") + " of the topics --topic " + Wording.patterns(options.topics())
                    + " matches at " + servers() + " hold no record" + switch (options.from().kind()) {
                        case EARLIEST -> "";
                        case LATEST -> " written after the audit started (--from latest)";
                        case TIME -> " written at or after " + options.from().instant() + " (--from)";
                    };
        }
        consumer.pause(partitions.stream().filter(tp -> !open.containsKey(tp)).toList());
        Map<TopicPartition, Long> behind = new HashMap<>(end);
        try {
            while (!stopped && !open.isEmpty()) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(POLL)) {
                    TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                    Long last = open.get(tp);
                    if (last == null || (!options.follow() && r.offset() >= last)) continue;
                    sink.accept(record(r));
                    if (stopped) return;
                }
                sink.flush();
                if (options.follow() && !behind.isEmpty()) {
                    behind.entrySet().removeIf(e -> consumer.position(e.getKey(), options.timeout()) >= e.getValue());
                    if (behind.isEmpty() && options.caughtUp() != null) options.caughtUp().run();
                }
                if (!options.follow()) {
                    long lag = 0;
                    for (var it = open.entrySet().iterator(); it.hasNext(); ) {
                        var e = it.next();
                        long position = consumer.position(e.getKey(), options.timeout());
                        if (position >= e.getValue()) {
                            it.remove();
                            consumer.pause(List.of(e.getKey()));
                        } else {
                            lag += e.getValue() - position;
                        }
                    }
                    remaining = lag;
                }
            }
        } catch (WakeupException | InterruptException e) {
            // stop() from another thread (Ctrl-C): the report so far is printed.
        } catch (TimeoutException e) {
            throw unreachable();
        }
    }

    /** The partitions of every topic a pattern matches, with each topic's partition count noted. */
    private List<TopicPartition> partitions() throws AuditException {
        Map<String, List<PartitionInfo>> topics = new TreeMap<>(consumer.listTopics(options.timeout()));
        List<TopicPartition> out = new ArrayList<>();
        for (Map.Entry<String, List<PartitionInfo>> t : topics.entrySet()) {
            if (options.topics().stream().noneMatch(p -> p.matcher(t.getKey()).matches())) continue;
            partitionCounts.put(t.getKey(), t.getValue().size());
            for (PartitionInfo p : t.getValue()) out.add(new TopicPartition(p.topic(), p.partition()));
        }
        if (out.isEmpty()) {
            nothingRead = "no topic of the " + Counts.number(topics.size()) + " at " + servers()
                    + " matches --topic " + Wording.patterns(options.topics()) + "; the topics there: " + Wording.list(topics.keySet());
        }
        return out;
    }

    private void seek(List<TopicPartition> partitions) {
        options.from().seek(consumer, partitions, options.timeout());
    }

    /** The topics read and their partition counts, once {@link #read} has begun. */
    public Map<String, Integer> partitionCounts() {
        return Map.copyOf(partitionCounts);
    }

    private AuditRecord record(ConsumerRecord<byte[], byte[]> r) {
        List<AuditRecord.Header> headers = new ArrayList<>(2);
        for (Header h : r.headers()) headers.add(new AuditRecord.Header(h.key(), h.value()));
        return new AuditRecord(r.topic(), r.partition(), r.offset(), r.timestamp(), headers, r.key(), r.value(),
                partitionCounts.getOrDefault(r.topic(), 0));
    }

    private String servers() {
        Object s = options.bootstrapServers() != null ? options.bootstrapServers()
                : options.clientProperties().get(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG);
        return String.valueOf(s);
    }

    private AuditException unreachable() {
        return new AuditException("Kafka at " + servers() + " did not answer within " + options.timeout().toSeconds()
                + " s (--timeout); is it running, and are the client properties right?");
    }

    @Override
    public void stop() {
        stopped = true;
        consumer.wakeup();
    }

    @Override
    public long remaining() {
        return remaining;
    }

    /** The lag: records between the position and the end offsets taken at start, over every partition read. */
    @Override
    public String progress() {
        long left = remaining;
        return left < 0 || options.follow() ? "" : "lag " + Counts.of(left, "record");
    }

    @Override
    public String nothingRead() {
        return nothingRead;
    }

    @Override
    public void close() {
        consumer.close(org.apache.kafka.clients.consumer.CloseOptions.timeout(Duration.ofSeconds(5)));
    }
}
