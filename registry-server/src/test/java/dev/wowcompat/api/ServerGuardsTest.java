package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RawHttp;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each bound on what one request or one client may cost, against the real server on a loopback port: the idle
 * timeout that drops a stalled body, the caps on expensive requests (per client 429, in all 503, both with
 * Retry-After) while cheap reads flow, the listed-violations cap, the body ceiling, and Jetty's own refusals as
 * problem+json. Clients are told apart by their loopback source address (127.0.0.x).
 */
class ServerGuardsTest {
    /** Codes these tests provoke (so {@link RegistryApiTest}'s catalogue check leaves them to this class). */
    static final Set<String> CODES = Set.of(ProblemCode.BODY_TIMEOUT.code(), ProblemCode.MALFORMED_REQUEST.code(),
            ProblemCode.URI_TOO_LONG.code(), ProblemCode.HEADERS_TOO_LARGE.code(), ProblemCode.TOO_MANY_REQUESTS.code(),
            ProblemCode.BUSY.code(), ProblemCode.NOT_READY.code());

    @TempDir
    Path dir;

    private RunningRegistry registry(Guards guards) {
        return new RunningRegistry(dir.resolve("registry-" + System.nanoTime() + ".db"), RegistryServer.Config.local(0).withGuards(guards));
    }

    private static void problem(String raw, int status, String code) {
        assertTrue(raw.startsWith("HTTP/1.1 " + status), raw);
        assertTrue(raw.toLowerCase().contains("content-type: application/problem+json"), raw);
        assertTrue(raw.contains("\"code\":\"" + code + "\""), raw);
    }

    @Test
    void aStalledBodyIsDroppedAfterTheIdleTimeoutAndFreesItsPlace() throws Exception {
        Guards guards = Guards.defaults().withIdleTimeout(Duration.ofSeconds(1)).withExpensive(1, 1);
        try (RunningRegistry registry = registry(guards);
             RawHttp stalled = RawHttp.connect(registry.base(), "127.0.0.2")) {
            stalled.postHeaders("/validate", 16L * 1024 * 1024).send("{\"payload\":");
            Thread.sleep(200);
            assertEquals(503, registry.post("/validate", "{\"a\":1}").status(), "the one place is held by the stalled body");
            long start = System.nanoTime();
            String answer = stalled.readAll(5_000);
            assertTrue(System.nanoTime() - start < 4_000_000_000L, "dropped after the 1 s idle timeout");
            problem(answer, 408, "wow-compat.request.body-timeout");
            assertTrue(answer.contains("Connection: close"), answer);
            assertTrue(stalled.closedWithin(2_000), "the stalled connection is dropped: " + answer);
            // On a connection of its own: the client's pooled one, idle as long as the server's 1 s timeout, may be
            // closed by the server just as it is reused.
            try (RawHttp after = RawHttp.connect(registry.base(), "127.0.0.3")) {
                String body = "{\"a\":1}";
                after.postHeaders("/validate", body.length()).send(body);
                assertTrue(after.readAll(5_000).startsWith("HTTP/1.1 422"), "the place is free again");
            }
        }
    }

    @Test
    void oneClientMayRunOnlyItsShareOfExpensiveRequestsWhileReadsFlow() throws Exception {
        try (RunningRegistry registry = registry(Guards.defaults().withExpensive(8, 1));
             RawHttp stalled = RawHttp.connect(registry.base(), "127.0.0.1")) {
            stalled.postHeaders("/validate", 1000).send("{");
            Thread.sleep(200);
            Answer refused = registry.post("/services/bank/releases/check", BankManifests.bank("1.0.0"));
            assertEquals(429, refused.status(), refused.body());
            assertEquals("wow-compat.server.too-many-requests", refused.code());
            assertEquals("1", refused.header("Retry-After"));
            assertEquals(200, registry.get("/services").status());
            assertEquals(200, registry.get("/health").status());
            try (RawHttp other = RawHttp.connect(registry.base(), "127.0.0.3")) {
                String body = "{\"a\":1}";
                other.postHeaders("/validate", body.length()).send(body);
                assertTrue(other.readAll(5_000).startsWith("HTTP/1.1 422"), "another client is not held back");
            }
        }
    }

