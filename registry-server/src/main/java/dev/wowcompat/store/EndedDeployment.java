package dev.wowcompat.store;

import java.util.Locale;
import java.util.Objects;

/** A deployment that no longer runs: one entry of an environment's history. Times are epoch milliseconds. */
public record EndedDeployment(String environment, String service, String version, long deployedAt, long endedAt,
                              EndedBy endedBy) {
    public EndedDeployment {
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(endedBy, "endedBy");
    }

    /** Why a deployment ended; {@link #label()} is what the database and the API write. */
    public enum EndedBy {
        /** Another version of the service was recorded in the environment. */
        REPLACED,
        /** The service was undeployed from the environment. */
        UNDEPLOYED;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        static EndedBy ofLabel(String label) {
            for (EndedBy e : values()) {
                if (e.label().equals(label)) return e;
            }
            throw new StoreException("unknown ended_by '" + label + "' in the deployments table", null);
        }
    }
}
