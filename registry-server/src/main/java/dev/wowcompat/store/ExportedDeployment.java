package dev.wowcompat.store;

/**
 * One row of the deployments table as {@code migrate} copies it. {@code id} and {@code replaced} are the source
 * database's own row ids: the copy gives the rows new ids and keeps which one replaced which.
 *
 * @param endedAt null while it runs
 * @param endedBy null while it runs
 * @param replaced the id of the deployment this one ended, or null
 */
public record ExportedDeployment(long id, String environment, String service, String version, long deployedAt, Long endedAt,
                                 EndedDeployment.EndedBy endedBy, Long replaced) {

    /** What must be equal for a copied row to be this one: everything but the ids. */
    boolean sameAs(ExportedDeployment other) {
        return environment.equals(other.environment) && service.equals(other.service) && version.equals(other.version)
                && deployedAt == other.deployedAt && java.util.Objects.equals(endedAt, other.endedAt) && endedBy == other.endedBy;
    }

    /** How the copy of one service's deployments in one environment went. */
    public enum Copy {
        /** The target had none of them: all are copied. */
        COPIED,
        /** The target holds the same history already (an earlier run of migrate). */
        PRESENT,
        /** The target holds another history for that service there: nothing is copied. */
        CONFLICT
    }
}
