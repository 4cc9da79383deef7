package dev.wowcompat.store;

/** A release without its Manifest, for listings. */
public record ReleaseSummary(String service, String version, long registeredAt, String contentDigest, String reportJson) {}
