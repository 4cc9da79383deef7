package dev.wowcompat.audit;

import dev.wowcompat.manifest.Manifest;
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
}
