package dev.wowcompat.replay.runner;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The replay's side in the candidate's JVM. It reads requests from stdin and answers each with one JSON line on
 * stdout; only JSON text crosses between the JVMs (docs/replay.md, "The runner's protocol").
 *
 * <p>A request is a header line {@code SOURCE <records> <version before> <deleted before>}, then the state before
 * (JSON, or {@code null} for the empty state at version 1), then that many state event records, one JSON object a
 * line. The runner makes each record an event stream through Wow's own reading (upgrader chain, type resolution),
 * sources the streams in order into the state, and answers with the state Wow's serializer writes, what it saw of
 * each event, and the first failure. {@code STEPS} does the same for each record of a run of one aggregate's
 * records in one request, and the whole stream beside ({@code steps}). {@code UPGRADERS} answers the upgraders
 * {@code META-INF/services} lists and those of the classpath it does not. {@code QUIT} or the end of stdin ends it.
 *
 * <p>Whatever the candidate's libraries print goes to stderr: stdout carries the protocol alone.
 */
public final class ReplayRunner {
    private static final String JSON_DOMAIN_EVENT = "me.ahoo.wow.serialization.event.JsonDomainEvent";

    /** How an answer that found no failure ends. */
    private static final String SUCCEEDED = ",\"failure\":null}";

    private final WowRuntime wow;
    /** The record {@link #source} read last, as a tree, for the next step's state before. */
    private Object lastStreamNode;
    /** The whole stream's pass of {@code STEPS}: one aggregate's state, from the empty one (one aggregate at a time). */
    private boolean wholeOn;
    private Object wholeAggregate;
    private int wholeRecords;
    private String wholeFailure;
    private final java.util.Map<Class<?>, Object> stateMetadataOf = new java.util.HashMap<>();
    /**
     * The events Wow's chain handed back as they were given (no upgrader registered), by the JSON values of their
     * context, aggregate and name: Wow keys its upgraders by exactly these, so such an event needs no chain run again
     * (docs/decisions.md, "The upgrader chain's second run").
     */
    private final java.util.Set<List<Object>> withoutUpgraders = new java.util.HashSet<>();
    /** What {@link #upgradeOne} answers of an event without upgraders: its name and revision are the event's own. */
    private static final String[] AS_READ = {null, null, "same"};

    private ReplayRunner(WowRuntime wow) {
        this.wow = wow;
    }

