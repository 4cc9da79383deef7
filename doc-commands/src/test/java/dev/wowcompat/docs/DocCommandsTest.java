package dev.wowcompat.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner itself, on small Markdown fixtures in a scratch repository. */
class DocCommandsTest {
    @TempDir
    Path repo;

    private List<String> checkAll(String markdown) throws Exception {
        Files.writeString(repo.resolve("README.md"), markdown);
        DocCommands commands = new DocCommands(repo);
        MarkdownBlocks.Parsed parsed = commands.read(Path.of("README.md"));
        assertEquals(List.of(), parsed.problems());
        List<String> done = new ArrayList<>();
        try (ShellSession session = new ShellSession(repo)) {
            for (CodeBlock block : parsed.blocks()) {
                done.add(commands.check(block, session));
            }
        }
        return done;
    }

    private String failureOf(String markdown) {
        return assertThrows(AssertionError.class, () -> checkAll(markdown)).getMessage();
    }

    @Test
    void aBlockRunsAndItsExitCodeCounts() throws Exception {
        assertEquals(List.of("ran, exit code 0"), checkAll("```sh\ntrue\n```\n"));
        assertEquals(List.of("ran, exit code 3"), checkAll("<!-- run: expect-exit=3 -->\n```sh\nexit 3\n```\n"));
    }

