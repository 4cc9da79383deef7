package dev.wowcompat.store;

import java.util.List;
import java.util.Map;

/**
 * What applying a window did: nothing when {@code stale} is set (a range did not start at its partition's stored next
 * offset) or {@code refused} is (the window would pass a bound no dropping can keep), everything otherwise but the
 * rows it would have added past the environment's bounds ({@code dropped}).
 *
 * @param positions the next offsets of the window's partitions, now stored
 * @param profiles what the profile merge did, or null when the window carried no profiles
 * @param dropped the carried types and findings left out because the environment keeps as many as it may
 * @param uncounted why an applied window added nothing (its positions advanced all the same), or null when it was counted
 */
public record WireOutcome(Stale stale, Refused refused, long records, List<Position> positions, Profiles profiles, Dropped dropped,
                          Uncounted uncounted) {
    public WireOutcome {
        positions = List.copyOf(positions);
    }

    static WireOutcome stale(Stale stale) {
        return new WireOutcome(stale, null, 0, List.of(), null, Dropped.NONE, null);
    }

    static WireOutcome refused(Refused refused) {
        return new WireOutcome(null, refused, 0, List.of(), null, Dropped.NONE, null);
    }

    /** Whether the window's counts were added: false when its positions advanced and it added nothing ({@link #uncounted}). */
    public boolean counted() {
        return accepted() && uncounted == null;
    }

    public boolean accepted() {
        return stale == null && refused == null;
    }

    /**
     * Why a window was refused whole: {@code subject} is the release not registered or never run, the carried type not
     * declared, the count that would overflow, the group past a bound, or "" for the bound passed; {@code release} the
     * release a carried type is attributed to ("" otherwise).
     */
    public record Refused(Reason reason, String subject, long limit, String release) {
        Refused(Reason reason, String subject, long limit) {
            this(reason, subject, limit, "");
        }

        public enum Reason {
            /** The window attributes records, a carried type or a finding to a release the registry does not hold. */
            UNKNOWN_RELEASE,
            /** The window would add positions past {@link RegistryStore#MAX_WIRE_POSITIONS} of its group. */
            TOO_MANY_POSITIONS,
            /** The window's group would be one past {@link RegistryStore#MAX_WIRE_GROUPS} in the environment. */
            TOO_MANY_GROUPS,
            /** The window names a release that had not run in the environment by the window's end. */
            RELEASE_NEVER_RAN,
            /** A carried type ({@code subject}: kind type@revision) is not declared by the release it is attributed to. */
            CARRIED_UNDECLARED,
            /** Added to what the environment keeps, a count ({@code subject} names it) would pass 2^53. */
            COUNT_OVERFLOW
        }
    }

    /**
     * What a window left out because its environment keeps as many carried types or findings as it may: how many
     * entries, and the records they counted.
     */
    public record Dropped(int carried, long carriedRecords, int findings, long findingRecords) {
        static final Dropped NONE = new Dropped(0, 0, 0, 0);

        Dropped plusCarried(long records) {
            return new Dropped(carried + 1, carriedRecords + records, findings, findingRecords);
        }

        Dropped plusFinding(long records) {
            return new Dropped(carried, carriedRecords, findings + 1, findingRecords + records);
        }
    }

    /**
     * Why an applied window added nothing (docs/decisions.md, "Each record counts once per environment"): the first of
     * its ranges, by topic and partition, whose records are not this window's to count, and the partition's counted mark.
     *
     * @param countedTo the next offset of the partition not counted yet, in the environment
     * @param countedBy the group whose windows count the partition
     */
    public record Uncounted(String topic, int partition, Reason reason, long countedTo, String countedBy) {
        public enum Reason {
            /** Every offset of the range was counted already (by another group, or by this one before its reset). */
            COUNTED("counted"),
            /** The range starts below the mark and ends past it: some of its offsets were counted already. */
            OVERLAP("overlap"),
            /** Another group counts the partition, and still holds a position there. */
            OTHER_GROUP("other-group");

            private final String label;

            Reason(String label) {
                this.label = label;
            }

            /** The word the API answers. */
            public String label() {
                return label;
            }
        }
    }

    /** The first range that does not start where its partition's counting stopped, and where that is. */
    public record Stale(String topic, int partition, long storedNext, long from) {}

    /** One stored position: the next offset of a partition that a group will count. */
    public record Position(String topic, int partition, long next) {}

    /**
     * The window's profiles as merged, with the fields left out: each a field POST profiles would have refused (the
     * reason is the problem code it would have answered), dropped from the window instead of refusing it.
     */
    public record Profiles(int merged, long refusedValues, Map<String, Integer> fieldsByRelease, List<DroppedField> dropped) {
        public Profiles {
            fieldsByRelease = Map.copyOf(fieldsByRelease);
            dropped = List.copyOf(dropped);
        }
    }

    /** A profiled field left out of a window, and why. */
    public record DroppedField(String release, String type, int revision, String pointer, long values, String reason) {}
}
