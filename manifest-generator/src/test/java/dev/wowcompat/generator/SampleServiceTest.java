package dev.wowcompat.generator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;

class SampleServiceTest {
    @TempDir
    Path temp;

    @Test
    void smoke() throws Exception {
        GeneratedManifest m = new ManifestGenerator().generate(Fixtures.sampleRequest(temp, Optional.empty()));
        Files.write(Path.of("target/sample-manifest.json"), m.json());
        System.out.println(m.warnings());
        assertFalse(m.text().isEmpty());
    }
}
