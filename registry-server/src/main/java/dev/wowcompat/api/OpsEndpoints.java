package dev.wowcompat.api;

import dev.wowcompat.store.RegistryStore;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Liveness, metrics, the API's OpenAPI document, and the web page's three static files (each read once from the jar). */
final class OpsEndpoints {
    private static final byte[] HEALTHY = "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] READY = "{\"status\":\"ready\"}".getBytes(StandardCharsets.UTF_8);

    private final Metrics metrics;
    private final RegistryStore store;
    private final Readiness readiness;
    private final byte[] page;
    private final byte[] script;
    private final byte[] styles;
    private final byte[] openApi;

    OpsEndpoints(JsonResponses json, Metrics metrics, RegistryStore store, Readiness readiness) {
        this.metrics = metrics;
        this.store = store;
        this.readiness = readiness;
        this.page = resource("/web/index.html");
        this.script = resource("/web/app.js");
        this.styles = resource("/web/app.css");
        // docs/openapi.json, copied into the jar by the build: the document is kept in one place.
        this.openApi = resource("/api/openapi.json");
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

    void styles(Context ctx) {
        ctx.contentType("text/css; charset=utf-8").result(styles);
    }
}
