package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.ServerProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code serve --demo} in a JVM of its own: registers the bundled examples and prints the page's address. */
class ServeCommandProcessTest {
    @TempDir
    Path dir;

    /** The releases the build bundled from schemas/examples/ (everything but candidates/). */
    private static long bundledReleases() throws Exception {
        java.net.URL bundled = ServeCommandProcessTest.class.getResource("/examples");
        if (bundled == null) return 0;
        Path examples = Path.of(bundled.toURI());
        try (Stream<Path> files = Files.walk(examples)) {
            return files.filter(p -> p.toString().endsWith(".json"))
                    .filter(p -> !examples.relativize(p).toString().matches("(.*/)?candidates/.*")).count();
        }
    }

    @Test
    void demoRegistersTheBundledExamplesAndPrintsTheAddress() throws Exception {
        long expected = bundledReleases();
        try (ServerProcess server = ServerProcess.start(dir.resolve("demo.db"), "--demo")) {
            String output = String.join("\n", server.startupOutput());
            assertTrue(output.contains("demo: " + expected + " example release(s) registered"), output);
            assertTrue(output.contains("listening on " + server.base() + "/"), output);
            HttpResponse<String> page = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(server.base() + "/")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("wow-compat"));
        }
    }
}
