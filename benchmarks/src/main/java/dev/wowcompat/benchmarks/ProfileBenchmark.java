package dev.wowcompat.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.profile.ProfileSet;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * What profiling costs the audit (docs/performance.md, "Profiling the values of a record"): one operation parses {@code records} event payloads from their bytes
 * with Jackson (the floor: what any consumer does) and, in {@link #parseAndProfile}, profiles every value of each into
 * one {@code ProfileSet}. The ratio of the two throughputs is the cost of profiling per record, measured in the same
 * run. A payload: an amount, two epoch instants, an RFC 3339 instant, a UUID, a currency code, a status, a flag, a
 * decimal string and two lines of an array, 16 values in all.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
public class ProfileBenchmark {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] CURRENCIES = {"EUR", "USD", "GBP"};
    private static final String[] STATUSES = {"OPEN", "PAID", "SHIPPED"};

    @Param("10000")
    public int records;

    private List<byte[]> payloads;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Random r = new Random(1);
        payloads = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i < records; i++) {
            long second = 1_764_000_000L + r.nextInt(1_000_000);
            ObjectNode o = JSON.createObjectNode();
            o.put("amount", Math.round(50 * Math.exp(1.5 * r.nextGaussian()) * 100) / 100.0);
            o.put("at", second);
            o.put("atMs", second * 1000 + r.nextInt(1000));
            o.put("createdAt", Instant.ofEpochSecond(second).toString());
            o.put("orderId", new UUID(r.nextLong(), r.nextLong()).toString());
            o.put("currency", CURRENCIES[r.nextInt(3)]);
            o.put("status", STATUSES[r.nextInt(3)]);
            o.put("express", r.nextBoolean());
            o.put("total", String.format(java.util.Locale.ROOT, "%.2f", 20 * Math.exp(r.nextGaussian())));
            for (int line = 0; line < 2; line++) {
                o.withArray("lines").addObject().put("sku", "SKU-" + r.nextInt(500)).put("quantity", 1 + r.nextInt(3))
                        .put("price", 9.99 * (1 + r.nextInt(5)));
            }
            byte[] b = JSON.writeValueAsBytes(o);
            bytes += b.length;
            payloads.add(b);
        }
        System.out.printf("%n[setup] %d payloads, %d bytes (%.0f bytes each)%n", records, bytes, (double) bytes / records);
    }

    @Benchmark
    public void parseOnly(Blackhole hole) throws IOException {
        for (byte[] p : payloads) hole.consume(JSON.readTree(p));
    }

    @Benchmark
    public ProfileSet parseAndProfile() throws IOException {
        ProfileSet set = new ProfileSet();
        for (byte[] p : payloads) {
            JsonNode payload = JSON.readTree(p);
            set.observe("shop.order.OrderPlaced", 1, "shop@1.0.0", payload);
        }
        return set;
    }
}
