package dev.wowcompat.store;

import java.util.List;
import java.util.Map;

/**
 * What applying a window did: nothing when {@code stale} is set (a range did not start at its partition's stored next
 * offset), everything otherwise.
 *
 * @param positions the next offsets of the window's partitions, now stored
 * @param profiles what the profile merge did, or null when the window carried no profiles
 */
public record WireOutcome(Stale stale, long records, List<Position> positions, Profiles profiles) {
    public WireOutcome {
        positions = List.copyOf(positions);
    }

    static WireOutcome stale(Stale stale) {
        return new WireOutcome(stale, 0, List.of(), null);
    }

    public boolean accepted() {
        return stale == null;
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
