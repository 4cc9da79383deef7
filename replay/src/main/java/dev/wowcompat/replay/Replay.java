package dev.wowcompat.replay;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.report.ReplaySummary;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.audit.AuditException;
import dev.wowcompat.audit.AuditRecord;
import dev.wowcompat.audit.AuditRenderer;
import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.AuditWaiver;
import dev.wowcompat.audit.Handoff;
import dev.wowcompat.audit.RecordSource;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.text.Sizes;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wow-compat replay}'s engine: recorded state events, grouped by aggregate, replayed in version order with the
 * candidate's classes in its own JVM and compared with the states recorded (docs/replay.md).
 *
 * <p>Each state event is replayed from the recorded state of the version before (or the empty state at version 1);
 * the first version present of an aggregate is where a sample starts, with no finding. A run of versions from 1 is
 * also replayed whole, the longest first, so that a difference that builds up over the stream is found.
 */
public final class Replay {
    /**
     * @param maxAggregates how many aggregates are held at once; the records of further ones are not replayed, and the
     *                      report says how many
     * @param waivers       findings that do not count, each with its reason
     */
    public record Settings(int maxAggregates, List<AuditWaiver> waivers, Optional<ReleaseManifest> manifest,
                           boolean synthetic, Optional<Rollback> rollback, long maxHeldBytes) {
        /**
         * @param manifest     the candidate's Manifest, for {@code --synthetic}, the rollback check and the
         *                     {@code upgradesFrom} check; when empty and one of them needs it, generated from the
         *                     candidate's classpath ({@link ReleaseManifest#generated()})
         * @param synthetic    one generated record per event revision of the candidate's Manifest, read with the
         *                     candidate's chain and classes
         * @param rollback     the previous release, which must read what the candidate writes
         * @param maxHeldBytes how much of this JVM's heap the state events held until the end of the input may take
         *                     (the bytes of their text, and the objects around it); beyond it the replay stops with
         *                     a sentence, not short of memory (docs/decisions.md, "The replay holds what its heap allows")
         */
        public Settings {
            if (maxAggregates < 1) {
                throw new IllegalArgumentException("--max-aggregates must be at least 1");
            }
            waivers = List.copyOf(waivers);
        }

        /** With a third of this JVM's heap for the state events held. */
        public Settings(int maxAggregates, List<AuditWaiver> waivers, Optional<ReleaseManifest> manifest,
                        boolean synthetic, Optional<Rollback> rollback) {
            this(maxAggregates, waivers, manifest, synthetic, rollback, Runtime.getRuntime().maxMemory() / 3);
        }

        /** The recorded history alone. */
        public Settings(int maxAggregates, List<AuditWaiver> waivers) {
            this(maxAggregates, waivers, Optional.empty(), false, Optional.empty());
        }

        /** Whether a Manifest of the candidate is read or generated: only for what needs it, as generating costs seconds. */
        boolean needsManifest() {
            return manifest.flatMap(ReleaseManifest::file).isPresent() || synthetic || rollback.isPresent();
        }
    }

    /**
     * The rollback check (docs/replay.md, "rollback-event-unreadable"): the previous release, in a JVM of its own,
     * reads each event revision the candidate's Manifest declares and the previous release's does not (one generated
     * record each), and the records the candidate wrote.
     *
     * @param baselineClasspath the previous release's classes and runtime dependencies, in {@code java -cp} order
     * @param candidateInputs   exports (kcat {@code -J} lines) of state events the candidate wrote, e.g. in staging
     * @param maxHeap           the previous release's JVM's {@code -Xmx}
     * @param timeout           how long its JVM may run
     */
    public record Rollback(List<Path> baselineClasspath, List<Path> candidateInputs, String maxHeap, Duration timeout) {
        public Rollback {
            baselineClasspath = List.copyOf(baselineClasspath);
            candidateInputs = List.copyOf(candidateInputs);
        }
    }

    /** Told after each aggregate replayed (the command line's progress line on a terminal). */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (aggregates, events) -> { };

