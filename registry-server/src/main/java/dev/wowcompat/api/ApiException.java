package dev.wowcompat.api;

import java.util.Map;

/**
 * A request the API refuses, turned into application/problem+json by {@link Problems}. Carries no stack trace:
 * it is an answer, not a failure.
 *
 * @see ProblemCode
 */
public final class ApiException extends RuntimeException {
    private final transient ProblemCode problem;
    private final String code;
    private final int status;
    private final transient Map<String, Object> extensions;

    public ApiException(ProblemCode problem, String detail) {
        this(problem, problem.code(), problem.status(), detail, Map.of());
    }

    public ApiException(ProblemCode problem, String detail, Map<String, Object> extensions) {
        this(problem, problem.code(), problem.status(), detail, extensions);
    }

    /** A problem whose code comes from elsewhere (the engine's input problems); {@code problem} gives the title. */
    public ApiException(ProblemCode problem, String code, int status, String detail, Map<String, Object> extensions) {
        super(detail, null, false, false);
        this.problem = problem;
        this.code = code;
        this.status = status;
        this.extensions = Map.copyOf(extensions);
    }

    public ProblemCode problem() {
        return problem;
    }

    public String code() {
        return code;
    }

    public int status() {
        return status;
    }

    /** Extra members of the problem object, e.g. {@code report} or {@code problems}. */
    public Map<String, Object> extensions() {
        return extensions;
    }
}
