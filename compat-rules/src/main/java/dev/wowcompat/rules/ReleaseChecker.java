package dev.wowcompat.rules;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.report.Report;
import java.util.Collection;

/**
 * The ADDITIVE check of a candidate release against the releases of the same service before it
 * (DESIGN §5): transitive within the major version, staging rules against the previous release, and only
 * {@code major-breaking-change} info across a major boundary.
 */
public final class ReleaseChecker {

    /** @param history any releases; those of other services, or not earlier than the candidate, are ignored */
    public Report check(Manifest candidate, Collection<Manifest> history) {
        throw new UnsupportedOperationException("TODO release checker");
    }
}
