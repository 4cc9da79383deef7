package dev.wowcompat.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.fingerprint.CanonicalJson;
import dev.wowcompat.fingerprint.Fingerprint;
import java.util.List;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Target: fingerprinting at least 100 MB/s of schema JSON. One operation fingerprints every schema of a
 * 5,000-type Manifest, parsed from its bytes as the reader parses them (floats as BigDecimal) but without the
 * reader, so only the fingerprint is measured; the {@code canonicalMB} counter is the RFC 8785 canonical
 * bytes hashed, so JMH reports it directly as MB/s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class FingerprintBenchmark {

    @Param("5000")
    public int types;

    private List<JsonNode> schemas;
    private long canonicalBytes;

    @Setup(Level.Trial)
    public void setUp() {
        byte[] document = SyntheticReleases.toBytes(
                new SyntheticReleases(SyntheticReleases.Options.of(types, 1)).releases().get(0).document());
        schemas = SyntheticReleases.schemasOf(SyntheticReleases.parse(document));
        canonicalBytes = schemas.stream().mapToLong(s -> CanonicalJson.toBytes(s).length).sum();
        System.out.printf("%n[setup] %d schemas, %d canonical bytes per operation (%.1f bytes per schema)%n",
                schemas.size(), canonicalBytes, (double) canonicalBytes / schemas.size());
    }

    /** Counts the canonical megabytes hashed; JMH divides it by the iteration time: MB/s. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Throughput {
        public double canonicalMB;

        @Setup(Level.Iteration)
        public void reset() {
            canonicalMB = 0;
        }
    }

    @Benchmark
    public void everySchema(Blackhole hole, Throughput counter) {
        for (JsonNode schema : schemas) {
            hole.consume(Fingerprint.of(schema));
        }
        counter.canonicalMB += canonicalBytes / 1e6;
    }
}
