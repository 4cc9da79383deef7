package dev.wowcompat.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.RepositoryRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Comments cite our own docs, never a file beside the repository: every text file under a module's {@code src/}
 * (code, comments, test resources) is held to the rule the docs are held to ({@link DocReferences}).
 */
class SourcesStayInTheRepositoryTest {
    private static final Set<String> TEXT = Set.of("java", "kt", "kts", "json", "md", "xml", "properties", "txt", "sql",
            "yaml", "yml", "html", "js", "css", "sh", "groovy", "insert");
    /**
     * Files that must name what the rule forbids: the rule itself and the fixtures of its tests, and the test that
     * compares the wire examples with their source page when that page happens to be beside the repository (it is
     * skipped on a bare clone).
     */
    private static final Set<String> EXEMPT = Set.of(
            "doc-commands/src/main/java/dev/wowcompat/docs/DocReferences.java",
            "doc-commands/src/test/java/dev/wowcompat/docs/DocCommandsTest.java",
            "doc-commands/src/test/java/dev/wowcompat/docs/SourcesStayInTheRepositoryTest.java",
            "registry-server/src/test/java/dev/wowcompat/wire/WireSchemasTest.java");

    @Test
    void noSourceNamesAFileOutsideTheRepository() throws IOException {
        Path root = RepositoryRoot.path();
        List<String> problems = new ArrayList<>();
        List<Path> sources = sources(root);
        for (Path file : sources) {
            if (EXEMPT.contains(file.toString().replace('\\', '/'))) continue;
            problems.addAll(DocReferences.outsideInSource(file, Files.readString(root.resolve(file))));
        }
        assertTrue(sources.size() > 100, "the sources were not found under " + root);
        assertEquals(List.of(), problems);
    }

    @Test
    void aCitationOfTheDesignOutsideIsFound() {
        assertEquals(List.of("x/src/main/java/A.java:2: 'DESIGN §' names something outside the repository",
                        "x/src/main/java/A.java:3: '../shared' names something outside the repository"),
                DocReferences.outsideInSource(Path.of("x/src/main/java/A.java"), """
                        /** The report (docs/api.md). */
                        // As DESIGN §5 says.
                        // See ../shared/seeds.
                        class A {}
                        """));
    }

    /** Text files under a src/ directory of the repository, relative to it; build output and hidden folders left out. */
    private static List<Path> sources(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .map(root::relativize)
                    .filter(SourcesStayInTheRepositoryTest::isSource)
                    .sorted()
                    .toList();
        }
    }

    private static boolean isSource(Path path) {
        boolean underSrc = false;
        for (Path part : path) {
            String name = part.toString();
            if (name.equals("target") || name.startsWith(".")) return false;
            if (name.equals("src")) underSrc = true;
        }
        String file = path.getFileName().toString();
        int dot = file.lastIndexOf('.');
        return underSrc && dot > 0 && TEXT.contains(file.substring(dot + 1));
    }
}
