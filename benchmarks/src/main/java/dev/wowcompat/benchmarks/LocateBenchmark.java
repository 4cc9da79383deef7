package dev.wowcompat.benchmarks;

import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.json.TokenLocations;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * What locating findings on the Manifest's lines costs, beside reading the 5,000-type Manifest: {@code read} is
 * {@link ReadBenchmark}'s operation, {@code readAndLocate} adds locating one pointer inside every schema (5,000
 * findings, far more than a failing release has) in one pass over the text, {@code locate} is that pass alone.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class LocateBenchmark {

    @Param("5000")
    public int types;

    private byte[] document;
    private ManifestReader reader;
    private List<String> pointers;

    @Setup(Level.Trial)
    public void setUp() {
        document = SyntheticReleases.toBytes(new SyntheticReleases(SyntheticReleases.Options.of(types, 1))
                .releases().get(0).document());
        reader = new ManifestReader();
        pointers = pointerInEverySchema(SyntheticHistory.readOrFail(reader, document, "1.0.0"));
        System.out.printf("%n[setup] %d bytes, %d pointers located per operation%n", document.length, pointers.size());
    }

    /** {@code .../schema/type} of every state, command and event revision: one finding per schema. */
    static List<String> pointerInEverySchema(Manifest m) {
        List<String> out = new ArrayList<>();
        for (Manifest.Aggregate a : m.aggregates().values()) {
            String at = JsonPointers.child(JsonPointers.child("/contexts", a.context()) + "/aggregates", a.name());
            if (a.state().isPresent()) out.add(at + "/state/schema/type");
            for (String c : a.commands().keySet()) out.add(JsonPointers.child(at + "/commands", c) + "/schema/type");
            for (Map.Entry<String, Manifest.Event> e : a.events().entrySet()) {
                for (int r : e.getValue().revisions().keySet()) {
                    out.add(JsonPointers.child(JsonPointers.child(at + "/events", e.getKey()) + "/revisions", r) + "/schema/type");
                }
            }
        }
        return out;
    }

    @Benchmark
    public Manifest read() throws InvalidInputException {
        return reader.read(document, "synthetic.json");
    }

    @Benchmark
    public Map<String, TokenLocations.Position> readAndLocate() throws InvalidInputException {
        reader.read(document, "synthetic.json");
        return new TokenLocations(document).locate(pointers);
    }

    @Benchmark
    public Map<String, TokenLocations.Position> locate() {
        return new TokenLocations(document).locate(pointers);
    }
}
