package dev.wowcompat.store;

/** A release without its Manifest, for listings. */
/** @param withdrawnAt when it was withdrawn (epoch milliseconds), or null (docs/decisions.md, "Withdrawn releases") */
public record ReleaseSummary(String service, String version, long registeredAt, String contentDigest, String reportJson,
                             Long withdrawnAt) {}
