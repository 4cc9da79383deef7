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

    /** Kafka's own form of a topic name: it is what a watcher reads from the broker. */
    private static final Pattern TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,249}");
    /** A consumer group as the watch names it ({@code wow-compat-watch.<ENV>}): Kafka's topic characters, so no escaping anywhere. */
    private static final Pattern GROUP = Pattern.compile("[a-zA-Z0-9._-]{1,249}");

    static String topic(String name) {
        if (!TOPIC.matcher(name).matches()) {
            throw new ApiException(ProblemCode.BAD_NAME, shown(name) + " is not a Kafka topic name: 1 to 249 letters, digits, "
                    + "'.', '_' and '-' (e.g. wow.bank.event).");
        }
        return name;
    }

    static String group(String name) {
        if (!GROUP.matcher(name).matches()) {
            throw new ApiException(ProblemCode.BAD_NAME, shown(name) + " is not a consumer group name: 1 to 249 letters, digits, "
                    + "'.', '_' and '-' (e.g. wow-compat-watch.production).");
        }
        return name;
    }

    /** A name as an answer quotes it: never more than the limit, so that a refusal stays as small as the name should be. */
    static String shown(String name) {
        return "'" + (name.length() > MAX_LENGTH ? name.substring(0, MAX_LENGTH) + "...' (" + name.length() + " characters)" : name + "'");
    }
}
