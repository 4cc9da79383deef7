package dev.wowcompat.manifest;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A release version, {@code major.minor.patch}; releases of one service are ordered by it. */
public record Version(int major, int minor, int patch) implements Comparable<Version> {
    private static final Pattern FORM = Pattern.compile("(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})");

    public Version {
        if (major < 0 || minor < 0 || patch < 0) {
            throw new IllegalArgumentException("version parts must not be negative");
        }
    }

    /** The largest part of a version: nine digits, so that every part is an {@code int}. */
    public static final int MAX_PART = 999_999_999;

    private static final Pattern DECIMAL_FORM = Pattern.compile("(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)");

    /** @throws IllegalArgumentException with {@link #problem}'s sentence when the text is not {@code major.minor.patch} */
    public static Version parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException(problem(text).orElse("'" + text + "' is not a version"));
        }
        return new Version(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    }

    /**
     * Why the text is not a version, as the one sentence every command, goal and endpoint says: a version of decimal
     * parts that is only too large is said to be too large, not of another form. Empty when it is a version.
     */
    public static Optional<String> problem(String text) {
        if (isValid(text)) return Optional.empty();
        String quoted = "'" + MessageText.oneLine(String.valueOf(text)) + "'";
        if (isTooLarge(text)) {
            return Optional.of(quoted + " is too large a version: each of major, minor and patch is at most " + MAX_PART);
        }
        return Optional.of(quoted + " is not a version: give major.minor.patch, each part a decimal number without leading zeros (e.g. 1.4.0)");
    }

    /** Whether the text has the form of a version, decimal parts without leading zeros, but a part too large. */
    public static boolean isTooLarge(String text) {
        return !isValid(text) && text != null && DECIMAL_FORM.matcher(text).matches();
    }

    public static boolean isValid(String text) {
        return text != null && FORM.matcher(text).matches();
    }

    @Override
    public int compareTo(Version o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) c = Integer.compare(minor, o.minor);
        if (c == 0) c = Integer.compare(patch, o.patch);
        return c;
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
