package dev.wowcompat.serve;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --oidc-max-lifetime}: whole minutes, hours or days ({@code 10m}, {@code 12h}, {@code 1d}), at most 366 days. */
final class LifetimeConverter implements ITypeConverter<Duration> {
    private static final Pattern LIFETIME = Pattern.compile("([1-9][0-9]{0,5})([mhd])");

    @Override
    public Duration convert(String value) {
        Matcher m = LIFETIME.matcher(value.strip());
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            Duration d = switch (m.group(2)) {
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
            if (d.compareTo(Duration.ofDays(366)) <= 0) return d;
        }
        throw new TypeConversionException("'" + value + "' is not a lifetime such as 10m, 12h or 1d (at most 366d)");
    }
}
