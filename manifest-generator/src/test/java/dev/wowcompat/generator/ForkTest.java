package dev.wowcompat.generator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The forked JVM (the default) and the isolated class loader in this JVM give the same bytes, warnings and problems. */
class ForkTest {
    @TempDir
    Path temp;

    @Test
    void forkedAndInProcessGiveTheSameBytesOnTheSampleService() throws Exception {
        GeneratedManifest forked = new ManifestGenerator(true).generate(Fixtures.sampleRequest(temp.resolve("forked"), Optional.empty()));
        GeneratedManifest inProcess = new ManifestGenerator(false).generate(Fixtures.sampleRequest(temp.resolve("in"), Optional.empty()));
        assertArrayEquals(inProcess.json(), forked.json());
        assertEquals(inProcess.warnings(), forked.warnings());
        assertFalse(inProcess.classFilesRead().isEmpty(), "the sample's handlers that return Object are read");
        assertEquals(inProcess.classFilesRead(), forked.classFilesRead(), "the class files read travel back");
        assertArrayEquals(inProcess.json(), new ManifestGenerator().generate(
                Fixtures.sampleRequest(temp.resolve("default"), Optional.empty())).json());
    }

    @Test
    void aPreviousManifestReachesTheForkedJvm() throws Exception {
        Path previous = temp.resolve("previous.json");
        Files.write(previous, new ManifestGenerator(false).generate(Fixtures.sampleRequest(temp.resolve("p"), Optional.empty())).json());
        GeneratedManifest forked = new ManifestGenerator(true).generate(Fixtures.sampleRequest(temp.resolve("forked"), Optional.of(previous)));
        GeneratedManifest inProcess = new ManifestGenerator(false).generate(Fixtures.sampleRequest(temp.resolve("in"), Optional.of(previous)));
        assertArrayEquals(inProcess.json(), forked.json());
    }

    @Test
    void problemsAndWarningsWithLineBreaksAndBackslashesTravelBackUnchanged() {
        String odd = "a\\b\nc\rd \\n e";
        assertEquals(odd, OneLine.unescape(ForkedGeneration.line("problem", odd).substring("problem ".length())));
        assertFalse(ForkedGeneration.line("problem", odd).contains("\n"));
    }

    @Test
    void aChildThatDiesIsOneSentenceWithItsLastStderrLine() {
        GenerationException e = assertThrows(GenerationException.class, () -> new ManifestGenerator(true, List.of("-Xmx1m"))
                .generate(Fixtures.sampleRequest(temp.resolve("dies"), Optional.empty())));
        assertEquals(1, e.problems().size(), e.problems().toString());
        String problem = e.problems().get(0);
        assertTrue(problem.startsWith("The manifest generator's JVM ("), problem);
        assertTrue(problem.contains("stopped with exit code 1 before it finished; its last line: \"Too small maximum heap\""), problem);
        assertTrue(problem.endsWith("."), problem);
        assertFalse(problem.contains("\n") || problem.contains("\tat "), problem);
    }
}
