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
import java.util.regex.Pattern;
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

    /**
     * No tracker ships with the repository, so "issue 31" leads a newcomer nowhere: main code, build files and the
     * docs' headings cite a docs section instead (docs/README.md).
     */
    @Test
    void noIssueNumberInMainCodeBuildFilesOrHeadings() throws IOException {
        Path root = RepositoryRoot.path();
        List<String> problems = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).map(root::relativize).sorted().toList()) {
                String name = file.toString().replace('\\', '/');
                boolean doc = name.endsWith(".md") && (name.startsWith("docs/") || !name.contains("/"));
                // An applied migration is never edited: Flyway refuses a database whose migration changed its checksum.
                if (name.startsWith(".git/") || name.contains("/db/migration/")) continue;
                if (!doc && !isMainOrBuild(file) || EXEMPT.contains(name)) continue;
                problems.addAll(issueNumbers(name, Files.readString(root.resolve(file)), doc));
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void anIssueNumberIsFoundInCodeAndInAHeadingButNotInADocsSentence() {
        assertEquals(List.of("A.java:2: cites issue 26"), issueNumbers("A.java", "/** Drift. */\n// Issue 26.\nclass A {}\n", false));
        assertEquals(List.of("docs/x.md:1: cites issue 9"),
                issueNumbers("docs/x.md", "## The audit (issue 9)\n\nIssue 9 asked for it.\n", true));
    }

    private static final Pattern ISSUE = Pattern.compile("(?i)\\bissues? ?#?\\d+");

    /** Lines citing an issue number: every line of code or a build file, only the headings of a page of the docs. */
    private static List<String> issueNumbers(String name, String content, boolean doc) {
        List<String> found = new ArrayList<>();
        String[] lines = content.split("\n", -1);
        boolean fence = false;
        for (int i = 0; i < lines.length; i++) {
            if (doc && lines[i].startsWith("```")) fence = !fence;
            if (doc && (fence || !lines[i].startsWith("#"))) continue;
            var match = ISSUE.matcher(lines[i]);
            if (match.find()) found.add(name + ":" + (i + 1) + ": cites " + match.group().toLowerCase());
        }
        return found;
    }

    /** Code under a src/main folder, a pom.xml, a script, or a file of bin/ or .ci/; build output left out. */
    private static boolean isMainOrBuild(Path path) {
        String name = path.toString().replace('\\', '/');
        if (name.startsWith(".git/") || name.contains("/target/") || name.contains("/node_modules/")) return false;
        String file = path.getFileName().toString();
        if (file.equals("pom.xml") || file.endsWith(".sh")) return true;
        if (name.startsWith("bin/") || name.startsWith(".ci/")) return true;
        return name.contains("/src/main/") && isSource(path);
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
