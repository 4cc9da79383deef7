package dev.wowcompat.audit;

import dev.wowcompat.drift.DriftFinding;
import dev.wowcompat.rules.Severity;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an audit found: the JSON report of docs/audit.md ({@code messages}, {@code topics}, {@code releases},
 * {@code findings} with up to five examples each), plus the findings waived with their reasons and the notes
 * (an eviction of the version check's memory, a check that could not run).
 *
 * @param releases records per release that ran when they were written ({@code service@version}), with
 *        {@code --environment}; empty without
 * @param findings by severity, then id
 */
public record AuditReport(long messages, Map<String, Topic> topics, Map<String, Long> releases, List<Counted> findings,
                          List<Waived> waived, List<String> notes, Map<AuditFinding, String> notRun) {

    /**
     * @param notRun the findings the pass did not check, each with the reason (no {@code --environment},
     *        {@code --no-profiles}, no partition count): the junit and SARIF reports mark them skipped, not passed
     */
    public AuditReport {
        Map<AuditFinding, String> byFinding = new java.util.EnumMap<>(AuditFinding.class);
        byFinding.putAll(notRun);
        notRun = Collections.unmodifiableMap(byFinding);
        topics = Collections.unmodifiableMap(new LinkedHashMap<>(topics));
        releases = Collections.unmodifiableMap(new LinkedHashMap<>(releases));
        findings = findings.stream().sorted(Comparator.comparing((Counted c) -> c.finding().severity())
                .thenComparing(c -> c.finding().id())).toList();
        waived = List.copyOf(waived);
        notes = List.copyOf(notes);
    }

    /** A report of findings only, every check having run. */
    public AuditReport(long messages, Map<String, Topic> topics, Map<String, Long> releases, List<Counted> findings,
                       List<Waived> waived, List<String> notes) {
        this(messages, topics, releases, findings, waived, notes, Map.of());
    }

    /** The same report, with the findings that were not checked and why. */
    public AuditReport withNotRun(Map<AuditFinding, String> checksNotRun) {
        return new AuditReport(messages, topics, releases, findings, waived, notes, checksNotRun);
    }

    public record Topic(long messages, int partitions) {}

    /** One finding id: how many records have it, and the first ones. */
    public record Counted(ReportedFinding finding, long count, List<Example> examples) {
        public Counted {
            examples = List.copyOf(examples);
        }
    }

    /**
     * @param key the record's key as text, or null
     * @param drift for a finding about values: the drift finding (type, pointer, before, after, factor, deployment,
     *        consumers), the record being the first of the field's type the later release wrote; null otherwise
     * @param details members a report of another tool adds to the example (the replay's aggregate, version and
     *        event), written as they are after the members above; null for none
     */
    public record Example(String topic, int partition, long offset, String key, String pointer, String message, DriftFinding drift,
                          Map<String, Object> details) {
        public Example {
            details = details == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(details));
        }

        public Example(String topic, int partition, long offset, String key, String pointer, String message, DriftFinding drift) {
            this(topic, partition, offset, key, pointer, message, drift, null);
        }

        public Example(String topic, int partition, long offset, String key, String pointer, String message) {
            this(topic, partition, offset, key, pointer, message, null, null);
        }
    }

    public record Waived(Counted counted, String reason) {}

    public long count(Severity severity) {
        return findings.stream().filter(c -> c.finding().severity() == severity).mapToLong(Counted::count).sum();
    }

    /** The findings that fail the audit at this level ({@code --fail-on}). */
    public List<Counted> failing(dev.wowcompat.gate.Gate.FailOn failOn) {
        return findings.stream().filter(c -> switch (failOn) {
            case BREAKING -> c.finding().severity() == Severity.BREAKING;
            case WARNING -> c.finding().severity() != Severity.INFO;
            case NEVER -> false;
        }).toList();
    }
}
