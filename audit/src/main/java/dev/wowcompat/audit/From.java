package dev.wowcompat.audit;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where in each partition the audit starts ({@code --from}): the earliest offset, the latest (only what comes
 * next, with {@code --follow}), the first record at or after an instant, or the first record of the last duration.
 *
 * @param instant the start time for {@link Kind#TIME}, else null
 */
public record From(Kind kind, Instant instant) {
    public enum Kind { EARLIEST, LATEST, TIME }

    public static final From EARLIEST = new From(Kind.EARLIEST, null);
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h|d)");

    /**
     * A positive duration: {@code 30s}, {@code 24h}, {@code 7d}, {@code 500ms}, {@code 90m} or ISO-8601 ({@code PT1M30S}).
     *
     * @throws IllegalArgumentException when the text is none of these
     */
    public static Duration duration(String text) {
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

    /**
     * {@code earliest}, {@code latest}, an ISO-8601 instant ({@code 2026-12-01T00:00:00Z}) or a duration back from
     * {@code now} ({@code 24h}, {@code 30m}, {@code 7d}, {@code 90s}, {@code PT1H30M}).
     *
     * @throws IllegalArgumentException with one sentence naming the accepted forms
     */
    public static From parse(String text, Instant now) {
        String t = text == null ? "" : text.trim();
        switch (t.toLowerCase(Locale.ROOT)) {
            case "earliest": return EARLIEST;
            case "latest": return new From(Kind.LATEST, null);
            default: break;
        }
        try {
            return new From(Kind.TIME, now.minus(duration(t)));
        } catch (IllegalArgumentException notADuration) {
            // then an instant
        }
        try {
            return new From(Kind.TIME, Instant.parse(t));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--from '" + text + "' is none of earliest, latest, an ISO-8601 instant such as "
                    + "2026-12-01T00:00:00Z, or a duration such as 24h, 30m, 7d");
        }
    }
}
