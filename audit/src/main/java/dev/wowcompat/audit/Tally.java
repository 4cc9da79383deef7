package dev.wowcompat.audit;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What one pass has seen so far: messages per topic, records per release, each finding's count and its first
 * examples. Confined to the thread that judges (the pass is single-threaded); {@link #report} takes a snapshot at
 * any time, which is how Ctrl-C prints the report so far.
 */
public final class Tally {
    /** Examples kept per finding: enough to find the records, bounded whatever the topic holds. */
    public static final int EXAMPLES = 5;

    private long messages;
    private final Map<String, TopicCount> topics = new TreeMap<>();
    private final Map<String, Long> releases = new TreeMap<>();
    private final Map<AuditFinding, Count> findings = new EnumMap<>(AuditFinding.class);
    /** Notes by what they are about, each kept once in its latest wording (a count in it may grow). */
    private final Map<String, String> notes = new LinkedHashMap<>();
    private final List<AuditWaiver> waivers;
    private final Map<AuditWaiver, Map<AuditFinding, Count>> waived = new LinkedHashMap<>();
    /**
     * What the records judged since the last {@link #cutWindow} carried and had, for the registry (a window of the
     * wire); null for a pass that posts no window, which then counts none of it.
     */
    private WindowCounts window;
    /** The release the record being judged is attributed to, "" until one is known (the window's key). */
    private String recordRelease = "";
    private AuditRecord current;

    /**
     * @param waivers  findings they match (by id and topic) are counted as waived, not as findings
     * @param windowed whether to count windows of the wire ({@link #cutWindow})
     */
    public Tally(List<AuditWaiver> waivers, boolean windowed) {
        this.waivers = List.copyOf(waivers);
        this.window = windowed ? new WindowCounts() : null;
    }

    private static final class TopicCount {
        long messages;
        final Set<Integer> partitions = new java.util.HashSet<>();
    }

    private static final class Count {
        long count;
        final List<AuditReport.Example> examples = new ArrayList<>(EXAMPLES);
    }

    void message(AuditRecord record) {
        messages++;
        recordRelease = "";
        current = record;
        if (window != null) window.record(record);
        TopicCount t = topics.computeIfAbsent(record.topic(), k -> new TopicCount());
        t.messages++;
        t.partitions.add(record.partition());
    }

    /** The waivers that matched no record, 1-based (a stale waiver would hide a future finding). */
    public List<Integer> unusedWaivers() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < waivers.size(); i++) if (!waived.containsKey(waivers.get(i))) out.add(i + 1);
        return out;
    }

    /** Partitions a source read that gave no record still count as read partitions of their topic. */
    public void partitionsRead(String topic, int partitions) {
        TopicCount t = topics.computeIfAbsent(topic, k -> new TopicCount());
        for (int p = 0; p < partitions; p++) t.partitions.add(p);
    }

    void release(String label) {
        releases.merge(label, 1L, Long::sum);
        // "service@(none)": the service is known, but none of its releases ran then; the wire counts it as no release.
        recordRelease = label.endsWith("@(none)") ? "" : label;
    }

    /** The record being judged is judged: counted in the window under the release it was attributed to. */
    void judged(AuditRecord record) {
        if (window != null) window.judged(recordRelease, record);
    }

    /** A payload the record being judged carries, counted in the window by kind, type, revision and release. */
    void carried(PayloadObserver.Observed observed) {
        if (window != null && current != null) window.carried(observed, current);
    }

    /**
     * @param type the type the finding is about ("" when the record names none), for the window's key
     */
    void add(AuditFinding finding, AuditRecord record, String type, String pointer, String message) {
        AuditReport.Example example = new AuditReport.Example(record.topic(), record.partition(), record.offset(), record.keyText(), pointer, message);
        if (add(finding, example) && window != null) window.finding(finding, recordRelease, type, record.timestamp(), example);
    }

    /** A finding about values: its release is the later one of the drift, its type the field's. */
    void add(AuditFinding finding, AuditReport.Example example, String release, String type, long seenAt) {
        if (add(finding, example) && window != null) window.finding(finding, release, type, seenAt, example);
    }

    /** One finding, waived when a waiver matches its id and its example's topic; whether it was counted (not waived). */
    boolean add(AuditFinding finding, AuditReport.Example example) {
        Map<AuditFinding, Count> into = findings;
        for (AuditWaiver w : waivers) {
            if (w.matches(finding, example.topic())) {
                into = waived.computeIfAbsent(w, k -> new EnumMap<>(AuditFinding.class));
                break;
            }
        }
        Count c = into.computeIfAbsent(finding, k -> new Count());
        c.count++;
        if (c.examples.size() < EXAMPLES) c.examples.add(example);
        return into == findings;
    }

    long windowRecords() {
        return window.judged;
    }

    /**
     * What the records judged since the last cut carried and had, as a window of the wire, and a fresh window for
     * the records that follow. The report's counts are not reset: they are the pass's.
     */
    WindowCounts cutWindow() {
        if (window == null) throw new IllegalStateException("this pass counts no window of the wire (Audit.Settings.window)");
        WindowCounts cut = window;
        window = new WindowCounts();
        return cut;
    }

    /** Adds the window another tally counted so far (a lane of the watch's judging), which starts a fresh one. */
    void addWindow(Tally other) {
        window.add(other.cutWindow());
    }

    /** A sentence the report carries once, however often it was noted (an eviction, a check that could not run). */
    void note(String sentence) {
        notes.put(sentence, sentence);
    }

    /** A note about {@code subject} that replaces the earlier one about it. */
    void note(String subject, String sentence) {
        notes.put(subject, sentence);
    }

    public long messages() {
        return messages;
    }

    public AuditReport report() {
        Map<String, AuditReport.Topic> topicCounts = new TreeMap<>();
        topics.forEach((name, t) -> topicCounts.put(name, new AuditReport.Topic(t.messages, t.partitions.size())));
        List<AuditReport.Counted> counted = new ArrayList<>();
        findings.forEach((f, c) -> counted.add(new AuditReport.Counted(f, c.count, c.examples)));
        List<AuditReport.Waived> waivedCounts = new ArrayList<>();
        waived.forEach((w, byFinding) -> byFinding.forEach((f, c) ->
                waivedCounts.add(new AuditReport.Waived(new AuditReport.Counted(f, c.count, c.examples), w.reason()))));
        return new AuditReport(messages, topicCounts, releases, counted, waivedCounts, List.copyOf(notes.values()));
    }
}
