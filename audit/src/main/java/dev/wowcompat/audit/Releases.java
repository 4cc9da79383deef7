package dev.wowcompat.audit;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.profile.ProfileSet;
import java.util.List;

/**
 * Where the audit finds registered releases: a registry ({@link RegistryReleases}) or Manifest files
 * ({@link ManifestFileReleases}). The {@link Catalog} asks once per aggregate type and keeps the answer.
 */
public interface Releases {

    /**
     * Every release of every service that declares the aggregate type ({@code context.aggregate}), oldest first
     * within a service; empty when none does.
     *
     * @throws AuditException when the registry cannot be reached or answers something else than a registry would
     */
    List<Manifest> declaring(String aggregateType) throws AuditException;

    /**
     * When each release of each service ran in the environment.
     *
     * @throws AuditException when the environment is unknown or the registry cannot be reached
     */
    Deployments deployments(String environment) throws AuditException;

    /**
     * The profiles the registry keeps for the type in the environment, every revision and release
     * ({@code GET /environments/{env}/profiles/{type}}), or null when none are kept. Asked once per type and pass.
     *
     * @throws AuditException when the registry cannot be reached or answers what a registry would not
     */
    default ProfileSet keptProfiles(String environment, String type) throws AuditException {
        return null;
    }

    /**
     * The services and versions that read the type ({@code service@version (where)}): for an event, the readers the
     * registry knows ({@code GET /events/{name}/readers}): the newest release of each consumer and those running in the
     * environment; for a state, the releases running in the environment whose Manifest consumes it; for a command, the
     * running releases that declare its aggregate (they handle it). Empty when not known (Manifest files).
     *
     * @param deployments the environment's history, or null without one
     * @param kind {@code event}, {@code state} or {@code command}
     * @throws AuditException when the registry cannot be reached
     */
    default List<String> consumers(Deployments deployments, String kind, String type, int revision) throws AuditException {
        return List.of();
    }

    /**
     * Forgets what was read so far, so that the next questions read the registry again: a watch that runs for days
     * sees releases registered after it started.
     */
    default void forget() {
    }
}
