package dev.wowcompat.store;

import dev.wowcompat.window.WireWindow;
import java.util.List;
import java.util.Map;

/** What the wire carried (docs/decisions.md, "The registry watches the wire"), per environment. */
public interface WireStore {

    /**
     * Positions (topic, partition) one consumer group keeps in an environment: a window that would add one past them is
     * refused whole, since a position cannot be dropped without counting its records again (docs/decisions.md, "The
     * registry watches the wire"). Per group, so that no group can refuse another's new partition.
     */
    int MAX_WIRE_POSITIONS = 10_000;
    /** Consumer groups with positions in one environment: a window of a group past them is refused whole. */
    int MAX_WIRE_GROUPS = 16;
    /** Carried types (kind, type, revision) one environment keeps; a window's further ones are dropped and counted. */
    int MAX_WIRE_CARRIED = 10_000;
    /** Findings (release, type, id) one environment keeps; a window's further ones are dropped and counted. */
    int MAX_WIRE_FINDINGS = 10_000;
    /**
     * Distinct finding ids one environment keeps (the audit has about twenty): what bounds the series of
     * {@code wow_compat_wire_findings_total}. A finding of a further id is dropped and counted.
     */
    int MAX_WIRE_FINDING_IDS = 64;
    /** Watchers (group, member) one environment lists; when a window passes it, the longest silent ones are removed. */
    int MAX_WIRE_WATCHERS = 100;
    /**
     * A watcher whose last window ended this long before the end of a window applied in its environment (or before
     * the registry's clock, when that is earlier) is removed.
     */
    long WIRE_WATCHER_KEPT_MILLIS = 24 * 60 * 60 * 1000L;

    /**
     * Applies one window of the wire (docs/decisions.md, "The registry watches the wire") in one transaction: when every
     * range starts at its partition's stored next offset (a partition with none accepts any), the positions advance to
     * the ranges' ends and the window's counts, findings and profiles are added; otherwise nothing is kept and the
     * outcome names the first stale range. The counts are added only when the window's records were counted by no
     * window of the environment before, of any group (docs/decisions.md, "Each record counts once per environment");
     * else only its positions advance and the outcome says why. Nothing is kept either when the window names a release
     * that is not registered, or would pass {@link #MAX_WIRE_POSITIONS} or {@link #MAX_WIRE_GROUPS}; carried types and
     * findings past the environment's bounds are dropped and counted. Serialized per partition across every process
     * sharing the database.
     *
     * @param profiles the window's profiles, or null; fields of {@code leftOut} are not merged (the caller refused them,
     *     for the reason given), nor are those of a release not registered, never run there, or whose counts would overflow
     */
    WireOutcome applyWindow(String environment, WireWindow window, dev.wowcompat.profile.ProfileSet profiles,
                            java.util.Map<dev.wowcompat.profile.FieldKey, String> leftOut, String principal,
                            WriteRecord<WireOutcome> record);

    /**
     * Resets the environment's wire (docs/api.md, "DELETE /environments/{env}/wire") in one transaction with its
     * write-log row: with {@code group} null, its positions, counts, carried types, findings, watchers and counted
     * marks go; else only that group's positions (it starts again; what it counted stays counted). The reset is kept
     * as the environment's last one.
     */
    WireReset resetWire(String environment, String group, String principal, WriteRecord<WireReset> record);

    /** What the environment's wire carried, each list at most {@code limit} long; findings and carried types of one type when {@code type} is not null. */
    WireView wire(String environment, String type, int limit);

    /** The group's stored next offsets in the environment, at most {@code limit}. */
    List<WireOutcome.Position> wirePositions(String environment, String group, int limit);

    /**
     * What can-deploy weighs of the wire for a candidate: when it last ran there (null: never; {@link Long#MAX_VALUE}:
     * it runs there), the types carried since then, and every finding of {@code runningRelease} (null: none runs).
     */
    WireSince wireSince(String environment, String service, String version, String runningRelease);

    /** The wire's counts of every environment, for /metrics. */
    WireView.Metrics wireMetrics();

    /** What {@link #wireSince} answers. */
    record WireSince(Long lastRan, List<WireView.Carried> carried, List<WireView.Finding> findings) {}

    /**
     * The wire of every environment, one environment at a time, in name order (what {@code migrate} copies). Each is
     * read in one transaction of its own, bounded by the environment's bounds on rows.
     */
    void exportWire(java.util.function.Consumer<ExportedWire> consumer);

    /**
     * Stores one environment's wire, as exported from another registry, in one transaction, unless this one holds
     * some already: see {@link ExportedDeployment.Copy}; the rows are compared whole.
     */
    ExportedDeployment.Copy importWire(ExportedWire wire);
}
