package dev.wowcompat.wire;

import java.util.List;

/**
 * The answer of {@code POST /verify/state} and {@code wow-compat verify-state}.
 *
 * @param known whether the fingerprint is a registered state schema (of {@code aggregate}, when that is given)
 * @param current whether it is the aggregate's state schema in its newest release; when known but not current,
 *        views and snapshots with this fingerprint must be rebuilt from the events
 * @param valid whether the state validates against the schema the fingerprint names
 * @param currentFingerprint the aggregate's current state fingerprint, null when unknown
 * @param releases the releases in which the fingerprint is this aggregate's state schema
 */
public record StateVerification(boolean known, boolean current, boolean valid, String aggregate, String fingerprint,
                                String currentFingerprint, List<Release> releases, List<Violation> violations) {
    public StateVerification {
        releases = List.copyOf(releases);
        violations = List.copyOf(violations);
    }

    /** Whether views and snapshots carrying this fingerprint must be rebuilt from the facts. */
    public boolean rebuild() {
        return known && !current;
    }

    public record Release(String service, String version) {}
}
