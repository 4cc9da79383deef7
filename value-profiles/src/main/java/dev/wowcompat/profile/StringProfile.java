package dev.wowcompat.profile;

import java.util.EnumMap;
import java.util.Map;

/** The strings of a field: how many fall in each {@link FormatClass}, their lengths, and their most frequent values. */
public final class StringProfile {
    private long count;
    private final long[] formats;
    private final Quantiles lengths;
    private final FrequentValues values;

    StringProfile() {
        this(0, new long[FormatClass.values().length], Quantiles.empty(Quantiles.Shape.LENGTHS), FrequentValues.empty());
    }

    StringProfile(long count, long[] formats, Quantiles lengths, FrequentValues values) {
        long sum = 0;
        for (long f : formats) {
            if (f < 0) throw new IllegalArgumentException("a format count is negative");
            sum += f;
        }
        if (sum != count) throw new IllegalArgumentException("a string profile's format counts do not add up to its count");
        this.count = count;
        this.formats = formats;
        this.lengths = lengths;
        this.values = values;
    }

    void accept(String s, FormatClass format) {
        count++;
        formats[format.ordinal()]++;
        lengths.accept(s.length());
        values.accept(s);
    }

    void merge(StringProfile other) {
        count += other.count;
        for (int i = 0; i < formats.length; i++) formats[i] += other.formats[i];
        lengths.merge(other.lengths);
        values.merge(other.values);
    }

    public long count() {
        return count;
    }

    public long count(FormatClass format) {
        return formats[format.ordinal()];
    }

    /** The share of each format class that occurs (0 to 1), in the classes' order. */
    public Map<FormatClass, Double> formatShares() {
        Map<FormatClass, Double> out = new EnumMap<>(FormatClass.class);
        if (count == 0) return out;
        for (FormatClass c : FormatClass.values()) if (formats[c.ordinal()] > 0) out.put(c, formats[c.ordinal()] / (double) count);
        return out;
    }

    /** The class most values fall in (the first in the classes' order on a tie); OTHER when there are no strings. */
    public FormatClass dominantFormat() {
        FormatClass best = FormatClass.OTHER;
        long most = -1;
        for (FormatClass c : FormatClass.values()) {
            if (formats[c.ordinal()] > most) {
                most = formats[c.ordinal()];
                best = c;
            }
        }
        return best;
    }

    public double length(double q) {
        return lengths.quantile(q);
    }

    /**
     * Whether the frequent values hold an exact count of every string of the field: no value was ever purged and
     * none left uncounted. Only then is the number of distinct values known, and the field possibly a code list.
     */
    public boolean valuesExact() {
        return values.exact() && values.count() == count;
    }

    public FrequentValues values() {
        return values;
    }

    Quantiles lengths() {
        return lengths;
    }
}
