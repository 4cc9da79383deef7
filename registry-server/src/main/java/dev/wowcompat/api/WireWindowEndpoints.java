package dev.wowcompat.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.access.Grant;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.profile.FieldKey;
import dev.wowcompat.profile.ProfileJson;
import dev.wowcompat.profile.ProfileLimits;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.store.RegistryStore;
import dev.wowcompat.store.WireOutcome;
import dev.wowcompat.store.WireReset;
import dev.wowcompat.store.WireView;
import dev.wowcompat.store.PostedWindow;
import dev.wowcompat.text.Counts;
import io.javalin.http.Context;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The registry watches the wire (docs/api.md, "POST /environments/{env}/wire"): watchers post windows of records, each
 * applied once in one transaction; reads answer what the wire carried and where each group's counting stands.
 */
final class WireWindowEndpoints {
    /** Rows each list of {@code GET /environments/{env}/wire} holds at most; {@code more} counts the rest. */
    static final int LISTED = 100;
    /** Positions one read answers at most: more partitions than one group of watchers reads in practice. */
    static final int POSITIONS_LIMIT = 10_000;
    /** Entries of each list of a window: a window of 10 s over a few hundred partitions holds far fewer. */
    static final int MAX_ENTRIES = 10_000;
    private static final int MAX_MEMBER = 200;
    private static final int MAX_TYPE = 512;
    /**
     * Bytes the findings of one read take at most: with the other lists (at most {@code LISTED} entries each, of
     * names of at most {@code MAX_TYPE} or {@code MAX_MEMBER} characters) the answer stays within
     * {@link Listed#ANSWER_BYTES}.
     */
    static final int FINDING_BYTES = 384 * 1024;
    /** Characters an example's key, pointer or message keeps. */
    private static final int MAX_EXAMPLE_TEXT = 1_000;
    private static final Pattern FINDING_ID = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
    private static final Set<String> KINDS = Set.of("event", "command", "state");
    /** The engine's severity labels: a finding's severity is one of them, whoever judged it. */
    private static final Set<String> SEVERITIES = java.util.Arrays.stream(dev.wowcompat.rules.Severity.values())
            .map(dev.wowcompat.rules.Severity::label).collect(java.util.stream.Collectors.toUnmodifiableSet());

    private final RegistryStore store;
    private final Registration registration;
    private final RequestBodies bodies;
    private final JsonInput input;
    private final JsonResponses json;

    WireWindowEndpoints(RegistryStore store, Registration registration, RequestBodies bodies, JsonInput input, JsonResponses json) {
        this.store = store;
        this.registration = registration;
        this.bodies = bodies;
        this.input = input;
        this.json = json;
    }

    /** 200 applied | 400 not a window, or an empty one | 409 a range is stale: nothing kept. */
    void post(Context ctx) throws InvalidInputException {
        String environment = Names.environment(ctx.pathParam("env"));
        WriteGate.require(ctx, Grant.observe(environment));
        JsonNode body = input.parse(bodies.json(ctx), ctx.method() + " " + ctx.path());
        if (!body.isObject()) throw invalid("The body must be a JSON object (a window).");
        PostedWindow window = window(body);
        ProfileSet profiles = null;
        Map<FieldKey, String> leftOut = new TreeMap<>();
        JsonNode posted = body.path("profiles");
        if (!posted.isMissingNode() && !posted.isNull()) {
            profiles = profiles(posted);
            for (FieldKey key : profiles.fields().keySet()) {
                if (!ProfileEndpoints.isRelease(key.release())) leftOut.put(key, ProblemCode.INVALID_INPUT.code());
            }
            ProfileSet named = profiles;
            if (!leftOut.isEmpty()) {
                named = new ProfileSet(profiles.limits());
                for (var e : profiles.fields().entrySet()) if (!leftOut.containsKey(e.getKey())) named.add(e.getKey(), e.getValue());
            }
            for (FieldKey key : ProfileEndpoints.undeclared(store, registration, named).keySet()) {
                leftOut.put(key, ProblemCode.PROFILE_UNDECLARED.code());
            }
        }
        WireOutcome outcome = store.applyWindow(environment, window, profiles, leftOut, WriteGate.principal(ctx), WriteGate.record(ctx, 200));
        if (outcome.stale() != null) throw stale(environment, window.group(), outcome.stale());
        if (outcome.refused() != null) throw refused(environment, outcome.refused());
        ObjectNode out = json.object().put("accepted", true).put("counted", outcome.counted()).put("records", outcome.records());
        WireOutcome.Uncounted u = outcome.uncounted();
        if (u == null) out.putNull("uncounted");
        else out.putObject("uncounted").put("topic", u.topic()).put("partition", u.partition()).put("reason", u.reason().label())
                .put("countedTo", u.countedTo()).put("countedBy", u.countedBy());
        ArrayNode positions = out.putArray("positions");
        for (WireOutcome.Position p : outcome.positions()) {
            positions.addObject().put("topic", p.topic()).put("partition", p.partition()).put("next", p.next());
        }
        if (outcome.profiles() == null) out.putNull("profiles");
        else out.set("profiles", profiles(environment, outcome.profiles()));
        WireOutcome.Dropped d = outcome.dropped();
        out.putObject("dropped").put("carried", d.carried()).put("carriedRecords", d.carriedRecords()).put("findings", d.findings())
                .put("findingRecords", d.findingRecords());
        json.send(ctx, 200, out);
    }