    @Test
    void everyJvmABlockStartsGetsTheSessionsOptionsAndTheLaunchersNoticeOfThemIsNotOutput() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String script = "echo \"options: $JDK_JAVA_OPTIONS\"\n" + java
                + " -XX:+PrintFlagsFinal -version 2>&1 | grep -E ' TieredStopAtLevel |NOTE: Picked up' | tr -s ' '\n";
        try (ShellSession session = new ShellSession(repo, "-XX:TieredStopAtLevel=1")) {
            ShellSession.Result result = session.run(script, Map.of(), Duration.ofMinutes(1));
            assertEquals(0, result.exit(), String.join("\n", result.output()));
            assertEquals(List.of("options: -XX:TieredStopAtLevel=1", " intx TieredStopAtLevel = 1 {product} {command line}"),
                    result.output());
        }
        // A document that sets the variable itself keeps it, and the notice of its own options.
        try (ShellSession session = new ShellSession(repo, "-XX:TieredStopAtLevel=1")) {
            ShellSession.Result own = session.run(java + " -version 2>&1 | head -1",
                    Map.of("JDK_JAVA_OPTIONS", "-Xss2m"), Duration.ofMinutes(1));
            assertEquals(List.of("NOTE: Picked up JDK_JAVA_OPTIONS: -Xss2m"), own.output());
        }
    }

    @Test
    void theWholeOutputOfEveryBlockRunIsKeptWhenAFolderIsGiven() throws Exception {
        Files.writeString(repo.resolve("README.md"), "```sh\nseq 1 100\n```\n\n```sh\necho last; exit 3\n```\n");
        Path kept = repo.resolve("kept");
        DocCommands commands = new DocCommands(repo, "", Optional.of(kept));
        List<CodeBlock> blocks = commands.read(Path.of("README.md")).blocks();
        try (ShellSession session = new ShellSession(repo)) {
            commands.check(blocks.get(0), session);
            assertThrows(AssertionError.class, () -> commands.check(blocks.get(1), session));
        }
        assertEquals(100, Files.readAllLines(kept.resolve("README.md_1.txt")).size());
        assertEquals("1", Files.readAllLines(kept.resolve("README.md_1.txt")).get(0));
        assertEquals(List.of("last"), Files.readAllLines(kept.resolve("README.md_5.txt")));
    }

    @Test
    void anUnmarkedFailingBlockFails() {
        String message = failureOf("Text.\n\n```sh\necho about to fail\nls does-not-exist\n```\n");
        assertTrue(message.startsWith("README.md:3: exit code 2, the doc expects 0"), message);
        assertTrue(message.contains("about to fail"), message);
    }

    @Test
    void aWrongExpectedExitCodeFails() {
        String message = failureOf("<!-- run: expect-exit=1 -->\n```sh\ntrue\n```\n");
        assertTrue(message.startsWith("README.md:2: exit code 0, the doc expects 1"), message);
    }

    @Test
    void theFirstFailingCommandEndsTheBlock() {
        String message = failureOf("```bash\nfalse\necho not reached\n```\n");
        assertTrue(message.contains("exit code 1"), message);
        assertFalse(message.contains("not reached\n"), message);
    }

    @Test
    void runByNeedsTheNamedFileToHoldEveryCommand() throws Exception {
        Files.createDirectories(repo.resolve("it/quickstart"));
        Files.writeString(repo.resolve("it/quickstart/run.sh"), "#!/bin/sh\nmvn -B \\\n   verify -Dx=1\n");
        assertEquals(List.of("run by it/quickstart"),
                checkAll("<!-- run-by: it/quickstart -->\n```sh\nmvn -B verify   -Dx=1   # the build\n```\n"));
        String message = failureOf("<!-- run-by: it/quickstart -->\n```sh\nmvn -B verify -Dx=2\n```\n");
        assertTrue(message.contains("does not run 'mvn -B verify -Dx=2'"), message);
        message = failureOf("<!-- run-by: it/elsewhere -->\n```sh\nmvn -B verify\n```\n");
        assertTrue(message.contains("run-by names it/elsewhere, which is not in the repository"), message);
    }

    @Test
    void consoleOutputMustBeWhatTheDocShows() throws Exception {
        String ok = """
                ```console
                $ printf 'one\\ntwo\\nthree\\nfour\\n'
                one
                ...
                three
                ...
                ```
                """;
        assertEquals(List.of("ran, exit code 0, output as shown"), checkAll(ok));
        String message = failureOf("""
                ```console
                $ printf 'one\\ntwo\\n'
                one
                deux
                ```
                """);
        assertTrue(message.contains("does not have the line shown in the doc: 'deux'"), message);
        message = failureOf("""
                ```console
                $ printf 'one\\ntwo\\n'
                one
                ```
                """);
        assertTrue(message.contains("are not printed as the whole output"), message);
    }

    @Test
    void blocksOfADocumentShareVariablesAndTheDirectory() throws Exception {
        Files.createDirectories(repo.resolve("sub"));
        assertEquals(3, checkAll("""
                ```sh
                GREETING="hello there"
                export LOUD=yes
                cd sub
                ```
                ```console
                $ echo "$GREETING $LOUD"
                hello there yes
                ```
                ```sh
                test "$(basename "$PWD")" = sub
                ```
                """).size());
    }

    @Test
    void aBackgroundProcessIsStoppedWithTheSession() throws Exception {
        Files.writeString(repo.resolve("README.md"), """
                <!-- run: background -->
                ```sh
                echo $$ > pid; exec sleep 600
                ```
                """);
        DocCommands commands = new DocCommands(repo);
        CodeBlock block = commands.read(Path.of("README.md")).blocks().get(0);
        long pid;
        try (ShellSession session = new ShellSession(repo)) {
            assertEquals("started, exit code 0", commands.check(block, session));
            Path pidFile = repo.resolve("pid");
            for (int i = 0; i < 100 && !Files.exists(pidFile); i++) {
                Thread.sleep(50);
            }
            pid = Long.parseLong(Files.readString(pidFile).strip());
            assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }

    @Test
    void aDocumentedPortIsReplacedByAFreeOne() throws Exception {
        List<String> done = checkAll("""
                <!-- run: port=8081 -->
                ```sh
                test 8081 -ne $((8000 + 81))
                ```
                ```console
                $ echo http://127.0.0.1:8081/ready
                http://127.0.0.1:8081/ready
                ```
                """);
        assertEquals(2, done.size());
    }

    @Test
    void promisedOutputMustBePrinted() throws Exception {
        assertEquals(List.of("ran, exit code 0"),
                checkAll("<!-- run: prints=\"listening on http://x/\" -->\n```sh\necho 'now listening on http://x/ (db)'\n```\n"));
        assertTrue(failureOf("<!-- run: prints=\"listening\" -->\n```sh\necho started\n```\n")
                .contains("the output does not hold 'listening', which the doc says it prints"));
    }

    @Test
    void theQuickFormMustReplaceSomethingOfTheBlock() throws Exception {
        assertEquals(List.of("ran, exit code 0"),
                checkAll("<!-- run: quick=\"sleep 600=>sleep 0\" env=RUNS=1 -->\n```sh\nsleep 600\ntest \"$RUNS\" = 1\n```\n"));
        String message = failureOf("<!-- run: quick=\"--runs 15=>--runs 1\" -->\n```sh\ntrue\n```\n");
        assertTrue(message.contains("replaces '--runs 15', which the block does not hold"), message);
    }

    @Test
    void notRunNeedsAReasonAndMarkersNeedACommandBlock() {
        assertTrue(failureOf("<!-- not-run: -->\n```sh\nrm -rf /\n```\n").contains("not-run needs a reason"));
        assertTrue(failureOf("<!-- run: expect-exit=1 -->\n```text\nfalse\n```\n")
                .contains("its language 'text' is not a command's"));
        assertTrue(failureOf("<!-- run: expect-exit=x -->\n```sh\nfalse\n```\n")
                .contains("expect-exit takes a number, not 'x'"));
        assertTrue(failureOf("```sh\n$ true\n```\n").contains("label a transcript 'console'"));
    }

    /**
     * A page is one terminal: a {@code cd} in one block holds for the next, as it does for a reader who pastes the
     * blocks into one shell, so a block that moves away breaks the relative paths of the blocks after it.
     */
    @Test
    void aCdInOneBlockHoldsForTheBlocksAfterIt() throws Exception {
        Files.createDirectories(repo.resolve("sub"));
        Files.writeString(repo.resolve("at-root.txt"), "x");
        assertEquals(List.of("ran, exit code 0", "ran, exit code 0"), checkAll("```sh\ncat at-root.txt\n```\n\n```sh\ncat at-root.txt\n```\n"));
        String message = failureOf("```sh\ncd sub\n```\n\n```sh\ncat at-root.txt\n```\n");
        assertTrue(message.startsWith("README.md:5: exit code 1"), message);
        // a subshell leaves the terminal where it was
        assertEquals(List.of("ran, exit code 0", "ran, exit code 0"), checkAll("```sh\n(cd sub && pwd)\n```\n\n```sh\ncat at-root.txt\n```\n"));
    }

    /** The reader's PATH: a fresh clone has no {@code wow-compat} on it, so a block must call {@code bin/wow-compat}. */
    @Test
    void bareWowCompatIsNotFoundAsInAFreshClone() throws Exception {
        Files.createDirectories(repo.resolve("bin"));
        Path fake = repo.resolve("bin/wow-compat");
        Files.writeString(fake, "#!/bin/sh\necho ran\n");
        assertTrue(fake.toFile().setExecutable(true));
        assertEquals(List.of("ran, exit code 0"), checkAll("```sh\nbin/wow-compat\n```\n"));
        assertTrue(failureOf("```sh\nwow-compat\n```\n").contains("exit code 127"));
    }

    @Test
    void aBlockNotRunStillNamesOnlyOptionsTheCommandHas() throws Exception {
        Files.createDirectories(repo.resolve("bin"));
        Path fake = repo.resolve("bin/wow-compat");
        Files.writeString(fake, "#!/bin/sh\n[ \"$1 $2\" = \"serve --help\" ] && echo 'Usage: serve [--port=PORT] [--db=DB]'"
                + " && exit 0\necho \"Unknown command $1\"; exit 2\n");
        assertTrue(fake.toFile().setExecutable(true));
        assertEquals(List.of("not run (2 wow-compat options checked against its --help): elsewhere"),
                checkAll("<!-- not-run: elsewhere -->\n```sh\njava -jar /opt/wow-compat.jar serve --port 80 \\\n"
                        + "  --db=/var/x.db &\n```\n"));
        assertTrue(failureOf("<!-- not-run: elsewhere -->\n```sh\nwow-compat serve --colour\n```\n")
                .contains("wow-compat serve has no option --colour"));
        assertTrue(failureOf("<!-- not-run: elsewhere -->\n```sh\nwow-compat serv --port 1\n```\n")
                .contains("wow-compat has no command 'serv'"));
    }

    @Test
    void unlabelledBlocksAndStrayMarkersAreProblemsOfTheDocument() {
        MarkdownBlocks.Parsed parsed = MarkdownBlocks.read(Path.of("docs/x.md"), """
                # X

                ```
                wow-compat check
                ```

                <!-- run: expect-exit=1 -->
                Some text, then a block.

                ```json
                {}
                ```
                """);
        assertEquals(List.of(
                "docs/x.md:3: the code block has no language; say what it holds (sh or console for commands;"
                        + " text, json, xml, ... for anything else)",
                "docs/x.md:7: a run marker must be the last line before a code block's opening fence, in the form"
                        + " <!-- run: ... -->, <!-- run-by: ... --> or <!-- not-run: ... -->"),
                parsed.problems());
        assertEquals(2, parsed.blocks().size());
    }

    @Test
    void referencesOutsideTheRepositoryAreFound() throws IOException {
        Files.createDirectories(repo.resolve("docs"));
        Files.writeString(repo.resolve("docs/cli.md"), "# cli\n");
        Files.writeString(repo.resolve("README.md"), "# readme\n");
        assertEquals(List.of(
                "docs/a.md:2: '../shared' names something outside the repository",
                "docs/a.md:2: the link ../../shared/DESIGN.md names no file of the repository",
                "docs/a.md:3: 'DESIGN §' names something outside the repository",
                "docs/a.md:4: the link missing.md#x names no file of the repository"),
                DocReferences.outside(repo, Path.of("docs/a.md"), """
                        See [the CLI](cli.md#check), [the README](../README.md) and [Wow](https://github.com/Ahoo-Wang/Wow).
                        The [contract](../../shared/DESIGN.md).
                        As DESIGN §5 says.
                        [Gone](missing.md#x), [here](#top).
                        """));
    }

    @Test
    void documentsAreTheMarkdownOutsideSourcesAndBuildOutput() throws IOException {
        for (String file : List.of("README.md", "docs/a.md", "x/src/test/resources/b.md", "x/target/c.md",
                ".github/d.md", "schemas/README.md")) {
            Files.createDirectories(repo.resolve(file).getParent());
            Files.writeString(repo.resolve(file), "# t\n");
        }
        assertEquals(List.of(Path.of("README.md"), Path.of("docs/a.md"), Path.of("schemas/README.md")),
                new DocCommands(repo).documents());
    }
    private List<CodeBlock> commandBlocks(String name, String markdown) throws IOException {
        Files.writeString(repo.resolve(name), markdown);
        return new DocCommands(repo).read(Path.of(name)).blocks().stream().filter(CodeBlock::isCommand).toList();
    }

    @Test
    void aDocumentThatBuildsOrRunsAScriptRunsAlone() throws Exception {
        assertTrue(DocumentRun.runsAlone(commandBlocks("a.md", "```sh\nmvn -B -q -pl benchmarks package\n```\n")));
        assertTrue(DocumentRun.runsAlone(commandBlocks("b.md", "```sh\nmaven-plugin/src/perf/measure.sh\n```\n")));
        assertFalse(DocumentRun.runsAlone(commandBlocks("c.md", "```sh\nbin/wow-compat check a.json b.json\n```\n")));
        // A block another file runs, or one not run, builds nothing here.
        assertFalse(DocumentRun.runsAlone(commandBlocks("d.md", "<!-- run-by: d.md -->\n```sh\nmvn -B verify\n```\n")));
    }

    @Test
    void documentsRunBesideEachOtherEachInItsOrderAndAFailedBlockDoesNotEndItsDocument() throws Throwable {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            DocCommands commands = new DocCommands(repo);
            java.util.concurrent.locks.ReadWriteLock alone = new java.util.concurrent.locks.ReentrantReadWriteLock();
            // Each document waits for the other's first block: they finish only if both run at once.
            DocumentRun first = DocumentRun.of(commandBlocks("first.md", """
                    ```sh
                    touch first-started; for i in $(seq 100); do [ -f second-started ] && break; sleep 0.1; done
                    [ -f second-started ]
                    ```

                    ```sh
                    false
                    ```

                    ```sh
                    echo after the failure > first-last
                    ```
                    """)).start(commands, pool, alone);
            DocumentRun second = DocumentRun.of(commandBlocks("second.md", """
                    ```sh
                    touch second-started; for i in $(seq 100); do [ -f first-started ] && break; sleep 0.1; done
                    [ -f first-started ]
                    ```
                    """)).start(commands, pool, alone);
            assertEquals("ran, exit code 0", first.outcome(0));
            assertEquals("ran, exit code 0", second.outcome(0));
            String failed = assertThrows(AssertionError.class, () -> first.outcome(1)).getMessage();
            assertTrue(failed.startsWith("first.md:6: exit code 1, the doc expects 0"), failed);
            assertEquals("ran, exit code 0", first.outcome(2));
            first.awaitClosed();
            second.awaitClosed();
            assertEquals("after the failure\n", Files.readString(repo.resolve("first-last")));
        } finally {
            pool.shutdownNow();
        }
    }
}
