package dev.wowcompat.client;

/**
 * A failure to talk to the registry, as one sentence naming the URL ({@link #getMessage()}), never with a cause.
 * {@link #failure()} says which failure it was, so a caller (the command line, the Maven plugin) can word it its own way;
 * {@link #detail()} is the short phrase behind the sentence (the I/O message, the unexpected answer).
 */
public final class RegistryException extends Exception {
    /**
     * The one wording of a registry out of reach, before its cause: {@code http://host:8081: cannot reach the registry:
     * connection refused (is the registry running at that address?)} (docs/decisions.md, "What the command line
     * says in its own words").
     */
    public static final String UNREACHABLE = "cannot reach the registry";

    /** What went wrong. */
    public enum Failure {
        /** The URL is not http(s) with a host: a usage problem, found before any call. */
        BAD_URL,
        UNKNOWN_HOST,
        CONNECTION_REFUSED,
        /** No connection within the connect timeout. */
        CONNECT_TIMEOUT,
        /** Connected, but no answer within the request timeout. */
        TIMEOUT,
        /** The TLS handshake failed: an https:// URL to a plain port, or a certificate not trusted. */
        TLS,
        /** Any other I/O failure. */
        IO,
        INTERRUPTED,
        /** The registry answered, but not what the call needs (an error while listing releases). */
        UNEXPECTED_ANSWER
    }

    private final Failure failure;
    private final String registry;
    private final String detail;

    RegistryException(Failure failure, String registry, String detail, String message) {
        super(message, null, false, false);
        this.failure = failure;
        this.registry = registry;
        this.detail = detail;
    }

    public Failure failure() {
        return failure;
    }

    /** The registry URL as given (for {@link Failure#BAD_URL}) or as used. */
    public String registry() {
        return registry;
    }

    public String detail() {
        return detail;
    }
}