        /** {@code aggregates} replayed so far, and the {@code events} they held. */
        void update(long aggregates, long events);
    }

    /** What the replay takes for a state event, as its sentences say it. */
    static final String STATE_EVENT = "a JSON object with an aggregate, a version, a state and events";

    static final ObjectMapper JSON = JsonMapper.builder()
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private final Settings settings;

    public Replay(Settings settings) {
        this.settings = settings;
    }

    /** Reads every record of the source, replays them with the candidate, and reports what differs. */
    public AuditReport run(RecordSource source, CandidateJvm candidate) throws ReplayException {
        return run(source, candidate, Progress.NONE);
    }

    /** The same, telling {@code progress} after each aggregate. */
    public AuditReport run(RecordSource source, CandidateJvm candidate, Progress progress) throws ReplayException {
        return replay(source, candidate, progress).report();
    }

    /**
     * What a replay found, and how much it replayed: what the registry keeps with the release
     * (docs/decisions.md, "The replay's verdict").
     *
     * @param notStateEvents records read that were no state event, and so not replayed
     */
    public record Outcome(AuditReport report, long aggregates, long events, long notStateEvents) {
        /** The JSON report with its {@code "replay"} member first, which says it is a replay's and how much it replayed. */
        public String json(AuditRenderer.Catalogue catalogue, String toolVersion, java.time.Instant replayedAt) {
            ObjectNode out = JSON.createObjectNode();
            out.set("replay", new ReplaySummary(replayedAt.toEpochMilli(), toolVersion, aggregates, events, List.of()).toJson());
            try {
                out.setAll((ObjectNode) JSON.readTree(AuditRenderer.render(report, ReportFormat.JSON, catalogue)));
                return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(out) + "\n";
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /** {@link #run}, with how many aggregates and events were replayed. */
    public Outcome replay(RecordSource source, CandidateJvm candidate) throws ReplayException {
        return replay(source, candidate, Progress.NONE);
    }

    /** The same, telling {@code progress} after each aggregate. */
    public Outcome replay(RecordSource source, CandidateJvm candidate, Progress progress) throws ReplayException {
        ReplayTally tally = new ReplayTally(settings.waivers());
        // The records are read first: the candidate's JVM, launched before, starts meanwhile (docs/decisions.md,
        // "The candidate's JVM starts while the records are read"). Reading only counts; findings come after.
        Map<RecordedStateEvent.AggregateKey, List<RecordedStateEvent>> streams = new LinkedHashMap<>();
        long[] unreadable = new long[1];
        long[] leftOut = new long[1];
        long[] held = new long[1];
        try {
            Handoff.pass(source, record -> record, record -> {
                Optional<RecordedStateEvent> read = read(record);
                if (read.isEmpty()) {
                    unreadable[0]++;
                    return;
                }
                RecordedStateEvent event = read.get();
                tally.read(event, record.partitions());
                List<RecordedStateEvent> stream = streams.get(event.aggregate());
                if (stream == null) {
                    if (streams.size() >= settings.maxAggregates()) {
                        leftOut[0]++;
                        return;
                    }
                    stream = new ArrayList<>();
                    streams.put(event.aggregate(), stream);
                }
                stream.add(event);
                held[0] += heldBytes(event);
                if (held[0] > settings.maxHeldBytes()) {
                    throw new AuditException("the state events held until the input's end passed " + Sizes.show(settings.maxHeldBytes())
                            + ", the part of this JVM's heap they may take, at " + event.topic() + "/" + event.partition() + "@" + event.offset()
                            + ": replay a smaller sample or fewer aggregates (--max-aggregates), or give the JVM more heap"
                            + " (the command line: WOW_COMPAT_JAVA_OPTS=-Xmx4g; Maven: MAVEN_OPTS)");
                }
            });
        } catch (AuditException e) {
            throw new ReplayException(e.getMessage(), e);
        }
        for (String upgrader : candidate.unregisteredUpgraders()) {
            tally.addUnplaced(ReplayFinding.UPGRADER_UNREGISTERED, upgrader + " implements EventUpgrader, but "
                    + "META-INF/services/me.ahoo.wow.event.upgrader.EventUpgrader does not list it: Wow never runs it",
                    Map.of("upgrader", upgrader));
        }
        Optional<GeneratedRecords> generated = Optional.empty();
        if (settings.needsManifest()) {
            Manifest manifest = settings.manifest().orElse(ReleaseManifest.generated())
                    .load(candidate.classpath(), "the candidate's");
            generated = Optional.of(GeneratedRecords.of(manifest, candidate, tally));
            generated.get().checkUpgradesFrom(candidate, tally);
            if (settings.synthetic()) {
                generated.get().checkSynthetic(candidate, tally);
            }
        }
        List<List<RecordedStateEvent>> longestFirst = new ArrayList<>(streams.values());
        longestFirst.sort(Comparator.comparingInt((List<RecordedStateEvent> s) -> s.size()).reversed());
        streams.clear();
        long events = 0;
        Requests requests = new Requests(longestFirst, candidate);
        for (int i = 0; i < longestFirst.size(); i++) {
            events += longestFirst.get(i).stream().mapToLong(r -> r.events().size()).sum();
            judgeAggregate(requests.nextAggregate(), requests, candidate, tally);
            longestFirst.set(i, null);
            progress.update(i + 1, events);
        }
        tally.note("Replayed " + longestFirst.size() + " aggregate" + (longestFirst.size() == 1 ? "" : "s") + ": "
                + events + " event" + (events == 1 ? "" : "s") + ".");
        if (unreadable[0] > 0) {
            tally.note(unreadable[0] + " record" + (unreadable[0] == 1 ? " was" : "s were")
                    + " no state event (not " + STATE_EVENT + ") and not replayed.");
        }
        if (leftOut[0] > 0) {
            tally.note(leftOut[0] + " state event" + (leftOut[0] == 1 ? "" : "s") + " of aggregates beyond --max-aggregates ("
                    + settings.maxAggregates() + ") not replayed.");
        }
        if (settings.rollback().isPresent()) {
            new RollbackCheck(settings.rollback().get(), generated.orElseThrow()).run(candidate, tally);
        }
        return new Outcome(tally.report(), longestFirst.size(), events, unreadable[0]);
    }

    /**
     * How many records, and how many bytes of them, one request to the candidate's JVM carries at most: a longer
     * stream goes in several, so that what each JVM holds of a request stays bounded.
     */
    static final int MAX_RECORDS_PER_REQUEST = 500;
    static final long MAX_BYTES_PER_REQUEST = 8L << 20;
    /**
     * How many requests are written to the candidate's JVM beyond the one whose answer is judged: the child sources
     * them while this JVM judges (docs/decisions.md, "The replay's requests go ahead of their answers, and its records
     * are read on two threads").
     */
    static final int REQUESTS_AHEAD = 2;

    /** A part of one aggregate's replay, in version order. */
    private sealed interface Part permits Run, Conflict {
    }

    /**
     * Records of one aggregate each sourced from the recorded state of the one before, the first from {@code before}
     * (none: the empty state), in one request; with the whole stream sourced alongside as {@code whole} says.
     */
    private static final class Run implements Part {
        private final RecordedStateEvent before;
        private final List<RecordedStateEvent> records;
        private final CandidateJvm.WholeStream whole;
        private CandidateJvm.Pending<CandidateJvm.Steps> answer;

        private Run(RecordedStateEvent before, List<RecordedStateEvent> records, CandidateJvm.WholeStream whole) {
            this.before = before;
            this.records = List.copyOf(records);
            this.whole = whole;
        }

        private RecordedStateEvent last() {
            return records.get(records.size() - 1);
        }
    }

    /** A version recorded twice, or versions missing before it: found without asking the candidate. */
    private record Conflict(RecordedStateEvent record, String detail) implements Part {
    }

    /**
     * One aggregate's replay, planned from its records alone so that its requests can be written before the
     * aggregates ahead of it are judged: its parts, and the records from version 1 on while they are whole.
     */
    private record AggregatePlan(List<Part> parts, List<RecordedStateEvent> fromOne) {
        static AggregatePlan of(List<RecordedStateEvent> recorded) {
            List<RecordedStateEvent> stream = new ArrayList<>(recorded);
            stream.sort(Comparator.comparingInt(RecordedStateEvent::version));
            Planner planner = new Planner(stream.size() > 1 && stream.get(0).version() == 1);
            RecordedStateEvent previous = null;
            List<RecordedStateEvent> fromOne = new ArrayList<>();
            boolean wholeFromOne = !stream.isEmpty() && stream.get(0).version() == 1;
            for (RecordedStateEvent record : stream) {
                if (previous != null && record.version() == previous.version()) {
                    planner.conflict(record, "version " + record.version() + " is recorded twice");
                    wholeFromOne = false;
                    continue;
                }
                if (previous != null && record.version() > previous.version() + 1) {
                    planner.conflict(record, "version " + record.version() + " follows version " + previous.version()
                            + ": the versions between are missing");
                    wholeFromOne = false;
                    previous = record;
                    continue;
                }
                if (previous != null || record.version() == 1) {
                    planner.add(previous, record);
                }
                if (wholeFromOne) {
                    fromOne.add(record);
                }
                previous = record;
            }
            planner.endRun();
            return new AggregatePlan(List.copyOf(planner.parts), fromOne);
        }
    }

    /**
     * Cuts one aggregate's records into runs of one request each. The whole stream is sourced alongside from version 1
     * until a conflict: a finding in an answer ends it too, which the judging knows, and the whole stream's state the
     * child then still sends is not looked at.
     */
    private static final class Planner {
        private final List<Part> parts = new ArrayList<>();
        private final List<RecordedStateEvent> run = new ArrayList<>();
        private RecordedStateEvent before;
        private long bytes;
        private boolean wholeWanted;
        private boolean wholeStarted;

        Planner(boolean wholeWanted) {
            this.wholeWanted = wholeWanted;
        }

        void add(RecordedStateEvent previous, RecordedStateEvent record) {
            if (run.isEmpty()) {
                before = previous;
            }
            run.add(record);
            bytes += record.text().length;
            if (run.size() >= MAX_RECORDS_PER_REQUEST || bytes >= MAX_BYTES_PER_REQUEST) {
                endRun();
            }
        }

        void conflict(RecordedStateEvent record, String detail) {
            endRun();
            parts.add(new Conflict(record, detail));
            wholeWanted = false;
        }

        void endRun() {
            if (run.isEmpty()) {
                return;
            }
            parts.add(new Run(before, run, !wholeWanted ? CandidateJvm.WholeStream.NONE
                    : wholeStarted ? CandidateJvm.WholeStream.CONTINUE : CandidateJvm.WholeStream.START));
            wholeStarted |= wholeWanted;
            run.clear();
            bytes = 0;
        }
    }

    /**
     * The aggregates' plans in the order they are judged, and their runs written to the candidate's JVM up to
     * {@link #REQUESTS_AHEAD} beyond the one whose answer is taken.
     */
    private static final class Requests {
        private final List<List<RecordedStateEvent>> streams;
        private final CandidateJvm candidate;
        private final ArrayDeque<AggregatePlan> planned = new ArrayDeque<>();
        private final ArrayDeque<Run> unwritten = new ArrayDeque<>();
        private int nextStream;
        private int written;

        Requests(List<List<RecordedStateEvent>> streams, CandidateJvm candidate) {
            this.streams = streams;
            this.candidate = candidate;
        }

        AggregatePlan nextAggregate() {
            if (planned.isEmpty()) {
                planNext();
            }
            return planned.poll();
        }

        CandidateJvm.Steps answer(Run run) throws ReplayException {
            while (run.answer == null || written <= REQUESTS_AHEAD && (!unwritten.isEmpty() || nextStream < streams.size())) {
                if (unwritten.isEmpty()) {
                    planNext();
                } else {
                    Run next = unwritten.poll();
                    next.answer = candidate.steps(next.before == null ? Optional.empty() : Optional.of(next.before.state()),
                            next.before == null ? 0 : next.before.version(), next.before != null && next.before.deleted(),
                            next.whole, next.records);
                    written++;
                }
            }
            written--;
            return run.answer.await();
        }

        private void planNext() {
            AggregatePlan plan = AggregatePlan.of(streams.get(nextStream++));
            planned.add(plan);
            for (Part part : plan.parts()) {
                if (part instanceof Run run) {
                    unwritten.add(run);
                }
            }
        }
    }

    /**
     * Judges one aggregate's plan: its conflicts, and the answers to its runs in order. Without any finding every
     * record went in the runs that sourced the whole stream alongside, whose end state is judged last.
     */
    private static void judgeAggregate(AggregatePlan plan, Requests requests, CandidateJvm candidate, ReplayTally tally)
            throws ReplayException {
        boolean foundAny = false;
        Optional<SourceAnswer> whole = Optional.empty();
        RecordedStateEvent wholeThrough = null;
        for (Part part : plan.parts()) {
            if (part instanceof Conflict conflict) {
                tally.add(ReplayFinding.VERSION_CONFLICT, conflict.record(), -1, "/version", conflict.detail(), Map.of());
                foundAny = true;
                continue;
            }
            Run run = (Run) part;
            CandidateJvm.Steps answer = requests.answer(run);
            for (int i = 0; i < run.records.size(); i++) {
                RecordedStateEvent stepBefore = i == 0 ? run.before : run.records.get(i - 1);
                foundAny |= judge(answer.steps().get(i), List.of(run.records.get(i)), stepBefore, run.records.get(i), tally, "");
            }
            whole = foundAny || run.whole == CandidateJvm.WholeStream.NONE ? Optional.empty() : answer.whole();
            wholeThrough = run.last();
        }
        List<RecordedStateEvent> fromOne = plan.fromOne();
        if (!foundAny && fromOne.size() > 1) {
            RecordedStateEvent last = fromOne.get(fromOne.size() - 1);
            // The child says a state is the recorded one only of its request's last record: here that is the last.
            SourceAnswer wholeAnswer = whole.isPresent() && (!whole.get().stateAsRecorded() || wholeThrough == last)
                    ? whole.get()
                    : candidate.source(Optional.empty(), 0, false, fromOne.stream().map(RecordedStateEvent::line).toList());
            judge(wholeAnswer, fromOne, null, last, tally, " after replaying versions 1 to " + last.version() + " whole");
        }
    }

    /**
     * The findings of one answer: what stopped the run, what the candidate saw of each event, and how the state it
     * rebuilt differs from {@code compared}'s. Answers whether anything was found.
     */
    private static boolean judge(SourceAnswer answer, List<RecordedStateEvent> run, RecordedStateEvent before,
                                 RecordedStateEvent compared, ReplayTally tally, String how) {
        boolean found = false;
        // The recorded state is read from its line only when compared, and once.
        JsonNode recorded = answer.failure().isEmpty() && answer.state().isPresent() && !answer.stateAsRecorded()
                ? compared.state() : null;
        List<StateComparison.Difference> differences = recorded == null ? List.of()
                : StateComparison.compare(recorded, answer.state().get());
        boolean unsourcedMayBeWhy = how.isEmpty() && answer.events().stream().anyMatch(e -> e.readable() && !e.sourced())
                && recordedInThisStep(differences, before, recorded);
        // The whole stream's events were each seen when their version was replayed: only its end state is new.
        for (SourceAnswer.EventSeen seen : how.isEmpty() ? answer.events() : List.<SourceAnswer.EventSeen>of()) {
            RecordedStateEvent at = run.get(seen.record());
            String pointer = "/body/" + seen.event();
            if (!seen.readable()) {
                tally.add(ReplayFinding.EVENT_UNREADABLE, at, seen.event(), pointer, seen.upgradedName() + "@"
                        + seen.upgradedRevision() + " resolves to no class of the candidate" + how, Map.of());
                found = true;
            } else if (!seen.sourced()) {
                tally.add(unsourcedMayBeWhy ? ReplayFinding.EVENT_UNSOURCED : ReplayFinding.EVENT_UNSOURCED_UNCHANGED,
                        at, seen.event(), pointer, "the candidate's state has no sourcing function for "
                                + seen.upgradedName() + "@" + seen.upgradedRevision() + how, Map.of());
                found |= unsourcedMayBeWhy;
            }
            if (seen.unguarded()) {
                tally.add(ReplayFinding.UPGRADER_UNGUARDED, at, seen.event(), pointer, "the upgrader chain changes "
                        + seen.name() + "@" + seen.revision() + ", already at its current revision", Map.of());
                found = true;
            }
        }
        if (answer.failure().isPresent()) {
            SourceAnswer.RunnerFailure failure = answer.failure().get();
            RecordedStateEvent at = run.get(Math.max(0, Math.min(failure.record(), run.size() - 1)));
            String event = failure.event() >= 0 ? "/body/" + failure.event() : "";
            switch (failure.kind()) {
                case "upgrader-failed" -> tally.add(ReplayFinding.UPGRADER_FAILED, at, failure.event(), event,
                        failure.detail(), Map.of());
                case "event-unreadable" -> tally.add(ReplayFinding.EVENT_UNREADABLE, at, failure.event(), event,
                        "the candidate cannot read the event: " + failure.detail(), Map.of());
                // Wow reads a state event as an event stream: a record its reading refuses (an event without a name,
                // nesting beyond its parser's bound) is events the candidate cannot read, as in the synthetic check.
                case "record-unreadable" -> tally.add(ReplayFinding.EVENT_UNREADABLE, at, failure.event(), event,
                        "the candidate cannot read " + (failure.event() >= 0 ? "the event" : "the record") + ": "
                                + failure.detail(), Map.of());
                case "snapshot-unreadable" -> tally.add(ReplayFinding.SNAPSHOT_UNREADABLE,
                        before == null ? at : before, -1, "/state", "the candidate's state class cannot read the state recorded at version "
                                + (before == null ? at.version() : before.version()) + ": " + failure.detail(), Map.of());
                case "version-conflict" -> tally.add(ReplayFinding.VERSION_CONFLICT, at, -1, "/version",
                        "the candidate's sourcing refuses version " + at.version() + ": " + failure.detail(), Map.of());
                case "aggregate-unknown" -> tally.add(ReplayFinding.EVENT_UNREADABLE, at, -1, "",
                        "the candidate declares no aggregate " + at.aggregate().type() + " (META-INF/wow-metadata.json)", Map.of());
                default -> tally.add(ReplayFinding.STATE_LOST, at, failure.event(), "/state",
                        "the candidate's sourcing failed" + how + ": " + failure.detail(), Map.of());
            }
            return true;
        }
        // A step's difference names the events sourced in it: the sourcing functions to look at.
        String after = how.isEmpty() ? "; version " + compared.version() + " sourced " + sourced(compared) : how;
        for (StateComparison.Difference difference : differences) {
            Map<String, Object> extra = new LinkedHashMap<>();
            difference.factor().ifPresent(f -> extra.put("factor", f));
            tally.add(difference.lost() ? ReplayFinding.STATE_LOST : ReplayFinding.STATE_CHANGED, compared, -1,
                    "/state" + difference.pointer(), difference.describe() + after, extra);
            found = true;
        }
        return found;
    }

    /** The events of a state event as recorded, {@code name@revision}, the first five and how many more. */
    private static String sourced(RecordedStateEvent event) {
        List<RecordedStateEvent.RecordedEvent> events = event.events();
        String named = events.stream().limit(5).map(e -> e.name() + "@" + e.revision()).collect(java.util.stream.Collectors.joining(", "));
        return events.isEmpty() ? "no event" : events.size() <= 5 ? named : named + " and " + (events.size() - 5) + " more";
    }

    /**
     * Whether a difference may come of an event the candidate skips: it is in a member the recorded release changed
     * with this step's events (from the empty state, any member), and it is no member lost that the recorded state
     * before held, since a skipped event leaves the member as the state before had it. Any other difference has another
     * cause (a state member renamed, a snapshot read otherwise), which its own finding reports (docs/decisions.md, "An
     * event without sourcing function is blamed only for what its step changed").
     */
    private static boolean recordedInThisStep(List<StateComparison.Difference> differences, RecordedStateEvent before,
                                              JsonNode is) {
        if (differences.isEmpty()) {
            return false;
        }
        if (before == null) {
            return true;
        }
        JsonNode was = before.state();
        return differences.stream().anyMatch(d -> {
            JsonNode had = was.at(d.pointer());
            return !had.equals(is.at(d.pointer())) && !(d.lost() && !had.isMissingNode());
        });
    }

    /**
     * What a held state event takes of the heap, about: the bytes of its text and the objects around it.
     */
    private static long heldBytes(RecordedStateEvent event) {
        return event.text().length + 64L * event.events().size() + 256;
    }

    /** The members of a state event the replay reads in the parent; the others are checked in the candidate's JVM. */
    private static final java.util.Set<String> MEMBERS_READ = java.util.Set.of("contextName", "aggregateName",
            "aggregateId", "tenantId", "version", "deleted", "body");
    private static final com.fasterxml.jackson.databind.ObjectReader TREE = JSON.readerFor(JsonNode.class);

    /**
     * A record as a state event of Wow's wire shape, or empty when it is none. The state, the largest member, is only
     * checked to be an object here: it is read when it is compared ({@link RecordedStateEvent#state()}), and the
     * record goes to the candidate's JVM as it was written, on one line.
     */
    static Optional<RecordedStateEvent> read(AuditRecord record) {
        byte[] text = record.value();
        if (text == null) {
            return Optional.empty();
        }
        RecordedStateEvent usual = usualRead(record, text);
        return usual != null ? Optional.of(usual) : anyRead(record, text);
    }

    /**
     * A state event of the shape Wow writes, read token by token with no tree: its names and ids as text, its version
     * a whole number, {@code deleted} true or false, its events objects whose name and revision are text. Any other
     * shape, or JSON that does not parse, answers null, and {@link #anyRead} reads the record as before, so a record
     * means the same whichever reads it (docs/decisions.md, "The replay's reading").
     */
    private static RecordedStateEvent usualRead(AuditRecord record, byte[] text) {
        if (dev.wowcompat.audit.KcatInput.takenForUtf16Or32(text, text.length)) {
            return null;
        }
        String contextName = null;
        String aggregateName = null;
        String aggregateId = null;
        String tenantId = "";
        int version = 0;
        boolean hasVersion = false;
        boolean deleted = false;
        List<RecordedStateEvent.RecordedEvent> events = null;
        boolean stateIsObject = false;
        try (JsonParser parser = JSON.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            for (JsonToken field = parser.nextToken(); field != JsonToken.END_OBJECT; field = parser.nextToken()) {
                if (field != JsonToken.FIELD_NAME) {
                    return null;
                }
                String name = parser.currentName();
                JsonToken token = parser.nextToken();
                switch (name) {
                    case "contextName", "aggregateName", "aggregateId", "tenantId" -> {
                        if (token != JsonToken.VALUE_STRING) {
                            return null;
                        }
                        String value = parser.getText();
                        switch (name) {
                            case "contextName" -> contextName = value;
                            case "aggregateName" -> aggregateName = value;
                            case "aggregateId" -> aggregateId = value;
                            default -> tenantId = value;
                        }
                    }
                    case "version" -> {
                        if (token != JsonToken.VALUE_NUMBER_INT || parser.getNumberType() != JsonParser.NumberType.INT) {
                            return null;
                        }
                        version = parser.getIntValue();
                        hasVersion = true;
                    }
                    case "deleted" -> {
                        if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
                            return null;
                        }
                        deleted = token == JsonToken.VALUE_TRUE;
                    }
                    case "body" -> {
                        events = usualEvents(parser, token);
                        if (events == null) {
                            return null;
                        }
                    }
                    case "state" -> {
                        // As a tree read of the record keeps a member's last value, the last state is the one checked.
                        stateIsObject = token == JsonToken.START_OBJECT;
                        parser.skipChildren();
                    }
                    default -> parser.skipChildren();
                }
            }
            if (!stateIsObject || !hasVersion || events == null || contextName == null || aggregateName == null
                    || aggregateId == null) {
                return null;
            }
            return new RecordedStateEvent(record.topic(), record.partition(), record.offset(),
                    new RecordedStateEvent.AggregateKey(contextName, aggregateName, aggregateId, tenantId), version, deleted,
                    events, recordText(text, (int) parser.currentLocation().getByteOffset()));
        } catch (IOException e) {
            return null;
        }
    }

    /** A state event's events, each an object whose name and revision (when there) are text; else null. */
    private static List<RecordedStateEvent.RecordedEvent> usualEvents(JsonParser parser, JsonToken token) throws IOException {
        if (token != JsonToken.START_ARRAY) {
            return null;
        }
        List<RecordedStateEvent.RecordedEvent> events = new ArrayList<>();
        for (JsonToken event = parser.nextToken(); event != JsonToken.END_ARRAY; event = parser.nextToken()) {
            if (event != JsonToken.START_OBJECT) {
                return null;
            }
            String name = "";
            String revision = "";
            for (JsonToken field = parser.nextToken(); field != JsonToken.END_OBJECT; field = parser.nextToken()) {
                if (field != JsonToken.FIELD_NAME) {
                    return null;
                }
                String member = parser.currentName();
                JsonToken value = parser.nextToken();
                if (member.equals("name") || member.equals("revision")) {
                    if (value != JsonToken.VALUE_STRING) {
                        return null;
                    }
                    if (member.equals("name")) {
                        name = parser.getText();
                    } else {
                        revision = parser.getText();
                    }
                } else {
                    parser.skipChildren();
                }
            }
            events.add(new RecordedStateEvent.RecordedEvent(name, revision));
        }
        return events;
    }

    /** Any record, read member by member into trees: what {@link #usualRead} leaves. */
    private static Optional<RecordedStateEvent> anyRead(AuditRecord record, byte[] text) {
        ObjectNode value = JSON.createObjectNode();
        boolean stateIsObject = false;
        int end;
        try (JsonParser parser = JSON.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken token = parser.nextToken();
                if (field.equals("state")) {
                    // As a tree read of the record keeps a member's last value, the last state is the one checked.
                    stateIsObject = token == JsonToken.START_OBJECT;
                    parser.skipChildren();
                } else if (MEMBERS_READ.contains(field)) {
                    value.set(field, TREE.readValue(parser));
                } else {
                    parser.skipChildren();
                }
            }
            end = (int) parser.currentLocation().getByteOffset();
        } catch (IOException e) {
            return Optional.empty();
        }
        if (!stateIsObject || !value.path("version").canConvertToInt() || !value.path("version").isIntegralNumber()
                || !value.path("body").isArray() || !value.hasNonNull("aggregateId")
                || !value.hasNonNull("contextName") || !value.hasNonNull("aggregateName")) {
            return Optional.empty();
        }
        List<RecordedStateEvent.RecordedEvent> events = new ArrayList<>();
        for (JsonNode event : value.get("body")) {
            events.add(new RecordedStateEvent.RecordedEvent(event.path("name").asText(), event.path("revision").asText()));
        }
        byte[] line;
        try {
            line = recordText(text, end);
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(new RecordedStateEvent(record.topic(), record.partition(), record.offset(),
                new RecordedStateEvent.AggregateKey(value.get("contextName").asText(), value.get("aggregateName").asText(),
                        value.get("aggregateId").asText(), value.path("tenantId").asText()),
                value.get("version").asInt(), value.path("deleted").asBoolean(), events, line));
    }

    /**
     * The record's text as it was written, up to the end of its JSON object, in UTF-8: Jackson, which has just read
     * the record, takes it for UTF-16 or UTF-32 by a zero among its first four bytes; such a record is written again
     * in UTF-8. A record made of it has its line breaks made blanks ({@link RecordedStateEvent}).
     */
    private static byte[] recordText(byte[] text, int end) throws IOException {
        if (dev.wowcompat.audit.KcatInput.takenForUtf16Or32(text, text.length)) {
            return JSON.writeValueAsBytes(JSON.readTree(text));
        }
        int length = Math.max(0, Math.min(end, text.length));
        return length == text.length ? text : java.util.Arrays.copyOf(text, length);
    }
}
