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
 * @param uses what the release reads and sends of other services; null when not known yet (a copied release whose
 *        source had not indexed it): the server indexes it from the Manifest when it starts
 */
public record NewRelease(String service, Version version, String contentDigest, String manifestJson,
                         List<TypeRow> types, Map<String, String> schemas, List<TypeUse> uses) {
    public NewRelease {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(contentDigest, "contentDigest");
        Objects.requireNonNull(manifestJson, "manifestJson");
        types = List.copyOf(types);
        schemas = Map.copyOf(schemas);
        uses = uses == null ? null : List.copyOf(uses);
    }

    /** A release whose uses the server indexes from its Manifest when it next starts. */
    public NewRelease(String service, Version version, String contentDigest, String manifestJson,
                      List<TypeRow> types, Map<String, String> schemas) {
        this(service, version, contentDigest, manifestJson, types, schemas, null);
    }
}
