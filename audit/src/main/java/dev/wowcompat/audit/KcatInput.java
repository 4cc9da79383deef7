package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Records as {@code kcat -C -J} prints them, one JSON object a line: {@code {"topic", "partition", "offset",
 * "tstype", "ts", "broker", "headers": [k, v, ...], "key", "payload"}} (key and payload are text or null). For a
 * team that can export records but cannot reach the cluster from CI. A line that is not such an object is bad
 * input: the audit stops and names the line.
 */
public final class KcatInput implements RecordSource {
    private final BufferedReader lines;
    private final String name;
    private final int partitions;
    private final List<Pattern> topics;
    private final ObjectMapper mapper = new ObjectMapper();
    private volatile boolean stopped;

    /**
     * @param name how messages name the input ({@code the standard input}, a file name)
     * @param partitions the partition count of every topic ({@code --partitions}), or 0 when not known
     * @param topics the records read are those of the topics whose whole name matches one of these ({@code --topic}),
     *               as from Kafka, so that one export of many topics can be audited a topic at a time
     */
    public KcatInput(BufferedReader lines, String name, int partitions, List<Pattern> topics) {
        this.lines = lines;
        this.name = name;
        this.partitions = partitions;
        this.topics = List.copyOf(topics);
    }

    @Override
    public void read(Sink sink) throws AuditException {
        long number = 0;
        try {
            for (String line = lines.readLine(); line != null && !stopped; line = lines.readLine()) {
                number++;
                if (line.isBlank()) continue;
                AuditRecord record = record(line, number);
                if (selected(record.topic())) sink.accept(record);
                // Lines from a pipe (kcat ... | wow-compat audit --input -) are judged as they come, not a batch later.
                if (!lines.ready()) sink.flush();
            }
        } catch (IOException e) {
            throw new AuditException("cannot read " + name + ": " + e.getMessage());
        }
    }

    private AuditRecord record(String line, long number) throws AuditException {
        JsonNode r;
        try {
            r = mapper.readTree(line);
        } catch (IOException e) {
            throw notARecord(number, "it is not JSON");
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

    @Override
    public void close() {
        try {
            lines.close();
        } catch (IOException e) {
            // Nothing was written to it; the report is what matters.
        }
    }
}
