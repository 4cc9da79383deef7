package dev.wowcompat.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.RepositoryRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every command of README.md and docs/*.md (every Markdown file of the repository outside src/ and target/), run
 * as written or checked against the test that runs it: one test per command block, in document order, each
 * document in a terminal of its own that is closed (servers stopped) after its last block.
 */
class DocumentedCommandsTest {
    private final DocCommands commands = new DocCommands(RepositoryRoot.path());

    /**
     * bin/wow-compat builds the jar when a source is newer and says so on standard error; building it first keeps
     * that notice out of the output the docs show.
     */
    @BeforeAll
    static void buildTheJarFirst() throws Exception {
        Process process = new ProcessBuilder(RepositoryRoot.path().resolve("bin/wow-compat").toString(), "--version")
                .directory(RepositoryRoot.path().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(process.waitFor(10, TimeUnit.MINUTES), "bin/wow-compat --version did not finish");
        assertEquals(0, process.exitValue(), "bin/wow-compat --version");
    }

    @TestFactory
    Stream<DynamicNode> everyCommandOfTheDocs() {
        // -Dwowcompat.docs=docs/cli.md,README.md runs only those documents (while editing them).
        String only = System.getProperty("wowcompat.docs", "");
        List<String> chosen = only.isBlank() ? List.of() : List.of(only.split(","));
        return commands.documents().stream()
                .filter(document -> chosen.isEmpty() || chosen.contains(document.toString()))
                .map(this::document);
    }

    private DynamicNode document(Path document) {
        MarkdownBlocks.Parsed parsed = commands.read(document);
        ShellSession[] session = new ShellSession[1];
        List<DynamicNode> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest("links and names stay in the repository", () -> assertEquals(List.of(),
                DocReferences.outside(commands.root(), document,
                        Files.readString(commands.root().resolve(document))))));
        tests.add(DynamicTest.dynamicTest("every block has a language, every marker a block", () -> {
            assertEquals(List.of(), parsed.problems());
            for (CodeBlock block : parsed.blocks()) {
                if (!block.isCommand()) {
                    commands.check(block, null);
                }
            }
        }));
        for (CodeBlock block : parsed.blocks()) {
            if (!block.isCommand()) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(block.place() + " " + firstCommand(block), () -> {
                if (session[0] == null) {
                    session[0] = new ShellSession(commands.root());
                }
                System.out.println(block.place() + ": " + commands.check(block, session[0]));
            }));
        }
        tests.add(DynamicTest.dynamicTest("stop what the blocks started", () -> {
            if (session[0] != null) {
                session[0].close();
            }
        }));
        return DynamicContainer.dynamicContainer(document.toString(), tests);
    }

    private static String firstCommand(CodeBlock block) {
        List<String> commands = Script.of(block).commands();
        String first = commands.isEmpty() ? "" : commands.get(0);
        return first.length() > 60 ? first.substring(0, 57) + "..." : first;
    }
}
