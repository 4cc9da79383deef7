package dev.wowcompat.audit;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The last version seen of each aggregate in each partition, to find a version that goes down or repeats with
 * other content. Bounded: at most {@code capacity} aggregates are remembered, the least recently seen forgotten
 * first (an aggregate forgotten and seen again starts afresh, so an eviction can hide a regression, never invent
 * one); {@link #evicted()} counts them for the report.
 */
final class VersionWatch {
    /** The default bound: about 100 bytes an entry, some 100 MB at most. */
    static final int DEFAULT_CAPACITY = 1_000_000;

    /** What the watch says of one commit. */
    enum Seen { FIRST_OR_NEXT, WENT_DOWN, REPEATED_OTHER_CONTENT }

    /** An aggregate within one partition: each partition is ordered on its own. */
    record Key(String topic, int partition, String aggregate) {}

    private static final class Last {
        long version;
        long content;

        Last(long version, long content) {
            this.version = version;
            this.content = content;
        }
    }

    private final int capacity;
    private long evicted;
    private final LinkedHashMap<Key, Last> last;

    VersionWatch(int capacity) {
        this.capacity = capacity;
        this.last = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Last> eldest) {
                if (size() > VersionWatch.this.capacity) {
                    evicted++;
                    return true;
                }
                return false;
            }
        };
    }

    /** Last version seen before this one, or -1; valid right after {@link #see}. */
    private long previous = -1;

    /**
     * @param aggregate the aggregate in its partition
     * @param content a hash of the commit's content (its events)
     */
    Seen see(Key aggregate, long version, long content) {
        Last l = last.get(aggregate);
        if (l == null) {
            previous = -1;
            last.put(aggregate, new Last(version, content));
            return Seen.FIRST_OR_NEXT;
        }
        previous = l.version;
        if (version < l.version) return Seen.WENT_DOWN;
        if (version == l.version) return l.content == content ? Seen.FIRST_OR_NEXT : Seen.REPEATED_OTHER_CONTENT;
        l.version = version;
        l.content = content;
        return Seen.FIRST_OR_NEXT;
    }

    long previous() {
        return previous;
    }

    long evicted() {
        return evicted;
    }

    int capacity() {
        return capacity;
    }

    /** Forgets every aggregate of one partition (its records are read again from another offset). */
    void forget(String topic, int partition) {
        last.keySet().removeIf(k -> k.partition() == partition && k.topic().equals(topic));
    }
}
