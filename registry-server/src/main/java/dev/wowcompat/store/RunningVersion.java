package dev.wowcompat.store;

/** A release running in an environment, by its service and version alone. */
public record RunningVersion(String service, String version) {}
