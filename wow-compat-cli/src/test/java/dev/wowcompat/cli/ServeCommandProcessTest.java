package dev.wowcompat.cli;

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
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --demo} in a JVM of its own: registers the bundled examples, records what runs in staging and production
 * so the event's readers, the environments and "Can I deploy?" answer at once, and prints the page's address; a second
 * start on the same database says it found everything and changes nothing.
 */
class ServeCommandProcessTest {
    @TempDir
    Path dir;

    /** The releases the build bundled from schemas/examples/ (everything but candidates/). */
    private static long bundledReleases() throws Exception {
        java.net.URL bundled = ServeCommandProcessTest.class.getResource("/examples");
        if (bundled == null) return 0;
        if (bundled.getProtocol().equals("jar")) {
            // registry-server's jar, as a reactor build past `package` hands it to this module's tests.
            try (FileSystem jar = FileSystems.newFileSystem(bundled.toURI(), Map.of())) {
                return releasesUnder(jar.getPath("/examples"));
            }
        }
        return releasesUnder(Path.of(bundled.toURI()));
    }

    private static long releasesUnder(Path examples) throws Exception {
        try (Stream<Path> files = Files.walk(examples)) {
            return files.filter(p -> p.toString().endsWith(".json"))
                    .filter(p -> !examples.relativize(p).toString().matches("(.*/)?candidates/.*")).count();
        }
    }

    @Test
    void demoRegistersTheBundledExamplesAndPrintsTheAddress() throws Exception {
        long expected = bundledReleases();
        Path db = dir.resolve("demo.db");
        String environmentsBefore;
        try (ServerProcess server = ServerProcess.start(db, "--demo")) {
            String output = String.join("\n", server.startupOutput());
            assertTrue(output.contains("demo: " + expected + " example releases registered\n"
                    + "demo: deployments recorded: staging runs bank-service 1.2.0, standing-orders 1.1.0; "
                    + "production runs bank-service 1.1.0, standing-orders 1.0.0\n"), output);
            assertTrue(output.contains("listening on " + server.base() + "/"), output);
            HttpResponse<String> page = get(server.base() + "/");
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("wow-compat"));

            // The event page's readers: the consumer's releases, and what writes and reads the event in each environment.
            JsonNode readers = JSON.readTree(get(server.base() + "/events/bank.account.Deposited/readers").body());
            assertEquals("standing-orders", readers.at("/consumers/0/service").asText(), readers.toString());
            Map<String, String> current = new TreeMap<>();
            Map<String, String> consumers = new TreeMap<>();
            for (JsonNode env : readers.get("environments")) {
                current.put(env.get("name").asText(), env.get("current").asText());
                consumers.put(env.get("name").asText(), env.at("/consumers/0/service").asText() + " " + env.at("/consumers/0/version").asText());
            }
            assertEquals(Map.of("production", "1", "staging", "2"), current, "the revision each environment's bank writes");
            assertEquals(Map.of("production", "standing-orders 1.0.0", "staging", "standing-orders 1.1.0"), consumers);

            environmentsBefore = get(server.base() + "/environments").body();
            JsonNode environments = JSON.readTree(environmentsBefore).get("environments");
            assertEquals(2, environments.size(), environmentsBefore);
            for (JsonNode env : environments) assertEquals(2, env.get("running").asInt(), environmentsBefore);

            // Can I deploy? Production's consumer lags behind the revision bank-service 1.2.0 writes; staging's does not.
            HttpResponse<String> production = get(server.base() + "/can-deploy?service=bank-service&version=1.2.0&environment=production");
            assertEquals("false", production.headers().firstValue("Wow-Compat-Deployable").orElseThrow(), production.body());
            assertTrue(production.body().contains("consumer-lags") && production.body().contains("standing-orders@1.0.0"), production.body());
            HttpResponse<String> consumer = get(server.base() + "/can-deploy?service=standing-orders&version=1.1.0&environment=production");
            assertEquals("true", consumer.headers().firstValue("Wow-Compat-Deployable").orElseThrow(), consumer.body());
        }

        try (ServerProcess again = ServerProcess.start(db, "--demo")) {
            String output = String.join("\n", again.startupOutput());
            assertTrue(output.startsWith("demo: " + expected + " example releases already registered; nothing changed\n"), output);
            assertFalse(output.contains("deployments recorded"), output);
            assertEquals(environmentsBefore, get(again.base() + "/environments").body(), "no deployment recorded again");
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private static HttpResponse<String> get(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
