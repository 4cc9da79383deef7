package dev.wowcompat.audit;

import dev.wowcompat.window.WireWindow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Where a watch's window starts in each partition it owns, and the seeks that put it there (docs/watch.md, "Why
 * each record is counted once"): a window's range starts where the consumer was sought (the registry's position,
 * where the window before started, or {@code --from} where the registry holds none) or where the previous accepted
 * window ended, and ends at the consumer's position. A partition read again from elsewhere has its versions forgotten
 * by the judge. Confined to the watcher's thread, which owns the consumer; the judge is touched only while it is idle.
 */
final class WindowPositions {
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final WindowJudge judge;
    private final From from;
    private final Duration timeout;
    /** Where the current window starts in each owned partition that has a position. */
    private final Map<TopicPartition, Long> windowFrom = new HashMap<>();
    /** The registry's position of each owned partition, as last read or accepted: what Kafka's offsets follow. */
    private final Map<TopicPartition, Long> registered = new HashMap<>();

    WindowPositions(KafkaConsumer<byte[], byte[]> consumer, WindowJudge judge, From from, Duration timeout) {
        this.consumer = consumer;
        this.judge = judge;
        this.from = from;
        this.timeout = timeout;
    }

    /** Seeks the partition to the offset, where its window now starts; the versions seen there are forgotten. */
    void seek(TopicPartition tp, long offset) {
        consumer.seek(tp, offset);
        windowFrom.put(tp, offset);
        judge.forget(tp.topic(), tp.partition());
    }

    /** Seeks partitions the registry has no position for to {@code --from}, and takes the offset that gives. */
    void seekFrom(Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) return;
        from.seek(consumer, partitions, timeout);
        for (TopicPartition tp : partitions) seek(tp, consumer.position(tp, timeout));
    }

    /**
     * Seeks newly assigned partitions to the registry's positions, or to {@code --from} where it holds none.
     *
     * @return the partitions sought to {@code --from}
     */
    List<TopicPartition> assigned(Collection<TopicPartition> partitions, Map<TopicPartition, Long> stored) {
        List<TopicPartition> none = new ArrayList<>();
        for (TopicPartition tp : partitions) {
            if (stored.containsKey(tp)) seek(tp, stored.get(tp));
            else none.add(tp);
            registered(tp, stored);
        }
        seekFrom(none);
        return none;
    }

    /**
     * Seeks every owned partition again: to the registry's position, else to where its window started, else (never
     * read) to {@code --from}; {@code --from} is never applied twice to a partition ({@code latest} read twice would
     * skip what came between).
     */
    void reseek(Collection<TopicPartition> owned, Map<TopicPartition, Long> stored) {
        List<TopicPartition> none = new ArrayList<>();
        for (TopicPartition tp : owned) {
            Long at = stored.containsKey(tp) ? stored.get(tp) : windowFrom.get(tp);
            if (at == null) none.add(tp);
            else seek(tp, at);
            registered(tp, stored);
        }
        seekFrom(none);
    }

    private void registered(TopicPartition tp, Map<TopicPartition, Long> stored) {
        if (stored.containsKey(tp)) registered.put(tp, stored.get(tp));
        else registered.remove(tp);
    }

    /** Each owned partition's range since the window started, where the consumer has moved on, by topic and partition. */
    List<WireWindow.Range> ranges() {
        List<WireWindow.Range> out = new ArrayList<>();
        for (Map.Entry<TopicPartition, Long> e : windowFrom.entrySet()) {
            long to = consumer.position(e.getKey(), timeout);
            if (to > e.getValue()) out.add(new WireWindow.Range(e.getKey().topic(), e.getKey().partition(), e.getValue(), to));
        }
        out.sort(Comparator.comparing(WireWindow.Range::topic).thenComparingInt(WireWindow.Range::partition));
        return out;
    }

    /**
     * The registry counted the window: the next window of each of its partitions starts at its range's end.
     *
     * @return the offsets to commit to Kafka (for the lag tools)
     */
    Map<TopicPartition, OffsetAndMetadata> accepted(List<WireWindow.Range> ranges) {
        Map<TopicPartition, OffsetAndMetadata> commit = new LinkedHashMap<>();
        for (WireWindow.Range r : ranges) {
            TopicPartition tp = new TopicPartition(r.topic(), r.partition());
            if (windowFrom.containsKey(tp)) windowFrom.put(tp, Math.max(windowFrom.get(tp), r.to()));
            registered.put(tp, r.to());
            commit.put(tp, new OffsetAndMetadata(r.to()));
        }
        return commit;
    }

    /**
     * The registry's position of each of the partitions that it holds one for, as this watcher last read or posted it:
     * the offsets to commit to Kafka when they are given up, their last window posted.
     */
    Map<TopicPartition, OffsetAndMetadata> registered(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> out = new LinkedHashMap<>();
        for (TopicPartition tp : partitions) if (registered.containsKey(tp)) out.put(tp, new OffsetAndMetadata(registered.get(tp)));
        return out;
    }

    /** The partitions are no longer this watcher's. */
    void remove(Collection<TopicPartition> partitions) {
        for (TopicPartition tp : partitions) {
            windowFrom.remove(tp);
            registered.remove(tp);
        }
    }

    /** The watch ends: no partition is owned any more. */
    void clear() {
        windowFrom.clear();
        registered.clear();
    }

    /** "wow.bank.account.state 0@120, 1@0": the partitions and where each window starts. */
    String describe(Collection<TopicPartition> partitions) {
        Map<String, List<String>> byTopic = new TreeMap<>();
        partitions.stream().sorted(Comparator.comparingInt(TopicPartition::partition)).forEach(tp -> byTopic
                .computeIfAbsent(tp.topic(), k -> new ArrayList<>()).add(tp.partition() + (windowFrom.containsKey(tp) ? "@" + windowFrom.get(tp) : "")));
        List<String> out = new ArrayList<>();
        byTopic.forEach((t, ps) -> out.add(t + " " + String.join(", ", ps)));
        return String.join("; ", out);
    }
}
