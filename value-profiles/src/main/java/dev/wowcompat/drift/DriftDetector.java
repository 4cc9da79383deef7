package dev.wowcompat.drift;

import dev.wowcompat.drift.DriftFinding.Side;
import dev.wowcompat.profile.Field;
import dev.wowcompat.profile.FieldProfile;
import dev.wowcompat.profile.FormatClass;
import dev.wowcompat.profile.FrequentValues;
import dev.wowcompat.profile.NumberProfile;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.profile.Quantiles;
import dev.wowcompat.profile.StringProfile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds meaning drift between the profiles of two releases (A before a deployment, B after), and values that
 * contradict the meaning their Manifest declares. The rules and their thresholds are explained in docs/decisions.md
 * ("Meaning drift"); in short:
 * <ul>
 *   <li>{@code meaning-drift}: with at least {@link #MIN_VALUES} non-zero numbers a side, log10(q_B/q_A) at q10, q50
 *       and q90 of |x| move the same way by 1 (×10) or more. A unit change multiplies every quantile alike; natural
 *       variance, bursts and a change of mix do not move all three. Quantiles of a few hundred values carry sampling
 *       error, so the rule is applied to what the samples can tell: each of the three shifts at least
 *       {@link #MIN_QUANTILE_SHIFT} the same way, and their mean at least 1 less three of its standard errors (never
 *       less than 1 - {@link #MAX_MARGIN}). A true ×10 is then found from 200 values a side, and the allowance
 *       shrinks as the samples grow.</li>
 *   <li>{@code format-drift}: with at least {@link #MIN_VALUES} strings a side, the format class holding at least
 *       {@link #DOMINANT_SHARE} of the strings differs. Between two classes of digits (decimal, epoch seconds, epoch
 *       milliseconds) the number rule judges instead: their magnitudes are compared.</li>
 *   <li>{@code code-list-drift}: a field without {@code enum} whose strings are a code list on both sides (at most
 *       {@link #CODE_LIST_MAX} distinct words, counted exactly), where a value of at least {@link #FREQUENT_SHARE} of
 *       A is absent from B and a value of at least that share of B is absent from A.</li>
 *   <li>{@code declared-meaning-contradicted}: numbers whose q10, q50 and q90 are all epoch instants of a finer unit
 *       than the declared one (as the declared unit they would be thousands of years), or of a coarser one when the
 *       Manifest says the field is an instant; strings whose dominant format class is another known class than the
 *       declared {@code format}. A unit that is not a unit of time, or no declaration, is too vague: nothing is
 *       said.</li>
 * </ul>
 */
public final class DriftDetector {
    /** Values a side below which nothing is judged: quantiles of fewer values move too much by chance. */
    public static final int MIN_VALUES = 200;
    public static final double DOMINANT_SHARE = 0.6;
    public static final int CODE_LIST_MAX = 32;
    public static final double FREQUENT_SHARE = 0.05;
    /** The largest allowance for sampling error in the mean shift: a mean below 0.7 (×5) is never taken for ×10. */
    public static final double MAX_MARGIN = 0.3;
    /** What each of q10, q50 and q90 must move, the same way: the whole distribution moved, by ×3 at least. */
    public static final double MIN_QUANTILE_SHIFT = 0.5;
    private static final double[] QUANTILES = {0.1, 0.5, 0.9};
    /** Half the width of the window over which the slope of the quantile function is measured. */
    private static final double SLOPE_WINDOW = 0.05;

    private DriftDetector() {}

    /**
     * Compares every field that both releases wrote.
     *
     * @param before the release the deployment replaced (A)
     * @param after the release it deployed (B)
     */
    public static List<DriftFinding> compare(ProfileSet profiles, String before, String after, Declarations declared) {
        List<DriftFinding> out = new ArrayList<>();
        for (Field field : profiles.distinctFields()) {
            FieldProfile a = profiles.get(field, before);
            FieldProfile b = profiles.get(field, after);
            if (a != null && b != null) out.addAll(compare(field, before, a, after, b, declared.of(field)));
        }
        return out;
    }

    /** The drift findings of one field between release A and release B. */
    public static List<DriftFinding> compare(Field field, String before, FieldProfile a, String after, FieldProfile b,
            DeclaredMeaning declared) {
        List<DriftFinding> out = new ArrayList<>();
        meaningDrift(field, before, a.numbers(), after, b.numbers(), declared).ifPresent(out::add);
        formatDrift(field, before, a.strings(), after, b.strings()).ifPresent(out::add);
        if (!declared.closed()) codeListDrift(field, before, a.strings(), after, b.strings()).ifPresent(out::add);
        return out;
    }

    /** Every field of one release whose values contradict what its Manifest declares. */
    public static List<DriftFinding> checkDeclared(ProfileSet profiles, String release, Declarations declared) {
        List<DriftFinding> out = new ArrayList<>();
        for (Field field : profiles.distinctFields()) {
            FieldProfile p = profiles.get(field, release);
            if (p != null) checkDeclared(field, release, p, declared.of(field)).ifPresent(out::add);
        }
        return out;
    }

    public static Optional<DriftFinding> checkDeclared(Field field, String release, FieldProfile p, DeclaredMeaning declared) {
        Optional<DriftFinding> unit = contradictedUnit(field, release, p.numbers(), declared);
        return unit.isPresent() ? unit : contradictedFormat(field, release, p.strings(), declared);
    }

    // ---- meaning-drift ---------------------------------------------------------------------------------------

    private static Optional<DriftFinding> meaningDrift(Field field, String before, NumberProfile a, String after, NumberProfile b,
            DeclaredMeaning declared) {
        if (a == null || b == null || a.nonZero() < MIN_VALUES || b.nonZero() < MIN_VALUES) return Optional.empty();
        double[] shifts = new double[QUANTILES.length];
        double sum = 0;
        for (int i = 0; i < QUANTILES.length; i++) {
            shifts[i] = Math.log10(b.magnitude(QUANTILES[i]) / a.magnitude(QUANTILES[i]));
            sum += shifts[i];
        }
        double mean = sum / QUANTILES.length;
        double sign = Math.signum(mean);
        for (double shift : shifts) if (shift * sign < MIN_QUANTILE_SHIFT) return Optional.empty();
        double margin = margin(a, b);
        if (Math.abs(mean) < 1 - margin) return Optional.empty();
        Factor factor = Factor.of(mean, margin, UnitHint.of(field, declared, a, b));
        String message = field.subject() + " moved " + factor.describe() + " (|x| from " + before + " to " + after
                + ": median " + Factor.magnitude(a.magnitude(0.5)) + " → " + Factor.magnitude(b.magnitude(0.5))
                + ", q10 and q90 alike)";
        return Optional.of(new DriftFinding(DriftKind.MEANING_DRIFT, field, numbers(before, a), numbers(after, b), factor, message));
    }

    /**
     * The allowance for sampling error in the mean shift: three standard errors of the mean of log10(q_B/q_A) over
     * q10, q50 and q90, plus the sketches' own relative error, at most {@link #MAX_MARGIN}. Sample quantiles p &le; r
     * of n values have the asymptotic covariance p(1-r)/n Q'(p) Q'(r), where Q' is the slope of the quantile function
     * (of log10 |x|), which the sketch itself gives.
     */
    static double margin(NumberProfile a, NumberProfile b) {
        double variance = meanVariance(a) + meanVariance(b);
        double sketchError = 2 * Math.log10(1 + Quantiles.Shape.MAGNITUDES.relativeAccuracy());
        return Math.min(MAX_MARGIN, 3 * Math.sqrt(variance) + sketchError);
    }

    private static double meanVariance(NumberProfile p) {
        int k = QUANTILES.length;
        double[] slopes = new double[k];
        for (int i = 0; i < k; i++) {
            double lo = Math.log10(p.magnitude(Math.max(0, QUANTILES[i] - SLOPE_WINDOW)));
            double hi = Math.log10(p.magnitude(Math.min(1, QUANTILES[i] + SLOPE_WINDOW)));
            slopes[i] = (hi - lo) / (2 * SLOPE_WINDOW);
        }
        double sum = 0;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double low = Math.min(QUANTILES[i], QUANTILES[j]);
                double high = Math.max(QUANTILES[i], QUANTILES[j]);
                sum += low * (1 - high) * slopes[i] * slopes[j];
            }
        }
        return sum / p.nonZero() / (k * k);
    }

    private static Side numbers(String release, NumberProfile p) {
        return new Side(release, p.nonZero(), p.magnitude(0.1), p.magnitude(0.5), p.magnitude(0.9), null, null);
    }

    // ---- format-drift ----------------------------------------------------------------------------------------

    private static Optional<DriftFinding> formatDrift(Field field, String before, StringProfile a, String after, StringProfile b) {
        if (a == null || b == null || a.count() < MIN_VALUES || b.count() < MIN_VALUES) return Optional.empty();
        FormatClass from = a.dominantFormat();
        FormatClass to = b.dominantFormat();
        Map<FormatClass, Double> sharesA = a.formatShares();
        Map<FormatClass, Double> sharesB = b.formatShares();
        if (from == to || sharesA.get(from) < DOMINANT_SHARE || sharesB.get(to) < DOMINANT_SHARE) return Optional.empty();
        if (from.numeric() && to.numeric()) return Optional.empty();
        String message = field.subject() + ": strings changed format from " + from.label() + " (" + percent(sharesA.get(from))
                + ") in " + before + " to " + to.label() + " (" + percent(sharesB.get(to)) + ") in " + after
                + "; readers parsing " + from.label() + " fail or misread";
        return Optional.of(new DriftFinding(DriftKind.FORMAT_DRIFT, field, formats(before, a), formats(after, b), null, message));
    }

    private static Side formats(String release, StringProfile p) {
        Map<String, Double> shares = new LinkedHashMap<>();
        p.formatShares().forEach((c, share) -> shares.put(c.label(), share));
        return new Side(release, p.count(), null, null, null, shares, null);
    }

    // ---- code-list-drift -------------------------------------------------------------------------------------

    private static Optional<DriftFinding> codeListDrift(Field field, String before, StringProfile a, String after, StringProfile b) {
        if (!codeList(a) || !codeList(b)) return Optional.empty();
        List<String> vanished = frequentAbsent(a, b);
        List<String> appeared = frequentAbsent(b, a);
        if (vanished.isEmpty() || appeared.isEmpty()) return Optional.empty();
        String message = field.subject() + ": the code list changed from " + before + " to " + after + ": "
                + String.join(", ", quoted(vanished)) + " no longer written, " + String.join(", ", quoted(appeared))
                + " new; readers matching the old codes miss the new ones";
        return Optional.of(new DriftFinding(DriftKind.CODE_LIST_DRIFT, field, codes(before, a), codes(after, b), null, message));
    }

    /** Few distinct words, counted exactly, over enough values: not free text, not identifiers, not dates. */
    static boolean codeList(StringProfile p) {
        return p != null && p.count() >= MIN_VALUES && p.valuesExact() && p.values().distinct() <= CODE_LIST_MAX
                && p.formatShares().getOrDefault(FormatClass.OTHER, 0.0) >= 0.9;
    }

    /** The values of at least {@link #FREQUENT_SHARE} of {@code from} that {@code to} never wrote. */
    private static List<String> frequentAbsent(StringProfile from, StringProfile to) {
        List<String> out = new ArrayList<>();
        for (FrequentValues.Count c : from.values().top()) {
            if (c.count() >= FREQUENT_SHARE * from.count() && to.values().countOf(c.value()) == 0) out.add(c.value());
        }
        return out;
    }

    private static Side codes(String release, StringProfile p) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (FrequentValues.Count c : p.values().top()) values.put(c.value(), c.count());
        return new Side(release, p.count(), null, null, null, null, values);
    }

    // ---- declared-meaning-contradicted -----------------------------------------------------------------------

    private static Optional<DriftFinding> contradictedUnit(Field field, String release, NumberProfile p, DeclaredMeaning declared) {
        TimeUnit unit = declared.timeUnit();
        if (p == null || unit == null || p.nonZero() < MIN_VALUES) return Optional.empty();
        TimeUnit seen = epochUnit(p);
        if (seen == null || seen == unit) return Optional.empty();
        boolean finer = seen.ordinal() > unit.ordinal();
        if (!finer && !declared.instant()) return Optional.empty(); // a duration in a finer unit may be that large
        Factor factor = Factor.of(3.0 * (seen.ordinal() - unit.ordinal()), UnitHint.TIME);
        String said = declared.unit() != null ? "x-wow-unit \"" + declared.unit() + "\"" : "x-wow-meaning \"" + declared.meaning() + "\"";
        String message = field.subject() + ": the Manifest declares " + said + " (" + unit.word() + ") but the values of "
                + release + " are epoch instants in " + seen.word() + " (median " + Factor.magnitude(p.magnitude(0.5)) + ")";
        return Optional.of(new DriftFinding(DriftKind.DECLARED_MEANING_CONTRADICTED, field, null, numbers(release, p), factor, message));
    }

    /** The unit in which q10, q50 and q90 are all epoch instants from 1973 to 2286, or null. */
    private static TimeUnit epochUnit(NumberProfile p) {
        for (TimeUnit u : TimeUnit.values()) {
            boolean all = true;
            for (double q : QUANTILES) all &= u.epochRange(p.magnitude(q));
            if (all) return u;
        }
        return null;
    }

    private static Optional<DriftFinding> contradictedFormat(Field field, String release, StringProfile p, DeclaredMeaning declared) {
        FormatClass expected = declaredClass(declared.format());
        if (p == null || expected == null || p.count() < MIN_VALUES) return Optional.empty();
        FormatClass seen = p.dominantFormat();
        double share = p.formatShares().getOrDefault(seen, 0.0);
        if (seen == expected || seen == FormatClass.OTHER || share < DOMINANT_SHARE) return Optional.empty();
        String message = field.subject() + ": the Manifest declares format \"" + declared.format() + "\" but "
                + percent(share) + " of the strings of " + release + " are " + seen.label();
        return Optional.of(new DriftFinding(DriftKind.DECLARED_MEANING_CONTRADICTED, field, null, formats(release, p), null, message));
    }

    /** The class a JSON Schema format names; null for formats the classes do not cover (uri, ipv4, ...). */
    private static FormatClass declaredClass(String format) {
        if (format == null) return null;
        return switch (format) {
            case "date-time" -> FormatClass.DATE_TIME;
            case "date" -> FormatClass.DATE;
            case "uuid" -> FormatClass.UUID;
            case "email" -> FormatClass.EMAIL;
            default -> null;
        };
    }

    private static String percent(double share) {
        return Math.round(share * 100) + "%";
    }

    private static List<String> quoted(List<String> values) {
        return values.stream().map(v -> "\"" + v + "\"").toList();
    }
}
