package dev.wowcompat.profile;

/**
 * The numbers of a field: JSON numbers and numbers written as strings ({@code "12.50"}, epoch digits). Zeros and
 * negatives are counted; the quantiles are those of |x| over the values that are not zero, so that a field that is
 * often 0 still shows its magnitude.
 */
public final class NumberProfile {
    private long count;
    private long zeros;
    private long negatives;
    private final Quantiles magnitudes;

    NumberProfile() {
        this(0, 0, 0, Quantiles.empty(Quantiles.Shape.MAGNITUDES));
    }

    NumberProfile(long count, long zeros, long negatives, Quantiles magnitudes) {
        if (count < 0 || zeros < 0 || negatives < 0 || zeros + negatives > count) {
            throw new IllegalArgumentException("a number profile's counts are inconsistent");
        }
        this.count = count;
        this.zeros = zeros;
        this.negatives = negatives;
        this.magnitudes = magnitudes;
    }

    void accept(double x) {
        count++;
        if (x == 0) {
            zeros++;
            return;
        }
        if (x < 0) negatives++;
        magnitudes.accept(x);
    }

    void merge(NumberProfile other) {
        count += other.count;
        zeros += other.zeros;
        negatives += other.negatives;
        magnitudes.merge(other.magnitudes);
    }

    public long count() {
        return count;
    }

    public long zeros() {
        return zeros;
    }

    public long negatives() {
        return negatives;
    }

    /** Values that are not zero: the population of the magnitude quantiles. */
    public long nonZero() {
        return count - zeros;
    }

    /** The quantile {@code q} of |x| over the values that are not zero; NaN when there are none. */
    public double magnitude(double q) {
        return magnitudes.quantile(q);
    }

    Quantiles magnitudes() {
        return magnitudes;
    }
}
