package dev.wowcompat.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.report.Report;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Target: peak heap of the transitive check (a 5,000-type candidate against 50 already-read releases) under
 * 512 MB. Run it under {@code -Xmx512m}: finishing at all is the pass (the JVM cannot exceed its maximum heap),
 * and the figures say how much room is left:
 * <ul>
 *   <li><b>history retained</b>: heap used after a full GC once the 51 releases are read, before any check;</li>
 *   <li><b>live peak during checks</b>: the largest heap in use right after any GC during the checks (GC
 *       notifications), i.e. live data plus what the collector could not free;</li>
 *   <li><b>pool peaks</b>: the sum over heap pools of each pool's peak since the checks began (an upper bound:
 *       the pools need not peak at the same moment, and it includes garbage not yet collected).</li>
 * </ul>
 * The history is read as the product reads one ({@link SyntheticHistory#read}: one reader sharing a
 * {@link dev.wowcompat.manifest.SchemaPool}). Usage: {@code HeapProbe [--types N] [--releases K] [--checks C]}.
 * Exit 0 when the history fits and checks clean, 1 when it does not fit.
 */
public final class HeapProbe {
    private HeapProbe() {}

    public static void main(String[] args) {
        int types = 5000;
        int releases = 51;
        int checks = 5;
        try {
            if (args.length % 2 != 0) throw new IllegalArgumentException("every option needs a value");
            for (int i = 0; i < args.length; i += 2) {
                int value = Integer.parseInt(args[i + 1]);
                switch (args[i]) {
                    case "--types" -> types = value;
                    case "--releases" -> releases = value;
                    case "--checks" -> checks = value;
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            if (releases < 2) throw new IllegalArgumentException("--releases must be at least 2");
        } catch (IllegalArgumentException e) {
            // NumberFormatException included: one line, no stack trace
            System.err.println("HeapProbe: " + e.getMessage() + "; usage: HeapProbe [--types N] [--releases K] [--checks C]");
            System.exit(2);
        }
        long max = Runtime.getRuntime().maxMemory();
        System.out.printf("max heap %d MB, GC %s%n", mb(max),
                ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList());

        try {
            probe(types, releases, checks, max);
        } catch (OutOfMemoryError e) {
            // The measurement's answer, not a crash to debug: the heap was too small for this history.
            System.out.printf("RESULT does not fit in %d MB max heap: %s%n", mb(max), e.getMessage());
            System.exit(1);
        }
    }

    private static void probe(int types, int releases, int checks, long max) {
        System.out.println("reading the history (an OutOfMemoryError here is the reading's)");
        SyntheticHistory history = SyntheticHistory.read(SyntheticReleases.Options.of(types, releases));
        Manifest candidate = history.candidate();
        List<Manifest> earlier = history.earlier();
        long retained = usedAfterFullGc();
        System.out.printf("history: %d releases read, candidate %s with %d schemas (%d bytes as JSON)%n",
                history.releases().size(), candidate.label(), SyntheticHistory.schemaCount(candidate),
                history.bytes().get(history.bytes().size() - 1));
        System.out.printf("schemas: %d declared by the %d releases, %d distinct instances held (shared by fingerprint)%n",
                history.releases().stream().mapToLong(SyntheticHistory::schemaCount).sum(), history.releases().size(),
                history.distinctSchemaInstances());
        System.out.printf("history retained after full GC: %d MB%n", mb(retained));
        System.out.println("checking (history read: an OutOfMemoryError from here on is the check's)");

        AtomicLong livePeak = new AtomicLong(retained);
        NotificationListener listener = (n, handback) -> {
            if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) return;
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
            long used = heapUsed(info.getGcInfo().getMemoryUsageAfterGc());
            livePeak.accumulateAndGet(used, Math::max);
        };
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        collectors.forEach(gc -> ((NotificationEmitter) gc).addNotificationListener(listener, null, null));
        List<MemoryPoolMXBean> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        heapPools.forEach(MemoryPoolMXBean::resetPeakUsage);

        ReleaseChecker checker = new ReleaseChecker();
        Report report = null;
        for (int i = 0; i < checks; i++) {
            long start = System.nanoTime();
            report = SyntheticHistory.checkedClean(checker, candidate, earlier);
            System.out.printf("transitive check %d against %d releases: %d ms, %s, %d findings%n", i + 1,
                    earlier.size(), (System.nanoTime() - start) / 1_000_000, report.verdict(), report.findings().size());
        }
        long poolPeaks = heapPools.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        long afterChecks = usedAfterFullGc();
        collectors.forEach(gc -> {
            try {
                ((NotificationEmitter) gc).removeNotificationListener(listener);
            } catch (javax.management.ListenerNotFoundException e) {
                // registered above on every collector; nothing to undo otherwise
            }
        });
        System.out.printf("live peak during checks (max heap used after a GC): %d MB%n", mb(livePeak.get()));
        System.out.printf("sum of heap pool peaks during checks (upper bound, garbage included): %d MB%n", mb(poolPeaks));
        System.out.printf("retained after the checks and a full GC: %d MB%n", mb(afterChecks));
        System.out.printf("RESULT fits in %d MB max heap: yes (the run finished); history %d MB, live peak %d MB%n",
                mb(max), mb(retained), mb(livePeak.get()));
    }

    private static long usedAfterFullGc() {
        // Two passes: the first may only queue finalizable or softly reachable garbage.
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long heapUsed(Map<String, MemoryUsage> byPool) {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage u = byPool.get(pool.getName());
            if (pool.getType() == MemoryType.HEAP && u != null) sum += u.getUsed();
        }
        return sum;
    }

    private static long mb(long bytes) {
        return Math.round(bytes / (1024.0 * 1024.0));
    }
}
