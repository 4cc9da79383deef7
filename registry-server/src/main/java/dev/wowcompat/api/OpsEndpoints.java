package dev.wowcompat.api;

import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Liveness, metrics, and the web page's three static files (read once from the jar). */
final class OpsEndpoints {
    private static final byte[] HEALTHY = "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8);

    private final Metrics metrics;
    private final byte[] page;
    private final byte[] script;
    private final byte[] styles;

    OpsEndpoints(JsonResponses json, Metrics metrics) {
        this.metrics = metrics;
        this.page = resource("/web/index.html");
        this.script = resource("/web/app.js");
        this.styles = resource("/web/app.css");
    }

    private static byte[] resource(String path) {
        try (InputStream in = OpsEndpoints.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException(path + " is missing from the jar");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Liveness only: it must stay cheap, it is what load balancers poll. */
    void health(Context ctx) {
        ctx.contentType(JsonResponses.JSON).result(HEALTHY);
    }

    void metrics(Context ctx) {
        ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(metrics.scrape());
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
