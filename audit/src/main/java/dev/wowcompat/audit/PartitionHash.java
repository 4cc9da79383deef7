package dev.wowcompat.audit;

import java.nio.charset.StandardCharsets;

/**
 * The partition the wire protocol assigns to an aggregate: the 64-bit FNV-1a hash ({@link Fnv1a}) of the UTF-8 text
 * {@code context.aggregate/tenant/id}, its low bits {@code hash & (n - 1)} for a power-of-two partition count n.
 */
public final class PartitionHash {
    private PartitionHash() {}

    public static long fnv1a64(byte[] bytes) {
        return Fnv1a.of(bytes);
    }

    public static long fnv1a64(String text) {
        return fnv1a64(text.getBytes(StandardCharsets.UTF_8));
    }

    public static boolean powerOfTwo(int n) {
        return n > 0 && (n & (n - 1)) == 0;
    }

    /** @throws IllegalArgumentException when {@code partitions} is not a power of two */
    public static int partition(String reference, int partitions) {
        if (!powerOfTwo(partitions)) throw new IllegalArgumentException(partitions + " is not a power of two");
        return (int) (fnv1a64(reference) & (partitions - 1));
    }
}