    @Test
    void expensiveRequestsBeyondTheCapInAllAreAnswered503AtOnce() throws Exception {
        try (RunningRegistry registry = registry(Guards.defaults().withExpensive(2, 1));
             RawHttp a = RawHttp.connect(registry.base(), "127.0.0.2");
             RawHttp b = RawHttp.connect(registry.base(), "127.0.0.3");
             RawHttp c = RawHttp.connect(registry.base(), "127.0.0.4")) {
            a.postHeaders("/validate", 1000).send("{");
            b.postHeaders("/verify/state", 1000).send("{");
            Thread.sleep(300);
            String body = "{\"a\":1}";
            long start = System.nanoTime();
            String raw = c.postHeaders("/validate", body.length()).send(body).readAll(5_000);
            assertTrue(System.nanoTime() - start < 2_000_000_000L, "refused at once, not queued");
            problem(raw, 503, "wow-compat.server.busy");
            assertTrue(raw.contains("Retry-After: 1"), raw);
            assertEquals(200, registry.get("/types?q=x").status());
        }
    }

    @Test
    void onlyTheFirstViolationsAreListedWithTheirCount() {
        try (RunningRegistry registry = registry(Guards.defaults().withListedViolations(3))) {
            String signals = "[" + String.join(",", java.util.Collections.nCopies(20, "{}")) + "]";
            JsonNode answer = registry.post("/validate?structure=wait-signal", signals).json();
            assertFalse(answer.path("valid").asBoolean());
            assertEquals(3, answer.path("violations").size(), answer.toString());
            assertTrue(answer.path("violationCount").asInt() >= 20, answer.toString());
            assertTrue(answer.path("violationsTruncated").asBoolean());
        }
    }

    @Test
    void aDeclaredLengthCostsNothingUntilSentAndOverTheLimitIsRefusedUnread() throws Exception {
        try (RunningRegistry registry = new RunningRegistry(dir.resolve("small.db"),
                RegistryServer.Config.local(0).withLimits(InputLimits.defaults().withMaxBytes(1024)));
             RawHttp huge = RawHttp.connect(registry.base(), "127.0.0.2");
             RawHttp chunked = RawHttp.connect(registry.base(), "127.0.0.3")) {
            problem(huge.postHeaders("/validate", 200L * 1024 * 1024 * 1024).send("{").readAll(5_000), 413, "wow-compat.input.too-large");
            String chunk = "x".repeat(2000);
            chunked.send("POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n0\r\n\r\n");
            problem(chunked.readAll(5_000), 413, "wow-compat.input.too-large");
        }
    }

