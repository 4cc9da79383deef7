package dev.wowcompat.window;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.profile.FieldProfile;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileLimits;
import dev.wowcompat.profile.ProfileSet;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One window of the wire, the body of {@code POST /environments/{env}/wire} (docs/api.md): what a watcher of a
 * consumer group counted in some offset ranges of its partitions. The watcher builds and posts it, the registry reads
 * it with {@link #read} and applies it once; both ask {@link #validate} whether what it claims can be true, so a
 * watcher never posts a window the registry refuses for what it claims (docs/decisions.md, "One model of a window").
 *
 * <p>Times are epoch milliseconds: {@code start} and {@code end} on the watcher's clock, a carried type's or a
 * finding's {@code firstSeen} and {@code lastSeen} the records' own times (which may be much older than the window: a
 * watcher catching up). Finding ids and severities are the audit's labels, as the body carries them.
 *
 * @param group the watchers' consumer group ("" while a watcher has not named it yet, see {@link #withPoster})
 * @param records records per release they were attributed to ({@code service@version}, or "" when none was found)
 * @param profiles the values profiled, or null when not profiled
 */
public record WireWindow(String group, String member, long start, long end, List<Range> ranges, Map<String, Long> records,
                         List<Carried> carried, List<Finding> findings, ProfileSet profiles) {
    /**
     * The largest count or offset a window may give, and the largest sum of them: 2^53, the bound profiles have
     * ({@link FieldProfile#MAX_COUNT}), the largest integer every JSON reader keeps exactly.
     */
    public static final long MAX_COUNT = FieldProfile.MAX_COUNT;
    /** How far past the registry's clock a time may be: two clocks a few seconds apart never refuse a true window. */
    public static final long CLOCK_SKEW_MILLIS = 5 * 60_000;
    /** Entries of each list of a window: a window of 10 s over a few hundred partitions holds far fewer. */
    public static final int MAX_ENTRIES = 10_000;
    /** Characters of a watcher's name. */
    public static final int MAX_MEMBER = 200;
    /** Characters of a type name. */
    public static final int MAX_TYPE = 512;
    /** Examples a finding carries. */
    public static final int MAX_EXAMPLES = 5;
    /** Characters an example's key, pointer or message keeps. */
    public static final int MAX_EXAMPLE_TEXT = 1_000;
    private static final Set<String> KINDS = Set.of("event", "command", "state");
    /** The engine's severity labels: a finding's severity is one of them, whoever judged it. */
    private static final Set<String> SEVERITIES = java.util.Arrays.stream(dev.wowcompat.rules.Severity.values())
            .map(dev.wowcompat.rules.Severity::label).collect(java.util.stream.Collectors.toUnmodifiableSet());
    private static final java.util.regex.Pattern FINDING_ID = java.util.regex.Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

    public WireWindow {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(member, "member");
        ranges = List.copyOf(ranges);
        records = Collections.unmodifiableMap(new TreeMap<>(records));
        carried = List.copyOf(carried);
        findings = List.copyOf(findings);
    }

    /** Offsets {@code from} (inclusive) to {@code to} (exclusive, the next offset after the window) of one partition. */
    public record Range(String topic, int partition, long from, long to) {
        /** How many offsets the range covers: none when {@code from == to}. */
        public long width() {
            return to - from;
        }
    }

    /** Where one record is. */
    public record RecordRef(String topic, int partition, long offset) {}

    /**
     * A type the window's records carried: kind {@code event}, {@code command} or {@code state}; revision 0 but for
     * events. {@code release} is the release the first record is attributed to, which must declare the type at that
     * revision (the registry checks it); {@code count} the records that carried it.
     */
    public record Carried(String kind, String type, int revision, String release, long count, long firstSeen, long lastSeen,
                          RecordRef first) {}

    /**
     * A finding of the window: its audit finding id and severity label, the release and type it is about ("" when
     * unknown), the records that had it, and its first examples.
     */
    public record Finding(String id, String severity, String release, String type, long count, long firstSeen, long lastSeen,
                          List<Example> examples) {
        public Finding {
            examples = List.copyOf(examples);
        }
    }

    /** One record that had a finding: where it is, its key, the JSON pointer and the finding's message. */
    public record Example(String topic, int partition, long offset, String key, String pointer, String message) {
        /** The example as the body and the registry's answers write it. */
        public ObjectNode toJson() {
            ObjectNode one = JsonNodeFactory.instance.objectNode().put("topic", topic).put("partition", partition).put("offset", offset);
            one.put("key", key).put("pointer", pointer).put("message", message);
            return one;
        }
    }

    /** Every release the window names (records, carried types, findings), "" (none found) left out. */
    public SortedSet<String> releases() {
        SortedSet<String> out = new TreeSet<>(records.keySet());
        carried.forEach(t -> out.add(t.release()));
        findings.forEach(f -> out.add(f.release()));
        out.remove("");
        return out;
    }

    /**
     * The records of the window, all releases together.
     *
     * @throws ArithmeticException when the sum passes what a long holds ({@link #validate} refuses such a window)
     */
    public long recordCount() {
        long sum = 0;
        for (long n : records.values()) sum = Math.addExact(sum, n);
        return sum;
    }

    /** How many findings (records with one) the window holds. */
    public long findingCount() {
        long sum = 0;
        for (Finding f : findings) sum = Math.addExact(sum, f.count());
        return sum;
    }

    /**
     * The offsets the window's ranges cover: no record of it can be counted more often than that.
     *
     * @throws ArithmeticException when the sum passes what a long holds
     */
    public long offsets() {
        long sum = 0;
        for (Range r : ranges) sum = Math.addExact(sum, r.width());
        return sum;
    }

    /** Whether the window covers no offset: every range has {@code from == to}, so applying it changes nothing. */
    public boolean coversNothing() {
        return ranges.stream().allMatch(r -> r.width() == 0);
    }

    /** The same window over other ranges: the consumer's positions, which skip what is no record (transaction markers). */
    public WireWindow withRanges(List<Range> positions) {
        return new WireWindow(group, member, start, end, positions, records, carried, findings, profiles);
    }

    /** The same window with other profiles. */
    public WireWindow withProfiles(ProfileSet set) {
        return new WireWindow(group, member, start, end, ranges, records, carried, findings, set);
    }

    /** The same window as posted by {@code member} of {@code group} (a name longer than {@link #MAX_MEMBER} is cut). */
    public WireWindow withPoster(String group, String member) {
        String cut = member.length() > MAX_MEMBER ? member.substring(0, MAX_MEMBER) : member;
        return new WireWindow(group, cut, start, end, ranges, records, carried, findings, profiles);
    }

    /**
     * Whether what the window claims can be true, on a clock reading {@code now} (docs/api.md, "What a window may
     * claim"): its times in order and not ahead of the clock by more than {@link #CLOCK_SKEW_MILLIS}; no count larger
     * than the offsets its ranges cover; no count or sum past {@link #MAX_COUNT}; every carried type attributed to a
     * release. What only the registry can check (releases registered, run there, declaring what they carried) is the
     * store's.
     *
     * @throws WindowRefusal naming the first member whose claim cannot be true
     */
    public void validate(long now) {
        long latest = now > Long.MAX_VALUE - CLOCK_SKEW_MILLIS ? Long.MAX_VALUE : now + CLOCK_SKEW_MILLIS;
        if (start > end) throw time("end", "end (" + instant(end) + ") is before start (" + instant(start) + ")");
        ahead("end", end, latest, now);
        for (int i = 0; i < carried.size(); i++) {
            Carried c = carried.get(i);
            seen("carried[" + i + "]", c.firstSeen(), c.lastSeen(), latest, now);
        }
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            seen("findings[" + i + "]", f.firstSeen(), f.lastSeen(), latest, now);
        }
        long offsets;
        try {
            offsets = offsets();
        } catch (ArithmeticException e) {
            throw new WindowRefusal(WindowRefusal.Reason.OVERFLOW, "ranges", "the ranges cover more offsets than a count can be");
        }
        long sum = 0;
        for (Map.Entry<String, Long> e : records.entrySet()) {
            String where = "records[\"" + e.getKey() + "\"]";
            bounded(where, e.getValue());
            sum = Math.addExact(sum, e.getValue()); // each at most 2^53, at most MAX_ENTRIES of them: no overflow of a long
            if (sum > MAX_COUNT) throw overflow("records", "the records of the window add up to more than 2^53");
        }
        if (sum > offsets) throw count("records", "the window counts " + sum + " records, but its ranges cover " + offsets + " offsets");
        for (int i = 0; i < carried.size(); i++) {
            Carried c = carried.get(i);
            String where = "carried[" + i + "]";
            bounded(where + ".count", c.count());
            if (c.count() > offsets) {
                throw count(where + ".count", where + " counts " + c.count() + " records of " + c.type() + ", but the window's ranges cover "
                        + offsets + " offsets");
            }
            if (c.release().isEmpty()) {
                throw new WindowRefusal(WindowRefusal.Reason.CARRIED_UNATTRIBUTED, where + ".release", where + " (" + c.type()
                        + ") names no release: a carried type is claimed by the release that wrote it, which must declare it");
            }
        }
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i);
            String where = "findings[" + i + "]";
            bounded(where + ".count", f.count());
            if (f.count() > offsets) {
                throw count(where + ".count", where + " counts " + f.count() + " records with " + f.id() + ", but the window's ranges cover "
                        + offsets + " offsets");
            }
        }
    }

    private static void seen(String where, long first, long last, long latest, long now) {
        if (first > last) {
            throw time(where + ".firstSeen", where + ".firstSeen (" + instant(first) + ") is after its lastSeen (" + instant(last) + ")");
        }
        ahead(where + ".lastSeen", last, latest, now);
    }

    private static void ahead(String where, long at, long latest, long now) {
        if (at > latest) {
            throw time(where, where + " (" + instant(at) + ") is more than " + CLOCK_SKEW_MILLIS / 60_000 + " minutes ahead of the registry's "
                    + "clock (" + instant(now) + ")");
        }
    }

    private static void bounded(String where, long count) {
        if (count > MAX_COUNT) throw overflow(where, where + " (" + count + ") is more than 2^53, the largest count the registry keeps");
    }

    private static WindowRefusal time(String member, String message) {
        return new WindowRefusal(WindowRefusal.Reason.TIME, member, message);
    }

    private static WindowRefusal count(String member, String message) {
        return new WindowRefusal(WindowRefusal.Reason.COUNT, member, message);
    }

    private static WindowRefusal overflow(String member, String message) {
        return new WindowRefusal(WindowRefusal.Reason.OVERFLOW, member, message);
    }

    private static String instant(long millis) {
        return Instant.ofEpochMilli(millis).toString();
    }

    /** The body of {@code POST /environments/{env}/wire}. */
    public ObjectNode toJson() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode body = f.objectNode().put("group", group).put("member", member).put("start", instant(start)).put("end", instant(end));
        ArrayNode r = body.putArray("ranges");
        for (Range x : ranges) r.addObject().put("topic", x.topic()).put("partition", x.partition()).put("from", x.from()).put("to", x.to());
        ObjectNode byRelease = body.putObject("records");
        records.forEach(byRelease::put);
        ArrayNode c = body.putArray("carried");
        for (Carried x : carried) {
            ObjectNode o = c.addObject().put("kind", x.kind()).put("type", x.type());
            if (x.kind().equals("event")) o.put("revision", x.revision());
            else o.putNull("revision");
            o.put("release", x.release()).put("count", x.count()).put("firstSeen", instant(x.firstSeen())).put("lastSeen", instant(x.lastSeen()));
            o.putObject("first").put("topic", x.first().topic()).put("partition", x.first().partition()).put("offset", x.first().offset());
        }
        ArrayNode fs = body.putArray("findings");
        for (Finding x : findings) {
            ObjectNode o = fs.addObject().put("id", x.id()).put("severity", x.severity()).put("release", x.release())
                    .put("type", x.type()).put("count", x.count()).put("firstSeen", instant(x.firstSeen())).put("lastSeen", instant(x.lastSeen()));
            ArrayNode ex = o.putArray("examples");
            for (Example e : x.examples()) ex.add(e.toJson());
        }
        if (profiles != null && profiles.size() > 0) body.set("profiles", ProfileJson.write(profiles));
        return body;
    }

    /**
     * Reads a body as {@link #toJson} writes it, every member checked for its form (not yet for what it claims:
     * {@link #validate}).
     *
     * @param maxProfileFields the fields the window's profiles may hold
     * @throws WindowRefusal of {@link WindowRefusal.Reason#FORM} (or {@link WindowRefusal.Reason#EMPTY} for a window of
     *     no range) naming the first member that is not of the form
     */
    public static WireWindow read(JsonNode body, int maxProfileFields) {
        if (body == null || !body.isObject()) throw form("", "The body must be a JSON object (a window).");
        String group = text(body, "group", "");
        if (group.isEmpty()) throw form("group", "group must name the watchers' consumer group.");
        String member = text(body, "member", "");
        if (member.isEmpty() || member.length() > MAX_MEMBER || member.chars().anyMatch(Character::isISOControl)) {
            throw form("member", "member must be 1 to " + MAX_MEMBER + " characters without control characters.");
        }
        long start = instant(body, "start", "");
        long end = instant(body, "end", "");
        JsonNode rangesNode = body.path("ranges");
        if (!rangesNode.isMissingNode() && !rangesNode.isArray()) throw form("ranges", "ranges must be an array.");
        if (rangesNode.size() == 0) {
            throw new WindowRefusal(WindowRefusal.Reason.EMPTY, "ranges", "The window lists no partition range; a window covers at least one "
                    + "(a partition with no record in it is left out, so a window of none has nothing to count).");
        }
        List<Range> ranges = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode r : bounded(rangesNode, "ranges")) {
            String where = "ranges[" + ranges.size() + "]";
            String topic = text(r, "topic", where);
            int partition = partition(r, "partition", where);
            long from = offset(r, "from", where);
            long to = offset(r, "to", where);
            if (to < from) throw form(where + ".to", where + ".to (" + to + ") is before its from (" + from + ").");
            if (!seen.add(topic + "\n" + partition)) throw form(where, where + " lists " + topic + " partition " + partition + " a second time.");
            ranges.add(new Range(topic, partition, from, to));
        }
        Map<String, Long> records = new LinkedHashMap<>();
        JsonNode recordsNode = body.path("records");
        if (!recordsNode.isMissingNode() && !recordsNode.isObject()) throw form("records", "records must be an object of counts by release.");
        if (recordsNode.size() > MAX_ENTRIES) throw form("records", "records names more than " + MAX_ENTRIES + " releases.");
        recordsNode.fields().forEachRemaining(e -> {
            JsonNode v = e.getValue();
            if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
                throw form("records", "records[\"" + shorten(e.getKey()) + "\"] must be a whole number, 0 or more.");
            }
            records.put(e.getKey(), v.asLong());
        });
        List<Carried> carried = new ArrayList<>();
        Set<String> carriedKeys = new HashSet<>();
        for (JsonNode t : bounded(body.path("carried"), "carried")) {
            String where = "carried[" + carried.size() + "]";
            String kind = text(t, "kind", where);
            if (!KINDS.contains(kind)) throw form(where + ".kind", where + ".kind must be event, command or state; got '" + shorten(kind) + "'.");
            String type = type(text(t, "type", where), where, false);
            int revision = 0;
            if (kind.equals("event")) {
                if (!t.path("revision").isInt() || t.get("revision").asInt() < 1) {
                    throw form(where + ".revision", where + ".revision must be an event revision, 1 or more.");
                }
                revision = t.get("revision").asInt();
            } else if (!t.path("revision").isMissingNode() && !t.path("revision").isNull()) {
                throw form(where + ".revision", where + ".revision is for events only; a " + kind + " has none (null).");
            }
            if (!carriedKeys.add(kind + "\n" + type + "\n" + revision)) throw form(where, where + " lists " + type + " a second time.");
            JsonNode first = t.path("first");
            if (!first.isObject()) throw form(where + ".first", where + ".first must be the first record: {topic, partition, offset}.");
            RecordRef ref = new RecordRef(text(first, "topic", where + ".first"), partition(first, "partition", where + ".first"),
                    offset(first, "offset", where + ".first"));
            String release = t.path("release").isMissingNode() || t.path("release").isNull() ? "" : text(t, "release", where);
            carried.add(new Carried(kind, type, revision, release, count(t, where), instant(t, "firstSeen", where), instant(t, "lastSeen", where), ref));
        }
        List<Finding> findings = new ArrayList<>();
        Set<String> findingKeys = new HashSet<>();
        for (JsonNode f : bounded(body.path("findings"), "findings")) {
            String where = "findings[" + findings.size() + "]";
            String id = text(f, "id", where);
            if (id.length() > 64 || !FINDING_ID.matcher(id).matches()) {
                throw form(where + ".id", where + ".id must be an audit finding id (e.g. written-not-declared).");
            }
            String severity = text(f, "severity", where);
            if (!SEVERITIES.contains(severity)) {
                throw form(where + ".severity", where + ".severity must be breaking, warning or info; got '" + shorten(severity) + "'.");
            }
            String release = text(f, "release", where);
            String type = type(text(f, "type", where), where, true);
            if (!findingKeys.add(release + "\n" + type + "\n" + id)) {
                throw form(where, where + " lists " + id + " of " + type + " by " + shorten(release) + " a second time.");
            }
            JsonNode examplesNode = f.path("examples");
            if (!examplesNode.isMissingNode() && !examplesNode.isArray()) throw form(where + ".examples", where + ".examples must be an array.");
            if (examplesNode.size() > MAX_EXAMPLES) {
                throw form(where + ".examples", where + ".examples holds " + examplesNode.size() + " examples; at most " + MAX_EXAMPLES + ".");
            }
            List<Example> examples = new ArrayList<>();
            for (JsonNode e : examplesNode) examples.add(example(e, where + ".examples[" + examples.size() + "]"));
            findings.add(new Finding(id, severity, release, type, count(f, where), instant(f, "firstSeen", where), instant(f, "lastSeen", where),
                    examples));
        }
        ProfileSet profiles = null;
        JsonNode posted = body.path("profiles");
        if (!posted.isMissingNode() && !posted.isNull()) {
            if (posted.path("fields").size() > maxProfileFields) {
                throw form("profiles", "profiles holds " + posted.path("fields").size() + " fields; a window carries at most " + maxProfileFields + ".");
            }
            try {
                profiles = ProfileJson.read(posted, new ProfileLimits(maxProfileFields, ProfileLimits.DEFAULT.maxDepth()));
            } catch (IllegalArgumentException e) {
                throw form("profiles", "profiles is not a profile set: " + e.getMessage() + ".");
            }
        }
        return new WireWindow(group, member, start, end, ranges, records, carried, findings, profiles);
    }

    /** One example: the contract's members only, texts cut to {@link #MAX_EXAMPLE_TEXT}. */
    private static Example example(JsonNode e, String where) {
        if (!e.isObject()) throw form(where, where + " must be an object {topic, partition, offset, key, pointer, message}.");
        String topic = text(e, "topic", where);
        int partition = partition(e, "partition", where);
        long offset = offset(e, "offset", where);
        List<String> texts = new ArrayList<>();
        for (String name : List.of("key", "pointer", "message")) {
            JsonNode v = e.path(name);
            if (v.isMissingNode() || v.isNull()) texts.add(null);
            else if (!v.isTextual()) throw form(where + "." + name, where + "." + name + " must be a string or null.");
            else texts.add(v.asText().length() > MAX_EXAMPLE_TEXT ? v.asText().substring(0, MAX_EXAMPLE_TEXT) : v.asText());
        }
        return new Example(topic, partition, offset, texts.get(0), texts.get(1), texts.get(2));
    }

    private static Iterable<JsonNode> bounded(JsonNode list, String name) {
        if (list.isMissingNode() || list.isNull()) return List.of();
        if (!list.isArray()) throw form(name, name + " must be an array.");
        if (list.size() > MAX_ENTRIES) throw form(name, name + " holds " + list.size() + " entries; a window holds at most " + MAX_ENTRIES + ".");
        return list;
    }

    private static String type(String text, String where, boolean mayBeEmpty) {
        if ((text.isEmpty() && !mayBeEmpty) || text.length() > MAX_TYPE || text.chars().anyMatch(ch -> Character.isISOControl(ch) || ch == ' ')) {
            throw form(where + ".type", where + ".type must be a type name" + (mayBeEmpty ? " or \"\"" : "") + ", at most " + MAX_TYPE
                    + " characters without spaces.");
        }
        return text;
    }

    private static long count(JsonNode n, String where) {
        JsonNode v = n.path("count");
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) throw form(where + ".count", where + ".count must be a whole number, 0 or more.");
        return v.asLong();
    }

    private static int partition(JsonNode n, String name, String where) {
        JsonNode v = n.path(name);
        if (!v.isInt() || v.asInt() < 0) throw form(at(where, name), at(where, name) + " must be a partition number, 0 or more.");
        return v.asInt();
    }

    /** An offset: at most 2^53, as every JSON reader keeps it exactly (Kafka's offsets never come near). */
    private static long offset(JsonNode n, String name, String where) {
        JsonNode v = n.path(name);
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0 || v.asLong() > MAX_COUNT) {
            throw form(at(where, name), at(where, name) + " must be an offset from 0 to 2^53.");
        }
        return v.asLong();
    }

    private static String text(JsonNode n, String name, String where) {
        JsonNode v = n.path(name);
        if (!v.isTextual()) throw form(at(where, name), at(where, name) + " must be a string.");
        return v.asText();
    }

    private static long instant(JsonNode n, String name, String where) {
        String text = text(n, name, where);
        try {
            return Instant.parse(text).toEpochMilli();
        } catch (DateTimeParseException | ArithmeticException e) {
            throw form(at(where, name), at(where, name) + " must be an instant (e.g. 2026-12-05T10:00:00Z); got '" + shorten(text) + "'.");
        }
    }

    private static String at(String where, String name) {
        return where.isEmpty() ? name : where + "." + name;
    }

    private static String shorten(String text) {
        return text.length() > 80 ? text.substring(0, 80) + "..." : text;
    }

    private static WindowRefusal form(String member, String message) {
        return new WindowRefusal(WindowRefusal.Reason.FORM, member, message);
    }
}
