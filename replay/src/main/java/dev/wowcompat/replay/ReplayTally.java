package dev.wowcompat.replay;

import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.AuditWaiver;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The replay's findings as they come, counted per finding with the first examples, waivers applied at the end. */
final class ReplayTally {
    static final int EXAMPLES = 5;

    private final Map<ReplayFinding, Count> counts = new EnumMap<>(ReplayFinding.class);
    private final List<AuditWaiver> waivers;
    private final Map<String, long[]> topics = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private long messages;

    ReplayTally(List<AuditWaiver> waivers) {
        this.waivers = List.copyOf(waivers);
    }

    private static final class Count {
        long count;
        final List<AuditReport.Example> examples = new ArrayList<>();
    }

    void read(RecordedStateEvent record, int partitions) {
        messages++;
        long[] topic = topics.computeIfAbsent(record.topic(), t -> new long[2]);
        topic[0]++;
        topic[1] = Math.max(topic[1], partitions);
    }

    void note(String note) {
        notes.add(note);
    }

    /**
     * One finding at one record.
     *
     * @param event the event of the record it is about, or -1
     */
    void add(ReplayFinding finding, RecordedStateEvent at, int event, String pointer, String message,
             Map<String, Object> extra) {
        Count count = counts.computeIfAbsent(finding, f -> new Count());
        count.count++;
        if (count.examples.size() < EXAMPLES) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("aggregate", at.aggregate().type());
            details.put("version", at.version());
            if (event >= 0 && event < at.events().size()) {
                details.put("event", at.events().get(event).name());
                details.put("revision", at.events().get(event).revision());
            }
            details.putAll(extra);
            count.examples.add(new AuditReport.Example(at.topic(), at.partition(), at.offset(), at.aggregate().id(),
                    pointer, message, null, details));
        }
    }

    /** A finding about the candidate's classes, at no record. */
    void addUnplaced(ReplayFinding finding, String message, Map<String, Object> details) {
        Count count = counts.computeIfAbsent(finding, f -> new Count());
        count.count++;
        if (count.examples.size() < EXAMPLES) {
            count.examples.add(new AuditReport.Example("", -1, -1, null, "", message, null, details));
        }
    }

    AuditReport report() {
        List<AuditReport.Counted> counted = new ArrayList<>();
        List<AuditReport.Waived> waived = new ArrayList<>();
        counts.forEach((finding, count) -> {
            AuditReport.Counted c = new AuditReport.Counted(finding, count.count, count.examples);
            String topic = count.examples.isEmpty() ? null : count.examples.get(0).topic();
            AuditWaiver waiver = waivers.stream().filter(w -> w.matches(finding, topic)).findFirst().orElse(null);
            if (waiver == null) {
                counted.add(c);
            } else {
                waived.add(new AuditReport.Waived(c, waiver.reason()));
            }
        });
        Map<String, AuditReport.Topic> topicCounts = new LinkedHashMap<>();
        topics.forEach((name, t) -> topicCounts.put(name, new AuditReport.Topic(t[0], (int) t[1])));
        return new AuditReport(messages, topicCounts, Map.of(), counted, waived, notes);
    }
}
