package dev.wowcompat.audit;

import dev.wowcompat.text.Counts;
import dev.wowcompat.text.Sizes;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * Records as {@code kcat -C -J} prints them, one JSON object a line: {@code {"topic", "partition", "offset",
 * "tstype", "ts", "broker", "headers": [k, v, ...], "key", "payload"}} (key and payload are text or null). For a
 * team that can export records but cannot reach the cluster from CI. A line that is not such an object is bad
 * input: the audit stops and names the line.
 */
public final class KcatInput implements RecordSource {
    private final ByteLines lines;
    private final String name;
    private final int partitions;
    private final List<Pattern> topics;
    private final From from;
    /** Bytes of the input read so far, and its size (-1: a pipe, whose size is not known). */
    private final AtomicLong bytesRead;
    private final long size;
    private final ObjectMapper mapper = new ObjectMapper();
    private volatile boolean stopped;
    /** What was read, for the reason an audit that judged nothing gives (docs/audit.md, "Nothing read is an error"). */
    private long records;
    private long onTopics;
    private long newestOnTopics = -1;
    private final Set<String> otherTopics = new TreeSet<>();
    /** Distinct topics kept for that reason, whatever the input holds. */
    private static final int MAX_TOPICS_NAMED = 1000;
    /**
     * The longest line read (docs/decisions.md, "kcat lines are read as bytes"): below Jackson's longest string (20
     * million characters), which a longer payload would pass as "not JSON", and within a small heap, as reading a line
     * takes a few times its size.
     */
    static final int MAX_LINE_BYTES = (int) Math.min(16L << 20, Runtime.getRuntime().maxMemory() / 8);

    /**
     * @param lines kcat lines in UTF-8
     * @param name how messages name the input ({@code the standard input}, a file name)
     * @param partitions the partition count of every topic ({@code --partitions}), or 0 when not known
     * @param topics the records read are those of the topics whose whole name matches one of these ({@code --topic}),
     *               as from Kafka, so that one export of many topics can be audited a topic at a time
     */
    public KcatInput(InputStream lines, String name, int partitions, List<Pattern> topics) {
        this(new ByteLines(lines, MAX_LINE_BYTES), name, partitions, topics, From.EARLIEST, null, -1);
    }

    private KcatInput(ByteLines lines, String name, int partitions, List<Pattern> topics, From from, AtomicLong bytesRead, long size) {
        if (from.kind() == From.Kind.LATEST) {
            throw new IllegalArgumentException("--from latest reads what is written after the start; lines read from " + name + " were all written before");
        }
        this.lines = lines;
        this.name = name;
        this.partitions = partitions;
        this.topics = List.copyOf(topics);
        this.from = from;
        this.bytesRead = bytesRead;
        this.size = size;
    }

    /**
     * kcat lines from a stream (UTF-8; a malformed byte is replaced, and the record's value then fails as JSON),
     * counting the bytes read for the progress line.
     *
     * @param size the stream's length in bytes, or -1 when not known (the standard input)
     * @param from the records read are those written at or after its instant ({@link From.Kind#LATEST} is refused:
     *             a file holds nothing written after the audit starts)
     */
    public static KcatInput of(InputStream in, long size, String name, int partitions, List<Pattern> topics, From from) {
        return of(in, size, name, partitions, topics, from, MAX_LINE_BYTES);
    }

