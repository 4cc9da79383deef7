package dev.wowcompat.benchmarks;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Target: reading a Manifest (parse within the limits, validate against the format's schema, check names and
 * $refs, meta-validate and fingerprint every schema) at least 20 MB/s. One operation reads the serialised 5,000-type Manifest;
 * the {@code manifestMB} counter is its size in bytes, so JMH reports it directly as MB/s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class ReadBenchmark {

    @Param("5000")
    public int types;

    /**
     * {@code checked}: every check, as a candidate is read; {@code trusting}: without meta-validation, as a stored
     * release or a previous release's artifact is read (docs/decisions.md, "Input").
     */
    @Param({"checked", "trusting"})
    public String mode;

    private byte[] document;
    private ManifestReader reader;

    @Setup(Level.Trial)
    public void setUp() {
        document = SyntheticReleases.toBytes(new SyntheticReleases(SyntheticReleases.Options.of(types, 1))
                .releases().get(0).document());
        reader = new ManifestReader();
        Manifest m = SyntheticHistory.readOrFail(reader, document, "1.0.0");
        if (mode.equals("trusting")) reader = reader.trusting();
        System.out.printf("%n[setup] %d bytes per operation, %d schemas%n", document.length, SyntheticHistory.schemaCount(m));
    }

    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Throughput {
        public double manifestMB;

        @Setup(Level.Iteration)
        public void reset() {
            manifestMB = 0;
        }
    }

    @Benchmark
    public Manifest readManifest(Throughput counter) throws InvalidInputException {
        Manifest m = reader.read(document, "synthetic.json");
        counter.manifestMB += document.length / 1e6;
        return m;
    }
}
