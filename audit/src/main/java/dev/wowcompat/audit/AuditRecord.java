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

        /** Whether the value is {@code text} in UTF-8: {@code text().equals(text)}, without decoding. */
        public boolean says(String text) {
            return sameText(value, text);
        }
    }

    /** Whether the key is {@code text} in UTF-8: {@code text.equals(keyText())}, without decoding. */
    public boolean keyIs(String text) {
        return sameText(key, text);
    }

    /**
     * {@code text.equals(new String(bytes, UTF_8))}. Every record is compared with its expected key and headers, so the
     * common case, ASCII text, compares bytes instead of decoding them; other text is decoded as before.
     */
    private static boolean sameText(byte[] bytes, String text) {
        if (bytes == null || text == null) return bytes == null && text == null;
        if (bytes.length != text.length()) return text.equals(new String(bytes, StandardCharsets.UTF_8));
        for (int i = 0; i < bytes.length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) return text.equals(new String(bytes, StandardCharsets.UTF_8));
            if (bytes[i] != c) return false;
        }
        return true;
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
