package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.BufferedReader;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;

/**
 * The candidate's own JVM: {@code java -Xmx<heap> -cp <runner jar>:<candidate classpath>} running the replay runner,
 * spoken to in JSON lines. It ends with this object, on Ctrl-C (a shutdown hook), at the deadline, and by itself
 * within a second when this JVM is killed outright (docs/replay.md, "The candidate's JVM").
 *
 * <p>A request may be written before the answers of those before it are read ({@link Pending}): the child answers in
 * order, and a thread of this JVM reads its answers as they come, so that neither JVM waits on a full pipe while the
 * other works (docs/decisions.md, "The replay's requests go ahead of their answers, and its records are read on two
 * threads").
 */
public final class CandidateJvm implements AutoCloseable {
    private static final Pattern HEAP = Pattern.compile("[1-9][0-9]*[kKmMgG]?");
    private static final int STDERR_KEPT = 8192;
    private static final ObjectMapper ANSWERS = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .build();

    private final Process process;
    private final Path runnerDirectory;
    private final BufferedOutputStream requests;
    /** The child's answer lines in order, read by a thread of their own; an empty one once its output ends. */
    private final BlockingQueue<Optional<String>> answers = new LinkedBlockingQueue<>();
    /** The requests written whose answers are not read yet, oldest first. */
    private final ArrayDeque<Pending<?>> unanswered = new ArrayDeque<>();
    private final StringBuilder stderrTail = new StringBuilder();
    private final AtomicBoolean timedOut = new AtomicBoolean();
    private final Thread shutdownHook;
    private final Duration timeout;
    private final List<Path> classpath;
    private boolean ready;

