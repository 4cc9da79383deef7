package dev.wowcompat.store;

/** A {@link TypeRow} together with the release it belongs to. */
public record TypeUsage(String service, String version, long registeredAt, TypeRow type) {}
