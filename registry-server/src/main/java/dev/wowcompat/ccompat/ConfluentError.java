package dev.wowcompat.ccompat;

/**
 * A refusal in Confluent's shape, {@code {"error_code": 40401, "message": "..."}} (docs/ccompat.md, "Errors"): the
 * HTTP status and Confluent's code, which clients and UIs branch on (a 40401 on a subject's level falls back to the
 * global one).
 */
public final class ConfluentError extends RuntimeException {
    public static final int SUBJECT_NOT_FOUND = 40401;
    public static final int VERSION_NOT_FOUND = 40402;
    public static final int SCHEMA_NOT_FOUND = 40403;
    public static final int INCOMPATIBLE = 409;
    public static final int INVALID_SCHEMA = 42201;
    public static final int INVALID_VERSION = 42202;
    public static final int INVALID_LEVEL = 42203;
    public static final int INVALID_MODE = 42204;
    public static final int NOT_PERMITTED = 42205;
    public static final int INVALID_SUBJECT = 42208;
    public static final int STORE_ERROR = 50001;

    private final int status;
    private final int errorCode;

    public ConfluentError(int status, int errorCode, String message) {
        super(message, null, false, false);
        this.status = status;
        this.errorCode = errorCode;
    }

    public int status() {
        return status;
    }

    public int errorCode() {
        return errorCode;
    }

    /**
     * Confluent's code for a refusal the rest of the API words as a problem (a missing token, a lacking grant, a body
     * too large): 40101 and 40301 as Confluent's own, otherwise the HTTP status, and 50001 for a failure.
     */
    public static int codeFor(int status) {
        return switch (status) {
            case 401 -> 40101;
            case 403 -> 40301;
            case 500, 503 -> STORE_ERROR;
            default -> status;
        };
    }

    static ConfluentError subjectNotFound(String subject) {
        return new ConfluentError(404, SUBJECT_NOT_FOUND, "Subject '" + shown(subject) + "' not found.");
    }

    static ConfluentError versionNotFound(String subject, String version) {
        return new ConfluentError(404, VERSION_NOT_FOUND, "Version " + shown(version) + " not found in subject '" + shown(subject) + "'.");
    }

    static ConfluentError schemaNotFound(String what) {
        return new ConfluentError(404, SCHEMA_NOT_FOUND, what);
    }

    static ConfluentError invalidSchema(String why) {
        return new ConfluentError(422, INVALID_SCHEMA, why);
    }

    /** A name or value from the request, bounded before it is quoted back. */
    static String shown(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
