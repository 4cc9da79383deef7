package dev.wowcompat.audit;

import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;

/**
 * The group's committed offsets in Kafka, made to follow the registry's positions (docs/watch.md, "Kafka's committed
 * offsets"): they are never read back, but the lag tools read them. After each accepted window its partitions' ends
 * are committed, and a failure is left to the next window; when partitions are given up (revoked, or the watch
 * stops), their last window posted, the registry's position of each is committed synchronously, so that the lag
 * tools show no lag the registry does not have. Confined to the watcher's thread, which owns the consumer.
 */
final class GroupOffsets {
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final String group;
    private final Duration timeout;
    private final Consumer<String> log;

    GroupOffsets(KafkaConsumer<byte[], byte[]> consumer, String group, Duration timeout, Consumer<String> log) {
        this.consumer = consumer;
        this.group = group;
        this.timeout = timeout;
        this.log = log;
    }

    /**
     * Commits the offsets, synchronously.
     *
     * @param last the partitions are given up, so no later window of this watcher commits them again: a failure is told
     */
    void commit(Map<TopicPartition, OffsetAndMetadata> offsets, boolean last) {
        if (offsets.isEmpty()) return;
        try {
            consumer.commitSync(offsets, timeout);
        } catch (KafkaException e) {
            // The registry holds the positions; Kafka's committed offsets only show the lag.
            if (last) {
                log.accept("Kafka did not take the committed offsets of group " + group + " (" + e.getClass().getSimpleName()
                        + "): the lag tools show lag the registry does not have until the group's next window");
            }
        }
    }
}
