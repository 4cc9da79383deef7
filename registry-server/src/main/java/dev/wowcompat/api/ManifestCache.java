package dev.wowcompat.api;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.store.HistoryRelease;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parsed Manifests of stored releases, so that checking a candidate against 20 earlier releases does not read
 * and validate 20 documents each time. Releases are immutable, so an entry never goes stale; the cache is
 * bounded by the number of types it holds (least recently used first out) to keep the heap small.
 */
final class ManifestCache {
    private final ManifestReader reader;
    private final int maxTypes;
    private final LinkedHashMap<String, Manifest> entries = new LinkedHashMap<>(64, 0.75f, true);
    private long types;

    ManifestCache(ManifestReader reader, int maxTypes) {
        this.reader = reader;
        this.maxTypes = maxTypes;
    }

    Manifest get(HistoryRelease release) {
        return getAll(List.of(release)).get(0);
    }

    /**
     * The parsed Manifests of {@code releases}, in their order. Those the cache misses have their texts read together
     * ({@link HistoryRelease#manifestsJson}: one query for a history), then are parsed and kept.
     */
    List<Manifest> getAll(List<HistoryRelease> releases) {
        Manifest[] out = new Manifest[releases.size()];
        List<Integer> missed = new ArrayList<>();
        synchronized (this) {
            for (int i = 0; i < out.length; i++) {
                HistoryRelease r = releases.get(i);
                out[i] = entries.get(key(r.service(), r.version(), r.contentDigest()));
                if (out[i] == null) missed.add(i);
            }
        }
        if (missed.isEmpty()) return Arrays.asList(out);
        List<HistoryRelease> toRead = new ArrayList<>(missed.size());
        for (int i : missed) toRead.add(releases.get(i));
        List<String> texts = HistoryRelease.manifestsJson(toRead);
        for (int m = 0; m < missed.size(); m++) {
            HistoryRelease release = toRead.get(m);
            Manifest parsed;
            try {
                parsed = reader.read(texts.get(m).getBytes(StandardCharsets.UTF_8), "registry:" + release.service() + "@" + release.version());
            } catch (InvalidInputException e) {
                throw new IllegalStateException("stored release " + release.service() + "@" + release.version()
                        + " no longer reads as a Manifest: " + e.getMessage(), e);
            }
            put(key(release.service(), release.version(), release.contentDigest()), parsed);
            out[missed.get(m)] = parsed;
        }
        return Arrays.asList(out);
    }

    /** Keeps a Manifest that was just parsed as a candidate and stored, so its first use as history is free. */
    void put(String service, String version, String contentDigest, Manifest manifest) {
        put(key(service, version, contentDigest), manifest);
    }

    private synchronized void put(String key, Manifest manifest) {
        Manifest previous = entries.put(key, manifest);
        if (previous == null) types += manifest.types().size();
        Iterator<Map.Entry<String, Manifest>> oldest = entries.entrySet().iterator();
        while (types > maxTypes && oldest.hasNext()) {
            Map.Entry<String, Manifest> e = oldest.next();
            if (e.getKey().equals(key)) continue;
            types -= e.getValue().types().size();
            oldest.remove();
        }
    }

    private static String key(String service, String version, String contentDigest) {
        return service + "@" + version + "#" + contentDigest;
    }
}
