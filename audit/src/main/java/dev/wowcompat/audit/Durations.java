package dev.wowcompat.audit;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The durations the audit's options take ({@code --from}'s look back, {@code --timeout}), written one way. */
public final class Durations {
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h|d)");

    /**
     * A positive duration: {@code 30s}, {@code 24h}, {@code 7d}, {@code 500ms}, {@code 90m} or ISO-8601 ({@code PT1M30S}).
     *
     * @throws IllegalArgumentException when the text is none of these
     */
    public static Duration positive(String text) {
        String t = text == null ? "" : text.trim();
        Matcher m = DURATION.matcher(t.toLowerCase(Locale.ROOT));
        Duration d;
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            d = switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
        } else {
            try {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("'" + text + "' is not a duration such as 30s, 2m, 24h or PT1M");
            }
        }
        if (d.isZero() || d.isNegative()) throw new IllegalArgumentException("'" + text + "' is not a positive duration");
        return d;
    }

    private Durations() {}
}
