package dev.wowcompat.drift;

import dev.wowcompat.profile.Field;
import dev.wowcompat.profile.NumberProfile;
import java.util.Arrays;
import java.util.Currency;
import java.util.Locale;
import java.util.Set;

/**
 * What a field's declaration, name and values say about its unit, so that a drift's guessed cause names only a unit
 * the field can have (docs/audit.md#meaning-drift): a unit of time for a field that declares one, or whose name or
 * values are time-like; a currency's minor unit for a declared currency; otherwise no unit, the factor alone.
 *
 * @param time whether a change of time unit is a plausible cause
 * @param currency the ISO 4217 code the field declares ({@code "x-wow-unit": "EUR"}), or null
 */
public record UnitHint(boolean time, String currency) {
    /** A field known to hold time (a declared time unit): the time causes apply. */
    public static final UnitHint TIME = new UnitHint(true, null);
    /** Nothing known: the factor alone. */
    public static final UnitHint NONE = new UnitHint(false, null);

    /** Words of a field's name that say it holds an instant or a duration (split at camel case, '_' and '-'). */
    private static final Set<String> TIME_WORDS = Set.of("at", "time", "times", "timestamp", "ts", "date", "epoch", "millis", "ms",
            "micros", "nanos", "seconds", "secs", "sec", "minutes", "mins", "hours", "days", "duration", "timeout", "ttl", "delay",
            "interval", "elapsed", "expiry", "expires", "until", "since", "deadline", "period", "when", "latency", "age");

    /** The hint for a field from what its Manifest declares, its name (the pointer's last member) and its values. */
    public static UnitHint of(Field field, DeclaredMeaning declared, NumberProfile before, NumberProfile after) {
        if (declared.timeUnit() != null || declared.instant()) return TIME;
        if (declared.unit() != null) {
            // A declared unit that is not one of time rules time out, whatever the name or the values look like.
            return new UnitHint(false, currency(declared.unit()));
        }
        return new UnitHint(timeName(field.pointer()) || epochValues(before) || epochValues(after), null);
    }

    /** Whether the last member of the pointer has a word of time in its name ({@code dispatchedAt}, {@code ttl_seconds}). */
    static boolean timeName(String pointer) {
        String last = pointer.substring(pointer.lastIndexOf('/') + 1);
        String words = last.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        return Arrays.stream(words.split("[^a-z]+")).anyMatch(TIME_WORDS::contains);
    }

    /** Whether q10, q50 and q90 of the values are all epoch instants of one unit (1973 to 2286). */
    private static boolean epochValues(NumberProfile p) {
        if (p == null || p.nonZero() == 0) return false;
        for (TimeUnit u : TimeUnit.values()) {
            if (u.epochRange(p.magnitude(0.1)) && u.epochRange(p.magnitude(0.5)) && u.epochRange(p.magnitude(0.9))) return true;
        }
        return false;
    }

    /** The ISO 4217 code a declared unit is, or null ("EUR" is; "kg" and "items" are not). */
    private static String currency(String unit) {
        String code = unit.trim();
        if (!code.matches("[A-Z]{3}")) return null;
        try {
            return Currency.getInstance(code).getCurrencyCode();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The factor from a currency's main unit to its minor one (100 for EUR), or 0 when it has none (JPY). */
    int minorUnits() {
        if (currency == null) return 0;
        int digits = Currency.getInstance(currency).getDefaultFractionDigits();
        return digits <= 0 ? 0 : (int) Math.pow(10, digits);
    }
}
