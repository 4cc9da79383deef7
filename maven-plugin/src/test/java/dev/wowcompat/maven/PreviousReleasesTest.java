package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PreviousReleasesTest {
    @Test
    void theMajorIsTheFirstNumber() {
        assertEquals("1", PreviousReleases.majorOf("1.4.2"));
        assertEquals("12", PreviousReleases.majorOf("12.0.0-SNAPSHOT"));
        assertEquals("3", PreviousReleases.majorOf("3-SNAPSHOT"));
        assertEquals("2", PreviousReleases.majorOf("2"));
    }
}
