package dev.wowcompat.drift;

import java.util.Locale;

/**
 * The units of time whose values can be told apart by magnitude when they are epoch instants: each one's instants
 * from 1973 to 2286 lie in a range of their own, a factor of 10 away from the next unit's.
 */
public enum TimeUnit {
    SECONDS("seconds", 1e8),
    MILLISECONDS("milliseconds", 1e11),
    MICROSECONDS("microseconds", 1e14),
    NANOSECONDS("nanoseconds", 1e17);

    private final String word;
    private final double epochLow;

    TimeUnit(String word, double epochLow) {
        this.word = word;
        this.epochLow = epochLow;
    }

    public String word() {
        return word;
    }

    /** Whether x is an epoch instant in this unit between 1973 and 2286. */
    public boolean epochRange(double x) {
        return x >= epochLow && x < epochLow * 100;
    }

    /** The unit an {@code x-wow-unit} names ("s", "ms", "millis", "seconds", ...); null for any other unit. */
    static TimeUnit ofUnit(String unit) {
        if (unit == null) return null;
        return switch (unit.trim().toLowerCase(Locale.ROOT)) {
            case "s", "sec", "secs", "second", "seconds" -> SECONDS;
            case "ms", "milli", "millis", "millisecond", "milliseconds" -> MILLISECONDS;
            case "us", "µs", "μs", "micro", "micros", "microsecond", "microseconds" -> MICROSECONDS;
            case "ns", "nano", "nanos", "nanosecond", "nanoseconds" -> NANOSECONDS;
            default -> null;
        };
    }

    /** The unit an {@code x-wow-meaning} such as "utc-epoch-millis" or "epoch seconds" names; null when none. */
    static TimeUnit inMeaning(String meaning) {
        if (meaning == null) return null;
        String m = meaning.toLowerCase(Locale.ROOT);
        if (m.contains("milli")) return MILLISECONDS;
        if (m.contains("micro")) return MICROSECONDS;
        if (m.contains("nano")) return NANOSECONDS;
        if (m.contains("second")) return SECONDS;
        // A bare "s" or "ms" token counts only in a meaning about time: "user's id" names no unit.
        if (!(m.contains("epoch") || m.contains("time") || m.contains("instant") || m.contains("unix"))) return null;
        for (String token : m.split("[^a-zµμ]+")) {
            TimeUnit u = ofUnit(token);
            if (u != null) return u;
        }
        return null;
    }
}
