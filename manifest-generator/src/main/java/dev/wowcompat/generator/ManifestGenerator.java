package dev.wowcompat.generator;

/**
 * Generates a service's Manifest from its compiled classes. The classes are loaded in an isolated class loader
 * over the service's own classpath, so callers (the Maven goal, the CLI) only call {@link #generate}.
 */
public final class ManifestGenerator {

    public GeneratedManifest generate(GenerationRequest request) throws GenerationException {
        throw new GenerationException("not implemented yet");
    }
}
