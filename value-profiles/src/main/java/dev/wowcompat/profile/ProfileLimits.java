package dev.wowcompat.profile;

/**
 * What bounds a profile set's memory: the number of fields (a field being a type, revision, pointer and release),
 * never the number of records. A value of a field beyond {@code maxFields}, or nested deeper than {@code maxDepth},
 * is not profiled and is counted as refused.
 *
 * <p>One field costs at most about 30 KiB (a 16 KiB magnitude sketch, a 4 KiB length sketch, 48 values of at most
 * 64 characters); typical fields, whose values span a few decades, cost 1 to 4 KiB. The default 1024 fields therefore
 * cost a few MiB, 30 MiB at worst.
 */
public record ProfileLimits(int maxFields, int maxDepth) {
    public static final ProfileLimits DEFAULT = new ProfileLimits(1024, 32);

    public ProfileLimits {
        if (maxFields < 1 || maxDepth < 1) throw new IllegalArgumentException("profile limits are positive");
    }
}
