package dev.wowcompat.manifest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Work on a list in runs of consecutive items, on every core (the calling thread and one thread more per further
 * core, started for the call), with the results in the list's order: reading a large Manifest is mostly independent
 * work per schema.
 *
 * <p>Not on the common fork-join pool: two threads that each wait there for their own parallel work can leave
 * it stuck when the pool has no worker of its own (seen with {@code java.util.concurrent.ForkJoinPool.common.parallelism=0}
 * on JDK 17), and a library must not depend on how its host sized that pool.
 */
final class Parallel {
    private Parallel() {}

    /** Below twice this many items one run does it all: splitting would cost more than it saves. */
    static final int MIN_RUN = 32;

    static <T, R> List<R> inRuns(List<T> items, Function<List<T>, R> work) {
        int cores = Runtime.getRuntime().availableProcessors();
        int runs = Math.min(items.size() / MIN_RUN, 4 * cores);
        if (runs <= 1 || cores == 1) return List.of(work.apply(items));
        Object[] results = new Object[runs];
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable worker = () -> {
            for (int r; failure.get() == null && (r = next.getAndIncrement()) < runs; ) {
                try {
                    results[r] = work.apply(items.subList(items.size() * r / runs, items.size() * (r + 1) / runs));
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }
        };
        List<Thread> helpers = new ArrayList<>();
        for (int i = 1; i < Math.min(cores, runs); i++) {
            Thread helper = new Thread(worker, "wow-compat reader " + i);
            helper.setDaemon(true);
            helper.start();
            helpers.add(helper);
        }
        worker.run();
        boolean interrupted = false;
        for (Thread helper : helpers) {
            while (true) {
                try {
                    helper.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the runs are short: finish them, then say so
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        Throwable t = failure.get();
        if (t instanceof RuntimeException e) throw e;
        if (t instanceof Error e) throw e;
        if (t != null) throw new IllegalStateException(t);
        @SuppressWarnings("unchecked")
        List<R> out = (List<R>) Arrays.asList(results);
        return out;
    }
}
