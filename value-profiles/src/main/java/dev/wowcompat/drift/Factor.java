package dev.wowcompat.drift;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * A measured factor between two releases' magnitudes, named by the unit change it most likely is: the nearest known
 * factor within the measurement's sampling error (at least ×1.26, 0.1 in log10), else the measured value.
 */
public record Factor(double value, String cause) {

    private record Known(double factor, String cause) {}

    /**
     * Changes of unit of time seen in the wild, in both directions; a cause ends in "?" because values alone cannot
     * prove it. A currency's change to its minor unit is the factor of its fraction digits ({@link UnitHint}).
     */
    private static final List<Known> KNOWN = List.of(
            new Known(10, null),
            new Known(60, "minutes → seconds?"),
            new Known(100, null),
            new Known(1000, "seconds → milliseconds?"),
            new Known(1440, "days → minutes?"),
            new Known(3600, "hours → seconds?"),
            new Known(86_400, "days → seconds?"),
            new Known(1e6, "seconds → microseconds?"),
            new Known(1e9, "seconds → nanoseconds?"));
    private static final double MIN_TOLERANCE = 0.1;

    /** The factor of an exact log10 shift (a unit's), snapped to a known factor within ×1.26. */
    public static Factor of(double log10Shift, UnitHint hint) {
        return of(log10Shift, MIN_TOLERANCE, hint);
    }

    /**
     * The factor of a measured log10 shift, snapped to the nearest known factor within the given error (log10), with
     * the cause named only when the field can have that unit: a time unit where {@code hint} says time, a currency's
     * minor unit ("×100: EUR → cents?") where it declares a currency; otherwise the factor alone.
     */
    public static Factor of(double log10Shift, double error, UnitHint hint) {
        double absolute = Math.abs(log10Shift);
        double tolerance = Math.max(MIN_TOLERANCE, error);
        List<Known> known = new java.util.ArrayList<>(KNOWN);
        int minor = hint.minorUnits();
        if (minor > 0) known.removeIf(k -> k.factor() == minor);
        if (minor > 0) known.add(new Known(minor, hint.currency() + " → " + (minor == 100 ? "cents" : "1/" + minor + " " + hint.currency()) + "?"));
        Known nearest = null;
        for (Known k : known) {
            double distance = Math.abs(absolute - Math.log10(k.factor()));
            if (distance <= tolerance && (nearest == null || distance < Math.abs(absolute - Math.log10(nearest.factor())))) nearest = k;
        }
        if (nearest != null) {
            String cause = nearest.cause();
            boolean currencyCause = minor > 0 && nearest.factor() == minor && cause != null && cause.startsWith(hint.currency());
            if (!currencyCause && !hint.time()) cause = null;
            return log10Shift > 0 ? new Factor(nearest.factor(), cause) : new Factor(1 / nearest.factor(), reversed(cause));
        }
        double rounded = new BigDecimal(Math.pow(10, log10Shift)).round(new MathContext(2)).doubleValue();
        return new Factor(rounded, null);
    }

    private static String reversed(String cause) {
        if (cause == null) return null;
        String[] parts = cause.substring(0, cause.length() - 1).split(" → ");
        return parts[1] + " → " + parts[0] + "?";
    }

    /** As messages write it: "×1000", "×0.001", "×250". */
    public String label() {
        return "×" + number(value);
    }

    /** The label and, when one is known, the likely cause: "×1000: seconds → milliseconds?". */
    public String describe() {
        return cause == null ? label() : label() + ": " + cause;
    }

    /** A measured value as messages write it: three significant digits, 1.76e9 beyond a million or below 0.001. */
    static String magnitude(double v) {
        if (v != 0 && (Math.abs(v) >= 1e6 || Math.abs(v) < 1e-3)) {
            String[] parts = String.format(java.util.Locale.ROOT, "%.2e", v).split("e");
            return new BigDecimal(parts[0]).stripTrailingZeros().toPlainString() + "e" + Integer.parseInt(parts[1]);
        }
        return number(v);
    }

    static String number(double v) {
        BigDecimal d = new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros();
        return d.scale() < 0 ? d.toBigInteger().toString() : d.toPlainString();
    }
}
