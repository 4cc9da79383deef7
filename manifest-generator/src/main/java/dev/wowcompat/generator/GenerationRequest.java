package dev.wowcompat.generator;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to generate a Manifest from.
 *
 * @param classDirectories the service's compiled classes (directories or jars): every class in them is scanned
 * @param classpath        the service's runtime classpath (its dependencies), used to load the scanned classes
 * @param service          the service name written to the Manifest (kebab-case)
 * @param version          the release's version, major.minor.patch
 * @param previousManifest the previous release's Manifest, whose revision numbers stay as they were
 * @param strict           every warning fails the generation, as a problem (the CLI's {@code --strict}, the Maven
 *                         goal's {@code <strict>}): for teams that want a Manifest that describes everything
 */
public record GenerationRequest(List<Path> classDirectories, List<Path> classpath, String service, String version,
                                Optional<Path> previousManifest, boolean strict) {
    /** A request whose warnings do not fail it. */
    public GenerationRequest(List<Path> classDirectories, List<Path> classpath, String service, String version,
                             Optional<Path> previousManifest) {
        this(classDirectories, classpath, service, version, previousManifest, false);
    }

    public GenerationRequest {
        classDirectories = List.copyOf(classDirectories);
        classpath = List.copyOf(classpath);
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(previousManifest, "previousManifest");
    }
}
