package dev.wowcompat.store;

/** A release as stored: immutable. Times are epoch milliseconds. */
public record StoredRelease(String service, String version, long registeredAt, String contentDigest,
                            String manifestJson, String reportJson, Long withdrawnAt) {
    public StoredRelease(String service, String version, long registeredAt, String contentDigest, String manifestJson, String reportJson) {
        this(service, version, registeredAt, contentDigest, manifestJson, reportJson, null);
    }
}
