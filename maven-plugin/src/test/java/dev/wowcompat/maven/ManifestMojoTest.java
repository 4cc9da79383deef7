package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.stream.IntStream;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;

class ManifestMojoTest {
    @Test
    void oneProblemIsOneSentenceOnTheFailureLine() {
        MojoFailureException e = ManifestMojo.failure("target/classes", List.of("a.B: claims event 'x' revision 0.0.1, which a.C claims too."));
        assertEquals("The Manifest cannot be generated from target/classes: a.B: claims event 'x' revision 0.0.1, which a.C claims too.", e.getMessage());
        assertNull(e.getCause(), "no cause, so Maven prints no stack trace");
    }

    @Test
    void manyProblemsAreOneLineEachAndCounted() {
        List<String> problems = IntStream.rangeClosed(1, 23).mapToObj(i -> "a.C" + i + ": cannot be loaded.").toList();
        List<String> lines = ManifestMojo.failure("target/classes", problems).getMessage().lines().toList();
        assertEquals("The Manifest cannot be generated from target/classes (23 problems):", lines.get(0));
        assertEquals("  a.C1: cannot be loaded.", lines.get(1));
        assertEquals(ManifestInput.MAX_PROBLEM_LINES + 2, lines.size());
        assertEquals("  ... and 3 more", lines.get(lines.size() - 1));
    }
}
