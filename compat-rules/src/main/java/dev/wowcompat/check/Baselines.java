package dev.wowcompat.check;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Version;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;

/**
 * The releases a candidate is compared with, as docs/decisions.md ("Which releases a candidate is compared with")
 * decides: the earlier releases of its service and major version, oldest first; when there are none, the newest
 * release of an earlier major; when there is none either, nothing (a first release).
 *
 * @param sameMajor the earlier releases of the candidate's major version, oldest first (the last is the previous)
 * @param earlierMajor the newest release of an earlier major, when {@code sameMajor} is empty; else null
 */
record Baselines(List<Manifest> sameMajor, Manifest earlierMajor) {

    /** @param history any releases; those of other services, or not earlier than the candidate, are ignored */
    static Baselines of(Manifest candidate, Collection<Manifest> history) {
        TreeMap<Version, Manifest> earlier = new TreeMap<>();
        for (Manifest m : history) {
            if (m.service().equals(candidate.service()) && m.version().compareTo(candidate.version()) < 0) {
                earlier.put(m.version(), m);
            }
        }
        List<Manifest> sameMajor = earlier.values().stream()
                .filter(m -> m.version().major() == candidate.version().major())
                .toList();
        Manifest earlierMajor = sameMajor.isEmpty() && !earlier.isEmpty() ? earlier.lastEntry().getValue() : null;
        return new Baselines(sameMajor, earlierMajor);
    }

    /** The release the candidate follows within its major, or null. */
    Manifest previous() {
        return sameMajor.isEmpty() ? null : sameMajor.get(sameMajor.size() - 1);
    }

    /** The baselines the report names. */
    List<Manifest> compared() {
        return earlierMajor != null ? List.of(earlierMajor) : sameMajor;
    }
}
