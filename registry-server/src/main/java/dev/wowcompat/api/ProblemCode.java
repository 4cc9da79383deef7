package dev.wowcompat.api;

/**
 * Every problem the API answers with, in one place: the stable code ({@code wow-compat.<area>.<what>}), the HTTP
 * status and the title. Codes are part of the contract (docs/api.md): never rename one.
 * Problems found by the compatibility engine while reading input carry the engine's own codes
 * ({@code wow-compat.input.*}, {@code wow-compat.manifest.*}); see {@link Problems}.
 */
public enum ProblemCode {
    UNSUPPORTED_MEDIA_TYPE("wow-compat.request.unsupported-media-type", 415, "The body must be JSON (Content-Type: application/json)"),
    BODY_TOO_LARGE("wow-compat.input.too-large", 413, "The request body is larger than this registry accepts"),
    INVALID_INPUT("wow-compat.request.invalid-input", 400, "The request body cannot be used"),
    BAD_PARAMETER("wow-compat.request.bad-parameter", 400, "A query or path parameter is missing or malformed"),
    ROUTE_NOT_FOUND("wow-compat.request.not-found", 404, "No such endpoint"),
    METHOD_NOT_ALLOWED("wow-compat.request.method-not-allowed", 405, "This endpoint does not take this method"),
    BODY_TIMEOUT("wow-compat.request.body-timeout", 408, "The request body did not arrive in time"),
    MALFORMED_REQUEST("wow-compat.request.malformed", 400, "The request is not well-formed HTTP"),
    URI_TOO_LONG("wow-compat.request.uri-too-long", 414, "The request line is longer than this registry accepts"),
    HEADERS_TOO_LARGE("wow-compat.request.headers-too-large", 431, "The request headers are larger than this registry accepts"),
    MISDIRECTED("wow-compat.request.misdirected", 421, "This registry answers only requests for its loopback names"),
    BAD_NAME("wow-compat.request.bad-name", 400, "A service, environment or principal name, or a version, is not of the allowed form"),
    TOO_MANY_REQUESTS("wow-compat.server.too-many-requests", 429, "This client has as many expensive requests running as it may"),

    TOKEN_MISSING("wow-compat.auth.token-missing", 401, "This request needs a bearer token"),
    TOKEN_INVALID("wow-compat.auth.token-invalid", 401, "The bearer token is not one this registry accepts"),
    FORBIDDEN("wow-compat.auth.forbidden", 403, "The principal lacks the grant this request needs"),

    SERVICE_MISMATCH("wow-compat.release.service-mismatch", 400, "The Manifest names another service than the URL"),
    RELEASE_BREAKING("wow-compat.release.breaking", 409, "The release breaks readers of earlier releases"),
    VERSION_EXISTS("wow-compat.release.version-exists", 409, "This version is already registered with other content"),
    RELEASE_WITHDRAWN("wow-compat.release.withdrawn", 409, "The release was withdrawn: it is never deployed or checked against"),
    RELEASE_HAS_RUN("wow-compat.release.has-run", 409, "An environment ran this release, so it cannot be withdrawn"),
    REPLAY_REPORT_INVALID("wow-compat.replay.not-a-report", 400, "The body is not a replay report (what wow-compat replay --format json writes)"),
    SERVICE_NOT_FOUND("wow-compat.service.not-found", 404, "No such service"),
    RELEASE_NOT_FOUND("wow-compat.release.not-found", 404, "No such release"),
    TYPE_NOT_FOUND("wow-compat.type.not-found", 404, "No such type"),
    EVENT_NOT_FOUND("wow-compat.event.not-found", 404, "No such event type"),
    REVISION_NOT_FOUND("wow-compat.event.revision-not-found", 404, "No such revision of this event"),
    FINGERPRINT_MALFORMED("wow-compat.fingerprint.malformed", 400, "A fingerprint is 64 lowercase hex digits (or a prefix of 8 or more)"),
    FINGERPRINT_UNKNOWN("wow-compat.fingerprint.unknown", 404, "No registered schema has this fingerprint"),
    ENVIRONMENT_NOT_FOUND("wow-compat.environment.not-found", 404, "No deployment was ever recorded in this environment"),
    DEPLOYMENT_NOT_FOUND("wow-compat.deployment.not-found", 404, "No release of this service runs in this environment"),
    PROFILE_OVERFLOW("wow-compat.profile.count-overflow", 400, "Merged with the stored profile, a count would pass 2^53"),
    PROFILE_UNDECLARED("wow-compat.profile.undeclared-field", 400, "A profiled field is not declared by its release"),
    PROFILE_RELEASE_NEVER_RAN("wow-compat.profile.release-never-ran", 400, "A profiled release never ran in this environment"),
    PROFILE_NOT_FOUND("wow-compat.profile.not-found", 404, "No profile of this type is stored in this environment"),
    DIFF_SIDE_NOT_FOUND("wow-compat.diff.side-not-found", 404, "A side of the diff names no registered schema"),