    private CandidateJvm(Process process, Path runnerDirectory, Duration timeout, List<Path> classpath) {
        this.process = process;
        this.classpath = List.copyOf(classpath);
        this.runnerDirectory = runnerDirectory;
        this.timeout = timeout;
        this.requests = new BufferedOutputStream(process.getOutputStream(), 1 << 16);
        daemon("replay-candidate-answers", () -> readAnswers(process.getInputStream()));
        this.shutdownHook = new Thread(process::destroyForcibly, "replay-candidate-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        daemon("replay-candidate-stderr", () -> keepTail(process.getErrorStream()));
        daemon("replay-timeout", () -> {
            try {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    timedOut.set(true);
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /**
     * Starts the candidate's JVM and waits for the runner to find Wow's runtime there.
     *
     * @param classpath the candidate's classes and runtime dependencies, in {@code java -cp} order
     * @param maxHeap   the child's {@code -Xmx}, such as {@code 512m}
     * @param timeout   how long the whole replay may run
     */
    public static CandidateJvm start(List<Path> classpath, String maxHeap, Duration timeout) throws ReplayException {
        CandidateJvm jvm = launch(classpath, maxHeap, timeout);
        jvm.awaitReady();
        return jvm;
    }

    /**
     * Starts the candidate's JVM without waiting for it: it finds Wow's runtime while this JVM goes on (reads the
     * records, docs/decisions.md, "The candidate's JVM starts while the records are read"), and the first request
     * waits for it, refusing a classpath without Wow's runtime as {@link #start} does.
     */
    public static CandidateJvm launch(List<Path> classpath, String maxHeap, Duration timeout) throws ReplayException {
        if (!HEAP.matcher(maxHeap).matches()) {
            throw new ReplayException("The maximum heap '" + maxHeap + "' is not a size such as 512m or 2g.");
        }
        if (classpath.isEmpty()) {
            throw new ReplayException("The candidate's classpath is empty: give its classes and dependencies with --classpath.");
        }
        for (Path entry : classpath) {
            if (!Files.exists(entry)) {
                throw new ReplayException("The candidate's classpath entry " + entry + " does not exist.");
            }
        }
        Path directory;
        Path jar;
        try {
            directory = Files.createTempDirectory("wow-compat-replay");
            jar = RunnerJar.write(directory);
        } catch (IOException e) {
            throw new ReplayException("The replay runner could not be written to a temporary directory.", e);
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + maxHeap, "-XX:+ExitOnOutOfMemoryError", "-cp", jar + java.io.File.pathSeparator
                        + String.join(java.io.File.pathSeparator, classpath.stream().map(Path::toString).toList()),
                "dev.wowcompat.replay.runner.ReplayRunner"));
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            deleteQuietly(directory);
            throw new ReplayException("The candidate's JVM could not be started.", e);
        }
        return new CandidateJvm(process, directory, timeout, classpath);
    }

    /** Waits once for the runner's first line: that it found Wow's runtime, or what of it is missing. */
    private void awaitReady() throws ReplayException {
        if (ready) {
            return;
        }
        JsonNode hello = readAnswer();
        if (!hello.path("ready").asBoolean()) {
            close();
            throw new ReplayException("The candidate's classpath does not hold Wow's runtime (wow-core): "
                    + hello.path("missing").asText() + " is not there.");
        }
        ready = true;
    }

    /**
     * Sources recorded state events, in order, into a state: the recorded state of the version before (read as Wow
     * reads a snapshot), or the empty state when {@code stateBefore} is empty.
     *
     * @param records the state event records, each one JSON object on one line
     */
    public SourceAnswer source(Optional<JsonNode> stateBefore, int versionBefore, boolean deletedBefore,
                               List<String> records) throws ReplayException {
        List<String> lines = new ArrayList<>(records.size() + 1);
        lines.add(stateBefore.map(JsonNode::toString).orElse("null"));
        lines.addAll(records);
        return send("SOURCE " + records.size() + " " + versionBefore + " " + deletedBefore, lines,
                CandidateJvm::sourceAnswer).await();
    }

    /** Whether {@link #steps} also sources its records into one state from the empty one, and from where. */
    public enum WholeStream {
        /** Not at all. */
        NONE("none"),
        /** From the empty state, starting with the first record of this request. */
        START("start"),
        /** Going on with the state the requests before built. */
        CONTINUE("continue");

        private final String word;

        WholeStream(String word) {
            this.word = word;
        }
    }

    /**
     * The answer of {@link #steps}: each record's state from the state before it, and, when asked, the state of the
     * whole stream so far.
     */
    public record Steps(List<SourceAnswer> steps, Optional<SourceAnswer> whole) {
        public Steps {
            steps = List.copyOf(steps);
        }
    }

    /**
     * Sources each of a run of one aggregate's records (in version order) from the recorded state of the record
     * before it, the first from {@code stateBefore}, in one request: what {@link #source} of each record alone
     * answers, with one round trip for the run (docs/decisions.md, "The replay's protocol"). With {@code whole} the
     * records are also sourced in order into one state from the empty one, which the child keeps between requests
     * until the next {@link WholeStream#START} or {@link WholeStream#NONE}. The request is written now and its answer
     * read when awaited, so that further requests can go ahead of it.
     */
    public Pending<Steps> steps(Optional<JsonNode> stateBefore, int versionBefore, boolean deletedBefore,
                                WholeStream whole, List<RecordedStateEvent> records) throws ReplayException {
        String before = oneLine(stateBefore.map(JsonNode::toString).orElse("null"));
        int count = records.size();
        return send("STEPS " + count + " " + versionBefore + " " + deletedBefore + " " + whole.word, out -> {
            out.write(utf8(before));
            out.write('\n');
            for (RecordedStateEvent record : records) {
                out.write(utf8(record.version() + " " + record.deleted() + " "));
                // One line already: a recorded state event holds its text so (RecordedStateEvent).
                out.write(record.text());
                out.write('\n');
            }
        }, answer -> {
            List<SourceAnswer> steps = new ArrayList<>();
            for (JsonNode step : answer.path("steps")) {
                steps.add(sourceAnswer(step));
            }
            if (steps.size() != count) {
                throw new ReplayException("The candidate's JVM answered something that is not the replay runner's JSON.");
            }
            return new Steps(steps, answer.path("whole").isObject() ? Optional.of(sourceAnswer(answer.get("whole")))
                    : Optional.empty());
        });
    }

    /** Writes the lines of a request after its header; each was checked to be one line before anything is written. */
    @FunctionalInterface
    private interface Body {
        void write(OutputStream out) throws IOException;
    }

    /** How an answer's JSON is read into what the request's caller is given. */
    @FunctionalInterface
    private interface AnswerReader<T> {
        T read(JsonNode answer) throws ReplayException;
    }

    /** A request written to the candidate's JVM whose answer is read when {@link #await()}ed. */
    public final class Pending<T> {
        private final AnswerReader<T> reader;
        private JsonNode answer;

        private Pending(AnswerReader<T> reader) {
            this.reader = reader;
        }

        /** The answer, once the answers of the requests written before it are read (and kept for theirs). */
        public T await() throws ReplayException {
            while (answer == null) {
                Pending<?> oldest = unanswered.poll();
                if (oldest == null) {
                    throw new IllegalStateException("a request's answer was read twice");
                }
                oldest.answer = readAnswer();
            }
            return reader.read(answer);
        }
    }

    private static SourceAnswer sourceAnswer(JsonNode answer) {
        List<SourceAnswer.EventSeen> events = new ArrayList<>();
        for (JsonNode e : answer.path("events")) {
            events.add(new SourceAnswer.EventSeen(e.path("record").asInt(), e.path("event").asInt(),
                    text(e, "name"), text(e, "revision"), text(e, "upgradedName"), text(e, "upgradedRevision"),
                    e.path("readable").asBoolean(), e.path("sourced").asBoolean(), e.path("unguarded").asBoolean()));
        }
        JsonNode failure = answer.path("failure");
        return new SourceAnswer(
                answer.path("version").isNumber() ? OptionalInt.of(answer.get("version").asInt()) : OptionalInt.empty(),
                answer.hasNonNull("state") ? Optional.of(answer.get("state")) : Optional.empty(),
                events,
                failure.isObject() ? Optional.of(new SourceAnswer.RunnerFailure(failure.path("kind").asText(),
                        failure.path("record").asInt(), failure.path("event").asInt(), failure.path("detail").asText()))
                        : Optional.empty(),
                answer.path("same").asBoolean(false));
    }

    /**
     * Reads records as this JVM's Wow reads them (the upgrader chain, then type resolution), without sourcing them.
     *
     * @param records state event records, each one JSON object on one line
     */
    public ReadAnswer read(List<String> records) throws ReplayException {
        JsonNode answer = request("READ " + records.size(), records);
        List<ReadAnswer.EventRead> events = new ArrayList<>();
        for (JsonNode e : answer.path("events")) {
            events.add(new ReadAnswer.EventRead(e.path("record").asInt(), e.path("event").asInt(), text(e, "name"),
                    text(e, "revision"), text(e, "upgradedName"), text(e, "upgradedRevision"),
                    e.path("readable").asBoolean(), e.path("registered").asBoolean(), e.path("sourced").asBoolean(),
                    e.path("unguarded").asBoolean(), Optional.ofNullable(text(e, "bodyClass"))));
        }
        List<SourceAnswer.RunnerFailure> failures = new ArrayList<>();
        for (JsonNode f : answer.path("failures")) {
            failures.add(new SourceAnswer.RunnerFailure(f.path("kind").asText(), f.path("record").asInt(),
                    f.path("event").asInt(), f.path("detail").asText()));
        }
        return new ReadAnswer(events, failures);
    }

    /**
     * The class this JVM's release names as {@code bodyType} when it writes each event revision, or empty when it has
     * none.
     *
     * @param events each {@code context, aggregate, event name, revision label}
     */
    public List<Optional<String>> bodyTypes(List<List<String>> events) throws ReplayException {
        List<String> lines = new ArrayList<>();
        for (List<String> event : events) {
            for (String part : event) {
                if (part.indexOf('\t') >= 0 || part.indexOf('\n') >= 0 || part.indexOf('\r') >= 0) {
                    throw new IllegalArgumentException("a name holds no tab or line break");
                }
            }
            lines.add(String.join("\t", event));
        }
        JsonNode answer = request("BODYTYPES " + lines.size(), lines);
        List<Optional<String>> found = new ArrayList<>();
        for (JsonNode type : answer.path("bodyTypes")) {
            found.add(type.isTextual() ? Optional.of(type.asText()) : Optional.empty());
        }
        if (found.size() != events.size()) {
            throw new ReplayException("The candidate's JVM answered something that is not the replay runner's JSON.");
        }
        return found;
    }

    private JsonNode request(String header, List<String> lines) throws ReplayException {
        return send(header, lines, answer -> answer).await();
    }

    private <T> Pending<T> send(String header, List<String> lines, AnswerReader<T> reader) throws ReplayException {
        lines.forEach(CandidateJvm::oneLine);
        return send(header, out -> {
            for (String line : lines) {
                out.write(utf8(line));
                out.write('\n');
            }
        }, reader);
    }

    /** Writes a request, its header and then its body; its answer is read when the returned one is awaited. */
    private <T> Pending<T> send(String header, Body body, AnswerReader<T> reader) throws ReplayException {
        awaitReady();
        try {
            requests.write(utf8(header));
            requests.write('\n');
            body.write(requests);
            requests.flush();
        } catch (IOException e) {
            throw ended();
        }
        Pending<T> pending = new Pending<>(reader);
        unanswered.add(pending);
        return pending;
    }

    /**
     * The candidate's classes implementing Wow's {@code EventUpgrader} that {@code META-INF/services} does not list,
     * which Wow never runs.
     */
    public List<String> unregisteredUpgraders() throws ReplayException {
        JsonNode answer = request("UPGRADERS", List.of());
        if (answer.has("missing")) {
            throw new ReplayException("The candidate's classpath does not hold Wow's upgrader interface: "
                    + answer.path("missing").asText() + " is not there.");
        }
        List<String> names = new ArrayList<>();
        answer.path("unregistered").forEach(n -> names.add(n.asText()));
        return names;
    }

    /** The classpath this JVM runs, in {@code java -cp} order (the runner's jar left out). */
    public List<Path> classpath() {
        return classpath;
    }

    /** The child's process, for the tests that prove it ends. */
    ProcessHandle processHandle() {
        return process.toHandle();
    }

    private JsonNode readAnswer() throws ReplayException {
        Optional<String> next;
        try {
            next = answers.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReplayException("The replay was interrupted.");
        }
        if (next.isEmpty()) {
            answers.add(next);
            throw ended();
        }
        String line = next.get();
        try {
            return ANSWERS.readTree(line);
        } catch (IOException e) {
            throw new ReplayException("The candidate's JVM answered something that is not the replay runner's JSON.");
        }
    }

    private ReplayException ended() {
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (timedOut.get()) {
            return new ReplayException("The replay ran past its timeout of " + timeout.toSeconds() + " s and was stopped.");
        }
        String tail;
        synchronized (stderrTail) {
            tail = stderrTail.toString();
        }
        if (tail.contains("OutOfMemoryError")) {
            return new ReplayException("The candidate's JVM ran out of its maximum heap; give it more with --max-heap.");
        }
        return new ReplayException("The candidate's JVM ended before it answered"
                + (process.isAlive() ? "." : " (exit " + process.exitValue() + ")."));
    }

    private void readAnswers(InputStream stdout) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                answers.add(Optional.of(line));
            }
        } catch (IOException e) {
            // The child is gone: what it answered so far is kept, and the end is told below.
        } finally {
            answers.add(Optional.empty());
        }
    }

    private void keepTail(InputStream stderr) {
        byte[] buffer = new byte[4096];
        try {
            for (int n = stderr.read(buffer); n >= 0; n = stderr.read(buffer)) {
                synchronized (stderrTail) {
                    stderrTail.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                    if (stderrTail.length() > STDERR_KEPT) {
                        stderrTail.delete(0, stderrTail.length() - STDERR_KEPT);
                    }
                }
            }
        } catch (IOException e) {
            // The child is gone; what it wrote so far is kept.
        }
    }

    @Override
    public void close() {
        try {
            requests.write(utf8("QUIT\n"));
            requests.flush();
        } catch (IOException e) {
            // Already ended.
        }
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down and the hook is running.
        }
        deleteQuietly(runnerDirectory);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String oneLine(String line) {
        if (line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a request line must be one line");
        }
        return line;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void deleteQuietly(Path directory) {
        try (var files = Files.walk(directory)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // A temporary directory left behind holds only the runner's classes.
        }
    }
}
