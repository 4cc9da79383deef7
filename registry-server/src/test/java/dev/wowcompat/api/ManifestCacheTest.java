package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.store.HistoryRelease;
import dev.wowcompat.testing.BankManifests;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cache of parsed stored Manifests: what it misses of a history is read in one go (one query of the store), in
 * the order asked, and what it holds is not read again.
 */
class ManifestCacheTest {
    /** The store's side, as texts by version, recording every read it is asked for. */
    private final List<List<String>> reads = new ArrayList<>();
    private final HistoryRelease.Texts texts = (service, versions) -> {
        reads.add(List.copyOf(versions));
        Map<String, String> out = new LinkedHashMap<>();
        for (String v : versions) out.put(v, BankManifests.bank(service, v, 1, false));
        return out;
    };

    private HistoryRelease release(String version) {
        return new HistoryRelease("bank", version, "digest-" + version, texts);
    }

    @Test
    void whatTheCacheMissesOfAHistoryIsReadInOneGo() {
        ManifestCache cache = new ManifestCache(new ManifestReader(InputLimits.defaults()).trusting(), 10_000_000);
        List<HistoryRelease> history = List.of(release("1.0.0"), release("1.1.0"), release("1.2.0"));
        Manifest middle = cache.get(history.get(1));
        assertEquals(List.of(List.of("1.1.0")), reads);

        List<Manifest> all = cache.getAll(history);
        assertEquals(List.of(List.of("1.1.0"), List.of("1.0.0", "1.2.0")), reads, "the two missed, in one read");
        assertEquals(List.of("1.0.0", "1.1.0", "1.2.0"), all.stream().map(m -> m.version().toString()).toList());
        assertSame(middle, all.get(1), "the cached one is not parsed again");

        List<Manifest> again = cache.getAll(history);
        assertEquals(2, reads.size(), "a cached history reads nothing");
        for (int i = 0; i < 3; i++) assertSame(all.get(i), again.get(i));
    }

    @Test
    void aHistoryLargerThanTheCacheIsStillCheckedWhole() {
        // Room for one of these releases: a history of five evicts while it is read.
        long oneRelease = BankManifests.bank("bank", "1.0.0", 1, false).getBytes(StandardCharsets.UTF_8).length;
        ManifestCache cache = new ManifestCache(new ManifestReader(InputLimits.defaults()).trusting(), oneRelease + 10);
        List<HistoryRelease> history = new ArrayList<>();
        for (int k = 0; k < 5; k++) history.add(release("1." + k + ".0"));
        List<Manifest> all = cache.getAll(history);
        assertEquals(List.of("1.0.0", "1.1.0", "1.2.0", "1.3.0", "1.4.0"), all.stream().map(m -> m.version().toString()).toList());
        assertEquals(1, reads.size());
    }

    @Test
    void theBoundIsInBytesOfText() {
        // Room for three releases of this size, whatever their number of types: the fourth evicts the least used.
        long oneRelease = BankManifests.bank("bank", "1.0.0", 1, false).getBytes(StandardCharsets.UTF_8).length;
        ManifestCache cache = new ManifestCache(new ManifestReader(InputLimits.defaults()).trusting(), 3 * oneRelease + 10);
        cache.getAll(List.of(release("1.0.0"), release("1.1.0"), release("1.2.0")));
        cache.get(release("1.0.0"));
        assertEquals(1, reads.size(), "three fit");
        cache.get(release("1.3.0"));
        cache.getAll(List.of(release("1.0.0"), release("1.2.0"), release("1.3.0")));
        assertEquals(2, reads.size(), "1.1.0, the least recently used, made room; the other three stayed");
        cache.get(release("1.1.0"));
        assertEquals(List.of("1.1.0"), reads.get(2), "the evicted one is read again");
    }
}
