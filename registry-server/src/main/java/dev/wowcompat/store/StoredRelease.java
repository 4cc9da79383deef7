package dev.wowcompat.store;

/** A release as stored: immutable. Times are epoch milliseconds. */
public record StoredRelease(String service, String version, long registeredAt, String contentDigest,
                            String manifestJson, String reportJson) {}
