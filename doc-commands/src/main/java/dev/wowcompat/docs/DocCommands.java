package dev.wowcompat.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds every command of the repository's Markdown and checks it: a command block (language {@code sh},
 * {@code bash}, {@code shell} or {@code console}) is run in its document's {@link ShellSession} unless its marker
 * says otherwise; {@code run-by} blocks are looked up in the file that runs them; {@code not-run} blocks need a
 * reason. A block that is not a command is told apart by its language and never run; a block without a language
 * is a problem of its document, so no command can go unseen.
 */
public final class DocCommands {
    private static final int OUTPUT_SHOWN_ON_FAILURE = 40;

    private final Path root;
    private final String javaOptions;
    private final Optional<Path> outputFolder;
    /** Shared by the documents running at once (DocumentRun). */
    private final Map<String, String> helpTexts = new ConcurrentHashMap<>();

    public DocCommands(Path root) {
        this(root, "", Optional.empty());
    }

    /**
     * @param javaOptions  the options of every JVM the blocks start ({@link ShellSession}), empty for the JVM's own:
     *                     the tests' JVM options, so that the documents' commands cost what the tests' processes do
     * @param outputFolder where the whole output of every block run is kept, one file a block named after its place
     *                     ({@code docs_performance.md_1424.txt}), passed or failed: a failure's report shows only its
     *                     end, and a block that passes slowly shows nothing
     */
    public DocCommands(Path root, String javaOptions, Optional<Path> outputFolder) {
        this.root = root.toAbsolutePath().normalize();
        this.javaOptions = javaOptions.strip();
        this.outputFolder = outputFolder;
    }

    public Path root() {
        return root;
    }

    public String javaOptions() {
        return javaOptions;
    }

