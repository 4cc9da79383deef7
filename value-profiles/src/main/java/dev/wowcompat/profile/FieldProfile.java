package dev.wowcompat.profile;

/**
 * Everything seen at one field by one release. A field may hold several JSON kinds (a number, sometimes null, a
 * string in an old writer); each kind has its part, present once a value of it was seen. A numeric string counts in
 * both the string part (its format) and the number part (its magnitude).
 */
public final class FieldProfile {
    /**
     * The largest count a profile holds: 2^53, the largest integer every JSON reader keeps exactly. Sums of two such
     * counts stay far from overflowing a long; a merge that would pass it is refused ({@link #fitsWith}).
     */
    public static final long MAX_COUNT = 1L << 53;

    private long nulls;
    private long booleans;
    private long trues;
    private NumberProfile numbers;
    private StringProfile strings;

    FieldProfile() {}

    FieldProfile(long nulls, long booleans, long trues, NumberProfile numbers, StringProfile strings) {
        if (nulls < 0 || booleans < 0 || trues < 0 || trues > booleans) {
            throw new IllegalArgumentException("a field profile's counts are inconsistent");
        }
        this.nulls = nulls;
        this.booleans = booleans;
        this.trues = trues;
        this.numbers = numbers;
        this.strings = strings;
    }

    void acceptNull() {
        nulls++;
    }

    void acceptBoolean(boolean b) {
        booleans++;
        if (b) trues++;
    }

    void acceptNumber(double x) {
        if (numbers == null) numbers = new NumberProfile();
        numbers.accept(x);
    }

    void acceptString(String s) {
        if (strings == null) strings = new StringProfile();
        FormatClass format = FormatClass.of(s);
        strings.accept(s, format);
        // Hundreds of digits parse as infinity, which the magnitude sketch counts at its end.
        if (format.numeric()) acceptNumber(Double.parseDouble(s));
    }

    /** Adds another profile of the same field and release (another audit's, a stored one): the sketches merge. */
    public void merge(FieldProfile other) {
        nulls += other.nulls;
        booleans += other.booleans;
        trues += other.trues;
        if (other.numbers != null) {
            if (numbers == null) numbers = new NumberProfile();
            numbers.merge(other.numbers);
        }
        if (other.strings != null) {
            if (strings == null) strings = new StringProfile();
            strings.merge(other.strings);
        }
    }

    /** Whether merging {@code other} into this keeps every count within {@link #MAX_COUNT}. */
    public boolean fitsWith(FieldProfile other) {
        return count() + other.count() <= MAX_COUNT
                && (numbers == null || other.numbers == null || numbers.count() + other.numbers.count() <= MAX_COUNT);
    }

    public long nulls() {
        return nulls;
    }

    public long booleans() {
        return booleans;
    }

    /** The share of true among the booleans; NaN when there are none. */
    public double trueShare() {
        return booleans == 0 ? Double.NaN : trues / (double) booleans;
    }

    long trues() {
        return trues;
    }

    /** The number part, or null when no number (nor numeric string) was seen. */
    public NumberProfile numbers() {
        return numbers;
    }

    /** The string part, or null when no string was seen. */
    public StringProfile strings() {
        return strings;
    }

    /** Values seen, each once (a numeric string is one value). */
    public long count() {
        return nulls + booleans + (strings == null ? 0 : strings.count())
                + (numbers == null ? 0 : numbers.count() - numericStrings());
    }

    private long numericStrings() {
        if (strings == null) return 0;
        long n = 0;
        for (FormatClass c : FormatClass.values()) if (c.numeric()) n += strings.count(c);
        return n;
    }
}
