package dev.wowcompat.store;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A stored release as the compatibility check sees it. The Manifest text is read only when asked for: a checker that keeps parsed
 * Manifests of immutable releases (by service, version and digest) never needs it again, and one that misses several
 * asks for their texts together ({@link #manifestsJson}), which the store reads in one query.
 */
public final class HistoryRelease {
    /** Reads the Manifest texts of releases of one service, by version; every version asked for must be answered. */
    @FunctionalInterface
    public interface Texts {
        Map<String, String> read(String service, List<String> versions);
    }

    private final String service;
    private final String version;
    private final String contentDigest;
    private final Texts texts;

    /** A release whose text is read with others of its history, by {@code texts}. */
    public HistoryRelease(String service, String version, String contentDigest, Texts texts) {
        this.service = service;
        this.version = version;
        this.contentDigest = contentDigest;
        this.texts = texts;
    }

    /** A release whose text is at hand (or read by {@code manifest} alone). */
    public HistoryRelease(String service, String version, String contentDigest, Supplier<String> manifest) {
        this(service, version, contentDigest, (s, versions) -> Map.of(version, manifest.get()));
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

    /** The Manifest as registered, read (with a connection of its own) when first asked for. */
    public String manifestJson() {
        return manifestsJson(List.of(this)).get(0);
    }

    /**
     * The Manifests of {@code releases} as registered, in their order: one read for those of one history (one
     * query), so a check that misses its cache for a whole history waits for one round trip, not one per release.
     */
    public static List<String> manifestsJson(List<HistoryRelease> releases) {
        // Grouped by reader and service: the releases of one history share both.
        Map<Texts, Map<String, List<String>>> wanted = new IdentityHashMap<>();
        for (HistoryRelease r : releases) {
            wanted.computeIfAbsent(r.texts, t -> new LinkedHashMap<>()).computeIfAbsent(r.service, s -> new ArrayList<>()).add(r.version);
        }
        Map<Texts, Map<String, Map<String, String>>> read = new IdentityHashMap<>();
        wanted.forEach((texts, byService) -> byService.forEach((service, versions) ->
                read.computeIfAbsent(texts, t -> new LinkedHashMap<>()).put(service, texts.read(service, versions))));
        List<String> out = new ArrayList<>(releases.size());
        for (HistoryRelease r : releases) {
            String text = read.get(r.texts).get(r.service).get(r.version);
            if (text == null) throw new StoreException("release " + r.service + "@" + r.version + " is gone", null);
            out.add(text);
        }
        return out;
    }
}
