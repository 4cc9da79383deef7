package dev.wowcompat.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The verdict of a {@code wow-compat replay}, as its JSON report carries it and the registry keeps it with the release
 * (docs/replay.md, "Keeping the verdict with the release"): when it ran, by which version of wow-compat, on how many
 * aggregates and events, and each finding's id, severity and count. One place reads and writes it: the replay writes
 * its report's {@code "replay"} member with {@link #toJson}, and {@code register --replay-report}, the plugin and
 * the registry read it with {@link #read}.
 *
 * @param replayedAt when the replay ran, epoch milliseconds
 */
public record ReplaySummary(long replayedAt, String toolVersion, long aggregates, long events, List<Found> findings) {
    /** The bytes a replay report may have: five examples per finding id, a few dozen ids, are far below it. */
    public static final int MAX_BYTES = 1024 * 1024;
    /** Finding ids one report may list (the replay has a dozen). */
    public static final int MAX_FINDINGS = 64;
    /** How far ahead of the reader's clock a replay's time may be, for clocks that differ a little. */
    public static final long CLOCK_SKEW_MILLIS = 5 * 60 * 1000L;
    private static final long MAX_COUNT = 1L << 53;
    private static final Pattern ID = Pattern.compile("[a-z][a-z0-9-]{0,63}");
    private static final Pattern VERSION = Pattern.compile("[ -~]{1,64}");
    private static final Set<String> SEVERITIES = Set.of("breaking", "warning", "info");
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    static {
        JSON.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build());
    }

    public ReplaySummary {
        findings = List.copyOf(findings);
    }

    /** One finding id: its severity as the report gave it, and on how many records. */
    public record Found(String id, String severity, long count) {}

    /** How many records have a breaking finding. */
    public long breaking() {
        return findings.stream().filter(f -> f.severity().equals("breaking")).mapToLong(Found::count).sum();
    }

    /** The report's {@code "replay"} member. */
    public ObjectNode toJson() {
        ObjectNode o = JSON.createObjectNode().put("replayedAt", Instant.ofEpochMilli(replayedAt).toString())
                .put("toolVersion", toolVersion).put("aggregates", aggregates).put("events", events);
        return o;
    }

    /**
     * Reads a replay report (what {@code wow-compat replay --format json} writes): its {@code "replay"} member and
     * its {@code "findings"} (waived findings do not count, as they did not in the replay's verdict).
     *
     * @param now the reader's clock: a replay said to run later than it (by more than {@link #CLOCK_SKEW_MILLIS}) is refused
     * @throws IllegalArgumentException with one sentence saying what is wrong, in our words
     */
    public static ReplaySummary read(byte[] content, Instant now) {
        if (content.length > MAX_BYTES) {
            throw new IllegalArgumentException("it is larger than a replay report may be (" + MAX_BYTES / 1024 + " KiB)");
        }
        JsonNode root;
        try {
            root = JSON.readTree(content);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("it is not JSON; give the report wow-compat replay --format json wrote");
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("it cannot be read");
        }
        if (root == null || !root.isObject() || !root.path("replay").isObject() || !root.path("findings").isArray()) {
            throw new IllegalArgumentException("it is not a replay report: give the report wow-compat replay --format json wrote "
                    + "(an object with \"replay\" and \"findings\")");
        }
        JsonNode replay = root.get("replay");
        long at;
        try {
            at = Instant.parse(text(replay, "replayedAt")).toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("its replay.replayedAt is not an instant (e.g. 2026-12-06T10:15:30Z)");
        }
        if (at > now.toEpochMilli() + CLOCK_SKEW_MILLIS) {
            throw new IllegalArgumentException("its replay.replayedAt (" + Instant.ofEpochMilli(at) + ") is later than now ("
                    + now + "): a replay cannot have run yet");
        }
        String tool = text(replay, "toolVersion");
        if (!VERSION.matcher(tool).matches()) {
            throw new IllegalArgumentException("its replay.toolVersion is not a version (printable ASCII, at most 64 characters)");
        }
        long aggregates = count(replay.get("aggregates"), "replay.aggregates", 0);
        long events = count(replay.get("events"), "replay.events", 0);
        JsonNode listed = root.get("findings");
        if (listed.size() > MAX_FINDINGS) {
            throw new IllegalArgumentException("it lists " + listed.size() + " finding ids; a replay report has at most " + MAX_FINDINGS);
        }
        List<Found> findings = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < listed.size(); i++) {
            JsonNode f = listed.get(i);
            String where = "findings[" + i + "]";
            String id = f.path("id").isTextual() ? f.get("id").asText() : "";
            if (!ID.matcher(id).matches()) {
                throw new IllegalArgumentException("its " + where + ".id is not a finding id (lowercase letters, digits and -)");
            }
            if (!seen.add(id)) throw new IllegalArgumentException("it lists the finding " + id + " twice");
            String severity = f.path("severity").asText("");
            if (!SEVERITIES.contains(severity)) {
                throw new IllegalArgumentException("its " + where + ".severity is none of breaking, warning, info");
            }
            findings.add(new Found(id, severity, count(f.get("count"), where + ".count", 1)));
        }
        return new ReplaySummary(at, tool, aggregates, events, findings);
    }

    private static String text(JsonNode o, String member) {
        JsonNode v = o.get(member);
        if (v == null || !v.isTextual()) throw new IllegalArgumentException("its replay." + member + " is missing or not a string");
        return v.asText();
    }

    private static long count(JsonNode v, String where, long least) {
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < least || v.asLong() > MAX_COUNT) {
            throw new IllegalArgumentException("its " + where + " is not a whole number from " + least + " to 2^53");
        }
        return v.asLong();
    }
}
