package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP side of the registry calls, against a real HTTP server on a loopback port. */
class RegistryClientTest {
    private record Seen(String method, String path, String authorization, String contentType, byte[] body) {}

    private HttpServer server;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private volatile int status = 201;
    private volatile String answer = "{}";
    private volatile String answerType = "application/json";

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            seen.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"), exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestBody().readAllBytes()));
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", answerType);
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Test
    void registerPostsTheManifestWithTheBearerToken() throws Exception {
        byte[] manifest = "{\"manifest\":1}".getBytes(StandardCharsets.UTF_8);
        RegistryClient client = new RegistryClient(url() + "/", Optional.of("s3cret"), Duration.ofSeconds(5));
        RegistryClient.Answer a = client.register("bank-service", manifest);
        assertEquals(201, a.status());
        assertTrue(a.ok());
        Seen s = seen.get(0);
        assertEquals("POST", s.method());
        assertEquals("/services/bank-service/releases", s.path());
        assertEquals("Bearer s3cret", s.authorization());
        assertEquals("application/json", s.contentType());
        assertArrayEquals(manifest, s.body());
    }

    @Test
    void checkUsesTheDryRunPathUnderABasePathAndSendsNoTokenWithoutOne() throws Exception {
        status = 200;
        RegistryClient client = new RegistryClient(url() + "/registry", Optional.empty(), Duration.ofSeconds(5));
        assertEquals(200, client.check("bank-service", new byte[] {'{', '}'}).status());
        assertEquals("/registry/services/bank-service/releases/check", seen.get(0).path());
        assertNull(seen.get(0).authorization());
    }

    @Test
    void errorAnswersAreDescribedFromTheProblemDocument() throws Exception {
        status = 409;
        answerType = "application/problem+json";
        answer = "{\"type\":\"about:blank\",\"title\":\"Version exists\",\"status\":409,\"detail\":\"1.0.0 was registered with other content\","
                + "\"code\":\"wow-compat.release.version-exists\"}";
        RegistryClient.Answer a = new RegistryClient(url(), Optional.empty(), Duration.ofSeconds(5)).register("s", new byte[0]);
        assertEquals(409, a.status());
        assertEquals("HTTP 409 Version exists: 1.0.0 was registered with other content (wow-compat.release.version-exists)",
                RegistryClient.describe(a, new ObjectMapper()));
        status = 502;
        answerType = "text/plain";
        answer = "bad gateway";
        assertEquals("HTTP 502: bad gateway",
                RegistryClient.describe(new RegistryClient(url(), Optional.empty(), Duration.ofSeconds(5)).register("s", new byte[0]), new ObjectMapper()));
    }

    @Test
    void anUnreachableRegistryIsOneSentenceWithoutCause() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        RegistryClient client = new RegistryClient("http://127.0.0.1:" + closedPort, Optional.empty(), Duration.ofSeconds(5));
        MojoExecutionException e = assertThrows(MojoExecutionException.class, () -> client.register("s", new byte[0]));
        assertEquals("Cannot reach the wow-compat registry at http://127.0.0.1:" + closedPort + ": connection refused.", e.getMessage());
        assertNull(e.getCause());
    }

    @Test
    void aUrlThatIsNotHttpIsRefusedBeforeAnyCall() {
        MojoExecutionException e = assertThrows(MojoExecutionException.class,
                () -> new RegistryClient("registry:8081", Optional.empty(), Duration.ofSeconds(1)));
        assertEquals("The registry URL 'registry:8081' is not an http(s) URL such as http://registry.example:8081.", e.getMessage());
        assertNull(e.getCause());
    }
}
