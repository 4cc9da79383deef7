package dev.wowcompat.store;

import java.util.Objects;

/**
 * A release running in an environment, since {@code deployedAt} (epoch milliseconds).
 *
 * @param replaced what ran there when this deployment was recorded, which it ended; null when nothing of the service ran
 */
public record Deployment(String environment, String service, String version, long deployedAt, Replaced replaced) {
    public Deployment {
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(version, "version");
    }

    /** The version a deployment replaced, and since when that one had run. */
    public record Replaced(String version, long deployedAt) {
        public Replaced {
            Objects.requireNonNull(version, "version");
        }
    }
}
