package dev.wowcompat.store;

import java.util.List;

/**
 * One environment: what runs there now (by service name) and the deployments that ended, the newest end first.
 *
 * @param history at most as many as asked for; the older ones stay stored
 */
public record EnvironmentView(String name, List<Deployment> running, List<EndedDeployment> history) {
    public EnvironmentView {
        running = List.copyOf(running);
        history = List.copyOf(history);
    }
}
