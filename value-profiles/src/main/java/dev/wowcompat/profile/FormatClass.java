package dev.wowcompat.profile;

import java.util.Locale;

/**
 * The format classes a string value falls in. The order is the order of the tests: digits that read as an epoch
 * instant are an epoch class before they are a decimal.
 */
public enum FormatClass {
    /** RFC 3339 date-time: a date, {@code T}, a time, optional fraction, and an offset ({@code Z} or {@code ±hh:mm}). */
    DATE_TIME,
    /** RFC 3339 full-date, {@code 2026-12-03}. */
    DATE,
    /** Digits whose value is an epoch instant in seconds between 1973 and 2286 (10^8 to 10^10). */
    EPOCH_SECONDS,
    /** Digits whose value is an epoch instant in milliseconds between 1973 and 2286 (10^11 to 10^13). */
    EPOCH_MILLIS,
    /** A UUID in its 8-4-4-4-12 hexadecimal form. */
    UUID,
    /** A decimal number written as a string, {@code "12.50"}, {@code "-3"} (no exponent). */
    DECIMAL,
    /** Something{@code @}domain{@code .}tld without white space. */
    EMAIL,
    OTHER;

    /** The label in JSON, reports and on the page: {@code date-time}, {@code epoch-seconds}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static FormatClass fromLabel(String label) {
        for (FormatClass c : values()) if (c.label().equals(label)) return c;
        throw new IllegalArgumentException("'" + label + "' is not a format class");
    }

    /** Whether the class is a number written in digits, which the number profile of the field also measures. */
    public boolean numeric() {
        return this == EPOCH_SECONDS || this == EPOCH_MILLIS || this == DECIMAL;
    }

    /** The class of one string; hand-written scanners rather than regular expressions, since every value passes here. */
    public static FormatClass of(String s) {
        int n = s.length();
        if (n == 0) return OTHER;
        if (isDate(s, 0) ) {
            if (n == 10) return DATE;
            if (isTimeWithOffset(s)) return DATE_TIME;
            return OTHER;
        }
        if (isDecimal(s)) {
            if (allDigits(s) && n >= 9 && n <= 13) {
                long v = Long.parseLong(s);
                if (v >= 100_000_000L && v < 10_000_000_000L) return EPOCH_SECONDS;
                if (v >= 100_000_000_000L && v < 10_000_000_000_000L) return EPOCH_MILLIS;
            }
            return DECIMAL;
        }
        if (n == 36 && isUuid(s)) return UUID;
        if (isEmail(s)) return EMAIL;
        return OTHER;
    }

    private static boolean isDate(String s, int at) {
        return s.length() >= at + 10 && digits(s, at, 4) && s.charAt(at + 4) == '-' && digits(s, at + 5, 2)
                && s.charAt(at + 7) == '-' && digits(s, at + 8, 2);
    }

    private static boolean isTimeWithOffset(String s) {
        int n = s.length();
        if (n < 20) return false;
        char t = s.charAt(10);
        if (t != 'T' && t != 't') return false;
        if (!(digits(s, 11, 2) && s.charAt(13) == ':' && digits(s, 14, 2) && s.charAt(16) == ':' && digits(s, 17, 2))) return false;
        int i = 19;
        if (s.charAt(i) == '.') {
            int start = ++i;
            while (i < n && isDigit(s.charAt(i))) i++;
            if (i == start) return false;
        }
        if (i == n - 1) return s.charAt(i) == 'Z' || s.charAt(i) == 'z';
        return i == n - 6 && (s.charAt(i) == '+' || s.charAt(i) == '-') && digits(s, i + 1, 2) && s.charAt(i + 3) == ':'
                && digits(s, i + 4, 2);
    }

    static boolean isDecimal(String s) {
        int i = 0, n = s.length();
        if (s.charAt(0) == '-' || s.charAt(0) == '+') i++;
        int intStart = i;
        while (i < n && isDigit(s.charAt(i))) i++;
        boolean intDigits = i > intStart;
        if (i < n && s.charAt(i) == '.') {
            int fracStart = ++i;
            while (i < n && isDigit(s.charAt(i))) i++;
            if (i == fracStart) return false;
        } else if (!intDigits) {
            return false;
        }
        return i == n && (intDigits || n > 1);
    }

    private static boolean allDigits(String s) {
        return digits(s, 0, s.length());
    }

    private static boolean isUuid(String s) {
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') return false;
            } else if (Character.digit(c, 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isEmail(String s) {
        int at = s.indexOf('@');
        if (at <= 0 || at != s.lastIndexOf('@')) return false;
        int dot = s.lastIndexOf('.');
        if (dot < at + 2 || dot == s.length() - 1) return false;
        for (int i = 0; i < s.length(); i++) if (Character.isWhitespace(s.charAt(i))) return false;
        return true;
    }

    private static boolean digits(String s, int from, int count) {
        if (s.length() < from + count) return false;
        for (int i = from; i < from + count; i++) if (!isDigit(s.charAt(i))) return false;
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
