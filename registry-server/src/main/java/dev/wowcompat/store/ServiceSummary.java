package dev.wowcompat.store;

/** A service and its newest release. */
public record ServiceSummary(String name, int releases, String latestVersion, long latestRegisteredAt) {}
