package dev.wowcompat.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.wowcompat.client.RegistryException.Failure;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
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
    private volatile long delayMillis = 0;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            seen.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"), exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestBody().readAllBytes()));
            if (delayMillis > 0) {
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
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
        new RegistryClient(url(), Optional.of("  "), Duration.ofSeconds(5)).verifyState(new byte[] {'{', '}'});
        assertEquals("/verify/state", seen.get(1).path());
        assertNull(seen.get(1).authorization(), "a blank token is no token");
    }

    @Test
    void errorAnswersAreDescribedFromTheProblemDocument() throws Exception {
        status = 409;
        answerType = "application/problem+json";
        answer = "{\"type\":\"about:blank\",\"title\":\"Version exists\",\"status\":409,\"detail\":\"1.0.0 was registered with other content\","
                + "\"code\":\"wow-compat.release.version-exists\",\"problems\":[{\"pointer\":\"/events/0\",\"message\":\"changed\"}]}";
        RegistryClient.Answer a = new RegistryClient(url(), Optional.empty(), Duration.ofSeconds(5)).register("s", new byte[0]);
        assertEquals(409, a.status());
        assertTrue(a.problem());
        assertEquals("HTTP 409 Version exists: 1.0.0 was registered with other content (wow-compat.release.version-exists)", a.describe());
        assertEquals(List.of("m.json: wow-compat.release.version-exists: 1.0.0 was registered with other content", "m.json: /events/0: changed"),
                a.problemLines("m.json"));
        status = 502;
        answerType = "text/plain";
        answer = "bad gateway";
        RegistryClient.Answer text = new RegistryClient(url(), Optional.empty(), Duration.ofSeconds(5)).register("s", new byte[0]);
        assertEquals("HTTP 502: bad gateway", text.describe());
        assertTrue(text.json().isEmpty());
        assertTrue(text.tree().isMissingNode());
    }

    @Test
    void historyReadsEveryReleaseAndIsEmptyForAnUnknownService() throws Exception {
        status = 404;
        answer = "{\"code\":\"wow-compat.service.unknown\"}";
        assertEquals(List.of(), new RegistryClient(url(), Optional.empty(), Duration.ofSeconds(5))
                .history("nobody", new dev.wowcompat.manifest.ManifestReader()));
        assertEquals("GET", seen.get(0).method());
        assertEquals("/services/nobody/releases", seen.get(0).path());
        status = 500;
        answer = "{\"code\":\"wow-compat.server.error\",\"detail\":\"boom\"}";
        RegistryException e = assertThrows(RegistryException.class, () -> new RegistryClient(url(), Optional.empty(), Duration.ofSeconds(5))
                .history("bank service", new dev.wowcompat.manifest.ManifestReader()));
        assertEquals(Failure.UNEXPECTED_ANSWER, e.failure());
        assertEquals("/services/bank service/releases: " + url() + ": wow-compat.server.error: boom", e.detail());
        assertEquals("/services/bank%20service/releases", seen.get(1).path());
        status = 200;
        answerType = "text/html";
        answer = "<html>not a registry</html>";
        RegistryException html = assertThrows(RegistryException.class, () -> new RegistryClient(url(), Optional.empty(), Duration.ofSeconds(5))
                .history("bank-service", new dev.wowcompat.manifest.ManifestReader()));
        assertEquals(Failure.UNEXPECTED_ANSWER, html.failure());
        assertEquals("the registry answered HTTP 200 without a JSON body; is " + url() + " a wow-compat registry?", html.detail());
    }

    @Test
    void deploymentCallsUseTheEnvironmentPathsWithTheTokenAndAJsonBody() throws Exception {
        RegistryClient client = new RegistryClient(url() + "/registry/", Optional.of("s3cret"), Duration.ofSeconds(5));
        answer = "{\"environment\":\"staging\",\"service\":\"bank-service\",\"version\":\"1.2.0\",\"replaced\":null}";
        RegistryClient.Answer recorded = client.recordDeployment("staging", "bank-service", "1.2.0");
        assertEquals(201, recorded.status());
        assertEquals("1.2.0", recorded.tree().path("version").asText());
        Seen post = seen.get(0);
        assertEquals("POST", post.method());
        assertEquals("/registry/environments/staging/deployments", post.path());
        assertEquals("Bearer s3cret", post.authorization());
        assertEquals("application/json", post.contentType());
        assertEquals(new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"service\":\"bank-service\",\"version\":\"1.2.0\"}"),
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(post.body()));

        status = 200;
        client.undeploy("prod eu", "bank-service");
        assertEquals("DELETE", seen.get(1).method());
        assertEquals("/registry/environments/prod%20eu/deployments/bank-service", seen.get(1).path(), "path segments are encoded");
        assertEquals("Bearer s3cret", seen.get(1).authorization());
        client.environments();
        assertEquals("GET /registry/environments", seen.get(2).method() + " " + seen.get(2).path());
        client.environment("staging");
        assertEquals("GET /registry/environments/staging", seen.get(3).method() + " " + seen.get(3).path());

        // A value that needs escaping in JSON is sent as that value, not as broken JSON.
        client.recordDeployment("staging", "a\"b", "1.0.0");
        assertEquals("a\"b", new com.fasterxml.jackson.databind.ObjectMapper().readTree(seen.get(4).body()).path("service").asText());
    }

    @Test
    void anUnreachableRegistryIsOneSentenceWithoutCause() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        RegistryClient client = new RegistryClient("http://127.0.0.1:" + closedPort, Optional.empty(), Duration.ofSeconds(5));
        RegistryException e = assertThrows(RegistryException.class, () -> client.register("s", new byte[0]));
        assertEquals("http://127.0.0.1:" + closedPort + ": cannot reach the registry: connection refused (is the registry running at that address?)", e.getMessage());
        assertEquals(Failure.CONNECTION_REFUSED, e.failure());
        assertNull(e.getCause());
    }

    @Test
    void anUnknownHostIsNamedAsSuch() throws Exception {
        RegistryClient client = new RegistryClient("http://no-such-host.invalid:8081", Optional.empty(), Duration.ofSeconds(5));
        RegistryException e = assertThrows(RegistryException.class, () -> client.check("s", new byte[0]));
        assertEquals(Failure.UNKNOWN_HOST, e.failure());
        assertEquals("http://no-such-host.invalid:8081: cannot reach the registry: the host name does not resolve", e.getMessage());
    }

    @Test
    void aSlowAnswerIsATimeout() throws Exception {
        delayMillis = 3000;
        RegistryClient client = new RegistryClient(url(), Optional.empty(), Duration.ofSeconds(1));
        RegistryException e = assertThrows(RegistryException.class, () -> client.check("s", new byte[0]));
        assertEquals(Failure.TIMEOUT, e.failure());
        assertEquals(url() + ": cannot reach the registry: no answer within 1 s", e.getMessage());
    }

    @Test
    void aUrlThatIsNotHttpIsRefusedBeforeAnyCall() {
        RegistryException e = assertThrows(RegistryException.class,
                () -> new RegistryClient("registry:8081", Optional.empty(), Duration.ofSeconds(1)));
        assertEquals("The registry URL 'registry:8081' is not an http(s) URL such as http://registry.example:8081.", e.getMessage());
        assertEquals(Failure.BAD_URL, e.failure());
        assertNull(e.getCause());
        RegistryException noScheme = assertThrows(RegistryException.class,
                () -> new RegistryClient("127.0.0.1:8081", Optional.empty(), Duration.ofSeconds(1)));
        assertEquals(Failure.BAD_URL, noScheme.failure());
    }
}
