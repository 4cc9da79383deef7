package dev.wowcompat.benchmarks;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.ManifestReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Reading speed in MB per second of the reading thread's CPU time, beside wall-clock MB/s: on a machine shared
 * with other builds, wall time measures the neighbours as much as the reader, while the thread's own CPU time
 * changes much less with load. Not a replacement for {@link ReadBenchmark}; a second view when the machine is
 * busy. Reads the same 5,000-type release as {@code ReadBenchmark}, with a fresh reader (nothing pooled).
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar dev.wowcompat.benchmarks.ReadCpuProbe [types] [warm-up reads] [reads]</pre>
 */
public final class ReadCpuProbe {
    private ReadCpuProbe() {}

    public static void main(String[] args) throws InvalidInputException {
        int types = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
        int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int reads = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        byte[] document = SyntheticReleases.toBytes(new SyntheticReleases(SyntheticReleases.Options.of(types, 1))
                .releases().get(0).document());
        ManifestReader reader = new ManifestReader();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < warmUp; i++) reader.read(document, "synthetic.json");
        long cpu0 = threads.getCurrentThreadCpuTime();
        long wall0 = System.nanoTime();
        for (int i = 0; i < reads; i++) reader.read(document, "synthetic.json");
        double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
        double wall = (System.nanoTime() - wall0) / 1e9;
        double mb = (double) document.length * reads / 1e6;
        System.out.printf("%d bytes per read, %d reads: %.1f MB per CPU second (%.1f ms CPU per read), %.1f MB/s wall%n",
                document.length, reads, mb / cpu, cpu * 1000 / reads, mb / wall);
    }
}
