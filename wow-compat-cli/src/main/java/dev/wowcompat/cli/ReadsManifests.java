package dev.wowcompat.cli;

/**
 * A command that takes a release's version from the {@code version} member of its Manifest, never from an option:
 * a {@code --version} given to it is answered with where the version comes from ({@link UsageErrors}).
 */
interface ReadsManifests {}