    public static void main(String[] args) throws IOException {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        System.setOut(System.err);
        exitWithParent();
        RequestLines in = new RequestLines(System.in);
        ReplayRunner runner;
        try {
            runner = new ReplayRunner(new WowRuntime());
        } catch (ReflectiveOperationException | LinkageError e) {
            // The class or method of wow-core that is not there: a ClassNotFoundException's message is the class name,
            // a NoSuchMethodException's the method with its class, and a LinkageError's what did not link.
            protocol.println("{\"missing\":" + Json.string(String.valueOf(e.getMessage())) + "}");
            protocol.flush();
            return;
        }
        protocol.println("{\"ready\":true}");
        protocol.flush();
        for (String header = in.nextText(); header != null && !header.equals("QUIT"); header = in.nextText()) {
            if (header.equals("UPGRADERS")) {
                try {
                    protocol.println(Upgraders.answer(runnerJar()));
                } catch (ClassNotFoundException | LinkageError e) {
                    protocol.println("{\"missing\":" + Json.string(String.valueOf(e.getMessage())) + "}");
                }
                protocol.flush();
                continue;
            }
            String[] parts = header.trim().split(" ");
            if (parts.length == 2 && (parts[0].equals("READ") || parts[0].equals("BODYTYPES"))) {
                int count = Integer.parseInt(parts[1]);
                List<String> lines = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    lines.add(in.nextText());
                }
                protocol.println(parts[0].equals("READ") ? runner.read(lines) : runner.bodyTypes(lines));
                protocol.flush();
                continue;
            }
            if (parts.length == 5 && parts[0].equals("STEPS")) {
                int count = Integer.parseInt(parts[1]);
                String before = in.nextText();
                List<byte[]> records = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    records.add(in.next());
                }
                protocol.println(runner.steps(before == null || before.equals("null") ? null : before,
                        Integer.parseInt(parts[2]), Boolean.parseBoolean(parts[3]), parts[4], records));
                protocol.flush();
                continue;
            }
            if (parts.length != 4 || !parts[0].equals("SOURCE")) {
                protocol.println("{\"fatal\":" + Json.string("unknown request: " + header) + "}");
                protocol.flush();
                return;
            }
            int count = Integer.parseInt(parts[1]);
            String before = in.nextText();
            List<Object> records = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                records.add(in.nextText());
            }
            protocol.println(runner.source(before == null || before.equals("null") ? null : before,
                    Integer.parseInt(parts[2]), Boolean.parseBoolean(parts[3]), records, false));
            protocol.flush();
        }
    }

    private static java.nio.file.Path runnerJar() {
        try {
            return java.nio.file.Path.of(ReplayRunner.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toAbsolutePath().normalize();
        } catch (java.net.URISyntaxException | SecurityException e) {
            return java.nio.file.Path.of("");
        }
    }

    /** A runner left behind by a parent killed outright stops within a second instead of living on. */
    private static void exitWithParent() {
        ProcessHandle.current().parent().ifPresent(parent -> {
            Thread watch = new Thread(() -> {
                while (parent.isAlive()) {
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                Runtime.getRuntime().halt(3);
            }, "replay-parent-watch");
            watch.setDaemon(true);
            watch.start();
        });
    }

    /**
     * {@code STEPS <records> <version before> <deleted before> <whole>}: a run of one aggregate's records in version
     * order, each sourced from the recorded state of the one before it (the first from the state before given), as
     * {@code SOURCE} sources one record; each record line is {@code <version> <deleted> <record>}, its version and
     * whether it is deleted, as the next step's state before. With {@code whole} {@code start} or {@code continue},
     * the records are also sourced in order into one state from the empty one, kept across requests until the next
     * {@code start} or {@code none} (docs/decisions.md, "The replay's protocol"). Answers
     * {@code {"steps": [SOURCE's answer, ...], "whole": SOURCE's answer or null}}.
     */
    private String steps(String before, int beforeVersion, boolean deletedBefore, String whole, List<byte[]> records) {
        if (!whole.equals("continue")) {
            wholeAggregate = null;
            wholeFailure = null;
            wholeRecords = 0;
            wholeOn = whole.equals("start");
        }
        StringBuilder out = new StringBuilder("{\"steps\":[");
        Object stepBefore = before;
        int version = beforeVersion;
        boolean deleted = deletedBefore;
        for (int i = 0; i < records.size(); i++) {
            byte[] line = records.get(i);
            int first = indexOf(line, ' ', 0);
            int second = indexOf(line, ' ', first + 1);
            RecordBytes record = new RecordBytes(line, second + 1);
            lastStreamNode = null;
            String answer = source(stepBefore, version, deleted, List.of(record), true);
            out.append(i == 0 ? "" : ",").append(answer);
            Object node = lastStreamNode;
            if (wholeOn) {
                sourceWhole(node, answer.endsWith(SUCCEEDED));
            }
            try {
                stepBefore = node == null ? record : wow.invoke(node, "get", "state");
            } catch (Throwable t) {
                stepBefore = record;
            }
            version = Integer.parseInt(new String(line, 0, first, StandardCharsets.UTF_8));
            deleted = Boolean.parseBoolean(new String(line, first + 1, second - first - 1, StandardCharsets.UTF_8));
        }
        out.append("],\"whole\":");
        if (!wholeOn) {
            out.append("null");
        } else if (wholeFailure != null) {
            out.append(wholeFailure);
        } else {
            try {
                out.append("{\"version\":").append(wow.invoke(wholeAggregate, "getVersion")).append(',')
                        .append(stateOrSame(wow.invoke(wholeAggregate, "getState"), lastStreamNode))
                        .append(",\"events\":[]").append(SUCCEEDED);
            } catch (Throwable t) {
                out.append(failure(new StringBuilder(), "state-unwritable", wholeRecords - 1, -1, t));
            }
        }
        return out.append('}').toString();
    }

    /**
     * Sources a record its step has read into the whole stream's state, from a stream of its own: a state that keeps
     * part of an event's body must not share it with the step's. After a step that failed the whole stream is not
     * judged (docs/replay.md), so it stops there.
     */
    private void sourceWhole(Object streamNode, boolean stepSucceeded) {
        if (wholeFailure != null) {
            return;
        }
        if (!stepSucceeded || streamNode == null) {
            wholeOn = false;
            wholeAggregate = null;
            return;
        }
        int r = wholeRecords++;
        Object stream;
        try {
            stream = wow.eventStream(streamNode);
        } catch (Throwable t) {
            wholeFailure = failure(new StringBuilder(), "event-unreadable", r, -1, t);
            return;
        }
        try {
            if (wholeAggregate == null) {
                Object aggregateId = wow.invoke(stream, "getAggregateId");
                Class<?> type = wow.aggregateType(aggregateId);
                if (type == null) {
                    wholeFailure = failure(new StringBuilder(), "aggregate-unknown", r, -1,
                            new IllegalStateException("no aggregate class for " + aggregateId));
                    return;
                }
                wholeAggregate = wow.emptyStateAggregate(wow.stateMetadata(type), aggregateId);
            }
        } catch (Throwable t) {
            wholeFailure = failure(new StringBuilder(), "sourcing-failed", r, -1, t);
            return;
        }
        try {
            wow.invoke(wholeAggregate, "onSourcing", stream);
        } catch (Throwable t) {
            String kind = t.getClass().getSimpleName().equals("SourcingVersionConflictException")
                    ? "version-conflict" : "sourcing-failed";
            wholeFailure = failure(new StringBuilder(), kind, r, -1, t);
        }
    }

    /**
     * {@code before}: the recorded state before, as JSON text, a record's bytes or a tree already read; null for the
     * empty state. With {@code step} (one record of {@code STEPS}) the answer leaves out what the parent would find nothing in: the
     * events read, upgraded and sourced as they should be, and the state when it is the one the record holds
     * ({@link #stateOrSame}).
     */
    private String source(Object before, int beforeVersion, boolean deletedBefore, List<?> records, boolean step) {
        StringBuilder events = new StringBuilder();
        Object stateMetadata = null;
        Object aggregate = null;
        for (int r = 0; r < records.size(); r++) {
            Object streamNode;
            try {
                streamNode = tree(records.get(r));
            } catch (Throwable e) {
                return failure(events, "record-unreadable", r, -1, e);
            }
            lastStreamNode = streamNode;
            Object eventsNode;
            int eventCount;
            List<Object> streamKey;
            try {
                eventsNode = wow.invoke(streamNode, "get", "body");
                eventCount = eventsNode == null ? 0 : (Integer) wow.invoke(eventsNode, "size");
                streamKey = streamKey(streamNode);
            } catch (Throwable e) {
                return failure(events, "record-unreadable", r, -1, e);
            }
            List<String[]> upgraded = new ArrayList<>();
            for (int e = 0; e < eventCount; e++) {
                try {
                    upgraded.add(upgradeOne(streamNode, streamKey, wow.invoke(eventsNode, "get", e), e, eventCount));
                } catch (UpgraderFailure failure) {
                    return failure(events, "upgrader-failed", r, e, failure.getCause() == null ? failure : failure.getCause());
                } catch (Throwable t) {
                    return failure(events, "record-unreadable", r, e, t);
                }
            }
            Object stream;
            try {
                stream = wow.eventStream(streamNode);
            } catch (Throwable t) {
                return failure(events, "event-unreadable", r, firstUnreadable(streamNode, eventsNode, eventCount), t);
            }
            try {
                if (aggregate == null) {
                    Object aggregateId = wow.invoke(stream, "getAggregateId");
                    Class<?> type = wow.aggregateType(aggregateId);
                    if (type == null) {
                        return failure(events, "aggregate-unknown", r, -1,
                                new IllegalStateException("no aggregate class for " + aggregateId));
                    }
                    stateMetadata = stateMetadata(type);
                    if (before == null) {
                        aggregate = wow.emptyStateAggregate(stateMetadata, aggregateId);
                    } else {
                        Object state;
                        try {
                            Class<?> stateType = (Class<?>) wow.invoke(stateMetadata, "getAggregateType");
                            state = wow.treeToValue(tree(before), stateType);
                        } catch (Throwable t) {
                            return failure(events, "snapshot-unreadable", r, -1, t);
                        }
                        aggregate = wow.stateAggregate(stateMetadata, aggregateId, state, beforeVersion, deletedBefore);
                    }
                }
                List<?> domainEvents = (List<?>) wow.invoke(stream, "getBody");
                for (int e = 0; e < domainEvents.size(); e++) {
                    Object event = domainEvents.get(e);
                    boolean readable = !event.getClass().getName().equals(JSON_DOMAIN_EVENT);
                    Object body = wow.invoke(event, "getBody");
                    boolean sourced = readable && wow.hasSourcingFunction(stateMetadata, body.getClass());
                    String[] seen = e < upgraded.size() ? upgraded.get(e) : new String[4];
                    boolean unguarded = readable && "changed".equals(seen[2]);
                    if (step && readable && sourced && !unguarded) {
                        continue;
                    }
                    if (!events.isEmpty()) {
                        events.append(',');
                    }
                    String name = (String) wow.invoke(event, "getName");
                    String revision = (String) wow.invoke(event, "getRevision");
                    events.append("{\"record\":").append(r).append(",\"event\":").append(e)
                            .append(",\"name\":").append(Json.string(seen == AS_READ ? name : seen[0]))
                            .append(",\"revision\":").append(Json.string(seen == AS_READ ? revision : seen[1]))
                            .append(",\"upgradedName\":").append(Json.string(name))
                            .append(",\"upgradedRevision\":").append(Json.string(revision))
                            .append(",\"readable\":").append(readable)
                            .append(",\"sourced\":").append(sourced)
                            .append(",\"unguarded\":").append(unguarded)
                            .append('}');
                }
            } catch (Throwable t) {
                return failure(events, "sourcing-failed", r, -1, t);
            }
            try {
                wow.invoke(aggregate, "onSourcing", stream);
            } catch (Throwable t) {
                String kind = t.getClass().getSimpleName().equals("SourcingVersionConflictException")
                        ? "version-conflict" : "sourcing-failed";
                return failure(events, kind, r, -1, t);
            }
        }
        try {
            Object version = aggregate == null ? beforeVersion : wow.invoke(aggregate, "getVersion");
            return "{\"version\":" + version + "," + (step && aggregate != null
                    ? stateOrSame(wow.invoke(aggregate, "getState"), lastStreamNode)
                    : "\"state\":" + (aggregate == null ? "null" : wow.write(wow.invoke(aggregate, "getState"))))
                    + ",\"events\":[" + events + "]" + SUCCEEDED;
        } catch (Throwable t) {
            return failure(events, "state-unwritable", records.size() - 1, -1, t);
        }
    }

    /**
     * Reads each record's events as Wow reads them (the upgrader chain, then type resolution) without sourcing them
     * into a state: what {@code --synthetic} and the rollback check ask of a JVM. Unlike {@code SOURCE} it goes on
     * after a failure, so that each record's answer is its own. Answers {@code {"events": [...], "failures": [...]}};
     * each event also says whether Wow's type registry resolves its name and revision after the chain
     * ({@code registered}) and the class it was read into ({@code bodyClass}).
     */
    private String read(List<String> records) {
        StringBuilder events = new StringBuilder();
        StringBuilder failures = new StringBuilder();
        java.util.Map<Class<?>, Object> stateMetadata = new java.util.HashMap<>();
        for (int r = 0; r < records.size(); r++) {
            Object streamNode;
            Object eventsNode;
            int eventCount;
            List<Object> streamKey;
            try {
                streamNode = wow.readTree(records.get(r));
                eventsNode = wow.invoke(streamNode, "get", "body");
                eventCount = eventsNode == null ? 0 : (Integer) wow.invoke(eventsNode, "size");
                streamKey = streamKey(streamNode);
            } catch (Throwable e) {
                failures.append(failures.isEmpty() ? "" : ",").append(failureObject("record-unreadable", r, -1, e));
                continue;
            }
            List<String[]> upgraded = new ArrayList<>();
            boolean failed = false;
            for (int e = 0; e < eventCount && !failed; e++) {
                try {
                    upgraded.add(upgradeOne(streamNode, streamKey, wow.invoke(eventsNode, "get", e), e, eventCount));
                } catch (UpgraderFailure failure) {
                    failures.append(failures.isEmpty() ? "" : ",").append(failureObject("upgrader-failed", r, e,
                            failure.getCause() == null ? failure : failure.getCause()));
                    failed = true;
                } catch (Throwable t) {
                    failures.append(failures.isEmpty() ? "" : ",").append(failureObject("record-unreadable", r, e, t));
                    failed = true;
                }
            }
            if (failed) {
                continue;
            }
            try {
                Object stream;
                try {
                    stream = wow.eventStream(streamNode);
                } catch (Throwable t) {
                    failures.append(failures.isEmpty() ? "" : ",").append(failureObject("event-unreadable", r,
                            firstUnreadable(streamNode, eventsNode, eventCount), t));
                    continue;
                }
                Object aggregateId = wow.invoke(stream, "getAggregateId");
                Class<?> type = wow.aggregateType(aggregateId);
                if (type == null) {
                    failures.append(failures.isEmpty() ? "" : ",").append(failureObject("aggregate-unknown", r, -1,
                            new IllegalStateException("no aggregate class for " + aggregateId)));
                    continue;
                }
                Object metadata = stateMetadata.get(type);
                if (metadata == null) {
                    metadata = wow.stateMetadata(type);
                    stateMetadata.put(type, metadata);
                }
                String context = (String) wow.invoke(aggregateId, "getContextName");
                String aggregateName = (String) wow.invoke(aggregateId, "getAggregateName");
                List<?> domainEvents = (List<?>) wow.invoke(stream, "getBody");
                for (int e = 0; e < domainEvents.size(); e++) {
                    Object event = domainEvents.get(e);
                    boolean readable = !event.getClass().getName().equals(JSON_DOMAIN_EVENT);
                    Object body = wow.invoke(event, "getBody");
                    String name = (String) wow.invoke(event, "getName");
                    String revision = (String) wow.invoke(event, "getRevision");
                    String[] seen = e < upgraded.size() ? upgraded.get(e) : new String[4];
                    events.append(events.isEmpty() ? "" : ",")
                            .append("{\"record\":").append(r).append(",\"event\":").append(e)
                            .append(",\"name\":").append(Json.string(seen == AS_READ ? name : seen[0]))
                            .append(",\"revision\":").append(Json.string(seen == AS_READ ? revision : seen[1]))
                            .append(",\"upgradedName\":").append(Json.string(name))
                            .append(",\"upgradedRevision\":").append(Json.string(revision))
                            .append(",\"readable\":").append(readable)
                            .append(",\"registered\":").append(wow.registered(context, aggregateName, name, revision) != null)
                            .append(",\"sourced\":").append(readable && wow.hasSourcingFunction(metadata, body.getClass()))
                            .append(",\"unguarded\":").append(readable && "changed".equals(seen[2]))
                            .append(",\"bodyClass\":").append(Json.string(readable ? body.getClass().getName() : null))
                            .append('}');
                }
            } catch (Throwable t) {
                failures.append(failures.isEmpty() ? "" : ",").append(failureObject("record-unreadable", r, -1, t));
            }
        }
        return "{\"events\":[" + events + "],\"failures\":[" + failures + "]}";
    }

    /**
     * The class a record of each event and revision names as its {@code bodyType}, as this JVM's release writes it:
     * the class Wow's type registry resolves, else the event's class in the modules that carry Wow's metadata
     * ({@link EventClasses}). Each request line is {@code context TAB aggregate TAB event name TAB revision}.
     */
    private String bodyTypes(List<String> queries) {
        StringBuilder out = new StringBuilder("{\"bodyTypes\":[");
        EventClasses classes = null;
        for (int i = 0; i < queries.size(); i++) {
            String[] q = queries.get(i).split("\t", -1);
            String found = null;
            if (q.length == 4) {
                try {
                    Class<?> registered = wow.registered(q[0], q[1], q[2], q[3]);
                    found = registered == null ? null : registered.getName();
                } catch (Throwable t) {
                    found = null;
                }
                if (found == null) {
                    if (classes == null) {
                        classes = new EventClasses(runnerJar());
                    }
                    found = classes.find(q[2], q[3]);
                }
            }
            out.append(i == 0 ? "" : ",").append(Json.string(found));
        }
        return out.append("]}").toString();
    }

    private static String failureObject(String kind, int record, int event, Throwable cause) {
        String detail = cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return "{\"kind\":" + Json.string(kind) + ",\"record\":" + record + ",\"event\":" + event + ",\"detail\":"
                + Json.string(detail) + "}";
    }

    /**
     * The members of a state answer: {@code "state":null,"same":true} when the state is the one the record holds (so
     * the parent's comparison, which accepts more, finds nothing in it and need not read it), else {@code "state":}
     * and the state written (docs/decisions.md, "The child answers only what the parent judges"). The same is told
     * by Wow's mapper: the tree it makes of the state object equals the recorded one, or else the state it writes,
     * read back, does.
     */
    private String stateOrSame(Object stateObject, Object streamNode) throws Throwable {
        Object recorded = streamNode == null ? null : wow.invoke(streamNode, "get", "state");
        // Most states are the recorded one, which their tree made straight from the object says with no text between.
        // Such a tree may hold other node types than text read back (a decimal, a long, bytes), so unequal, or a mapper
        // that cannot make it, tells nothing: the state is then written and read back.
        try {
            if (recorded != null && recorded.equals(wow.valueToTree(stateObject))) {
                return SAME_STATE;
            }
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable notMade) {
            // Written below, where a state that cannot be written fails as it did.
        }
        String state = wow.write(stateObject);
        if (recorded != null && recorded.equals(wow.readTree(state))) {
            return SAME_STATE;
        }
        return "\"state\":" + state;
    }

    /** JSON as Wow's mapper reads it: text, or a record's bytes where they lie; a tree already read as it is. */
    private Object tree(Object json) throws Throwable {
        return json instanceof String text ? wow.readTree(text) : json instanceof RecordBytes bytes ? bytes.read(wow) : json;
    }

    /** Where {@code b} first is in {@code line} from {@code from}; the step's numbers end at its first two blanks. */
    private static int indexOf(byte[] line, char b, int from) {
        for (int i = from; i < line.length; i++) {
            if (line[i] == b) {
                return i;
            }
        }
        throw new IllegalArgumentException("a step's line holds its version, its deletion and its record");
    }

    private static final String SAME_STATE = "\"state\":null,\"same\":true";

    /** Wow's metadata of the aggregate class's state, read once a class. */
    private Object stateMetadata(Class<?> aggregateClass) throws Throwable {
        Object metadata = stateMetadataOf.get(aggregateClass);
        if (metadata == null) {
            metadata = wow.stateMetadata(aggregateClass);
            stateMetadataOf.put(aggregateClass, metadata);
        }
        return metadata;
    }

    /**
     * Runs Wow's chain on one event of a stream, read as Wow reads it. A chain whose upgraders each guard their
     * source revision leaves a record already at its current revision as it is: so the chain is unguarded when it
     * changed a record whose name and revision it kept, or changed again what it had already upgraded. Answers the
     * name and revision read, and {@code changed} or {@code same}.
     *
     * <p>The chain is run a second time only on a record the first run changed: Wow hands back the very record it was
     * given when no upgrader is registered for the event, and a chain that left a record as it was leaves it so again,
     * as it is given the same record (docs/decisions.md, "The upgrader chain's second run").
     */
    private String[] upgradeOne(Object streamNode, List<Object> streamKey, Object eventNode, int index, int count)
            throws Throwable {
        List<Object> key = upgraderKey(streamKey, eventNode);
        if (key != null && withoutUpgraders.contains(key)) {
            return AS_READ;
        }
        Object record = wow.eventRecord(flatEvent(streamNode, eventNode, index, count));
        String name = (String) wow.invoke(record, "getName");
        String revision = (String) wow.invoke(record, "getRevision");
        String aggregateBefore = aggregateOf(record);
        Object once;
        try {
            once = wow.upgrade(record);
        } catch (Throwable t) {
            throw new UpgraderFailure(t);
        }
        if (once == record) {
            if (key != null) {
                withoutUpgraders.add(key);
            }
            return new String[] {name, revision, "same"};
        }
        if (!aggregateBefore.equals(aggregateOf(once))) {
            throw new UpgraderFailure(new IllegalStateException("an upgrader returned a record of " + aggregateOf(once)
                    + " for an event of " + aggregateBefore));
        }
        // The chain may have changed the record it was given in place: the record as read is made again. Equal trees
        // write equal text; trees that differ may still write it (an int written as a long), so only they are written.
        Object first = flatEvent(streamNode, eventNode, index, count);
        Object onceActual = wow.invoke(once, "getActual");
        boolean kept = name.equals(wow.invoke(once, "getName")) && revision.equals(wow.invoke(once, "getRevision"));
        String onceText = null;
        boolean unchanged = first.equals(onceActual);
        if (!unchanged) {
            onceText = wow.write(onceActual);
            unchanged = wow.readTree(wow.write(first)).equals(wow.readTree(onceText));
        }
        if (kept && !unchanged) {
            return new String[] {name, revision, "changed"};
        }
        if (unchanged) {
            return new String[] {name, revision, "same"};
        }
        String twice;
        try {
            twice = wow.write(wow.invoke(wow.upgrade(wow.eventRecord(wow.readTree(onceText))), "getActual"));
        } catch (Throwable t) {
            return new String[] {name, revision, "changed"};
        }
        boolean same = wow.readTree(onceText).equals(wow.readTree(twice));
        return new String[] {name, revision, same ? "same" : "changed"};
    }

    /**
     * The stream's part of the key Wow keys an event's upgraders by (its context and aggregate, as JSON values), read
     * once a record; null when the record lacks one of them or another member Wow's chain reads of the stream (the
     * aggregate id, the tenant): such a record always goes through the chain, which fails on it as Wow does.
     */
    private List<Object> streamKey(Object streamNode) throws Throwable {
        Object context = wow.invoke(streamNode, "get", "contextName");
        Object aggregate = wow.invoke(streamNode, "get", "aggregateName");
        if (context == null || aggregate == null || wow.invoke(streamNode, "get", "aggregateId") == null
                || wow.invoke(streamNode, "get", "tenantId") == null) {
            return null;
        }
        return List.of(context, aggregate);
    }

    /**
     * The whole key (context, aggregate, event name), or null when {@link #streamKey} is, or when the event lacks its
     * name or revision.
     */
    private List<Object> upgraderKey(List<Object> streamKey, Object eventNode) throws Throwable {
        Object name = wow.invoke(eventNode, "get", "name");
        if (streamKey == null || name == null || wow.invoke(eventNode, "get", "revision") == null) {
            return null;
        }
        return List.of(streamKey.get(0), streamKey.get(1), name);
    }

    /**
     * One event of a stream as a record of its own, as Wow reads an event inside a stream: the event's members with
     * the stream's aggregate, version, command and header, its sequence from 1 and whether it is the last.
     */
    private Object flatEvent(Object streamNode, Object eventNode, int index, int count) throws Throwable {
        Object flat = wow.invoke(eventNode, "deepCopy");
        for (String field : STREAM_FIELDS) {
            Object value = wow.invoke(streamNode, "get", field);
            if (value != null) {
                wow.invoke(flat, "set", field, wow.invoke(value, "deepCopy"));
            }
        }
        wow.invoke(flat, "put", "sequence", index + 1);
        wow.invoke(flat, "put", "isLast", index + 1 == count);
        return flat;
    }

    /** The members of a stream an event inside it takes as its own. */
    private static final String[] STREAM_FIELDS = {"contextName", "aggregateName", "aggregateId", "tenantId", "version",
            "ownerId", "spaceId", "commandId", "requestId", "header", "createTime"};

    private String aggregateOf(Object record) throws Throwable {
        return wow.invoke(record, "getContextName") + "." + wow.invoke(record, "getAggregateName") + "/"
                + wow.invoke(record, "getAggregateId");
    }

    /** Which event of a stream Wow cannot read: each is read alone until one fails. */
    private int firstUnreadable(Object streamNode, Object eventsNode, int eventCount) {
        for (int e = 0; e < eventCount; e++) {
            try {
                Object record = wow.eventRecord(flatEvent(streamNode, wow.invoke(eventsNode, "get", e), e, eventCount));
                wow.invoke(record, "toDomainEvent");
            } catch (Throwable t) {
                return e;
            }
        }
        return -1;
    }

    private static String failure(StringBuilder events, String kind, int record, int event, Throwable cause) {
        String detail = cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return "{\"version\":null,\"state\":null,\"events\":[" + events + "],\"failure\":{\"kind\":" + Json.string(kind)
                + ",\"record\":" + record + ",\"event\":" + event + ",\"detail\":" + Json.string(detail) + "}}";
    }
}