    /**
     * The documents whose commands are checked, relative to the root: every {@code *.md} of the repository except
     * under {@code src/} (test fixtures, corpora), {@code target/} and hidden directories.
     */
    public List<Path> documents() {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(path -> path.getFileName().toString().endsWith(".md"))
                    .map(root::relativize)
                    .filter(path -> {
                        for (Path part : path) {
                            String name = part.toString();
                            if (name.equals("src") || name.equals("target") || name.startsWith(".")) {
                                return false;
                            }
                        }
                        return true;
                    })
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public MarkdownBlocks.Parsed read(Path document) {
        try {
            return MarkdownBlocks.read(document, Files.readString(root.resolve(document), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Checks one block in its document's session.
     *
     * @return one line saying what was done with it (for the test report)
     * @throws AssertionError saying where the block is and what is wrong, with the end of its output
     */
    public String check(CodeBlock block, ShellSession session) throws IOException, InterruptedException {
        Marker marker = block.marker();
        if (!block.isCommand()) {
            if (marker != null) {
                throw failure(block, "the block is marked '" + marker.kind().word() + "' but its language '"
                        + block.language() + "' is not a command's (sh, bash, shell or console)");
            }
            return "not a command (" + block.language() + ")";
        }
        Script script = Script.of(block);
        if (block.language().equals("console") && script.commands().isEmpty()) {
            throw failure(block, "a console block shows no command (a line starting with '$ ')");
        }
        if (!block.language().equals("console") && block.text().lines().anyMatch(line -> line.startsWith("$ "))) {
            throw failure(block, "a script block holds a prompt '$ ': label a transcript 'console'");
        }
        if (script.commands().isEmpty()) {
            throw failure(block, "a command block holds no command");
        }
        if (marker == null) {
            return run(block, script, RunOptions.DEFAULT, session);
        }
        return switch (marker.kind()) {
            case RUN -> {
                RunOptions options;
                try {
                    options = RunOptions.parse(marker.argument());
                } catch (IllegalArgumentException e) {
                    throw failure(block, "line " + marker.line() + ": " + e.getMessage());
                }
                yield run(block, script, options, session);
            }
            case RUN_BY -> runBy(block, script, marker.argument());
            case NOT_RUN -> {
                if (marker.argument().isBlank()) {
                    throw failure(block, "not-run needs a reason: <!-- not-run: why it cannot run here -->");
                }
                int checked = checkOptions(block, script, session);
                yield "not run (" + checked + " wow-compat options checked against its --help): " + marker.argument();
            }
        };
    }

    private String run(CodeBlock block, Script script, RunOptions options, ShellSession session)
            throws IOException, InterruptedException {
        options.ports().forEach(session::replacePort);
        String text = script.script();
        for (Map.Entry<String, String> quick : options.quick().entrySet()) {
            if (!text.contains(quick.getKey())) {
                throw failure(block, "the quick form replaces '" + quick.getKey() + "', which the block does not hold");
            }
            text = text.replace(quick.getKey(), quick.getValue());
        }
        ShellSession.Result result = options.background()
                ? session.runInBackground(text, options.env(), session.withPorts(options.ready()), options.prints(),
                        options.timeout())
                : session.run(text, options.env(), options.timeout());
        keepOutput(block, result);
        if (result.timedOut()) {
            String what = options.background()
                    ? "not ready (" + session.withPorts(options.ready())
                            + (options.prints().isEmpty() ? "" : ", printing " + options.prints()) + ")"
                    : "not finished";
            throw failure(block, what + " after " + options.timeout().toSeconds() + " s", result.output());
        }
        if (result.exit() != options.expectExit()) {
            throw failure(block, "exit code " + result.exit() + ", the doc expects " + options.expectExit()
                    + (options.expectExit() == 0 ? "" : " (<!-- run: expect-exit=" + options.expectExit() + " -->)"),
                    result.output());
        }
        for (String promised : options.prints()) {
            if (!String.join("\n", result.output()).contains(session.withPorts(promised))) {
                throw failure(block, "the output does not hold '" + session.withPorts(promised)
                        + "', which the doc says it prints", result.output());
            }
        }
        if (!script.expected().isEmpty()) {
            List<String> expected = script.expected().stream().map(session::withPorts).toList();
            Optional<String> mismatch = OutputMatch.mismatch(expected, result.output());
            if (mismatch.isPresent()) {
                throw failure(block, mismatch.get(), result.output());
            }
        }
        return (options.background() ? "started" : "ran") + ", exit code " + result.exit()
                + (script.expected().isEmpty() ? "" : ", output as shown");
    }

    private void keepOutput(CodeBlock block, ShellSession.Result result) throws IOException {
        if (outputFolder.isEmpty()) {
            return;
        }
        Files.createDirectories(outputFolder.get());
        Files.write(outputFolder.get().resolve(block.place().replace('/', '_').replace(':', '_') + ".txt"), result.output());
    }

    /**
     * A {@code run-by} claim holds when every command of the block is in one of the named files (or the files
     * under a named directory), compared with white space collapsed and line continuations joined.
     */
    private String runBy(CodeBlock block, Script script, String argument) {
        List<String> names = List.of(argument.split("[\\s,]+"));
        if (argument.isBlank()) {
            throw failure(block, "run-by needs the path of the test, IT or script that runs the block");
        }
        List<String> texts = new ArrayList<>();
        for (String name : names) {
            Path path = root.resolve(name).normalize();
            if (!path.startsWith(root) || !Files.exists(path)) {
                throw failure(block, "run-by names " + name + ", which is not in the repository");
            }
            try (Stream<Path> files = Files.walk(path)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    texts.add(Script.normalize(Files.readString(file, StandardCharsets.ISO_8859_1)
                            .replaceAll("\\\\\\r?\\n", " ")));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        for (String command : script.commands()) {
            if (texts.stream().noneMatch(text -> text.contains(command))) {
                throw failure(block, "run-by names " + argument + ", which does not run '" + command + "'");
            }
        }
        return "run by " + argument;
    }

    /**
     * A block that is not run still may not name a wow-compat command or option that does not exist: each
     * {@code wow-compat} (or {@code wow-compat.jar}) invocation's command and {@code --options} are looked up in
     * {@code bin/wow-compat COMMAND --help}.
     *
     * @return how many options were checked
     */
    private int checkOptions(CodeBlock block, Script script, ShellSession session)
            throws IOException, InterruptedException {
        int checked = 0;
        for (String command : script.commands()) {
            List<String> words = List.of(command.split(" "));
            for (int i = 0; i < words.size(); i++) {
                String program = words.get(i).substring(words.get(i).lastIndexOf('/') + 1);
                if (!program.equals("wow-compat") && !program.equals("wow-compat.jar")) {
                    continue;
                }
                if (i + 1 >= words.size() || words.get(i + 1).startsWith("-")) {
                    continue;
                }
                String subcommand = words.get(i + 1);
                String help = help(block, subcommand, session);
                for (int j = i + 2; j < words.size() && !ends(words.get(j)); j++) {
                    if (words.get(j).startsWith("--")) {
                        String option = words.get(j).split("=", 2)[0];
                        if (!Pattern.compile("(?<![\\w-])" + Pattern.quote(option)
                                + "(?![\\w-])").matcher(help).find()) {
                            throw failure(block, "wow-compat " + subcommand + " has no option " + option
                                    + " (bin/wow-compat " + subcommand + " --help)");
                        }
                        checked++;
                    }
                }
            }
        }
        return checked;
    }

    private static boolean ends(String word) {
        return word.equals("|") || word.equals("&&") || word.equals("||") || word.equals("&") || word.endsWith(";");
    }

    private String help(CodeBlock block, String subcommand, ShellSession session)
            throws IOException, InterruptedException {
        String cached = helpTexts.get(subcommand);
        if (cached != null) {
            return cached;
        }
        // In a subshell at the root: the help is looked up without moving the reader's terminal.
        ShellSession.Result result = session.run("(cd '" + root.toString().replace("'", "") + "' && bin/wow-compat '"
                + subcommand.replace("'", "") + "' --help)",
                Map.of(), RunOptions.DEFAULT.timeout());
        if (result.exit() != 0) {
            throw failure(block, "wow-compat has no command '" + subcommand + "'", result.output());
        }
        String help = String.join("\n", result.output());
        helpTexts.put(subcommand, help);
        return help;
    }

    private static AssertionError failure(CodeBlock block, String message) {
        return new AssertionError(block.place() + ": " + message);
    }

    private static AssertionError failure(CodeBlock block, String message, List<String> output) {
        List<String> tail = output.subList(Math.max(0, output.size() - OUTPUT_SHOWN_ON_FAILURE), output.size());
        return new AssertionError(block.place() + ": " + message + "\n--- the block's output"
                + (tail.size() < output.size() ? ", last " + tail.size() + " lines" : "") + " ---\n"
                + String.join("\n", tail));
    }
}
