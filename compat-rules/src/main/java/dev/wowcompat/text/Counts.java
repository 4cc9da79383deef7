package dev.wowcompat.text;

import java.util.Locale;

/**
 * A number of things as a sentence says it: {@code 1 record}, {@code 2 records}, {@code 5,000,831 bytes}; the one
 * place that chooses between singular and plural, so no message says "1 records" or "finding(s)".
 */
public final class Counts {
    private Counts() {}

    /** The number with separators and the noun, plural by adding {@code s} (see {@link #of(long, String, String)}). */
    public static String of(long n, String noun) {
        return of(n, noun, noun + "s");
    }

    /** The number with separators, then {@code singular} for one and {@code plural} for any other number. */
    public static String of(long n, String singular, String plural) {
        return number(n) + " " + (n == 1 ? singular : plural);
    }

    /** {@code 5,000,831}: thousands separated by commas, whatever the machine's locale. */
    public static String number(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
