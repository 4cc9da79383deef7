package dev.wowcompat.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One document's terminal: its command blocks run one after the other in bash, as a reader pastes them into one
 * terminal opened at the repository root. The first block starts there; each later one starts in the directory the
 * block before it left, with the shell variables it left behind, so a {@code cd} in one block holds for the next as it
 * would for the reader (docs/decisions.md, "The commands of the docs"). {@code PATH} is the reader's: {@code bin/} is
 * not on it, so a block calls {@code bin/wow-compat} as a fresh clone must.
 * Each block runs as a script with {@code set -e -o pipefail} (its first failing command ends it and gives the
 * block's exit code) in a process group of its own (setsid), so whatever it starts in the background is stopped
 * with it when the session closes, whether the document passed or not.
 */
public final class ShellSession implements AutoCloseable {
    /** Shell variables that belong to bash, or to this class, and are never carried to the next block. */
    private static final String NOT_CARRIED = "BASH*|EUID|PPID|UID|SHELLOPTS|FUNCNAME|GROUPS|PIPESTATUS|DIRSTACK"
            + "|RANDOM|SRANDOM|SECONDS|LINENO|HISTCMD|_|OPTIND|OPTARG|OPTERR|IFS|PWD|OLDPWD|SHLVL|EPOCHSECONDS"
            + "|EPOCHREALTIME|COLUMNS|LINES|PS1|PS2|PS4|wowdoc_*";

    /** What a block did: its exit code (-1 when it ran out of time) and its output, standard error included. */
    public record Result(int exit, List<String> output, boolean timedOut) {}

    private final Path root;
    /** Given to every JVM a block starts as {@code JDK_JAVA_OPTIONS}; empty: none. */
    private final String javaOptions;
    private final Path state;
    private final Map<Integer, Integer> ports = new LinkedHashMap<>();
    private final List<Long> groups = new ArrayList<>();
    private int blocks;

    public ShellSession(Path root) {
        this(root, "");
    }

    /**
     * @param javaOptions JVM options every {@code java} the blocks start is given, through {@code JDK_JAVA_OPTIONS},
     *                    which a block's own {@code env=} may set otherwise. The launcher's notice of them ("NOTE:
     *                    Picked up ...") is left out of the output, as the reader, who sets none, never sees it.
     */
    public ShellSession(Path root, String javaOptions) {
        this.root = root.toAbsolutePath().normalize();
        this.javaOptions = javaOptions.strip();
        try {
            this.state = Files.createTempDirectory("doc-commands-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** From now on, the documented port is replaced by a free one in every block and URL of this session. */
    public void replacePort(int documented) {
        if (ports.containsKey(documented)) {
            return;
        }
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ports.put(documented, socket.getLocalPort());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The text with each documented port replaced by its free port (a number standing alone). */
    public String withPorts(String text) {
        String result = text;
        for (Map.Entry<Integer, Integer> port : ports.entrySet()) {
            result = result.replaceAll("(?<![0-9])" + port.getKey() + "(?![0-9])", String.valueOf(port.getValue()));
        }
        return result;
    }

    /** Runs a block and waits for it. */
    public Result run(String script, Map<String, String> env, Duration timeout) throws IOException,
            InterruptedException {
        Path output = state.resolve("output-" + (++blocks));
        Process process = start(script, env, output, true);
        boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!finished) {
            stop(process.pid());
        }
        return new Result(finished ? process.exitValue() : -1, output(output),
                !finished);
    }

    /**
     * Starts a block that keeps running and waits until {@code ready} answers 2xx and its output holds every text
     * of {@code prints}. The block's output so far is the result's output; its exit code is 0 once ready, else the
     * code it ended with (-1: it kept running but was never ready within the timeout).
     */
    public Result runInBackground(String script, Map<String, String> env, URI ready, List<String> prints,
                                  Duration timeout)
            throws IOException, InterruptedException {
        Path output = state.resolve("output-" + (++blocks));
        if (ready != null && listening(ready)) {
            return new Result(-1, List.of("port " + ready.getPort() + " is in use before the block starts:"
                    + " stop what listens there"), false);
        }
        Process process = start(script, env, output, false);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if ((ready == null || answers(ready)) && printed(output, prints)) {
                return new Result(0, output(output), false);
            }
            if (process.waitFor(250, TimeUnit.MILLISECONDS)) {
                return new Result(process.exitValue(), output(output), false);
            }
        }
        return new Result(-1, output(output), true);
    }

    private Process start(String script, Map<String, String> env, Path output, boolean carryState)
            throws IOException {
        Path file = state.resolve("block-" + blocks + ".sh");
        Files.writeString(file, wrapper(withPorts(script), carryState), StandardCharsets.UTF_8);
        ProcessBuilder builder = new ProcessBuilder("setsid", "bash", file.toString())
                .directory(root.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        if (!javaOptions.isEmpty()) {
            builder.environment().put(JAVA_OPTIONS, javaOptions);
        }
        env.forEach((name, value) -> builder.environment().put(name, withPorts(value)));
        Process process = builder.start();
        // setsid makes bash the leader of a new process group: its pid is the group's id.
        groups.add(process.pid());
        return process;
    }

    private static final String JAVA_OPTIONS = "JDK_JAVA_OPTIONS";

    /** A block's output, without the notice the java launcher prints of this session's options. */
    private List<String> output(Path output) throws IOException {
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
        if (javaOptions.isEmpty()) {
            return lines;
        }
        String notice = "NOTE: Picked up " + JAVA_OPTIONS + ": " + javaOptions;
        return lines.stream().filter(line -> !line.equals(notice)).toList();
    }

    private String wrapper(String script, boolean carryState) {
        String dir = quote(state.toString());
        StringBuilder text = new StringBuilder();
        text.append("wowdoc_state=").append(dir).append('\n');
        text.append("if [ -f \"$wowdoc_state/vars\" ]; then . \"$wowdoc_state/vars\"; fi\n");
        text.append("if [ -f \"$wowdoc_state/pwd\" ]; then cd \"$(cat \"$wowdoc_state/pwd\")\"; fi\n");
        if (carryState) {
            text.append("wowdoc_save() {\n");
            text.append("  for wowdoc_n in $(compgen -v); do\n");
            text.append("    case \"$wowdoc_n\" in ").append(NOT_CARRIED).append(") continue ;; esac\n");
            text.append("    declare -p \"$wowdoc_n\" 2>/dev/null\n");
            text.append("  done | grep -v '^declare -[a-zA-Z]*r' > \"$wowdoc_state/vars.new\" || true\n");
            text.append("  mv \"$wowdoc_state/vars.new\" \"$wowdoc_state/vars\"\n");
            text.append("  pwd > \"$wowdoc_state/pwd\"\n");
            text.append("}\n");
            text.append("trap wowdoc_save EXIT\n");
        }
        text.append("set -e -o pipefail\n");
        text.append(script);
        if (!script.endsWith("\n")) {
            text.append('\n');
        }
        return text.toString();
    }

    private static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    private boolean printed(Path output, List<String> prints) throws IOException {
        String text = Files.readString(output, StandardCharsets.UTF_8);
        return prints.stream().map(this::withPorts).allMatch(text::contains);
    }

    private static boolean listening(URI url) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(url.getHost(), url.getPort()), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean answers(URI url) {
        try {
            var connection = (java.net.HttpURLConnection) url.toURL().openConnection();
            connection.setConnectTimeout(1000);
            connection.setReadTimeout(2000);
            int status = connection.getResponseCode();
            connection.disconnect();
            return status >= 200 && status < 300;
        } catch (IOException e) {
            return false;
        }
    }

    /** A URL of a marker with the session's ports. */
    public URI withPorts(URI url) {
        return url == null ? null : URI.create(withPorts(url.toString()));
    }

    /** Stops every process the session's blocks started (SIGTERM, then SIGKILL after 25 s) and forgets its state. */
    @Override
    public void close() throws IOException, InterruptedException {
        for (long group : groups) {
            stop(group);
        }
        groups.clear();
        try (Stream<Path> files = Files.walk(state)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private static void stop(long group) throws IOException, InterruptedException {
        if (!signal(group, "-0")) {
            return;
        }
        signal(group, "-TERM");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(25);
        while (System.nanoTime() < deadline) {
            if (!signal(group, "-0")) {
                return;
            }
            Thread.sleep(100);
        }
        signal(group, "-KILL");
    }

    /** kill(1) on the whole process group; true when some process of it received the signal. */
    private static boolean signal(long group, String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", signal, "--", "-" + group)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        return kill.waitFor() == 0;
    }
}
