package dev.wowcompat.api;

import dev.wowcompat.manifest.Version;
import java.util.regex.Pattern;

/**
 * The forms of the names a request carries in its path (docs/api.md, "Names"): a service as the Manifest format
 * spells it (kebab-case, {@code schemas/manifest.schema.json}'s {@code serviceName}) and at most 128 characters; a
 * version {@code major.minor.patch}, each part at most 9 digits without leading zeros. Anything else is refused with
 * 400 {@code wow-compat.request.bad-name} before the store is asked, so that nothing unbounded is stored or listed.
 */
final class Names {
    static final int MAX_LENGTH = 128;
    private static final Pattern SERVICE = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

    private Names() {}

    static String service(String name) {
        if (name.length() > MAX_LENGTH || !SERVICE.matcher(name).matches()) {
            throw new ApiException(ProblemCode.BAD_NAME, shown(name) + " is not a service name: at most " + MAX_LENGTH
                    + " lowercase letters and digits in words joined by '-', starting with a letter (e.g. bank-service).");
        }
        return name;
    }

    static String version(String version) {
        if (!Version.isValid(version)) {
            throw new ApiException(ProblemCode.BAD_NAME, shown(version) + " is not a version: major.minor.patch, each part "
                    + "at most 9 digits without leading zeros (e.g. 1.4.0).");
        }
        return version;
    }

    /** A name as an answer quotes it: never more than the limit, so that a refusal stays as small as the name should be. */
    static String shown(String name) {
        return "'" + (name.length() > MAX_LENGTH ? name.substring(0, MAX_LENGTH) + "...' (" + name.length() + " characters)" : name + "'");
    }
}
