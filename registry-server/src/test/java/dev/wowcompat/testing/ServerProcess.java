package dev.wowcompat.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The registry's serve command in a separate JVM (this test run's classpath), on a free port. */
public final class ServerProcess implements AutoCloseable {
    /**
     * Arguments for tests whose many concurrent writers all come from this one loopback address: raise the caps on
     * expensive requests (per client address and in all) that would otherwise answer them 429/503.
     */
    public static final String[] MANY_WRITERS_FROM_ONE_ADDRESS = {"--max-expensive", "64", "--max-expensive-per-client", "64"};

    private static final Pattern LISTENING = Pattern.compile("listening on (http://[^ ]+?)/? ");

    private final Process process;
    private final String base;
    private final List<String> startup;
    private final List<String> output;

    private ServerProcess(Process process, String base, List<String> startup) {
        this.process = process;
        this.base = base;
        this.startup = List.copyOf(startup);
        this.output = startup;
    }

    /** What the server printed up to and including the line with its address. */
    public List<String> startupOutput() {
        return startup;
    }

    /** Everything the server printed so far (its first 2,000 lines after start-up), for failure messages. */
    public String output() {
        synchronized (output) {
            return String.join("\n", output);
        }
    }

    public static ServerProcess start(Path db, String... extraArgs) throws Exception {
        return start(new TestDatabases.Database(TestDatabases.Backend.SQLITE, db.toString(), Map.of()), extraArgs);
    }

    /** A node on the database, with the environment (credentials) it needs. */
    public static ServerProcess start(TestDatabases.Database db, String... extraArgs) throws Exception {
        List<String> command = TestJava.command("-Xmx256m", "-cp", System.getProperty("java.class.path"),
                ServeMain.class.getName(), "--port", "0");
        command.addAll(db.serveArguments());
        command.addAll(List.of(extraArgs));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(db.environment());
        Process p = builder.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        List<String> startup = java.util.Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<String> url = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    startup.add(line);
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        // Keep draining the output so the server never blocks on a full pipe.
                        Thread drain = new Thread(() -> {
                            try {
                                for (String more; (more = out.readLine()) != null; ) {
                                    synchronized (startup) {
                                        if (startup.size() < 2_000) startup.add(more);
                                    }
                                }
                            } catch (IOException ignored) {
                                // the process is gone
                            }
                        });
                        drain.setDaemon(true);
                        drain.start();
                        return m.group(1);
                    }
                }
                return null;
            } catch (IOException e) {
                return null;
            }
        });
        String base;
        try {
            // Generous: a JVM starting a registry on two loaded cores; a node that never listens still fails here.
            base = url.get(180, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            // Not left behind to outlive the test run.
            p.destroyForcibly();
            throw new IllegalStateException("the registry process did not listen within 180 s:\n" + String.join("\n", startup), e);
        }
        if (base == null) {
            p.destroyForcibly();
            throw new IllegalStateException("the registry process ended before listening (exit " + p.waitFor() + "):\n"
                    + String.join("\n", startup));
        }
        return new ServerProcess(p, base, startup);
    }

    public String base() {
        return base;
    }

    public long pid() {
        return process.pid();
    }

    /** Sends a signal ({@code TERM}, {@code INT}) with {@code kill}, as an operator or a container runtime would. */
    public void signal(String name) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
    }

    /** The exit code, once the process has ended (within {@code seconds}). */
    public int exitCode(int seconds) throws Exception {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) throw new AssertionError("still running after " + seconds + " s:\n" + output());
        return process.exitValue();
    }

    /**
     * {@code wow-compat serve ARGS} as the product's main runs it, expected to refuse to start: its exit code and
     * everything it printed. The product's main is the launcher of {@code wow-compat-cli}, named here by its class
     * name: only that module's tests call this, with the launcher on their classpath.
     */
    public static Refusal refusal(Map<String, String> environment, String... args) throws Exception {
        List<String> serve = new ArrayList<>(List.of("--port", "0"));
        serve.addAll(List.of(args));
        return refusalOf(environment, serve);
    }

    /** As {@link #refusal}, on the given port (which something else holds, for instance). */
    public static Refusal refusalOnPort(int port, String... args) throws Exception {
        List<String> serve = new ArrayList<>(List.of("--port", Integer.toString(port)));
        serve.addAll(List.of(args));
        return refusalOf(Map.of(), serve);
    }

    private static Refusal refusalOf(Map<String, String> environment, List<String> serveArgs) throws Exception {
        List<String> command = TestJava.command("-cp", System.getProperty("java.class.path"), "dev.wowcompat.cli.WowCompat",
                "serve");
        command.addAll(serveArgs);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process p = builder.start();
        boolean ended = p.waitFor(60, TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly().waitFor();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!ended) throw new AssertionError("serve did not refuse; it printed:\n" + printed);
        return new Refusal(p.exitValue(), printed);
    }

    public record Refusal(int exitCode, String output) {}

    /** SIGKILL, sent by another process ({@code kill -KILL}), as an operator or the kernel's OOM killer would. */
    public void kill() throws Exception {
        Process kill = new ProcessBuilder("kill", "-KILL", Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) throw new IllegalStateException("kill -KILL " + process.pid() + " failed");
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
        }
    }
}
