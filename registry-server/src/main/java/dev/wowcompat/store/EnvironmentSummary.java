package dev.wowcompat.store;

/** An environment that ever had a deployment: how many releases run there, and when its deployments last changed. */
public record EnvironmentSummary(String name, int running, long updatedAt) {}