    private static ApiException refused(String environment, WireOutcome.Refused r) {
        return switch (r.reason()) {
            case UNKNOWN_RELEASE -> new ApiException(ProblemCode.WIRE_UNKNOWN_RELEASE, "The window attributes records or findings to "
                    + r.subject() + ", which is not registered here; a watcher attributes them to the releases this registry "
                    + "recorded as running, or to \"\" when it found none. Nothing of the window was kept.", Map.of("release", r.subject()));
            case TOO_MANY_POSITIONS -> new ApiException(ProblemCode.WIRE_TOO_MANY_POSITIONS, "Group '" + r.subject() + "' keeps the "
                    + "positions of " + Counts.number(r.limit()) + " partitions in '" + environment + "' already; this window would add "
                    + "more. Nothing of the window was kept; an admin can reset the group's positions (DELETE /environments/"
                    + environment + "/wire?group=" + r.subject() + ").", Map.of("limit", r.limit(), "group", r.subject()));
            case TOO_MANY_GROUPS -> new ApiException(ProblemCode.WIRE_TOO_MANY_GROUPS, "'" + environment + "' keeps the positions of "
                    + Counts.number(r.limit()) + " consumer groups already; group '" + r.subject() + "' would be one more. Nothing of "
                    + "the window was kept; an admin can reset a group that no longer runs (DELETE /environments/" + environment
                    + "/wire?group=G).", Map.of("limit", r.limit(), "group", r.subject()));
        };
    }

    private static ApiException stale(String environment, String group, WireOutcome.Stale s) {
        String partition = s.topic() + " partition " + s.partition();
        String detail = s.from() < s.storedNext()
                ? "The registry has already counted records of " + partition + " up to offset " + s.storedNext() + " for group '"
                        + group + "' in '" + environment + "'; this window starts at " + s.from() + ", so it would count some twice."
                : "The registry has counted records of " + partition + " up to offset " + s.storedNext() + " for group '" + group
                        + "' in '" + environment + "'; this window starts at " + s.from() + ", so offsets " + s.storedNext() + " to "
                        + (s.from() - 1) + " would never be counted.";
        return new ApiException(ProblemCode.WIRE_STALE_WINDOW, detail + " Nothing of the window was kept; read the positions "
                + "(GET /environments/" + environment + "/wire/positions?group=" + group + ") and count from there.",
                Map.of("topic", s.topic(), "partition", s.partition(), "next", s.storedNext(), "from", s.from()));
    }

    private ObjectNode profiles(String environment, WireOutcome.Profiles p) {
        ObjectNode out = json.object().put("environment", environment).put("merged", p.merged()).put("refusedValues", p.refusedValues());
        ArrayNode releases = out.putArray("releases");
        for (Map.Entry<String, Integer> e : new TreeMap<>(p.fieldsByRelease()).entrySet()) {
            releases.addObject().put("release", e.getKey()).put("fields", e.getValue());
        }
        out.put("droppedFields", p.dropped().size()).put("droppedValues", p.dropped().stream().mapToLong(WireOutcome.DroppedField::values).sum());
        ArrayNode dropped = out.putArray("dropped");
        p.dropped().stream().limit(Problems.LISTED_PROBLEMS).forEach(d -> dropped.addObject().put("release", d.release())
                .put("type", d.type()).put("revision", d.revision()).put("pointer", d.pointer()).put("values", d.values())
                .put("reason", d.reason()));
        return out;
    }

