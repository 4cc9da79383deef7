package dev.wowcompat.audit;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;

/**
 * Where in each partition the audit starts ({@code --from}): the earliest offset, the latest (only what comes
 * next, with {@code --follow}), the first record at or after an instant, or the first record of the last duration.
 *
 * @param instant the start time for {@link Kind#TIME}, else null
 */
public record From(Kind kind, Instant instant) {
    public enum Kind { EARLIEST, LATEST, TIME }

    public static final From EARLIEST = new From(Kind.EARLIEST, null);
    /**
     * {@code earliest}, {@code latest}, an ISO-8601 instant ({@code 2026-12-01T00:00:00Z}) or a duration back from
     * {@code now} ({@code 24h}, {@code 30m}, {@code 7d}, {@code 90s}, {@code PT1H30M}).
     *
     * @throws IllegalArgumentException with one sentence naming the accepted forms
     */
    public static From parse(String text, Instant now) {
        String t = text == null ? "" : text.trim();
        switch (t.toLowerCase(Locale.ROOT)) {
            case "earliest": return EARLIEST;
            case "latest": return new From(Kind.LATEST, null);
            default: break;
        }
        try {
            return new From(Kind.TIME, now.minus(Durations.positive(t)));
        } catch (IllegalArgumentException notADuration) {
            // then an instant
        }
        try {
            return new From(Kind.TIME, Instant.parse(t));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--from '" + text + "' is none of earliest, latest, an ISO-8601 instant such as "
                    + "2026-12-01T00:00:00Z, or a duration such as 24h, 30m, 7d");
        }
    }

    /** Puts the consumer's position in each partition here; a partition with no record at or after the instant has nothing to read. */
    void seek(Consumer<?, ?> consumer, Collection<TopicPartition> partitions, Duration timeout) {
        if (partitions.isEmpty()) return;
        switch (kind) {
            case EARLIEST -> consumer.seekToBeginning(partitions);
            case LATEST -> consumer.seekToEnd(partitions);
            case TIME -> {
                Map<TopicPartition, Long> at = new HashMap<>();
                partitions.forEach(tp -> at.put(tp, instant.toEpochMilli()));
                List<TopicPartition> none = new ArrayList<>();
                consumer.offsetsForTimes(at, timeout).forEach((tp, o) -> {
                    if (o == null) none.add(tp);
                    else consumer.seek(tp, o.offset());
                });
                if (!none.isEmpty()) consumer.seekToEnd(none);
            }
        }
    }
}
