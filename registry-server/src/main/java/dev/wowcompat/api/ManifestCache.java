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
 * and parse 20 documents each time. Releases are immutable, so an entry never goes stale; the cache is bounded by
 * the bytes of the Manifest texts it holds (least recently used first out), which is what a parsed Manifest's heap
 * follows (docs/decisions.md, "What a node caches").
 */
final class ManifestCache {
    private final ManifestReader reader;
    private final long maxBytes;
    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
    private long bytes;

    private record Entry(Manifest manifest, long bytes) {}

    /** @param maxBytes how many bytes of Manifest text the parsed Manifests kept may have been read from */
    ManifestCache(ManifestReader reader, long maxBytes) {
        this.reader = reader;
        this.maxBytes = maxBytes;
    }

    /**
     * An eighth of the heap: a parsed Manifest takes about twice its text (schemas shared between releases take
     * less), so the cache uses about a quarter of the heap at most and leaves the rest to requests.
     */
    static long defaultBytes() {
        return Runtime.getRuntime().maxMemory() / 8;
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
                Entry e = entries.get(key(r.service(), r.version(), r.contentDigest()));
                if (e == null) missed.add(i);
                else out[i] = e.manifest();
            }
        }
        if (missed.isEmpty()) return Arrays.asList(out);
        List<HistoryRelease> toRead = new ArrayList<>(missed.size());
        for (int i : missed) toRead.add(releases.get(i));
        List<String> texts = HistoryRelease.manifestsJson(toRead);
        for (int m = 0; m < missed.size(); m++) {
            HistoryRelease release = toRead.get(m);
            Manifest parsed;
            byte[] text = texts.get(m).getBytes(StandardCharsets.UTF_8);
            try {
                parsed = reader.readStored(text, "registry:" + release.service() + "@" + release.version());
            } catch (InvalidInputException e) {
                throw new IllegalStateException("stored release " + release.service() + "@" + release.version()
                        + " no longer reads as a Manifest: " + e.getMessage(), e);
            }
            put(key(release.service(), release.version(), release.contentDigest()), new Entry(parsed, text.length));
            out[missed.get(m)] = parsed;
        }
        return Arrays.asList(out);
    }

    /**
     * Keeps a Manifest that was just parsed as a candidate and stored, so its first use as history is free.
     *
     * @param textBytes the size of the text it was read from
     */
    void put(String service, String version, String contentDigest, Manifest manifest, long textBytes) {
        put(key(service, version, contentDigest), new Entry(manifest, textBytes));
    }

    private synchronized void put(String key, Entry entry) {
        Entry previous = entries.put(key, entry);
        bytes += entry.bytes() - (previous == null ? 0 : previous.bytes());
        Iterator<Map.Entry<String, Entry>> oldest = entries.entrySet().iterator();
        while (bytes > maxBytes && oldest.hasNext()) {
            Map.Entry<String, Entry> e = oldest.next();
            if (e.getKey().equals(key)) continue;
            bytes -= e.getValue().bytes();
            oldest.remove();
        }
    }

    private static String key(String service, String version, String contentDigest) {
        return service + "@" + version + "#" + contentDigest;
    }
}
