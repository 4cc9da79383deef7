package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.testing.ServerProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heap docs/deployment.md recommends (-Xmx256m, as {@link ServerProcess} starts the server) survives four
 * concurrent bodies of 16 MiB full of unknown keys: each is answered 400 or 413 problem+json, /health answers
 * meanwhile, each time sooner than the quickest body's answer (so never queued behind a body: a ratio within the run,
 * not a time, since the machine's load sets the times), and the server never runs out of memory (docs/api.md,
 * "Limits").
 */
class HeapBoundsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BODIES = 4;

    @TempDir
    Path dir;

    /** A Manifest's opening followed by unknown members of a few bytes each, up to 16 MiB. */
    static byte[] unknownKeys(int bytes) {
        StringBuilder sb = new StringBuilder(bytes);
        sb.append("{\"format\":1,\"service\":\"x\",\"version\":\"1.0.0\",\"contexts\":{}");
        for (int i = 0; sb.length() < bytes - 20; i++) sb.append(",\"k").append(i).append("\":1");
        return sb.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void fourBodiesOfUnknownKeysAreRefusedWhileHealthAnswers() throws Exception {
        byte[] body = unknownKeys(16 * 1024 * 1024 - 64);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try (ServerProcess server = ServerProcess.start(dir.resolve("registry.db"))) {
            // A first request pays for the connection and the code's first run; what is measured is /health under load.
            http.send(HttpRequest.newBuilder(URI.create(server.base() + "/health")).build(), HttpResponse.BodyHandlers.ofString());
            AtomicBoolean done = new AtomicBoolean();
            AtomicLong slowestHealth = new AtomicLong();
            CompletableFuture<Void> health = CompletableFuture.runAsync(() -> {
                while (!done.get()) {
                    long start = System.nanoTime();
                    try {
                        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.base() + "/health"))
                                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                        assertEquals(200, r.statusCode());
                        slowestHealth.accumulateAndGet((System.nanoTime() - start) / 1_000_000, Math::max);
                        Thread.sleep(100);
                    } catch (Exception e) {
                        throw new AssertionError("/health did not answer", e);
                    }
                }
            });
            List<CompletableFuture<long[]>> answers = new ArrayList<>();
            List<HttpResponse<String>> responses = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int i = 0; i < BODIES; i++) {
                long start = System.nanoTime();
                HttpRequest post = HttpRequest.newBuilder(URI.create(server.base() + "/services/x/releases/check"))
                        .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
                answers.add(http.sendAsync(post, HttpResponse.BodyHandlers.ofString()).thenApply(r -> {
                    responses.add(r);
                    return new long[] {r.statusCode(), (System.nanoTime() - start) / 1_000_000};
                }));
            }
            CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).join();
            done.set(true);
            health.join();
            for (HttpResponse<String> r : responses) {
                assertTrue(r.statusCode() == 400 || r.statusCode() == 413, r.statusCode() + " " + r.body());
                assertEquals(Problems.CONTENT_TYPE, r.headers().firstValue("Content-Type").orElse(""));
                JsonNode problem = JSON.readTree(r.body());
                assertTrue(problem.path("code").asText().startsWith("wow-compat."), r.body());
                assertTrue(r.body().length() < 1024 * 1024, "an answer of " + r.body().length() + " characters");
            }
            long quickestBody = answers.stream().mapToLong(a -> a.join()[1]).min().orElseThrow();
            assertTrue(slowestHealth.get() < quickestBody,
                    "/health took " + slowestHealth.get() + " ms, the quickest body's answer " + quickestBody + " ms");
            System.out.println("/health at most " + slowestHealth.get() + " ms; the quickest of " + BODIES + " bodies answered in " + quickestBody + " ms");
            assertFalse(server.output().contains("OutOfMemoryError"), server.output());
        }
    }
}
