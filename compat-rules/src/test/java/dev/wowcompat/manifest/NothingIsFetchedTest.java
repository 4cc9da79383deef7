package dev.wowcompat.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.sun.net.httpserver.HttpServer;
import dev.wowcompat.json.SchemaDialect;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A real HTTP server on a loopback port serves a schema and counts requests: neither the reader nor the validator
 * registry it uses may ever ask it for anything.
 */
class NothingIsFetchedTest {
    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();
    private String base;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            byte[] body = "{\"type\": \"string\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/schema+json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aManifestReferringToTheServerIsRefusedWithoutARequest() {
        String doc = """
                {"manifest": 1, "service": "bank-service", "version": "1.0.0", "contexts": {"bank": {"aggregates": {"account": {
                  "commands": {"Deposit": {"schema": {"$id": "%1$s/root.json", "properties": {
                    "a": {"$ref": "%1$s/money.json"}, "b": {"$ref": "money.json"}, "c": {"$dynamicRef": "%1$s/meta#m"}}}}}}}}}}"""
                .formatted(base);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new ManifestReader().read(doc.getBytes(StandardCharsets.UTF_8), "m.json"));
        assertEquals(List.of(ProblemCodes.SCHEMA_REMOTE_REF, ProblemCodes.SCHEMA_REMOTE_REF, ProblemCodes.SCHEMA_REMOTE_REF),
                e.problems().stream().map(InputProblem::code).toList());
        assertEquals(0, requests.get());
    }

    @Test
    void theValidatorRegistryLoadsNothingButBundledMetaSchemas() {
        SchemaRegistry registry = ManifestSchema.offlineRegistry();
        assertThrows(RuntimeException.class, () -> registry.getSchema(SchemaLocation.of(base + "/money.json")).validate(
                com.fasterxml.jackson.databind.node.TextNode.valueOf("x")));
        assertThrows(RuntimeException.class, () -> registry.getSchema(SchemaLocation.of("classpath:wow-compat/schemas/manifest.schema.json"))
                .validate(com.fasterxml.jackson.databind.node.TextNode.valueOf("x")));
        assertEquals(0, requests.get());
        // The meta-schemas it does load come from the validator's own jar.
        assertTrue(registry.getSchema(SchemaLocation.of(SchemaDialect.DRAFT_2020_12.metaSchemaId()))
                .validate(new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("type", 5)).size() > 0);
    }
}
