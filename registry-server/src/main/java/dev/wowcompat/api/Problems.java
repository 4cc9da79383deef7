package dev.wowcompat.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.ccompat.CcompatEndpoints;
import dev.wowcompat.ccompat.ConfluentError;
import dev.wowcompat.diff.SchemaTooDeepException;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.store.StoreException;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one exception mapper: every refusal and every failure leaves as application/problem+json (RFC 9457) with a
 * stable {@code code}. Unexpected failures are logged here with their stack trace and answered without it.
 */
final class Problems {
    static final String CONTENT_TYPE = "application/problem+json";
    private static final Logger LOG = LoggerFactory.getLogger(Problems.class);
    /** Input problems one answer lists; {@code more} counts the rest (docs/api.md, "Limits"). */
    static final int LISTED_PROBLEMS = Listed.FINDINGS;
    private static final int MAX_INSTANCE = 512;

    private final ObjectMapper mapper;

    Problems(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * An {@link Error} (OutOfMemoryError, StackOverflowError) thrown by a handler: Javalin hands it past every exception
     * mapper to this one hook, which would otherwise answer 500 with an empty body. The body is made before any such
     * error, since memory may be short when it is needed.
     */
    void installForErrors(io.javalin.config.RouterConfig router) {
        byte[] body = body(ProblemCode.INTERNAL, ProblemCode.INTERNAL.status(), null);
        router.setJavaLangErrorHandler$javalin((res, error) -> {
            LOG.error("unexpected error while answering a request", error);
            try {
                res.setStatus(ProblemCode.INTERNAL.status());
                res.setContentType(CONTENT_TYPE);
                res.setContentLength(body.length);
                res.getOutputStream().write(body);
            } catch (java.io.IOException | RuntimeException gone) {
                // the connection is gone or the answer was already started: nothing more can be said
            }
        });
    }

    void install(Javalin app) {
        app.exception(ConfluentError.class, (e, ctx) -> confluent(ctx, e.status(), e.errorCode(), e.getMessage()));
        app.exception(ApiException.class, (e, ctx) -> send(ctx, e));
        app.exception(InvalidInputException.class, (e, ctx) -> send(ctx, fromInput(e)));
        // Legal schemas that nest into each other past what one comparison follows: refused input, not a failure.
        app.exception(SchemaTooDeepException.class, (e, ctx) -> send(ctx, fromInput(new InvalidInputException(
                new InputProblem(e.subject(), e.pointer(), SchemaTooDeepException.CODE, e.getMessage())))));
        app.exception(HttpResponseException.class, (e, ctx) -> send(ctx, fromJavalin(e, ctx)));
        app.exception(StoreException.class, (e, ctx) -> {
            LOG.error("store failure on {} {}", ctx.method(), ctx.path(), e);
            send(ctx, new ApiException(ProblemCode.STORE_UNAVAILABLE, "The registry's database failed; the request had no effect unless it was answered 201."));
        });
        app.exception(Exception.class, (e, ctx) -> {
            LOG.error("unexpected failure on {} {}", ctx.method(), ctx.path(), e);
            send(ctx, new ApiException(ProblemCode.INTERNAL, "The registry failed to answer this request; the failure is in its log."));
        });
        app.error(404, ctx -> {
            if (!answered(ctx)) {
                send(ctx, noEndpoint(ctx));
            }
        });
        app.error(405, ctx -> {
            if (!answered(ctx)) {
                send(ctx, wrongMethod(ctx));
            }
        });
    }

    /** Whether a handler answered the status itself, as a problem or in Confluent's shape. */
    private static boolean answered(Context ctx) {
        String type = ctx.res().getContentType();
        return CONTENT_TYPE.equals(type) || CcompatEndpoints.MEDIA_TYPE.equals(type);
    }

    /**
     * Problems found while reading input: each with its source, pointer, message and code. The problem's own code
     * is theirs when they agree (e.g. every one a remote {@code $ref}), otherwise the general invalid-input code.
     */
    static ApiException fromInput(InvalidInputException e) {
        List<InputProblem> problems = e.problems();
        List<String> codes = problems.stream().map(InputProblem::code).distinct().toList();
        String code = codes.size() == 1 && codes.get(0) != null ? codes.get(0) : ProblemCode.INVALID_INPUT.code();
        List<Map<String, String>> listed = problems.stream().limit(LISTED_PROBLEMS)
                .map(p -> Map.of("source", p.source(), "pointer", p.pointer(), "code", String.valueOf(p.code()), "message", p.message()))
                .toList();
        String detail = problems.size() == 1 ? problems.get(0).message() : problems.size() + " problems in the input; see problems.";
        Map<String, Object> extensions = problems.size() > LISTED_PROBLEMS
                ? Map.of("problems", listed, "more", problems.size() - LISTED_PROBLEMS)
                : Map.of("problems", listed);
        return new ApiException(ProblemCode.INVALID_INPUT, code, ProblemCode.INVALID_INPUT.status(), detail, extensions);
    }

    /** Javalin's "Endpoint POST /x not found" in our words (and with the same code whoever notices it first). */
    private static ApiException noEndpoint(Context ctx) {
        return new ApiException(ProblemCode.ROUTE_NOT_FOUND, "No endpoint " + ctx.method() + " " + ctx.path() + "; see docs/api.md.");
    }

    private static ApiException wrongMethod(Context ctx) {
        return new ApiException(ProblemCode.METHOD_NOT_ALLOWED, ctx.path() + " does not take " + ctx.method() + ".");
    }

    private static ApiException fromJavalin(HttpResponseException e, Context ctx) {
        return switch (e.getStatus()) {
            case 413 -> new ApiException(ProblemCode.BODY_TOO_LARGE, e.getMessage());
            case 408 -> new ApiException(ProblemCode.BODY_TIMEOUT, e.getMessage());
            case 404 -> noEndpoint(ctx);
            case 405 -> wrongMethod(ctx);
            case 415 -> new ApiException(ProblemCode.UNSUPPORTED_MEDIA_TYPE, e.getMessage());
            default -> new ApiException(ProblemCode.BAD_PARAMETER, e.getMessage());
        };
    }

    void send(Context ctx, ApiException e) {
        // Confluent's clients read only Confluent's shape: the same refusal in it, on that API's paths.
        if (ctx.path().startsWith(CcompatEndpoints.BASE + "/") || ctx.path().equals(CcompatEndpoints.BASE)) {
            confluent(ctx, e.status(), ConfluentError.codeFor(e.status()), e.getMessage());
            return;
        }
        ctx.status(e.status()).contentType(CONTENT_TYPE).result(body(e, ctx.path()));
    }

    /** Confluent's error shape (docs/ccompat.md, "Errors"). */
    private void confluent(Context ctx, int status, int errorCode, String message) {
        ObjectNode body = mapper.createObjectNode().put("error_code", errorCode).put("message", message);
        try {
            ctx.status(status).contentType(CcompatEndpoints.MEDIA_TYPE).result(mapper.writeValueAsBytes(body));
        } catch (com.fasterxml.jackson.core.JsonProcessingException impossible) {
            ctx.status(status).result("{\"error_code\":" + errorCode + "}");
        }
    }

    /** A problem Jetty answers by itself (its title is the detail: Jetty's own reason may echo the request). */
    byte[] body(ProblemCode problem, int status, String instance) {
        return body(new ApiException(problem, problem.code(), status, problem.title() + ".", Map.of()), instance);
    }

    private byte[] body(ApiException e, String instance) {
        ObjectNode body = mapper.createObjectNode();
        body.put("type", "urn:wow-compat:problem:" + e.code());
        body.put("title", e.problem().title());
        body.put("status", e.status());
        body.put("detail", e.getMessage());
        body.put("code", e.code());
        // The path as sent, up to a bound: a path of thousands of characters is not echoed back whole.
        if (instance != null) body.put("instance", instance.length() > MAX_INSTANCE ? instance.substring(0, MAX_INSTANCE) + "..." : instance);
        e.extensions().forEach((k, v) -> body.set(k, mapper.valueToTree(v)));
        try {
            return mapper.writeValueAsBytes(body);
        } catch (com.fasterxml.jackson.core.JsonProcessingException impossible) {
            return ("{\"code\":\"" + ProblemCode.INTERNAL.code() + "\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
