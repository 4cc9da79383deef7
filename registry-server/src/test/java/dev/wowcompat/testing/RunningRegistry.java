package dev.wowcompat.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.store.JdbcRegistryStore;
import dev.wowcompat.store.SqliteTransactions;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** The real registry on a free loopback port over a real database, with an HTTP client for tests. */
public final class RunningRegistry implements AutoCloseable {
    private final JdbcRegistryStore store;
    private final RegistryServer server;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    public RunningRegistry(Path db, RegistryServer.Config config) {
        this(SqliteTransactions.open(db), config);
    }

    /** @param ready whether the registry says it is ready at once (as serve does once its start-up work is done) */
    public RunningRegistry(Path db, RegistryServer.Config config, boolean ready) {
        this(SqliteTransactions.open(db), config, ready);
    }

    /** The registry on a store opened by the caller; closing the registry closes the store. */
    public RunningRegistry(JdbcRegistryStore store, RegistryServer.Config config) {
        this(store, config, true);
    }

    private RunningRegistry(JdbcRegistryStore store, RegistryServer.Config config, boolean ready) {
        this(store, config, ready, java.time.Clock.systemUTC());
    }

    /** The registry on a store opened by the caller, its clock (what a window's times are checked against) the given one. */
    public RunningRegistry(JdbcRegistryStore store, RegistryServer.Config config, java.time.Clock clock) {
        this(store, config, true, clock);
    }

    private RunningRegistry(JdbcRegistryStore store, RegistryServer.Config config, boolean ready, java.time.Clock clock) {
        this.store = store;
        this.server = RegistryServer.start(store, config, clock);
        if (ready) server.markReady();
        this.base = "http://127.0.0.1:" + server.port();
    }

    public RegistryServer server() {
        return server;
    }

    public String base() {
        return base;
    }

    public JdbcRegistryStore store() {
        return store;
    }

    /** An answer: status, headers, body text and the body parsed when it is JSON. */
    public record Answer(int status, String body, HttpResponse<String> response) {
        public JsonNode json() {
            return BankManifests.read(body);
        }

        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        /** This answer, if its status is one of {@code statuses}; else a test failure showing the body. */
        public Answer expect(int... statuses) {
            for (int s : statuses) if (status == s) return this;
            throw new AssertionError("status " + status + ", expected " + java.util.Arrays.toString(statuses) + ": " + body);
        }

        /** The problem code of a problem+json answer. */
        public String code() {
            return json().path("code").asText();
        }
    }

    public Answer get(String path) {
        return get(path, Map.of());
    }

    public Answer get(String path, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).GET();
        headers.forEach(b::header);
        return send(b);
    }

    public Answer post(String path, String body) {
        return post(path, body, Map.of("Content-Type", "application/json"));
    }

    public Answer post(String path, String body, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(b::header);
        return send(b);
    }

    /** {@code POST /services/{service}/releases}: registers a Manifest. */
    public Answer register(String service, String manifest) {
        return post("/services/" + service + "/releases", manifest);
    }

    /** {@code POST /environments/{environment}/deployments}: records that a registered release runs there. */
    public Answer deploy(String environment, String service, String version) {
        return post("/environments/" + environment + "/deployments", deployment(service, version));
    }

    /** The body of {@code POST /environments/{environment}/deployments}: this release of this service runs there. */
    public static String deployment(String service, String version) {
        return "{\"service\": \"" + service + "\", \"version\": \"" + version + "\"}";
    }

    /** The headers of a JSON request sent with this bearer token (a principal's, or one of the tokens file). */
    public static Map<String, String> as(String token) {
        return Map.of("Content-Type", "application/json", "Authorization", "Bearer " + token);
    }

    public Answer delete(String path) {
        return delete(path, Map.of());
    }

    public Answer delete(String path, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).DELETE();
        headers.forEach(b::header);
        return send(b);
    }

    public Answer send(HttpRequest.Builder request) {
        try {
            // Generous: these tests check answers, not speed (performance.md measures that), and on two loaded cores a
            // window of thousands of rows on PostgreSQL has taken over 30 s; a server that hangs still fails here.
            HttpResponse<String> r = client.send(request.timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.body(), r);
        } catch (IOException e) {
            throw new AssertionError("request failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        server.close();
        store.close();
    }
}
