package dev.wowcompat.api;

import dev.wowcompat.store.OperationsStore;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Liveness, metrics, the API's OpenAPI document, and the web page's static files: the page, its styles, its entry
 * script and its modules in web/js/ (docs/architecture.md, "The web page"), each read once from the jar.
 */
final class OpsEndpoints {
    private static final byte[] HEALTHY = "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] READY = "{\"status\":\"ready\"}".getBytes(StandardCharsets.UTF_8);

    private final Metrics metrics;
    private final OperationsStore store;
    private final Readiness readiness;
    private final byte[] page;
    private final byte[] script;
    private final byte[] styles;
    private final byte[] openApi;
    /** The page's modules read so far, by file name (only files that ship, so probes cannot grow it). */
    private final Map<String, byte[]> modules = new ConcurrentHashMap<>();
    /**
     * A module's file name: one plain name in web/js/, so no separator, no dot segment and no encoded character can
     * reach outside that folder (or to the jar's other resources).
     */
    private static final Pattern MODULE_NAME = Pattern.compile("[a-z][a-z0-9-]{0,63}\\.js");
    private static final String MODULES_PATH = "/js/";

    /** Whether {@code path} names one of the page's modules: the page's static files stay open when reads need a token. */
    static boolean isModulePath(String path) {
        return path.startsWith(MODULES_PATH) && MODULE_NAME.matcher(path.substring(MODULES_PATH.length())).matches();
    }

    OpsEndpoints(JsonResponses json, Metrics metrics, OperationsStore store, Readiness readiness) {
        this.metrics = metrics;
        this.store = store;
        this.readiness = readiness;
        this.page = resource("/web/index.html");
        this.script = resource("/web/app.js");
        this.styles = resource("/web/app.css");
        // docs/openapi.json, copied into the jar by the build: the document is kept in one place.
        this.openApi = resource("/api/openapi.json");
    }

    /** The module {@code name} of web/js/, or empty when the name is not a module's or no such module ships. */
    Optional<byte[]> module(String name) {
        if (!MODULE_NAME.matcher(name).matches()) return Optional.empty();
        byte[] cached = modules.get(name);
        if (cached != null) return Optional.of(cached);
        Optional<byte[]> read = optionalResource("/web/js/" + name);
        read.ifPresent(body -> modules.putIfAbsent(name, body));
        return read;
    }

    private static Optional<byte[]> optionalResource(String path) {
        try (InputStream in = OpsEndpoints.class.getResourceAsStream(path)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] resource(String path) {
        try (InputStream in = OpsEndpoints.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException(path + " is missing from the jar");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Liveness only: it must stay cheap and never depend on the database (a restart would not mend the database). */
    void health(Context ctx) {
        ctx.contentType(JsonResponses.JSON).result(HEALTHY);
    }

    /**
     * Readiness, for a load balancer in front of several nodes and for clients waiting for a fresh server: 503
     * (not-ready) until start-up work (the demo releases, and the check cache they fill) is done, then one small
     * query, so a node that cannot reach its database answers 503 (store-unavailable) and is taken out of
     * rotation until it can again.
     */
    void ready(Context ctx) {
        if (!readiness.ready()) {
            ctx.header("Retry-After", "1");
            throw new ApiException(ProblemCode.NOT_READY, "The registry is still loading; /health answers while it does.");
        }
        store.ping();
        ctx.contentType(JsonResponses.JSON).result(READY);
    }

    void metrics(Context ctx) {
        ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(metrics.scrape());
    }

    void openApi(Context ctx) {
        ctx.contentType(JsonResponses.JSON).result(openApi);
    }

    void page(Context ctx) {
        ctx.contentType("text/html; charset=utf-8").result(page);
    }

    void script(Context ctx) {
        ctx.contentType("text/javascript; charset=utf-8").result(script);
    }

    /** A module of the page, as {@code text/javascript}: the type browsers require before they run a module script. */
    void module(Context ctx) {
        String name = ctx.pathParam("file");
        byte[] body = module(name).orElseThrow(() -> new ApiException(ProblemCode.ROUTE_NOT_FOUND, "The page has no module '" + name + "'."));
        ctx.contentType("text/javascript; charset=utf-8").result(body);
    }

    void styles(Context ctx) {
        ctx.contentType("text/css; charset=utf-8").result(styles);
    }
}
