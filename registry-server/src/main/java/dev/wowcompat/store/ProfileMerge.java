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
 */
public record ProfileMerge(String unregistered, int merged, long refusedValues, Map<String, Integer> fieldsByRelease) {
    public ProfileMerge {
        fieldsByRelease = Map.copyOf(fieldsByRelease);
    }
}
