package dev.wowcompat.manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Work on a list in runs of consecutive items, in parallel where the machine has more than one core (on the
 * common fork-join pool, which the calling thread helps), with the results in the list's order: reading a large
 * Manifest is mostly independent work per schema.
 */
final class Parallel {
    private Parallel() {}

    /** Below twice this many items one run does it all: splitting would cost more than it saves. */
    static final int MIN_RUN = 32;

    static <T, R> List<R> inRuns(List<T> items, Function<List<T>, R> work) {
        int runs = Math.min(items.size() / MIN_RUN, 4 * Runtime.getRuntime().availableProcessors());
        if (runs <= 1) return List.of(work.apply(items));
        List<List<T>> parts = new ArrayList<>(runs);
        for (int r = 0; r < runs; r++) {
            parts.add(items.subList(items.size() * r / runs, items.size() * (r + 1) / runs));
        }
        return parts.parallelStream().map(work).toList();
    }
}
