package dev.wowcompat.text;

import java.util.Locale;

/**
 * Byte sizes as users type and read them (docs/cli.md, "Sizes"): one syntax for every size option, {@code 10m},
 * {@code 64k}, {@code 1g} or plain bytes, and one way of printing a size, with separators.
 */
public final class Sizes {
    private Sizes() {}

    /** What {@link #parse} accepts, for a message that says what would have worked. */
    public static final String SYNTAX = "a number of bytes, or with k, m or g (e.g. 1048576, 512k, 10m, 1g)";

    private static final long KIB = 1024;
    private static final long MIB = KIB * 1024;
    private static final long GIB = MIB * 1024;

    /**
     * A positive number of bytes, plain or with a {@code k}, {@code m} or {@code g} suffix (powers of 1024, either
     * case; {@code kb}, {@code mib} and the like too).
     *
     * @throws IllegalArgumentException with our sentence when the text is not such a size
     */
    public static long parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("_", "").replace(",", "");
        t = t.endsWith("ib") ? t.substring(0, t.length() - 2) : t.endsWith("b") ? t.substring(0, t.length() - 1) : t;
        long unit = 1;
        if (t.endsWith("k")) unit = KIB;
        else if (t.endsWith("m")) unit = MIB;
        else if (t.endsWith("g")) unit = GIB;
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("'" + text + "' is not a size: give " + SYNTAX);
        }
        long bytes;
        try {
            bytes = Math.multiplyExact(Long.parseLong(digits), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            // Only digits, so only too large: say that, not that it is no size.
            throw new IllegalArgumentException("'" + text + "' is too large a size: the largest is 8 EiB (2^63 - 1 bytes); give one such as 10m or 1g");
        }
        if (bytes < 1) throw new IllegalArgumentException("'" + text + "' is not a size: give " + SYNTAX);
        return bytes;
    }

    /** {@code 5,000,831 bytes (4.8 MiB)}: exact, with separators, plus the binary unit when it is large. */
    public static String show(long bytes) {
        String exact = Counts.of(bytes, "byte");
        if (bytes >= MIB) return exact + String.format(Locale.ROOT, " (%.1f MiB)", bytes / (double) MIB);
        if (bytes >= KIB) return exact + String.format(Locale.ROOT, " (%.1f KiB)", bytes / (double) KIB);
        return exact;
    }
}
