package dev.wowcompat.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.RepositoryRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * Every command of README.md and docs/*.md (every Markdown file of the repository outside src/ and target/), run
 * as written or checked against the test that runs it: one test per command block, in document order, each
 * document in a terminal of its own that is closed (servers stopped) after its last block.
 *
 * <p>Documents run beside each other, {@value #DOCUMENTS_AT_ONCE} at a time ({@code -Dwowcompat.docs.parallel=N}
 * changes it; 1 runs them one after the other), except a document that builds with Maven or runs a script, which
 * runs alone ({@link DocumentRun}). Each has its own terminal, temporary folders and free ports, so they share
 * nothing but the jar (docs/decisions.md, "The commands of the docs").
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DocumentedCommandsTest {
    /** Most blocks wait on a JVM's start or a server's answer: two documents at once keep two cores busy. */
    private static final int DOCUMENTS_AT_ONCE = 2;

    private final DocCommands commands = new DocCommands(RepositoryRoot.path(), System.getProperty("wowcompat.testJvm", ""),
            Optional.of(Path.of("target", "block-output")));
    private final ReadWriteLock alone = new ReentrantReadWriteLock();
    private final ExecutorService pool = Executors.newFixedThreadPool(
            Math.max(1, Integer.getInteger("wowcompat.docs.parallel", DOCUMENTS_AT_ONCE)), runnable -> {
                Thread thread = new Thread(runnable, "doc-commands");
                thread.setDaemon(true);
                return thread;
            });

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

    @AfterAll
    void stopThePool() {
        pool.shutdownNow();
    }

    @TestFactory
    Stream<DynamicNode> everyCommandOfTheDocs() {
        // -Dwowcompat.docs=docs/cli.md,README.md runs only those documents (while editing them).
        String only = System.getProperty("wowcompat.docs", "");
        List<String> chosen = only.isBlank() ? List.of() : List.of(only.split(","));
        List<Path> documents = commands.documents().stream()
                .filter(document -> chosen.isEmpty() || chosen.contains(document.toString()))
                .toList();
        List<MarkdownBlocks.Parsed> parsed = documents.stream().map(commands::read).toList();
        List<DocumentRun> runs = parsed.stream()
                .map(p -> DocumentRun.of(p.blocks().stream().filter(CodeBlock::isCommand).toList()))
                .toList();
        // Every run starts now, not as JUnit walks the tests: first the documents that run alone, one after the
        // other, then the rest two at a time. One that runs alone between two others would leave a thread idle
        // while it waits for the document beside it to end.
        runs.stream().filter(DocumentRun::runsAlone).forEach(run -> run.start(commands, pool, alone));
        runs.stream().filter(run -> !run.runsAlone()).forEach(run -> run.start(commands, pool, alone));
        List<DynamicNode> containers = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            containers.add(document(documents.get(i), parsed.get(i), runs.get(i)));
        }
        return containers.stream();
    }

    private DynamicNode document(Path document, MarkdownBlocks.Parsed parsed, DocumentRun run) {
        List<CodeBlock> commandBlocks = parsed.blocks().stream().filter(CodeBlock::isCommand).toList();
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
        for (int i = 0; i < commandBlocks.size(); i++) {
            CodeBlock block = commandBlocks.get(i);
            int index = i;
            tests.add(DynamicTest.dynamicTest(block.place() + " " + firstCommand(block),
                    () -> {
                        String outcome = run.outcome(index);
                        // The block's own time, for docs/performance.md's "CI's time".
                        System.out.printf("%s: %s (%.1f s)%n", block.place(), outcome, run.seconds(index));
                    }));
        }
        tests.add(DynamicTest.dynamicTest("stop what the blocks started", run::awaitClosed));
        return DynamicContainer.dynamicContainer(document.toString(), tests);
    }

    private static String firstCommand(CodeBlock block) {
        List<String> commands = Script.of(block).commands();
        String first = commands.isEmpty() ? "" : commands.get(0);
        return first.length() > 60 ? first.substring(0, 57) + "..." : first;
    }
}
