package dev.wowcompat.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The web page's files as a browser fetches them: every module the page imports, with the type and headers it needs. */
class OpsEndpointsTest {
    /** The page's sources, read from the module's folder (not from the server) so a missing route shows. */
    private static final Path WEB = Path.of("src/main/resources/web");
    private static final Pattern IMPORT = Pattern.compile("from '\\./(?:js/)?([^']+)'");

    @TempDir
    static Path dir;
    private static RunningRegistry registry;

    @BeforeAll
    static void start() {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
    }

    @AfterAll
    static void stop() {
        registry.close();
    }

    @Test
    void everyImportedModuleIsServedAsJavaScriptUnderThePagePolicy() throws IOException {
        TreeSet<String> imported = new TreeSet<>();
        try (Stream<Path> files = Stream.concat(Stream.of(WEB.resolve("app.js")), Files.list(WEB.resolve("js")))) {
            for (Path file : files.toList()) {
                Matcher m = IMPORT.matcher(Files.readString(file));
                while (m.find()) imported.add(m.group(1));
            }
        }
        try (Stream<Path> files = Files.list(WEB.resolve("js"))) {
            assertEquals(new TreeSet<>(files.map(f -> f.getFileName().toString()).toList()), imported,
                    "every module in web/js is imported, and every import names a file there");
        }
        for (String module : imported) {
            Answer a = registry.get("/js/" + module);
            assertEquals(200, a.status(), module);
            assertEquals("text/javascript; charset=utf-8", a.header("Content-Type"), module);
            assertTrue(a.header("Content-Security-Policy").contains("script-src 'self'"), module);
            assertEquals("nosniff", a.header("X-Content-Type-Options"), module);
            assertEquals(Files.readString(WEB.resolve("js").resolve(module)), a.body(), module);
        }
        assertTrue(registry.get("/").body().contains("<script type=\"module\" src=\"/app.js\"></script>"));
    }

    @Test
    void aPathOutOfTheFolderIsRefused() throws IOException {
        for (String target : List.of("/js/..%2Fapp.js", "/js/%2e%2e%2Fapi%2Fopenapi.json", "/js/..%2F..%2Fweb%2Fapp.js",
                "/js/APP.JS", "/js/router.js%00", "/js/.router.js")) {
            Answer a = registry.send(HttpRequest.newBuilder(URI.create(registry.base() + target)));
            assertTrue(a.status() == 400 || a.status() == 404, target + " → " + a.status());
            assertFalse(a.body().contains("import {") || a.body().contains("\"openapi\""), target);
        }
        // A raw ../ as the browser would not send it (HttpClient and browsers resolve dot segments first).
        for (String target : List.of("/js/../app.js", "/js/../../api/openapi.json", "/js/../web/js/router.js")) {
            String answer = raw(target);
            String status = answer.substring(0, answer.indexOf("\r\n"));
            assertTrue(status.contains(" 400 ") || status.contains(" 404 "), target + " → " + status);
            assertFalse(answer.contains("import {") || answer.contains("\"openapi\""), target);
        }
        assertEquals(404, registry.get("/js/no-such-module.js").status());
        assertEquals("wow-compat.request.not-found", registry.get("/js/no-such-module.js").code());
        assertFalse(OpsEndpoints.isModulePath("/js/../app.js"));
        assertFalse(OpsEndpoints.isModulePath("/js/views/home.js"));
        assertTrue(OpsEndpoints.isModulePath("/js/router.js"));
    }

    private static String raw(String target) throws IOException {
        URI base = URI.create(registry.base());
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + target + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort() + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
