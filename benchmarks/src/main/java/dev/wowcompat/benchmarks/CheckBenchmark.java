package dev.wowcompat.benchmarks;

import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Targets: one ADDITIVE check of an already-read 5,000-type candidate against its previous release under
 * 200 ms ({@link #againstPrevious}); the same check transitively against the 50 earlier releases of its major
 * version under 3x that ({@link #transitive50}). The history is generated and read once per trial; only
 * {@link ReleaseChecker#check} is timed. The history is read as the product reads one, sharing schemas by
 * fingerprint (about 300 MB of heap, see {@link HeapProbe}); the fork gets the 512 MB the heap target allows, so
 * the timing is taken under the same bound.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = "-Xmx512m")
public class CheckBenchmark {

    @Param("5000")
    public int types;

    /** The candidate and 50 earlier releases. */
    @Param("51")
    public int releases;

    @Param("" + SyntheticReleases.Options.DEFAULT_CHANGE_RATE)
    public double changeRate;

    private final ReleaseChecker checker = new ReleaseChecker();
    private Manifest candidate;
    private List<Manifest> previous;
    private List<Manifest> earlier;
    private List<Manifest> previousFiftyTimes;

    @Setup(Level.Trial)
    public void setUp() {
        SyntheticHistory history = SyntheticHistory.read(
                SyntheticReleases.Options.of(types, releases).withChangeRate(changeRate));
        candidate = history.candidate();
        previous = List.of(history.previous());
        earlier = history.earlier();
        previousFiftyTimes = new ArrayList<>();
        for (Manifest m : earlier) {
            Manifest p = history.previous();
            previousFiftyTimes.add(new Manifest(p.format(), p.service(), m.version(), p.aggregates(), p.source()));
        }
        Report one = SyntheticHistory.checkedClean(checker, candidate, previous);
        Report all = SyntheticHistory.checkedClean(checker, candidate, earlier);
        System.out.printf("%n[setup] candidate %s: %d schemas, %d bytes; against previous: %d info findings;"
                        + " transitive against %d releases: %d info findings%n",
                candidate.label(), SyntheticHistory.schemaCount(candidate),
                history.bytes().get(history.bytes().size() - 1), one.count(Severity.INFO),
                earlier.size(), all.count(Severity.INFO));
        System.out.printf("[setup] distinct schema pairs with different fingerprints: %d against the previous release;"
                        + " against all %d earlier releases %d, of which %d are schemas changed since the previous release%n",
                SyntheticHistory.changedSchemaPairs(candidate, previous, null), earlier.size(),
                SyntheticHistory.changedSchemaPairs(candidate, earlier, null),
                SyntheticHistory.changedSchemaPairs(candidate, earlier, history.previous()));
    }

    @Benchmark
    public Report againstPrevious() {
        return checker.check(candidate, previous);
    }

    @Benchmark
    public Report transitive50() {
        return checker.check(candidate, earlier);
    }

    /**
     * Diagnostic, not a target: the transitive check against 50 baselines that all have the previous release's
     * content (under the earlier versions). Every schema diff and finding equals the single check's, so the
     * difference to {@link #againstPrevious} is the cost of walking 49 more baselines type by type.
     */
    @Benchmark
    public Report walk50IdenticalBaselines() {
        return checker.check(candidate, previousFiftyTimes);
    }
}
