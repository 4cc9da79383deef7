package dev.wowcompat.ccompat;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.store.GateDecision;

/** The registration's dry run (what {@code check} and {@code POST /services/{service}/releases/check} judge). */
@FunctionalInterface
public interface ManifestCheck {
    GateDecision check(String service, byte[] manifest) throws InvalidInputException;
}
