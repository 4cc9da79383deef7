package dev.wowcompat.api;

import dev.wowcompat.manifest.Version;
import dev.wowcompat.names.NameForms;

/**
 * A name of a request, refused as the API refuses it (docs/api.md, "Names"): anything not of its form
 * ({@link NameForms}) is a 400 {@code wow-compat.request.bad-name} before the store is asked, so that nothing unbounded
 * is stored or listed.
 */
final class Names {
    private Names() {}

    static String service(String name) {
        if (!NameForms.isService(name)) throw refused(name, "a service name", NameForms.SERVICE_FORM);
        return name;
    }

    static String environment(String name) {
        if (!NameForms.isEnvironment(name)) throw refused(name, "an environment name", NameForms.ENVIRONMENT_FORM);
        return name;
    }

    static String principal(String name) {
        if (!NameForms.isPrincipal(name)) throw refused(name, "a principal name", NameForms.PRINCIPAL_FORM);
        return name;
    }

    static String version(String version) {
        if (!Version.isValid(version)) throw refused(version, "a version", NameForms.VERSION_FORM);
        return version;
    }

    static String topic(String name) {
        if (!NameForms.isKafkaName(name)) throw refused(name, "a Kafka topic name", NameForms.TOPIC_FORM);
        return name;
    }

    static String group(String name) {
        if (!NameForms.isKafkaName(name)) throw refused(name, "a consumer group name", NameForms.GROUP_FORM);
        return name;
    }

    private static ApiException refused(String name, String what, String form) {
        return new ApiException(ProblemCode.BAD_NAME, NameForms.shown(name) + " is not " + what + ": " + form + ".");
    }
}
