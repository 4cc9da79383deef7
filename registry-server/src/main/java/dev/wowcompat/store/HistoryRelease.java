package dev.wowcompat.store;

import java.util.function.Supplier;

/**
 * A stored release as the gate sees it. The Manifest text is read only when asked for: a checker that keeps parsed
 * Manifests of immutable releases (by service, version and digest) never needs it again.
 */
public final class HistoryRelease {
    private final String service;
    private final String version;
    private final String contentDigest;
    private final Supplier<String> manifest;

    public HistoryRelease(String service, String version, String contentDigest, Supplier<String> manifest) {
        this.service = service;
        this.version = version;
        this.contentDigest = contentDigest;
        this.manifest = manifest;
    }

    public String service() {
        return service;
    }

    public String version() {
        return version;
    }

    public String contentDigest() {
        return contentDigest;
    }

    /** The Manifest as registered; valid only while the gate runs (it reads within the registration's transaction). */
    public String manifestJson() {
        return manifest.get();
    }
}