    /** The same, reading lines of at most {@code maxLineBytes}. */
    static KcatInput of(InputStream in, long size, String name, int partitions, List<Pattern> topics, From from, int maxLineBytes) {
        AtomicLong counted = new AtomicLong();
        InputStream counting = new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) counted.incrementAndGet();
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                if (n > 0) counted.addAndGet(n);
                return n;
            }
        };
        return new KcatInput(new ByteLines(counting, maxLineBytes), name, partitions, topics, from, counted, size);
    }

    @Override
    public void read(Sink sink) throws AuditException {
        long number = 0;
        long since = from.kind() == From.Kind.TIME ? from.instant().toEpochMilli() : Long.MIN_VALUE;
        try {
            while (!stopped && lines.next()) {
                number++;
                if (blank(lines.line(), lines.length())) continue;
                AuditRecord record = record(lines.line(), lines.length(), number);
                records++;
                if (selected(record.topic())) {
                    onTopics++;
                    newestOnTopics = Math.max(newestOnTopics, record.timestamp());
                    // A record without a timestamp (ts absent) cannot be placed after --from: it is not read.
                    if (record.timestamp() >= since) sink.accept(record);
                } else if (otherTopics.size() < MAX_TOPICS_NAMED) {
                    otherTopics.add(record.topic());
                }
                // Lines from a pipe (kcat ... | wow-compat audit --input -) are judged as they come, not a batch later.
                if (!lines.ready()) sink.flush();
            }
        } catch (ByteLines.TooLong e) {
            throw new AuditException(name + ": line " + (number + 1) + " is longer than " + Sizes.show(e.maxLength())
                    + ", the longest line read; it was not read");
        } catch (IOException e) {
            throw new AuditException("cannot read " + name + ": " + e.getMessage());
        }
    }

    /** As {@link String#isBlank()} of the line's text. */
    private static boolean blank(byte[] line, int length) {
        for (int i = 0; i < length; i++) {
            if (line[i] < 0) return new String(line, 0, length, StandardCharsets.UTF_8).isBlank();
            if (!Character.isWhitespace(line[i])) return false;
        }
        return true;
    }

    /**
     * Whether Jackson would take these bytes for UTF-16 or UTF-32, which it tells by a zero among the first four. A
     * zero further on is a control character JSON refuses however the bytes are read, so they are not scanned to
     * their end before Jackson reads them. The replay asks it of each record it has read.
     */
    public static boolean takenForUtf16Or32(byte[] bytes, int length) {
        for (int i = 0; i < Math.min(length, 4); i++) {
            if (bytes[i] == 0) return true;
        }
        return false;
    }

    private AuditRecord record(byte[] line, int length, long number) throws AuditException {
        AuditRecord usual = usualRecord(line, length);
        return usual != null ? usual : anyRecord(line, length, number);
    }

    /**
     * A line of the shape kcat prints, read token by token with no tree: the members named, each of the type kcat
     * writes (text or null, whole numbers within their range, headers as text), others skipped. Anything else (another
     * type, malformed JSON, bytes Jackson would not take for UTF-8) answers null, and {@link #anyRecord} reads the line
     * as before, so what a line means and why it is refused do not depend on which of the two read it
     * (docs/decisions.md, "kcat lines are read as bytes").
     */
    private AuditRecord usualRecord(byte[] line, int length) {
        if (length == 0 || (line[0] & 0xFF) >= 0xEF || takenForUtf16Or32(line, length)) {
            return null;
        }
        String topic = null;
        long partition = -1;
        long offset = -1;
        long timestamp = -1;
        boolean hasPartition = false;
        boolean hasOffset = false;
        List<String> headerTexts = List.of();
        String key = null;
        String payload = null;
        try (JsonParser parser = mapper.createParser(line, 0, length)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            for (JsonToken field = parser.nextToken(); field != JsonToken.END_OBJECT; field = parser.nextToken()) {
                if (field != JsonToken.FIELD_NAME) return null;
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (name) {
                    case "topic" -> {
                        if (value != JsonToken.VALUE_STRING) return null;
                        topic = parser.getText();
                    }
                    case "partition", "offset", "ts" -> {
                        if (value != JsonToken.VALUE_NUMBER_INT) return null;
                        JsonParser.NumberType type = parser.getNumberType();
                        if (type == JsonParser.NumberType.BIG_INTEGER || name.equals("partition") && type != JsonParser.NumberType.INT) {
                            return null;
                        }
                        long number = parser.getLongValue();
                        switch (name) {
                            case "partition" -> { partition = number; hasPartition = true; }
                            case "offset" -> { offset = number; hasOffset = true; }
                            default -> timestamp = number;
                        }
                    }
                    case "headers" -> {
                        if (value != JsonToken.START_ARRAY) return null;
                        headerTexts = new ArrayList<>();
                        for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken()) {
                            if (item == JsonToken.VALUE_STRING) headerTexts.add(parser.getText());
                            else if (item == JsonToken.VALUE_NULL && headerTexts.size() % 2 == 1) headerTexts.add(null);
                            else return null;
                        }
                    }
                    case "key", "payload" -> {
                        if (value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NULL) return null;
                        String text = value == JsonToken.VALUE_NULL ? null : parser.getText();
                        if (name.equals("key")) key = text;
                        else payload = text;
                    }
                    default -> parser.skipChildren();
                }
            }
        } catch (IOException e) {
            return null;
        }
        if (topic == null || !hasPartition || !hasOffset) {
            return null;
        }
        List<AuditRecord.Header> headers = new ArrayList<>();
        for (int i = 0; i + 1 < headerTexts.size(); i += 2) {
            String value = headerTexts.get(i + 1);
            headers.add(new AuditRecord.Header(headerTexts.get(i), value == null ? null : value.getBytes(StandardCharsets.UTF_8)));
        }
        return new AuditRecord(topic, (int) partition, offset, timestamp, headers,
                key == null ? null : key.getBytes(StandardCharsets.UTF_8),
                payload == null ? null : payload.getBytes(StandardCharsets.UTF_8), partitions);
    }

    /** Any line, read as a tree: what {@link #usualRecord} leaves, and the reason a line is no record. */
    private AuditRecord anyRecord(byte[] line, int length, long number) throws AuditException {
        JsonNode r = null;
        // Jackson takes bytes with a zero or a byte order mark for UTF-16 or UTF-32; the export is read as UTF-8.
        if (length > 0 && (line[0] & 0xFF) < 0xEF && !takenForUtf16Or32(line, length)) {
            try {
                r = mapper.readTree(line, 0, length);
            } catch (IOException e) {
                // Read again as text below: malformed UTF-8 is then replaced, as a decoder reading the export would.
            }
        }
        if (r == null) {
            try {
                r = mapper.readTree(new String(line, 0, length, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw notARecord(number, "it is not JSON");
            }
        }
        if (r == null || !r.isObject() || !r.path("topic").isTextual() || !r.path("partition").canConvertToInt()
                || !r.path("offset").canConvertToLong()) {
            throw notARecord(number, "it lacks topic, partition or offset");
        }
        List<AuditRecord.Header> headers = new ArrayList<>();
        JsonNode h = r.path("headers");
        for (int i = 0; i + 1 < h.size(); i += 2) {
            headers.add(new AuditRecord.Header(h.get(i).asText(), h.get(i + 1).isNull() ? null : h.get(i + 1).asText().getBytes(StandardCharsets.UTF_8)));
        }
        return new AuditRecord(r.get("topic").asText(), r.get("partition").asInt(), r.get("offset").asLong(),
                r.path("ts").canConvertToLong() ? r.get("ts").asLong() : -1, headers, bytes(r.get("key")), bytes(r.get("payload")), partitions);
    }

    private boolean selected(String topic) {
        for (Pattern p : topics) if (p.matcher(topic).matches()) return true;
        return false;
    }

    private static byte[] bytes(JsonNode text) {
        return text == null || text.isNull() ? null : text.asText().getBytes(StandardCharsets.UTF_8);
    }

    private AuditException notARecord(long number, String why) {
        return new AuditException(name + ": line " + number + " is not a record as kcat -C -J prints it ({\"topic\", \"partition\", "
                + "\"offset\", \"ts\", \"headers\", \"key\", \"payload\"}): " + why);
    }

    @Override
    public void stop() {
        stopped = true;
    }

    /** Whether {@code --partitions} gave the topics' partition count, which kcat does not print. */
    boolean knowsPartitionCount() {
        return partitions > 0;
    }

    @Override
    public String progress() {
        if (bytesRead == null) return "";
        long read = bytesRead.get();
        if (size <= 0) return Counts.of(read, "byte") + " read";
        return Math.min(100, read * 100 / size) + "% of " + Counts.of(size, "byte");
    }

    @Override
    public String nothingRead() {
        if (records == 0) return name + " holds no record" + (size == 0 ? " (it is empty)" : "");
        if (onTopics == 0) {
            return "none of the " + Counts.of(records, "record") + " of " + name + " is on a topic --topic " + Wording.patterns(topics)
                    + " matches; its topics: " + Wording.list(otherTopics);
        }
        return "none of the " + Counts.of(onTopics, "record") + " on the chosen topics of " + name + " was written at or after "
                + from.instant() + " (--from)" + (newestOnTopics < 0 ? "" : "; the newest was written at " + Instant.ofEpochMilli(newestOnTopics));
    }

    @Override
    public void close() {
        try {
            lines.close();
        } catch (IOException e) {
            // Nothing was written to it; the report is what matters.
        }
    }
}
