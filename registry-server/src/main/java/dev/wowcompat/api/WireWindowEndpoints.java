package dev.wowcompat.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.access.Grant;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.profile.FieldKey;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.WireStore;
import dev.wowcompat.store.WireOutcome;
import dev.wowcompat.store.WireReset;
import dev.wowcompat.store.WireView;
import dev.wowcompat.text.Counts;
import dev.wowcompat.window.WindowRefusal;
import dev.wowcompat.window.WireWindow;
import io.javalin.http.Context;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The registry watches the wire (docs/api.md, "POST /environments/{env}/wire"): watchers post windows of records, each
 * applied once in one transaction; reads answer what the wire carried and where each group's counting stands.
 */
final class WireWindowEndpoints {
    /** Rows each list of {@code GET /environments/{env}/wire} holds at most; {@code more} counts the rest. */
    static final int LISTED = 100;
    /** Positions one read answers at most: more partitions than one group of watchers reads in practice. */
    static final int POSITIONS_LIMIT = 10_000;
    private static final int MAX_TYPE = WireWindow.MAX_TYPE;
    /**
     * Bytes the findings of one read take at most: with the other lists (at most {@code LISTED} entries each, of
     * names of at most {@code MAX_TYPE} or {@link WireWindow#MAX_MEMBER} characters) the answer stays within
     * {@link Listed#ANSWER_BYTES}.
     */
    static final int FINDING_BYTES = 384 * 1024;
    private final ReleaseStore releaseStore;
    private final WireStore wireStore;
    private final Registration registration;
    private final RequestBodies bodies;
    private final JsonInput input;
    private final JsonResponses json;
    /** The registry's clock: no time a window gives may be ahead of it by more than {@link WireWindow#CLOCK_SKEW_MILLIS}. */
    private final Clock clock;

    WireWindowEndpoints(ReleaseStore releaseStore, WireStore wireStore, Registration registration, RequestBodies bodies, JsonInput input, JsonResponses json, Clock clock) {
        this.clock = clock;
        this.releaseStore = releaseStore;
        this.wireStore = wireStore;
        this.registration = registration;
        this.bodies = bodies;
        this.input = input;
        this.json = json;
    }

