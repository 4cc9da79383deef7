package dev.wowcompat.maven;

import dev.wowcompat.manifest.Version;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Manifest's {@code major.minor.patch} from a Maven project version. Maven versions carry more than a
 * Manifest may ({@code 1.1.0-SNAPSHOT}, {@code 2.0.0-RC1}, {@code 1.4.Final}, {@code 3.2}): the leading numbers are
 * the release, a missing minor or patch is 0, and whatever follows them is dropped, so a SNAPSHOT build is
 * checked as the release it will become.
 */
final class ReleaseVersion {
    private static final Pattern LEADING = Pattern.compile("(0|[1-9]\\d{0,8})(?:\\.(0|[1-9]\\d{0,8}))?(?:\\.(0|[1-9]\\d{0,8}))?(?=$|[^0-9])(.*)");

    private ReleaseVersion() {}

    /** The release the project version stands for; empty when it does not start with a number. */
    static Optional<Version> of(String projectVersion) {
        Matcher m = LEADING.matcher(projectVersion == null ? "" : projectVersion);
        if (!m.matches()) return Optional.empty();
        return Optional.of(new Version(Integer.parseInt(m.group(1)), part(m.group(2)), part(m.group(3))));
    }

    private static int part(String digits) {
        return digits == null ? 0 : Integer.parseInt(digits);
    }
}
