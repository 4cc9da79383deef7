package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.manifest.Version;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReleaseVersionTest {
    private static Optional<String> of(String projectVersion) {
        return ReleaseVersion.of(projectVersion).map(Version::toString);
    }

    @Test
    void aSnapshotOrQualifiedBuildIsTheReleaseItWillBecome() {
        assertEquals(Optional.of("1.1.0"), of("1.1.0-SNAPSHOT"));
        assertEquals(Optional.of("2.0.0"), of("2.0.0-RC1"));
        assertEquals(Optional.of("2.0.0"), of("2.0.0.Final"));
        assertEquals(Optional.of("1.2.3"), of("1.2.3.4"));
        assertEquals(Optional.of("1.4.0"), of("1.4.0"));
    }

    @Test
    void missingPartsAreZero() {
        assertEquals(Optional.of("1.1.0"), of("1.1"));
        assertEquals(Optional.of("3.0.0"), of("3-SNAPSHOT"));
        assertEquals(Optional.of("12.0.0"), of("12"));
    }

    @Test
    void aVersionThatDoesNotStartWithANumberHasNoRelease() {
        assertTrue(ReleaseVersion.of("main-SNAPSHOT").isEmpty());
        assertTrue(ReleaseVersion.of("v1.2.0").isEmpty());
        assertTrue(ReleaseVersion.of("01.2.0").isEmpty(), "a leading zero is not a Manifest version number");
        assertTrue(ReleaseVersion.of("").isEmpty());
    }
}