    /**
     * 200 applied (or, covering no offset, nothing to apply) | 400 not a window, an empty one, or a time that cannot be
     * true | 409 a range is stale | 422 a claim the registry can check is not true: nothing kept.
     */
    void post(Context ctx) throws InvalidInputException {
        String environment = Names.environment(ctx.pathParam("env"));
        WriteGate.require(ctx, Grant.observe(environment));
        JsonNode body = input.parse(bodies.json(ctx), ctx.method() + " " + ctx.path());
        WireWindow window;
        try {
            window = WireWindow.read(body, ProfileEndpoints.MAX_POSTED_FIELDS);
            names(window);
            window.validate(clock.millis());
        } catch (WindowRefusal r) {
            throw refusal(r);
        }
        if (window.coversNothing()) {
            // Nothing to count: no position moves, no count or time changes (docs/api.md, "What a window may claim").
            ObjectNode out = json.object().put("accepted", true).put("records", 0);
            out.putArray("positions");
            out.putNull("profiles");
            out.putObject("dropped").put("carried", 0).put("carriedRecords", 0).put("findings", 0).put("findingRecords", 0);
            json.send(ctx, 200, out);
            return;
        }
        ProfileSet profiles = window.profiles();
        Map<FieldKey, String> leftOut = new TreeMap<>();
        if (profiles != null) {
            for (FieldKey key : profiles.fields().keySet()) {
                if (!ProfileEndpoints.isRelease(key.release())) leftOut.put(key, ProblemCode.INVALID_INPUT.code());
            }
            ProfileSet named = profiles;
            if (!leftOut.isEmpty()) {
                named = new ProfileSet(profiles.limits());
                for (var e : profiles.fields().entrySet()) if (!leftOut.containsKey(e.getKey())) named.add(e.getKey(), e.getValue());
            }
            for (FieldKey key : ProfileEndpoints.undeclared(releaseStore, registration, named).keySet()) {
                leftOut.put(key, ProblemCode.PROFILE_UNDECLARED.code());
            }
        }
        WireOutcome outcome = wireStore.applyWindow(environment, window, profiles, leftOut, WriteGate.principal(ctx), WriteGate.record(ctx, 200));
        if (outcome.stale() != null) throw stale(environment, window.group(), outcome.stale());
        if (outcome.refused() != null) throw refused(environment, window, outcome.refused());
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

    /** The registry's names in a window: a consumer group, Kafka topics, releases ({@code service@version}, or "" for none). */
    private static void names(WireWindow w) {
        Names.group(w.group());
        for (WireWindow.Range r : w.ranges()) Names.topic(r.topic());
        w.records().keySet().forEach(release -> release(release, "records"));
        for (int i = 0; i < w.carried().size(); i++) {
            WireWindow.Carried c = w.carried().get(i);
            Names.topic(c.first().topic());
            release(c.release(), "carried[" + i + "].release");
        }
        for (int i = 0; i < w.findings().size(); i++) {
            WireWindow.Finding f = w.findings().get(i);
            release(f.release(), "findings[" + i + "].release");
            for (WireWindow.Example e : f.examples()) Names.topic(e.topic());
        }
    }

    /** A window the model refuses, as the problem its reason answers with; the member it is about goes with it. */
    private static ApiException refusal(WindowRefusal r) {
        Map<String, Object> member = Map.of("member", r.member());
        return switch (r.reason()) {
            case FORM -> new ApiException(ProblemCode.INVALID_INPUT, "This is not a window: " + r.getMessage());
            case EMPTY -> new ApiException(ProblemCode.WIRE_EMPTY_WINDOW, r.getMessage());
            case TIME -> new ApiException(ProblemCode.WIRE_IMPOSSIBLE_TIME, "The window's " + r.getMessage() + ". Nothing of the window was kept.",
                    member);
            case COUNT -> new ApiException(ProblemCode.WIRE_IMPOSSIBLE_COUNT, "The window is refused: " + r.getMessage() + "; a record is "
                    + "counted at most once per offset. Nothing of the window was kept.", member);
            case OVERFLOW -> new ApiException(ProblemCode.WIRE_COUNT_OVERFLOW, "The window is refused: " + r.getMessage() + ". Nothing of the "
                    + "window was kept.", member);
            case CARRIED_UNATTRIBUTED -> new ApiException(ProblemCode.WIRE_CARRIED_UNDECLARED, "The window is refused: " + r.getMessage()
                    + ". Nothing of the window was kept.", member);
        };
    }

    private static ApiException refused(String environment, WireWindow w, WireOutcome.Refused r) {
        return switch (r.reason()) {
            case RELEASE_NEVER_RAN -> new ApiException(ProblemCode.WIRE_RELEASE_NEVER_RAN, "The window attributes records, carried types "
                    + "or findings to " + r.subject() + ", which had not run in '" + environment + "' by the window's end ("
                    + Instant.ofEpochMilli(w.end()) + "); a watcher attributes records to the release that ran when each was written. "
                    + "Nothing of the window was kept.", Map.of("release", r.subject()));
            case CARRIED_UNDECLARED -> new ApiException(ProblemCode.WIRE_CARRIED_UNDECLARED, "The window says " + r.release() + " wrote the "
                    + r.subject() + ", which " + r.release() + " does not declare; a record of a type or revision its release does not "
                    + "declare is a finding (event-revision-unregistered, written-not-declared), never a carried type. Nothing of the "
                    + "window was kept.", Map.of("release", r.release(), "type", r.subject()));
            case COUNT_OVERFLOW -> new ApiException(ProblemCode.WIRE_COUNT_OVERFLOW, "Added to what '" + environment + "' keeps, "
                    + r.subject() + " would pass 2^53, the largest count the registry keeps. Nothing of the window was kept.",
                    Map.of("count", r.subject()));
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

    /** A release as the window names it: {@code service@version}, or "" when none was found. */
    private static void release(String text, String where) {
        if (!text.isEmpty() && !ProfileEndpoints.isRelease(text)) {
            throw new ApiException(ProblemCode.INVALID_INPUT, "This is not a window: " + where + " names '" + shorten(text)
                    + "', which is neither a release (service@major.minor.patch) nor \"\" (none found).");
        }
    }

    private static String shorten(String text) {
        return text.length() > 80 ? text.substring(0, 80) + "..." : text;
    }

    /** 200 what the environment's wire carried (zeros and empty lists before the first window) | 400 bad name. */
    void wire(Context ctx) {
        String environment = Names.environment(ctx.pathParam("env"));
        String type = ctx.queryParam("type");
        if (type != null && (type.isBlank() || type.length() > MAX_TYPE)) {
            throw new ApiException(ProblemCode.BAD_PARAMETER, "type must be a type name of at most " + MAX_TYPE + " characters.");
        }
        WireView v = wireStore.wire(environment, type, LISTED);
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
        List<WireOutcome.Position> positions = wireStore.wirePositions(environment, group.strip(), POSITIONS_LIMIT + 1);
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
        WireReset reset = wireStore.resetWire(environment, group, WriteGate.principal(ctx), WriteGate.record(ctx, 200));
        ObjectNode out = json.object().put("environment", environment).put("group", reset.group())
                .put("resetAt", Instant.ofEpochMilli(reset.at()).toString()).put("by", reset.principal())
                .put("positions", reset.positions());
        json.send(ctx, 200, out);
    }
}
