package dev.wowcompat.audit;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One record as a topic holds it, whichever source read it (Kafka, or a kcat -J line): what the judge sees. The
 * byte arrays are the source's own, handed over once and never written to, so they are not copied (a copy per
 * record would double what the audit allocates).
 *
 * @param partitions the topic's partition count, or 0 when the source cannot know it (kcat lines without
 *        {@code --partitions}); the partition check of commands needs it
 * @param timestamp epoch milliseconds, or -1 when the record has none
 * @param key null for a record without key
 * @param value null for a tombstone
 */
public record AuditRecord(String topic, int partition, long offset, long timestamp, List<Header> headers, byte[] key,
                          byte[] value, int partitions) {

    public AuditRecord {
        headers = List.copyOf(headers);
    }

    /** A record header; {@code value} is null when the header has none. */
    public record Header(String key, byte[] value) {
        public String text() {
            return value == null ? null : new String(value, StandardCharsets.UTF_8);
        }
    }

    /** The key as text (UTF-8), or null. */
    public String keyText() {
        return key == null ? null : new String(key, StandardCharsets.UTF_8);
    }

    /** Where a report names it: {@code topic/partition@offset}. */
    public String place() {
        return topic + "/" + partition + "@" + offset;
    }
}
