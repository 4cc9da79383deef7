package dev.wowcompat.manifest;

import dev.wowcompat.json.TokenLocations;
import java.util.Objects;

/**
 * A Manifest read from a file, with what locates a JSON pointer of that file on its lines.
 *
 * @param file the file as the caller named it
 */
public record LocatedManifest(Manifest manifest, String file, TokenLocations locations) {
    public LocatedManifest {
        Objects.requireNonNull(manifest, "manifest");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(locations, "locations");
    }
}