    WIRE_UNKNOWN_FORMAT("wow-compat.wire.unknown-format", 422, "Unknown format version: a reader refuses it"),
    WIRE_UNKNOWN_KIND("wow-compat.wire.unknown-kind", 422, "Unknown envelope kind: a reader refuses it"),
    WIRE_UNKNOWN_STRUCTURE("wow-compat.wire.unknown-structure", 422, "The document is none of the wire structures"),
    WIRE_STALE_WINDOW("wow-compat.wire.stale-window", 409, "A range of the window does not start at its partition's stored next offset; nothing of the window was kept"),
    WIRE_EMPTY_WINDOW("wow-compat.wire.empty-window", 400, "The window covers no partition range"),
    WIRE_UNKNOWN_RELEASE("wow-compat.wire.unknown-release", 422, "The window attributes records or findings to a release that is not registered; nothing of the window was kept"),
    WIRE_TOO_MANY_POSITIONS("wow-compat.wire.too-many-positions", 422, "The window would add a position past those its group keeps; nothing of the window was kept"),
    WIRE_TOO_MANY_GROUPS("wow-compat.wire.too-many-groups", 422, "The window's group would be one past the groups the environment keeps; nothing of the window was kept"),
    WIRE_IMPOSSIBLE_TIME("wow-compat.wire.impossible-time", 400, "A time of the window cannot be true (out of order, or ahead of the registry's clock); nothing of the window was kept"),
    WIRE_IMPOSSIBLE_COUNT("wow-compat.wire.impossible-count", 422, "A count of the window is larger than the offsets its ranges cover; nothing of the window was kept"),
    WIRE_COUNT_OVERFLOW("wow-compat.wire.count-overflow", 422, "A count of the window, or its sum with what the environment keeps, would pass 2^53; nothing of the window was kept"),
    WIRE_RELEASE_NEVER_RAN("wow-compat.wire.release-never-ran", 422, "The window names a release that had not run in the environment by its end; nothing of the window was kept"),
    WIRE_CARRIED_UNDECLARED("wow-compat.wire.carried-undeclared", 422, "A carried type is not declared by the release it is attributed to; nothing of the window was kept"),
    STATE_VIEW_UNRECOGNISED("wow-compat.verify.not-a-state", 422, "The document is neither a state view, a state event nor a snapshot"),

    BUSY("wow-compat.server.busy", 503, "The registry is running as many expensive requests as it takes"),
    NOT_READY("wow-compat.server.not-ready", 503, "The registry is still starting"),
    STORE_UNAVAILABLE("wow-compat.server.store-unavailable", 503, "The registry's database cannot be used right now"),
    INTERNAL("wow-compat.server.internal", 500, "The registry failed to answer");

    private final String code;
    private final int status;
    private final String title;

    ProblemCode(String code, int status, String title) {
        this.code = code;
        this.status = status;
        this.title = title;
    }

    public String code() {
        return code;
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }
}
