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
 */
public record ProfileMerge(String unregistered, int merged, long refusedValues, Map<String, Integer> fieldsByRelease,
                           String overflowing) {
    public ProfileMerge {
        fieldsByRelease = Map.copyOf(fieldsByRelease);
    }

    public ProfileMerge(String unregistered, int merged, long refusedValues, Map<String, Integer> fieldsByRelease) {
        this(unregistered, merged, refusedValues, fieldsByRelease, null);
    }

    /** Whether the post was stored. */
    public boolean stored() {
        return unregistered == null && overflowing == null;
    }
}
