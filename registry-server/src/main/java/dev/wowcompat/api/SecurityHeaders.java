package dev.wowcompat.api;

import io.javalin.http.Context;

/**
 * Headers on every answer: the page loads only its own script and styles (no inline script), is never framed,
 * sends no referrer elsewhere, and no answer is sniffed into another content type.
 */
final class SecurityHeaders {
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private SecurityHeaders() {}

    static void add(Context ctx) {
        ctx.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("X-Frame-Options", "DENY");
        ctx.header("Referrer-Policy", "no-referrer");
    }
}
