package dev.wowcompat.api;

import dev.wowcompat.drift.Declarations;
import dev.wowcompat.drift.DeclaredMeaning;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.store.ReleaseStore;
import dev.wowcompat.store.StoredRelease;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the stored releases declare for their fields ({@code x-wow-unit}, {@code x-wow-meaning}, {@code format}), for
 * one request: each release's Manifest (parsed once by the registration's cache), the ones a request names only. The values page and can-deploy word
 * a drift's cause with them as the audit does.
 */
final class StoredDeclarations implements Function<String, Declarations> {
    private final ReleaseStore store;
    private final Registration registration;
    private final Map<String, Declarations> read = new HashMap<>();

    StoredDeclarations(ReleaseStore store, Registration registration) {
        this.store = store;
        this.registration = registration;
    }

    @Override
    public Declarations apply(String release) {
        return read.computeIfAbsent(release, this::load);
    }

    private Declarations load(String release) {
        Manifest manifest = new Manifests(store, registration).of(release);
        if (manifest == null) return Declarations.NONE;
        return field -> DeclaredMeaning.in(manifest, field);
    }

    /** The Manifests of stored releases, each read once. */
    static final class Manifests {
        private final ReleaseStore store;
        private final Registration registration;
        private final Map<String, Optional<Manifest>> read = new HashMap<>();

        Manifests(ReleaseStore store, Registration registration) {
            this.store = store;
            this.registration = registration;
        }

        /** The Manifest of {@code service@version}; null when that release is not registered. */
        Manifest of(String release) {
            return read.computeIfAbsent(release, r -> {
                int at = r.lastIndexOf('@');
                Optional<StoredRelease> stored = at < 0 ? Optional.empty() : store.release(r.substring(0, at), r.substring(at + 1));
                return stored.map(registration::stored);
            }).orElse(null);
        }
    }
}
