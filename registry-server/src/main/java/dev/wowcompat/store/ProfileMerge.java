package dev.wowcompat.store;

import java.util.Map;

/**
 * What storing a profile set did.
 *
 * @param unregistered the first release ({@code service@version}) of the set that is not registered (then nothing was
 *     stored); null when every one is
 * @param merged fields added to a stored profile or stored anew
 * @param refusedValues values of fields beyond a release's bound, not stored
 * @param fieldsByRelease the number of fields each release of the set now has stored in the environment
 * @param overflowing the first field ({@code subject by release}) whose counts, merged with the stored ones, would pass
 *     2^53 (then nothing was stored); null when none would
 * @param neverRan the first release of the set that no deployment in the environment ever ran, current or ended (then
 *     nothing was stored); null when each one ran there
 */
public record ProfileMerge(String unregistered, int merged, long refusedValues, Map<String, Integer> fieldsByRelease,
                           String overflowing, String neverRan) {
    public ProfileMerge {
        fieldsByRelease = Map.copyOf(fieldsByRelease);
    }

    public ProfileMerge(String unregistered, int merged, long refusedValues, Map<String, Integer> fieldsByRelease) {
        this(unregistered, merged, refusedValues, fieldsByRelease, null, null);
    }

    public ProfileMerge(String unregistered, int merged, long refusedValues, Map<String, Integer> fieldsByRelease,
                        String overflowing) {
        this(unregistered, merged, refusedValues, fieldsByRelease, overflowing, null);
    }

    /** Nothing stored: the release never ran in the environment. */
    static ProfileMerge neverRan(String release) {
        return new ProfileMerge(null, 0, 0, Map.of(), null, release);
    }

    /** Whether the post was stored. */
    public boolean stored() {
        return unregistered == null && overflowing == null && neverRan == null;
    }
}
