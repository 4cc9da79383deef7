package dev.wowcompat.manifest;

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

    /** @throws IllegalArgumentException when the text is not {@code major.minor.patch} */
    public static Version parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a version of the form major.minor.patch");
        }
        return new Version(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
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
