package dev.wowcompat.names;

import java.util.regex.Pattern;

/**
 * The one place that knows what a name may be (docs/api.md, "Names"): a service as the Manifest format spells it
 * (kebab-case, {@code schemas/manifest.schema.json}'s {@code serviceName}), an environment, a principal of the
 * principals file, a Kafka topic or consumer group, and how a version is said ({@code major.minor.patch} with each
 * part at most 9 digits, {@code Version}). Every name is at most {@value #MAX_LENGTH} characters. The API's refusals
 * ({@code api.Names}) and the principals file with its grants ({@code access}) ask the same forms, so this sits below
 * both and knows nothing of HTTP.
 */
public final class NameForms {
    public static final int MAX_LENGTH = 128;
    private static final Pattern SERVICE = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
    // Environments appear in URLs and in CI scripts: no case or escaping questions.
    private static final Pattern ENVIRONMENT = Pattern.compile("[a-z0-9][a-z0-9._-]{0," + (MAX_LENGTH - 1) + "}");
    // A principal is named by people in a file and shown in the write log: single spaces inside and the characters of a
    // CI name allowed. ASCII only, nothing invisible at either end and no run of spaces, so that two names a reader
    // cannot tell apart ("bank-ci" and "bank-ci ", a Cyrillic "а" for a Latin "a") cannot both exist.
    private static final Pattern PRINCIPAL = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9._@/-]| (?=[A-Za-z0-9._@/-])){0," + (MAX_LENGTH - 1) + "}");

    /** The forms as the docs and the refusals say them. */
    public static final String SERVICE_FORM = "at most " + MAX_LENGTH
            + " lowercase letters and digits in words joined by '-', starting with a letter (e.g. bank-service)";
    public static final String ENVIRONMENT_FORM = "1 to " + MAX_LENGTH
            + " lowercase letters, digits, '.', '_' and '-', starting with a letter or a digit (e.g. staging, prod-eu)";
    public static final String PRINCIPAL_FORM = "1 to " + MAX_LENGTH
            + " ASCII letters, digits, single spaces and . _ @ / -, starting with a letter or a digit and not ending with a space";
    /** Kafka's own characters for topics and groups: what a watcher reads from the broker, with no escaping anywhere. */
    private static final Pattern KAFKA_NAME = Pattern.compile("[a-zA-Z0-9._-]{1,249}");
    /** A plain subject of the Confluent-compatible API (docs/ccompat.md, "Subjects"): a topic's name with -key or -value, or a record's name. */
    private static final Pattern SUBJECT = Pattern.compile("[A-Za-z0-9._-]{1,255}");
    public static final String SUBJECT_FORM = "1 to 255 letters, digits, '.', '_' and '-' (a topic's name with -key or -value, or a record's name)";
    public static final String TOPIC_FORM = "1 to 249 letters, digits, '.', '_' and '-' (e.g. wow.bank.event)";
    public static final String GROUP_FORM = "1 to 249 letters, digits, '.', '_' and '-' (e.g. wow-compat-watch.production)";
    public static final String VERSION_FORM = "major.minor.patch, each part at most 9 digits without leading zeros (e.g. 1.4.0)";

    private NameForms() {}

    public static boolean isService(String name) {
        return name.length() <= MAX_LENGTH && SERVICE.matcher(name).matches();
    }

    public static boolean isSubject(String name) {
        return SUBJECT.matcher(name).matches();
    }

    public static boolean isEnvironment(String name) {
        return ENVIRONMENT.matcher(name).matches();
    }

    /** A topic's or a consumer group's name as Kafka spells it. */
    public static boolean isKafkaName(String name) {
        return KAFKA_NAME.matcher(name).matches();
    }

    public static boolean isPrincipal(String name) {
        return PRINCIPAL.matcher(name).matches();
    }

    /**
     * Why a name is not a principal's, in a few words for the principals file's refusal ("ends with a space", "holds
     * U+0430, which is not ASCII"), or null when it is one.
     */
    public static String principalProblem(String name) {
        if (isPrincipal(name)) return null;
        if (name.isEmpty()) return "is empty";
        if (name.length() > MAX_LENGTH) return "is longer than " + MAX_LENGTH + " characters";
        if (Character.isWhitespace(name.charAt(0))) return "starts with a space";
        if (Character.isWhitespace(name.charAt(name.length() - 1))) return "ends with a space";
        if (name.contains("  ")) return "has two spaces in a row";
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            if (c > 0x7e || c < 0x20) {
                return "holds " + String.format("U+%04X", c) + (c > 0x7e ? ", which is not ASCII (a letter of another script may look like ours)"
                        : ", a control character");
            }
            i += Character.charCount(c);
        }
        return "starts or goes on with a character outside the form";
    }

    /** A name as an answer quotes it: never more than the limit, so that a refusal stays as small as the name should be. */
    public static String shown(String name) {
        return "'" + (name.length() > MAX_LENGTH ? name.substring(0, MAX_LENGTH) + "...' (" + name.length() + " characters)" : name + "'");
    }
}
