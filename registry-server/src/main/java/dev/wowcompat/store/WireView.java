package dev.wowcompat.store;

import dev.wowcompat.window.WireWindow;
import java.util.List;
import java.util.Map;

/**
 * What the registry keeps of an environment's wire (docs/api.md, "GET /environments/{env}/wire"). Each list holds at
 * most the limit asked for; its {@code more} count says how many rows were left out. Times are epoch milliseconds,
 * null when no window was applied. {@code reset} is the environment's last reset, null when it was never reset.
 */
public record WireView(long records, Long since, Long updated, long windows, Map<String, Long> byRelease, List<Finding> findings,
                       long moreFindings, List<Carried> carried, long moreCarried, List<Partition> partitions, long morePartitions,
                       List<Watcher> watchers, long moreWatchers, Reset reset) {
    public WireView {
        byRelease = Map.copyOf(byRelease);
        findings = List.copyOf(findings);
        carried = List.copyOf(carried);
        partitions = List.copyOf(partitions);
        watchers = List.copyOf(watchers);
    }

    /** A finding kept per release, type and id; {@code examplesJson} is a JSON array of at most 5 examples. */
    public record Finding(String id, String severity, String release, String type, long count, long firstSeen, long lastSeen,
                          String examplesJson) {}

    public record Carried(String kind, String type, int revision, long count, long firstSeen, long lastSeen,
                          WireWindow.RecordRef first) {}

    public record Partition(String group, String topic, int partition, long next) {}

    public record Watcher(String group, String member, long lastWindow) {}

    /** A reset of the environment's wire: when, by whom, and the group whose positions went (null: the whole wire). */
    public record Reset(long at, String principal, String group) {}

    /** One line of /metrics: the environment, the labels' values and the value. */
    public record Metric(String environment, List<String> labels, double value) {}

    /** What /metrics shows of every environment's wire. */
    public record Metrics(List<Metric> records, List<Metric> findings, List<Metric> lastWindow) {}
}
