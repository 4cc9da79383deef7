package dev.wowcompat.store;

import java.util.List;
import java.util.Optional;

/**
 * The deployments the registry keeps: what runs where, and what ran. The writes of one service in one environment are
 * serialized across every process, and at most one release of a service runs in an environment.
 */
public interface DeploymentStore {

    /**
     * Records that {@code version} of {@code service} runs in {@code environment} from now on, ending the deployment of
     * the service running there ({@link EndedDeployment.EndedBy#REPLACED}). Nothing changes when that version runs
     * there already, or when the release is not registered. Atomic, and serialized per environment and service across
     * every process sharing the database; durable when it returns {@link DeploymentResult.Outcome#RECORDED}.
     */
    DeploymentResult recordDeployment(String environment, String service, String version, WriteRecord<DeploymentResult> record);

    default DeploymentResult recordDeployment(String environment, String service, String version) {
        return recordDeployment(environment, service, version, WriteRecord.none());
    }

    /** Ends the deployment of {@code service} running in {@code environment} ({@link EndedDeployment.EndedBy#UNDEPLOYED}); empty when none runs. */
    Optional<EndedDeployment> undeploy(String environment, String service, WriteRecord<EndedDeployment> record);

    default Optional<EndedDeployment> undeploy(String environment, String service) {
        return undeploy(environment, service, WriteRecord.none());
    }

    /** Every environment that ever had a deployment, by name. */
    List<EnvironmentSummary> environments();

    /**
     * What runs in the environment and its newest {@code historyLimit} ended deployments, read at one moment;
     * empty when no deployment was ever recorded there.
     */
    Optional<EnvironmentView> environment(String name, int historyLimit);

    /**
     * The releases running in the environment, by service name, each with its stored release (Manifest as
     * registered, content digest), read at one moment: what a can-deploy check compares a candidate with.
     * Empty when nothing runs there.
     */
    List<RunningRelease> runningReleases(String environment);

    /**
     * The service and version of each release running in the environment, by service name, and nothing else: one
     * range of the running deployments' index, so that a can-deploy lists the releases it does not weigh without
     * reading the environment's history or any Manifest. Empty when nothing runs there.
     */
    List<RunningVersion> runningVersions(String environment);

    /** The names of every environment that ever had a deployment, sorted. */
    List<String> environmentNames();

    /** Every deployment, history included, in the order they were recorded: what {@code migrate} copies. */
    List<ExportedDeployment> exportDeployments();

    /**
     * Stores the deployments of one service in one environment, as exported from another registry (oldest first),
     * unless this one has some already: see {@link ExportedDeployment.Copy}. Their releases must be here first.
     */
    ExportedDeployment.Copy importDeployments(List<ExportedDeployment> chain);
}
