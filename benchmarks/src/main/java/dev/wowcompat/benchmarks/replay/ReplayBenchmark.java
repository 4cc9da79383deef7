package dev.wowcompat.benchmarks.replay;

import dev.wowcompat.audit.AuditReport;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.KcatInput;
import dev.wowcompat.replay.BankService;
import dev.wowcompat.replay.CandidateJvm;
import dev.wowcompat.replay.Replay;
import dev.wowcompat.replay.StateEvents;
import java.io.File;
import java.math.BigDecimal;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code wow-compat replay} of {@code records} state events against the reference: Wow's own sourcing of the same
 * records ({@link WowSourcing}) in a child JVM of the same classpath, started the same way (docs/performance.md,
 * "The replay"). Both include their JVM's start, so the ratio is what the replay adds to reading and sourcing the
 * records once. By default the candidate is the replay's fixture service, compiled at the trial's start against the
 * stand-in of Wow's runtime, over {@code aggregates} accounts of {@code records / aggregates} versions each; with
 * {@code classpath} and {@code input} (a kcat {@code -J} export), any candidate and its records, Wow itself included.
 * This JVM, the replay's parent, runs C1 only on the serial collector, with a young generation of 16 MB and its heap
 * in transparent huge pages, as {@code bin/wow-compat replay} starts it on Linux; the child JVMs, the replay's and
 * the reference's, with the JVM's defaults.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@Fork(jvmArgsAppend = {"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmn16m", "-XX:+UseTransparentHugePages"})
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReplayBenchmark {
    private static final String TOPIC = "wow.bank.account.state";

    @Param("100000")
    public int records;

    @Param("10000")
    public int aggregates;

    /** The candidate's classpath; empty: the fixture service on the stand-in. */
    @Param("")
    public String classpath;

    /** The recorded state events as kcat -J lines; empty: generated for the fixture service. */
    @Param("")
    public String input;

    private Path dir;
    private List<Path> candidate;
    private Path sample;
    private Path reference;

    @Setup(Level.Trial)
    public void prepare() throws IOException {
        dir = Files.createTempDirectory("replay-benchmark");
        candidate = new ArrayList<>();
        if (classpath.isBlank()) {
            candidate.addAll(BankService.clean(dir.resolve("service")));
        } else {
            for (String entry : classpath.split(Pattern.quote(File.pathSeparator))) {
                if (!entry.isBlank()) candidate.add(Path.of(entry));
            }
        }
        sample = input.isBlank() ? history(dir.resolve("sample.jsonl")) : Path.of(input);
        reference = dir.resolve("reference");
        Path classFile = reference.resolve(WowSourcing.class.getName().replace('.', '/') + ".class");
        Files.createDirectories(classFile.getParent());
        try (InputStream in = WowSourcing.class.getResourceAsStream("/" + WowSourcing.class.getName().replace('.', '/') + ".class")) {
            Files.copy(in, classFile);
        }
    }

    /**
     * The fixture's accounts, each opened then given deposits at revision 2.0.0, interleaved as a topic holds them;
     * every recorded state is the one the fixture rebuilds, so the replay finds nothing.
     */
    private Path history(Path file) throws IOException {
        int versions = Math.max(1, records / aggregates);
        try (var out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            long offset = 0;
            for (int v = 1; v <= versions; v++) {
                for (int a = 0; a < aggregates && offset < records; a++, offset++) {
                    String id = "a-" + a;
                    String record = v == 1
                            ? StateEvents.record(id, 1, "{\"id\":\"" + id + "\",\"owner\":\"o-" + a + "\",\"balance\":0,\"currency\":null}",
                                    StateEvents.opened("o-" + a))
                            : StateEvents.record(id, v, "{\"id\":\"" + id + "\",\"owner\":\"o-" + a + "\",\"balance\":"
                                    + new BigDecimal("1.25").multiply(BigDecimal.valueOf(v - 1)).toPlainString() + ",\"currency\":\"EUR\"}",
                                    StateEvents.deposited("1.25", "EUR"));
                    String line = StateEvents.kcatLines(TOPIC, id, List.of(record)).replace("\"offset\":0,", "\"offset\":" + offset + ",");
                    out.write(line);
                }
            }
        }
        return file;
    }

    @TearDown(Level.Trial)
    public void clean() throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** The replay as {@code wow-compat replay --input} runs it: records grouped by aggregate, replayed and compared. */
    @Benchmark
    public AuditReport replay() throws Exception {
        try (InputStream in = Files.newInputStream(sample);
             KcatInput source = KcatInput.of(in, Files.size(sample), sample.toString(), 0, List.of(Pattern.compile(".*")), From.EARLIEST);
             CandidateJvm jvm = CandidateJvm.launch(candidate, "2g", Duration.ofMinutes(30))) {
            AuditReport report = new Replay(new Replay.Settings(1_000_000, List.of())).run(source, jvm);
            if (report.messages() != Files.lines(sample).count()) {
                throw new IllegalStateException("replayed " + report.messages() + " records of " + sample);
            }
            return report;
        }
    }

    /** The reference: Wow's own sourcing of the same records, in a JVM of the same classpath and heap. */
    @Benchmark
    public int wowSourcing() throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx2g",
                "-Dkotlin-logging.logStartupMessage=false", "-cp"));
        List<String> cp = new ArrayList<>();
        cp.add(reference.toString());
        candidate.forEach(p -> cp.add(p.toString()));
        command.add(String.join(File.pathSeparator, cp));
        command.add(WowSourcing.class.getName());
        command.add(sample.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("reference.log").toFile()).start();
        int exit = process.waitFor();
        if (exit != 0) {
            throw new IllegalStateException("the reference failed (" + exit + "): " + Files.readString(dir.resolve("reference.log")));
        }
        return exit;
    }
}
