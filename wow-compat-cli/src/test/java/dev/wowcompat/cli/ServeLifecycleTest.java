package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.wowcompat.testing.RawHttp;
import dev.wowcompat.testing.ServerProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wow-compat serve} as a process of its own: it survives 400 stalled connections, stops on SIGTERM and
 * SIGINT with exit 0 after finishing the request in flight, says it is ready only once its demo data is loaded,
 * and refuses to start with a blank token list or an absurd body limit.
 */
class ServeLifecycleTest {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @TempDir
    Path dir;

    private static HttpResponse<String> get(String url, Duration timeout) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(url)).timeout(timeout).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The heap in use, in bytes, as the server's own /metrics reports it. */
    private static double heapUsed(String base) throws Exception {
        Matcher m = Pattern.compile("(?m)^jvm_memory_used_bytes\\{area=\"heap\"[^}]*} (\\S+)").matcher(get(base + "/metrics", Duration.ofSeconds(5)).body());
        double sum = 0;
        while (m.find()) sum += Double.parseDouble(m.group(1));
        return sum;
    }

    @Test
    void fourHundredStalledConnectionsLeaveHealthAnsweringWithinASecondAndMemoryBounded() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir.resolve("load.db"))) {
            List<RawHttp> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 400; i++) {
                    // From 100 addresses, so the per-client cap alone does not turn them away.
                    RawHttp c = RawHttp.connect(server.base(), "127.0.1." + (1 + i % 100));
                    stalled.add(c);
                    switch (i % 4) {
                        case 0 -> c.postHeaders("/validate", 16L * 1024 * 1024).send("{\"payload\":");
                        case 1 -> c.postHeaders("/services/bank/releases/check", 16L * 1024 * 1024).send("{");
                        case 2 -> c.postHeaders("/validate", 16L * 1024 * 1024);
                        default -> c.send("GET /services HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
                    }
                }
                for (int i = 0; i < 5; i++) {
                    long start = System.nanoTime();
                    HttpResponse<String> health = get(server.base() + "/health", Duration.ofSeconds(1));
                    long millis = (System.nanoTime() - start) / 1_000_000;
                    assertEquals(200, health.statusCode());
                    assertTrue(millis < 1_000, "/health took " + millis + " ms");
                    assertEquals(200, get(server.base() + "/services", Duration.ofSeconds(1)).statusCode());
                }
                double heap = heapUsed(server.base());
                // 400 declared 16 MiB bodies would be 6.4 GB if allocated up front; the process has a 256 MiB heap.
                assertTrue(heap < 200 * 1024 * 1024, "heap in use: " + heap);
            } finally {
                for (RawHttp c : stalled) c.close();
            }
            HttpRequest check = HttpRequest.newBuilder(URI.create(server.base() + "/validate"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"a\":1}")).build();
            // The server learns of the closed connections as its threads read their ends; on a busy machine that takes a moment,
            // during which it may still shed an expensive request (503). Within 10 s it must run them again.
            long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            int status;
            do {
                status = CLIENT.send(check, HttpResponse.BodyHandlers.ofString()).statusCode();
                if (status == 503) Thread.sleep(200);
            } while (status == 503 && System.nanoTime() < until);
            assertEquals(422, status, "expensive requests run again");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aStopSignalFinishesTheRequestInFlightClosesTheDatabaseAndExitsZero(String signal) throws Exception {
        // A shell starts background jobs with SIGINT ignored, the server inherits that and the JVM keeps it (as nohup
        // wants): then there is nothing to test for INT.
        assumeFalse(signal.equals("INT") && ignored(2), "SIGINT is ignored by the process running the tests");
        try (ServerProcess server = ServerProcess.start(dir.resolve(signal + ".db"));
             RawHttp inFlight = RawHttp.connect(server.base(), "127.0.0.1")) {
            String padding = " ".repeat(1024 * 1024);
            String body = "{\"a\":1}" + padding;
            inFlight.postHeaders("/validate", body.length());
            // The body keeps trickling in, so the request is under way (and not idle) for a second before the signal,
            // however loaded the machine, and still unfinished after it.
            int chunk = 16 * 1024;
            long signalAt = System.nanoTime() + 1_000_000_000L;
            boolean signalled = false;
            for (int sent = 0; sent < body.length(); sent += chunk) {
                boolean lastHalf = sent >= body.length() / 2;
                if (!signalled && (System.nanoTime() >= signalAt || lastHalf)) {
                    server.signal(signal);
                    signalled = true;
                }
                inFlight.send(body.substring(sent, Math.min(body.length(), sent + chunk)));
                Thread.sleep(25);
            }
            String answer = inFlight.readAll(10_000);
            assertTrue(answer.startsWith("HTTP/1.1 422"), "the request in flight is answered: " + answer);
            assertEquals(0, server.exitCode(30), server.output());
            assertTrue(server.output().contains("stopped"), server.output());
        }
    }

    /** Whether this process ignores the signal, by the mask Linux reports in /proc/self/status (false elsewhere). */
    private static boolean ignored(int signal) throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!java.nio.file.Files.isReadable(status)) return false;
        for (String line : java.nio.file.Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << (signal - 1))) != 0;
        }
        return false;
    }

    @Test
    void readyOnlyOnceTheDemoIsLoaded() throws Exception {
        try (ServerProcess server = ServerProcess.start(dir.resolve("demo.db"), "--demo")) {
            // The address is printed once start-up work is done: from then on it is ready and holds the demo.
            assertEquals(200, get(server.base() + "/ready", Duration.ofSeconds(5)).statusCode());
            assertTrue(get(server.base() + "/services", Duration.ofSeconds(5)).body().contains("bank-service"));
        }
    }

    @Test
    void anAddressInUseIsNamedInOneSentenceWithExit2() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            ServerProcess.Refusal r = ServerProcess.refusalOnPort(port, "--db", dir.resolve("p.db").toString());
            assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.output());
            assertEquals(List.of("wow-compat serve: 127.0.0.1:" + port
                            + " is already in use: stop what runs there, or choose another --port"),
                    r.output().lines().toList(), "one sentence, and no Javalin log line or exception before or after it");
        }
    }

    @Test
    void anAddressOfAnotherMachineIsNotCalledInUse() throws Exception {
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine.
        ServerProcess.Refusal r = ServerProcess.refusal(Map.of(), "--host", "192.0.2.1", "--open-writes", "--db", dir.resolve("h.db").toString());
        assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.output());
        assertEquals(1, r.output().lines().count(), r.output());
        assertTrue(r.output().startsWith("wow-compat serve: cannot listen on 192.0.2.1:0: "), r.output());
        assertTrue(!r.output().contains("in use") && !r.output().contains("Exception"), r.output());
    }

    @Test
    void anAddressBeyondLoopbackWithoutTokensRefusesToStartUnlessWritesAreOpenedOnPurpose() throws Exception {
        ServerProcess.Refusal r = ServerProcess.refusal(Map.of(), "--host", "0.0.0.0", "--db", dir.resolve("o.db").toString());
        assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.output());
        assertEquals(1, r.output().lines().count(), r.output());
        assertTrue(r.output().startsWith("wow-compat serve: 0.0.0.0 is not a loopback address and writes need no token, so anyone who reaches it could write"), r.output());
        try (ServerProcess open = ServerProcess.start(dir.resolve("open.db"), "--host", "0.0.0.0", "--open-writes")) {
            assertTrue(String.join("\n", open.startupOutput()).contains("writes open to anyone who reaches it: --open-writes"),
                    open.output());
        }
        try (ServerProcess guarded = ServerProcess.start(dir.resolve("guarded.db"), "--host", "0.0.0.0", "--tokens",
                java.nio.file.Files.writeString(dir.resolve("tokens"), "a-token\n").toString())) {
            assertTrue(String.join("\n", guarded.startupOutput()).contains("1 token required to write"), guarded.output());
        }
    }

    @Test
    void aBlankTokenListRefusesToStartLikeAnEmptyFile() throws Exception {
        for (String blank : List.of("", "   ", " ,\n\t, ")) {
            ServerProcess.Refusal r = ServerProcess.refusal(Map.of("WOW_COMPAT_TOKENS", blank), "--db", dir.resolve("t.db").toString());
            assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.output());
            assertTrue(r.output().contains("WOW_COMPAT_TOKENS is set but holds no token"), r.output());
        }
    }

    @Test
    void aBodyLimitAboveTheCeilingOrAZeroCapRefusesToStart() throws Exception {
        ServerProcess.Refusal r = ServerProcess.refusal(Map.of(), "--db", dir.resolve("m.db").toString(), "--max-bytes", "3000000000");
        assertEquals(ExitCodes.BAD_INPUT, r.exitCode(), r.output());
        assertTrue(r.output().contains("wow-compat serve: --max-bytes 3,000,000,000 is too large: give at most 268,435,456 bytes (256.0 MiB)"), r.output());
        ServerProcess.Refusal metrics = ServerProcess.refusal(Map.of(), "--db", dir.resolve("m.db").toString(), "--metrics-need-token");
        assertEquals(ExitCodes.BAD_INPUT, metrics.exitCode(), metrics.output());
        assertTrue(metrics.output().contains("--metrics-need-token needs tokens"), metrics.output());
        ServerProcess.Refusal noCap = ServerProcess.refusal(Map.of(), "--db", dir.resolve("m.db").toString(), "--max-expensive", "0");
        assertEquals(ExitCodes.BAD_INPUT, noCap.exitCode(), noCap.output());
        assertTrue(noCap.output().contains("must be at least 1"), noCap.output());
    }
}
