package dev.wowcompat.store;

import dev.wowcompat.manifest.Version;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A release as it is about to be stored.
 *
 * @param contentDigest identifies the Manifest's content (fingerprint of its canonical form): the same version
 *        sent again with the same digest is a repeat, with another digest a conflict
 * @param manifestJson the Manifest as sent
 * @param types the release's type table
 * @param schemas canonical JSON of every schema the type table names, by fingerprint
 */
public record NewRelease(String service, Version version, String contentDigest, String manifestJson,
                         List<TypeRow> types, Map<String, String> schemas) {
    public NewRelease {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(contentDigest, "contentDigest");
        Objects.requireNonNull(manifestJson, "manifestJson");
        types = List.copyOf(types);
        schemas = Map.copyOf(schemas);
    }
}