    /**
     * Jetty's idle timeout starts again at every byte: a request whose headers trickle one byte a second stayed open
     * for as long as its sender liked. Its headers now have a total time: closed within the deadline and a margin,
     * well before the idle timeout could have, while a slow but complete request (and the next one on the same
     * connection) is answered.
     */
    @Test
    void headersThatTrickleAreClosedAtTheirDeadlineWhileSlowCompleteRequestsAreAnswered() throws Exception {
        Guards guards = Guards.defaults().withIdleTimeout(Duration.ofSeconds(10)).withHeaderDeadline(Duration.ofSeconds(3));
        try (RunningRegistry registry = registry(guards)) {
            try (RawHttp trickle = RawHttp.connect(registry.base(), "127.0.0.2")) {
                String request = "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + "s".repeat(60) + "\r\n\r\n";
                long start = System.nanoTime();
                boolean closed = false;
                for (int i = 0; i < request.length() && !closed; i++) {
                    try {
                        trickle.send(request.substring(i, i + 1));
                    } catch (java.io.IOException reset) {
                        closed = true;
                        break;
                    }
                    closed = trickle.closedWithin(1_000);
                }
                long seconds = (System.nanoTime() - start) / 1_000_000_000L;
                assertTrue(closed, "a connection trickling its headers is closed");
                assertTrue(seconds >= 2 && seconds <= 5, "closed at the 3 s deadline (and a margin), not before and not at the 10 s "
                        + "idle timeout: after " + seconds + " s");
            }
            try (RawHttp slow = RawHttp.connect(registry.base(), "127.0.0.3")) {
                // Each request's headers in four parts over some 0.9 s, well under the deadline, 0.3 s after the
                // previous answer; four of them keep the connection open past 3 s: each request's headers have their
                // own time.
                long opened = System.nanoTime();
                for (int round = 0; round < 4; round++) {
                    List<String> parts = List.of("GET /health HT", "TP/1.1\r\nHos", "t: localhost\r\n", "X-Slow: yes\r\n\r\n");
                    for (int i = 0; i < parts.size(); i++) {
                        if (i > 0) Thread.sleep(300);
                        slow.send(parts.get(i));
                    }
                    String answer = slow.readAll(5_000);
                    assertTrue(answer.startsWith("HTTP/1.1 200"), "round " + round + ": " + answer);
                    Thread.sleep(300);
                }
                assertTrue(System.nanoTime() - opened > 3_000_000_000L, "the connection outlived one deadline");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Guards.defaults().withHeaderDeadline(Duration.ofSeconds(31)),
                "the deadline is at most 30 s");
        assertEquals(Duration.ofSeconds(20), Guards.defaults().headerDeadline());
    }

    @Test
    void theBodyLimitHasACeiling() {
        RegistryServer.Config local = RegistryServer.Config.local(0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> local.withLimits(InputLimits.defaults().withMaxBytes(3L * 1024 * 1024 * 1024)));
        assertTrue(e.getMessage().contains("ceiling"), e.getMessage());
    }

    @Test
    void jettysOwnRefusalsAreProblemJson() throws Exception {
        try (RunningRegistry registry = registry(Guards.defaults())) {
            try (RawHttp c = RawHttp.connect(registry.base(), "127.0.0.1")) {
                problem(c.send("GET /health HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n").readAll(5_000), 400, "wow-compat.request.malformed");
            }
            try (RawHttp c = RawHttp.connect(registry.base(), "127.0.0.1")) {
                problem(c.send("GET /types?q=" + "a".repeat(20_000) + " HTTP/1.1\r\nHost: localhost\r\n\r\n").readAll(5_000), 414, "wow-compat.request.uri-too-long");
            }
            try (RawHttp c = RawHttp.connect(registry.base(), "127.0.0.1")) {
                problem(c.send("GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: " + "b".repeat(20_000) + "\r\n\r\n").readAll(5_000), 431, "wow-compat.request.headers-too-large");
            }
        }
    }

    @Test
    void everyAnswerCarriesTheSecurityHeaders() {
        try (RunningRegistry registry = registry(Guards.defaults())) {
            for (String path : List.of("/", "/app.js", "/app.css", "/services", "/nowhere")) {
                Answer a = registry.get(path);
                String csp = a.header("Content-Security-Policy");
                assertTrue(csp != null && csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"), path + ": " + csp);
                assertFalse(csp.contains("unsafe-inline"), csp);
                assertEquals("nosniff", a.header("X-Content-Type-Options"), path);
                assertEquals("no-referrer", a.header("Referrer-Policy"), path);
            }
        }
    }

    @Test
    void thePageHasNoInlineScriptOrStyle() throws Exception {
        String page;
        try (var in = ServerGuardsTest.class.getResourceAsStream("/web/index.html")) {
            page = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertFalse(page.matches("(?s).*<script(?![^>]*\\bsrc=)[^>]*>.*"), "an inline <script>");
        assertFalse(page.matches("(?s).*(<style|\\sstyle=|\\son[a-z]+=).*"), "inline style or handler");
    }

    @Test
    void metricsCanRequireAToken() {
        RegistryServer.Config config = RegistryServer.Config.local(0).withTokens(Tokens.of(List.of("metrics-token")))
                .withGuards(Guards.defaults().withMetricsNeedToken(true));
        try (RunningRegistry registry = new RunningRegistry(dir.resolve("metrics.db"), config)) {
            Answer refused = registry.get("/metrics");
            assertEquals(401, refused.status());
            assertEquals("wow-compat.auth.token-missing", refused.code());
            assertEquals(401, registry.get("/metrics", Map.of("Authorization", "Bearer wrong")).status());
            Answer scraped = registry.get("/metrics", Map.of("Authorization", "Bearer metrics-token"));
            assertEquals(200, scraped.status());
            assertTrue(scraped.body().contains("wowcompat_store_releases"));
        }
        assertThrows(IllegalArgumentException.class,
                () -> RegistryServer.Config.local(0).withGuards(Guards.defaults().withMetricsNeedToken(true)));
    }

    @Test
    void notReadyUntilStartUpWorkIsDoneWhileHealthAnswers() {
        try (RunningRegistry registry = new RunningRegistry(dir.resolve("ready.db"), RegistryServer.Config.local(0), false)) {
            assertEquals(200, registry.get("/health").status());
            Answer waiting = registry.get("/ready");
            assertEquals(503, waiting.status());
            assertEquals("wow-compat.server.not-ready", waiting.code());
            assertEquals("1", waiting.header("Retry-After"));
            registry.server().markReady();
            assertEquals(200, registry.get("/ready").status());
        }
    }
}
