package dev.wowcompat.audit;

/**
 * The 64-bit FNV-1a hash (offset basis 0xcbf29ce484222325, prime 0x100000001b3), the one implementation of it: the
 * partition rule hashes an aggregate's UTF-8 text ({@link PartitionHash}), the version check a record's content
 * ({@link SharedChecks}). Each step folds one unit (a byte, a char) into the hash.
 */
final class Fnv1a {
    static final long OFFSET_BASIS = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private Fnv1a() {}

    static long step(long hash, int unit) {
        return (hash ^ unit) * PRIME;
    }

    static long of(byte[] bytes) {
        long hash = OFFSET_BASIS;
        for (byte b : bytes) hash = step(hash, b & 0xff);
        return hash;
    }

    /** The eight bytes of a number, lowest first. */
    static long mix(long hash, long value) {
        long h = hash;
        for (int i = 0; i < 8; i++) h = step(h, (int) ((value >>> (i * 8)) & 0xff));
        return h;
    }

    /** A text's length, then each of its chars as one unit (no encoding to bytes: the version check hashes every commit). */
    static long mix(long hash, String text) {
        long h = mix(hash, text.length());
        for (int i = 0; i < text.length(); i++) h = step(h, text.charAt(i));
        return h;
    }
}
