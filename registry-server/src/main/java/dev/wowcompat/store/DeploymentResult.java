package dev.wowcompat.store;

/**
 * What {@link RegistryStore#recordDeployment} did.
 *
 * @param deployment the deployment running now (recorded, or found running already); null when the release is not registered
 */
public record DeploymentResult(Outcome outcome, Deployment deployment) {
    public enum Outcome {
        /** Stored: the version runs there from now on, and what ran before (if anything) has ended. */
        RECORDED,
        /** The version was running there already: nothing changed. */
        ALREADY_RUNNING,
        /** No release of that service has that version: nothing was stored. */
        RELEASE_NOT_REGISTERED,
        /** The release was withdrawn: it is never deployed (docs/decisions.md, "Withdrawn releases"). Nothing was stored. */
        RELEASE_WITHDRAWN
    }
}
