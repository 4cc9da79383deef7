package dev.wowcompat.store;

import java.util.Objects;

/**
 * The compatibility check's verdict on a candidate.
 *
 * @param accepted whether the release may be stored
 * @param reportJson the compatibility report (JSON report format 1), stored with the release
 */
public record GateDecision(boolean accepted, String reportJson) {
    public GateDecision {
        Objects.requireNonNull(reportJson, "reportJson");
    }
}