    /** The window's profile set, checked as POST profiles checks one: a body that is not a profile set is no window. */
    private static ProfileSet profiles(JsonNode posted) {
        if (posted.path("fields").size() > ProfileEndpoints.MAX_POSTED_FIELDS) {
            throw invalid("profiles holds " + posted.path("fields").size() + " fields; a window carries at most "
                    + ProfileEndpoints.MAX_POSTED_FIELDS + ".");
        }
        try {
            return ProfileJson.read(posted, new ProfileLimits(ProfileEndpoints.MAX_POSTED_FIELDS, ProfileLimits.DEFAULT.maxDepth()));
        } catch (IllegalArgumentException e) {
            throw invalid("profiles is not a profile set: " + e.getMessage() + ".");
        }
    }

    /** The window as the store takes it; a 400 naming the first member that is not of the contract's form. */
    static PostedWindow window(JsonNode body) {
        String group = Names.group(text(body, "group"));
        String member = text(body, "member");
        if (member.isEmpty() || member.length() > MAX_MEMBER || member.chars().anyMatch(Character::isISOControl)) {
            throw invalid("member must be 1 to " + MAX_MEMBER + " characters without control characters.");
        }
        long start = instant(body, "start");
        long end = instant(body, "end");
        if (end < start) throw invalid("end (" + body.get("end").asText() + ") is before start (" + body.get("start").asText() + ").");
        JsonNode rangesNode = body.path("ranges");
        if (!rangesNode.isMissingNode() && !rangesNode.isArray()) throw invalid("ranges must be an array.");
        if (rangesNode.size() == 0) {
            throw new ApiException(ProblemCode.WIRE_EMPTY_WINDOW, "The window lists no partition range; a window covers at least one "
                    + "(a partition with no record in it is left out, so a window of none has nothing to count).");
        }
        List<PostedWindow.Range> ranges = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode r : bounded(rangesNode, "ranges")) {
            String where = "ranges[" + ranges.size() + "]";
            String topic = Names.topic(text(r, "topic", where));
            int partition = partition(r, "partition", where);
            long from = offset(r, "from", where);
            long to = offset(r, "to", where);
            if (to < from) throw invalid(where + ".to (" + to + ") is before its from (" + from + ").");
            if (!seen.add(topic + "\n" + partition)) throw invalid(where + " lists " + topic + " partition " + partition + " a second time.");
            ranges.add(new PostedWindow.Range(topic, partition, from, to));
        }
        Map<String, Long> records = new TreeMap<>();
        JsonNode recordsNode = body.path("records");
        if (!recordsNode.isMissingNode() && !recordsNode.isObject()) throw invalid("records must be an object of counts by release.");
        if (recordsNode.size() > MAX_ENTRIES) throw invalid("records names more than " + MAX_ENTRIES + " releases.");
        recordsNode.fields().forEachRemaining(e -> {
            String release = release(e.getKey(), "records");
            if (!e.getValue().canConvertToLong() || !e.getValue().isIntegralNumber() || e.getValue().asLong() < 0) {
                throw invalid("records[\"" + release + "\"] must be a whole number, 0 or more.");
            }
            records.put(release, e.getValue().asLong());
        });
        List<PostedWindow.Carried> carried = new ArrayList<>();
        Set<String> carriedKeys = new HashSet<>();
        for (JsonNode t : bounded(body.path("carried"), "carried")) {
            String where = "carried[" + carried.size() + "]";
            String kind = text(t, "kind", where);
            if (!KINDS.contains(kind)) throw invalid(where + ".kind must be event, command or state; got '" + kind + "'.");
            String type = type(text(t, "type", where), where, false);
            int revision = 0;
            if (kind.equals("event")) {
                if (!t.path("revision").isInt() || t.get("revision").asInt() < 1) throw invalid(where + ".revision must be an event revision, 1 or more.");
                revision = t.get("revision").asInt();
            } else if (!t.path("revision").isMissingNode() && !t.path("revision").isNull()) {
                throw invalid(where + ".revision is for events only; a " + kind + " has none (null).");
            }
            if (!carriedKeys.add(kind + "\n" + type + "\n" + revision)) throw invalid(where + " lists " + type + " a second time.");
            JsonNode first = t.path("first");
            if (!first.isObject()) throw invalid(where + ".first must be the first record: {topic, partition, offset}.");
            PostedWindow.RecordRef ref = new PostedWindow.RecordRef(Names.topic(text(first, "topic", where + ".first")),
                    partition(first, "partition", where + ".first"), offset(first, "offset", where + ".first"));
            // Who wrote the first record: optional ("" when absent), checked as every release the window names.
            String release = t.path("release").isMissingNode() || t.path("release").isNull() ? ""
                    : release(text(t, "release", where), where + ".release");
            long firstSeen = instant(t, "firstSeen", where);
            long lastSeen = instant(t, "lastSeen", where);
            carried.add(new PostedWindow.Carried(kind, type, revision, release, count(t, where), firstSeen, Math.max(firstSeen, lastSeen), ref));
        }
        List<PostedWindow.Finding> findings = new ArrayList<>();
        Set<String> findingKeys = new HashSet<>();
        for (JsonNode f : bounded(body.path("findings"), "findings")) {
            String where = "findings[" + findings.size() + "]";
            String id = text(f, "id", where);
            if (id.length() > 64 || !FINDING_ID.matcher(id).matches()) throw invalid(where + ".id must be an audit finding id (e.g. written-not-declared).");
            String severity = text(f, "severity", where);
            if (!SEVERITIES.contains(severity)) throw invalid(where + ".severity must be breaking, warning or info; got '" + severity + "'.");
            String release = release(text(f, "release", where), where + ".release");
            String type = type(text(f, "type", where), where, true);
            if (!findingKeys.add(release + "\n" + type + "\n" + id)) throw invalid(where + " lists " + id + " of " + type + " by " + release + " a second time.");
            JsonNode examplesNode = f.path("examples");
            if (!examplesNode.isMissingNode() && !examplesNode.isArray()) throw invalid(where + ".examples must be an array.");
            if (examplesNode.size() > 5) throw invalid(where + ".examples holds " + examplesNode.size() + " examples; at most 5.");
            List<String> examples = new ArrayList<>();
            for (JsonNode e : examplesNode) examples.add(example(e, where + ".examples[" + examples.size() + "]"));
            long firstSeen = instant(f, "firstSeen", where);
            long lastSeen = instant(f, "lastSeen", where);
            findings.add(new PostedWindow.Finding(id, severity, release, type, count(f, where), firstSeen, Math.max(firstSeen, lastSeen), examples));
        }
        return new PostedWindow(group, member, start, end, ranges, records, carried, findings);
    }

    /** One example as the store keeps it: the contract's members only, texts cut to {@link #MAX_EXAMPLE_TEXT}. */
    private static String example(JsonNode e, String where) {
        if (!e.isObject()) throw invalid(where + " must be an object {topic, partition, offset, key, pointer, message}.");
        ObjectNode out = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        out.put("topic", Names.topic(text(e, "topic", where)));
        out.put("partition", partition(e, "partition", where));
        out.put("offset", offset(e, "offset", where));
        for (String name : List.of("key", "pointer", "message")) {
            JsonNode v = e.path(name);
            if (v.isMissingNode() || v.isNull()) out.putNull(name);
            else if (!v.isTextual()) throw invalid(where + "." + name + " must be a string or null.");
            else out.put(name, v.asText().length() > MAX_EXAMPLE_TEXT ? v.asText().substring(0, MAX_EXAMPLE_TEXT) : v.asText());
        }
        return out.toString();
    }

    private static Iterable<JsonNode> bounded(JsonNode list, String name) {
        if (list.isMissingNode() || list.isNull()) return List.of();
        if (!list.isArray()) throw invalid(name + " must be an array.");
        if (list.size() > MAX_ENTRIES) throw invalid(name + " holds " + list.size() + " entries; a window holds at most " + MAX_ENTRIES + ".");
        return list;
    }

    private static String release(String text, String where) {
        if (!text.isEmpty() && !ProfileEndpoints.isRelease(text)) {
            throw invalid(where + " names '" + shorten(text) + "', which is neither a release (service@major.minor.patch) nor \"\" (none found).");
        }
        return text;
    }

    private static String type(String text, String where, boolean mayBeEmpty) {
        if ((text.isEmpty() && !mayBeEmpty) || text.length() > MAX_TYPE || text.chars().anyMatch(ch -> Character.isISOControl(ch) || ch == ' ')) {
            throw invalid(where + ".type must be a type name" + (mayBeEmpty ? " or \"\"" : "") + ", at most " + MAX_TYPE + " characters without spaces.");
        }
        return text;
    }

    private static long count(JsonNode n, String where) {
        JsonNode v = n.path("count");
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) throw invalid(where + ".count must be a whole number, 0 or more.");
        return v.asLong();
    }

    private static int partition(JsonNode n, String name, String where) {
        JsonNode v = n.path(name);
        if (!v.isInt() || v.asInt() < 0) throw invalid(where + "." + name + " must be a partition number, 0 or more.");
        return v.asInt();
    }

    private static long offset(JsonNode n, String name, String where) {
        JsonNode v = n.path(name);
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) throw invalid(where + "." + name + " must be an offset, 0 or more.");
        return v.asLong();
    }

    private static String text(JsonNode n, String name) {
        return text(n, name, null);
    }

    private static String text(JsonNode n, String name, String where) {
        JsonNode v = n.path(name);
        if (!v.isTextual()) throw invalid((where == null ? "" : where + ".") + name + " must be a string.");
        return v.asText();
    }

    private static long instant(JsonNode n, String name) {
        return instant(n, name, null);
    }

    private static long instant(JsonNode n, String name, String where) {
        String text = text(n, name, where);
        try {
            return Instant.parse(text).toEpochMilli();
        } catch (DateTimeParseException | ArithmeticException e) {
            throw invalid((where == null ? "" : where + ".") + name + " must be an instant (e.g. 2026-12-05T10:00:00Z); got '" + shorten(text) + "'.");
        }
    }

    private static String shorten(String text) {
        return text.length() > 80 ? text.substring(0, 80) + "..." : text;
    }

    private static ApiException invalid(String detail) {
        return new ApiException(ProblemCode.INVALID_INPUT, "This is not a window: " + detail);
    }

    /** 200 what the environment's wire carried (zeros and empty lists before the first window) | 400 bad name. */
    void wire(Context ctx) {
        String environment = Names.environment(ctx.pathParam("env"));
        String type = ctx.queryParam("type");
        if (type != null && (type.isBlank() || type.length() > MAX_TYPE)) {
            throw new ApiException(ProblemCode.BAD_PARAMETER, "type must be a type name of at most " + MAX_TYPE + " characters.");
        }
        WireView v = store.wire(environment, type, LISTED);
        ObjectNode out = json.object().put("environment", environment).put("records", v.records());
        if (v.since() == null) out.putNull("since");
        else out.put("since", Instant.ofEpochMilli(v.since()).toString());
        if (v.updated() == null) out.putNull("updated");
        else out.put("updated", Instant.ofEpochMilli(v.updated()).toString());
        out.put("windows", v.windows());
        if (v.reset() == null) out.putNull("reset");
        else out.putObject("reset").put("at", Instant.ofEpochMilli(v.reset().at()).toString()).put("by", v.reset().principal())
                .put("group", v.reset().group());
        // One entry per registered release the wire counted there: it grows with the releases, so the first ENTRIES
        // by name, and more.byRelease counts the rest (records counts them all).
        ObjectNode byRelease = out.putObject("byRelease");
        List<Map.Entry<String, Long>> counted = new ArrayList<>(new TreeMap<>(v.byRelease()).entrySet());
        int moreByRelease = counted.size() - Math.min(counted.size(), Listed.ENTRIES);
        counted.stream().limit(Listed.ENTRIES).forEach(e -> byRelease.put(e.getKey(), e.getValue()));
        // Each finding keeps 5 examples of 3 texts up to 1,000 characters: 100 of them can pass 1 MiB.
        int cutFindings = Listed.bytes(v.findings(), f -> {
            ObjectNode o = json.object().put("id", f.id()).put("severity", f.severity()).put("count", f.count())
                    .put("release", f.release()).put("type", f.type()).put("firstSeen", Instant.ofEpochMilli(f.firstSeen()).toString())
                    .put("lastSeen", Instant.ofEpochMilli(f.lastSeen()).toString());
            o.set("examples", examples(f.examplesJson()));
            return o;
        }, LISTED, FINDING_BYTES, out.putArray("findings"));
        ArrayNode carried = out.putArray("carried");
        for (WireView.Carried c : v.carried()) {
            ObjectNode o = carried.addObject().put("kind", c.kind()).put("type", c.type());
            if (c.kind().equals("event")) o.put("revision", c.revision());
            else o.putNull("revision");
            o.put("count", c.count()).put("firstSeen", Instant.ofEpochMilli(c.firstSeen()).toString())
                    .put("lastSeen", Instant.ofEpochMilli(c.lastSeen()).toString());
            o.putObject("first").put("topic", c.first().topic()).put("partition", c.first().partition()).put("offset", c.first().offset());
        }
        ArrayNode partitions = out.putArray("partitions");
        for (WireView.Partition p : v.partitions()) {
            partitions.addObject().put("group", p.group()).put("topic", p.topic()).put("partition", p.partition()).put("next", p.next());
        }
        ArrayNode watchers = out.putArray("watchers");
        for (WireView.Watcher w : v.watchers()) {
            watchers.addObject().put("member", w.member()).put("group", w.group()).put("lastWindow", Instant.ofEpochMilli(w.lastWindow()).toString());
        }
        ObjectNode more = json.object();
        if (moreByRelease > 0) more.put("byRelease", moreByRelease);
        if (v.moreFindings() + cutFindings > 0) more.put("findings", v.moreFindings() + cutFindings);
        if (v.moreCarried() > 0) more.put("carried", v.moreCarried());
        if (v.morePartitions() > 0) more.put("partitions", v.morePartitions());
        if (v.moreWatchers() > 0) more.put("watchers", v.moreWatchers());
        if (!more.isEmpty()) out.set("more", more);
        json.send(ctx, 200, out);
    }

    private JsonNode examples(String text) {
        try {
            JsonNode node = json.mapper().readTree(text);
            if (node.isArray()) return node;
        } catch (Exception e) {
            // only ever written by the store as an array; a damaged one reads as none
        }
        return json.array();
    }

    /** 200 the group's next offsets ([] when none) | 400 no group, or not a group's name. */
    void positions(Context ctx) {
        String environment = Names.environment(ctx.pathParam("env"));
        String group = ctx.queryParam("group");
        if (group == null || group.isBlank()) {
            throw new ApiException(ProblemCode.BAD_PARAMETER, "query parameter 'group' is required (the watchers' consumer group, "
                    + "e.g. wow-compat-watch." + environment + ").");
        }
        Names.group(group.strip());
        List<WireOutcome.Position> positions = store.wirePositions(environment, group.strip(), POSITIONS_LIMIT + 1);
        ObjectNode out = json.object().put("group", group.strip());
        ArrayNode list = out.putArray("positions");
        positions.stream().limit(POSITIONS_LIMIT).forEach(p -> list.addObject().put("topic", p.topic()).put("partition", p.partition())
                .put("next", p.next()));
        if (positions.size() > POSITIONS_LIMIT) out.put("more", true);
        json.send(ctx, 200, out);
    }

    /**
     * 200 what went | 400 a bad name | 403 without {@code admin}: resets the environment's wire, or with {@code ?group=G}
     * that group's positions only (docs/api.md, "DELETE /environments/{env}/wire").
     */
    void reset(Context ctx) {
        String environment = Names.environment(ctx.pathParam("env"));
        String group = ctx.queryParam("group");
        if (group != null) {
            if (group.isBlank()) {
                throw new ApiException(ProblemCode.BAD_PARAMETER, "group, when given, names the consumer group whose positions to "
                        + "remove (e.g. wow-compat-watch." + environment + "); without it the whole wire of '" + environment + "' is reset.");
            }
            group = Names.group(group.strip());
        }
        WriteGate.require(ctx, Grant.ADMIN);
        WireReset reset = store.resetWire(environment, group, WriteGate.principal(ctx), WriteGate.record(ctx, 200));
        ObjectNode out = json.object().put("environment", environment).put("group", reset.group())
                .put("resetAt", Instant.ofEpochMilli(reset.at()).toString()).put("by", reset.principal())
                .put("positions", reset.positions());
        json.send(ctx, 200, out);
    }
}
