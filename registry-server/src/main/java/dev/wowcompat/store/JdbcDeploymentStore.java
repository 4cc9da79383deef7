package dev.wowcompat.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The deployments on the registry's database ({@link DeploymentTables} holds their SQL): each write runs under the lock
 * of its service in its environment, and a deployment takes its release's row lock, so that a release is never both
 * withdrawn and deployed.
 */
final class JdbcDeploymentStore implements DeploymentStore {
    private final Transactions tx;

    JdbcDeploymentStore(Transactions tx) {
        this.tx = tx;
    }

    @Override
    public DeploymentResult recordDeployment(String environment, String service, String version, WriteRecord<DeploymentResult> record) {
        try {
            return tx.logged(c -> {
                tx.lockDeployment(c, environment, service);
                if (JdbcReleaseStore.lockRelease(c, service, version) == JdbcReleaseStore.ReleaseState.WITHDRAWN) {
                    return new DeploymentResult(DeploymentResult.Outcome.RELEASE_WITHDRAWN, null);
                }
                // The time is read once the lock is held: a write that waited for another starts after it.
                return DeploymentTables.record(c, environment, service, version, System.currentTimeMillis());
            }, result -> result.outcome() == DeploymentResult.Outcome.RECORDED, record);
        } catch (StoreException e) {
            throw new StoreException("could not record " + service + "@" + version + " in " + environment + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<EndedDeployment> undeploy(String environment, String service, WriteRecord<EndedDeployment> record) {
        try {
            return tx.transaction(c -> {
                tx.lockDeployment(c, environment, service);
                Optional<EndedDeployment> ended = DeploymentTables.undeploy(c, environment, service, System.currentTimeMillis());
                if (ended.isPresent()) record.appendTo(c, ended.get());
                return ended;
            }, Optional::isPresent);
        } catch (StoreException e) {
            throw new StoreException("could not undeploy " + service + " from " + environment + ": " + e.getMessage(), e);
        }
    }

    /** Every deployment, history included, in the order they were recorded: what {@code migrate} copies. */
    @Override
    public List<ExportedDeployment> exportDeployments() {
        return tx.read(c -> DeploymentTables.exported(c, ""));
    }

    /**
     * Stores the deployments of one service in one environment, as exported from another registry (oldest first),
     * unless this one has some already: see {@link ExportedDeployment.Copy}. Their releases must be here first.
     */
    @Override
    public ExportedDeployment.Copy importDeployments(List<ExportedDeployment> chain) {
        ExportedDeployment first = chain.get(0);
        return tx.transaction(c -> {
            tx.lockDeployment(c, first.environment(), first.service());
            return DeploymentTables.copy(c, chain);
        }, copy -> copy == ExportedDeployment.Copy.COPIED);
    }

    @Override
    public List<EnvironmentSummary> environments() {
        return tx.read(DeploymentTables::environments);
    }

    @Override
    public Optional<EnvironmentView> environment(String name, int historyLimit) {
        return tx.read(c -> DeploymentTables.environment(c, name, historyLimit));
    }

    @Override
    public List<RunningRelease> runningReleases(String environment) {
        return tx.read(c -> DeploymentTables.runningReleases(c, environment));
    }

    @Override
    public List<RunningVersion> runningVersions(String environment) {
        return tx.read(c -> DeploymentTables.runningVersions(c, environment));
    }

    @Override
    public List<String> environmentNames() {
        return tx.read(c -> {
            // One index probe per environment (a loose index scan), not a pass over every deployment ever recorded.
            try (PreparedStatement ps = c.prepareStatement("WITH RECURSIVE e(name) AS (SELECT MIN(environment) FROM deployments "
                    + "UNION ALL SELECT (SELECT MIN(environment) FROM deployments WHERE environment > e.name) FROM e WHERE e.name IS NOT NULL) "
                    + "SELECT name FROM e WHERE name IS NOT NULL");
                 ResultSet rs = ps.executeQuery()) {
                List<String> out = new ArrayList<>();
                while (rs.next()) out.add(rs.getString(1));
                out.sort(null);
                return out;
            }
        });
    }

}
