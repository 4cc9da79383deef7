package dev.wowcompat.audit;

import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The Kafka side of a watch before it reads (docs/watch.md): the consumer a {@link Watcher} is, configured as a
 * member of the environment's group whose positions come from the registry, and what a broker that does not answer
 * or refuses it is told in our words.
 */
public final class WatchConsumer {
    /** The client properties the watch sets whatever {@code --kafka-config} says; a file that sets one is told so. */
    public static final List<String> OVERRIDDEN = List.of(ConsumerConfig.GROUP_ID_CONFIG, ConsumerConfig.GROUP_INSTANCE_ID_CONFIG,
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG);

    private WatchConsumer() {
    }

    /** @throws AuditException when the client properties are not a configuration the Kafka client takes */
    static KafkaConsumer<byte[], byte[]> create(Watcher.Options options) throws AuditException {
        Properties p = new Properties();
        p.putAll(options.clientProperties());
        if (options.bootstrapServers() != null) p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, options.bootstrapServers());
        if (!p.containsKey(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG)) {
            throw new AuditException("give --bootstrap-servers, or bootstrap.servers in --kafka-config");
        }
        // The group and how it is shared are the watch's: positions come from the registry, so nothing commits on its own.
        p.put(ConsumerConfig.GROUP_ID_CONFIG, options.group());
        p.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "wow-compat-watch");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.putIfAbsent(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(options.timeout().toMillis()));
        p.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        if (options.configFile() != null) Wording.checkClientProperties(p, options.configFile());
        try {
            return new KafkaConsumer<>(p);
        } catch (KafkaException e) {
            throw new AuditException(Wording.clientNotMade(e, servers(options), options.configFile()));
        }
    }

    /** @throws AuditException when the broker does not answer within the timeout, or refuses the client */
    static void check(KafkaConsumer<byte[], byte[]> consumer, Watcher.Options options) throws AuditException {
        try {
            consumer.listTopics(options.timeout());
        } catch (TimeoutException e) {
            throw new AuditException("Kafka at " + servers(options) + " did not answer within " + options.timeout().toSeconds()
                    + " s (--timeout); is it running, and are the client properties right?");
        } catch (KafkaException e) {
            throw refused(e, options);
        }
    }

    /** Kafka's refusal of the watch, in our words. */
    static AuditException refused(KafkaException e, Watcher.Options options) {
        return new AuditException(Wording.refused(e, servers(options)).replace("the audit's", "the watch's"));
    }

    private static String servers(Watcher.Options options) {
        Object s = options.bootstrapServers() != null ? options.bootstrapServers()
                : options.clientProperties().get(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG);
        return String.valueOf(s);
    }
}
