package dev.wowcompat.ccompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.ServerProcess;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestPrincipals;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Real clients against {@code serve} on SQLite and on PostgreSQL, with principals and reads needing a token, each
 * client authenticating with HTTP Basic (a token as the password): npm's {@code @kafkajs/confluent-schema-registry}
 * 4.1.0, installed into a temporary directory by this test, and Debian's {@code python3-confluent-kafka}
 * ({@code bin/test-tools} installs node, npm and the Python packages when they are missing).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class CcompatClientsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOKEN = "clients-test-token";
    private static final String KAFKAJS = "@kafkajs/confluent-schema-registry@4.1.0";
    private static final String DEPOSITED_2 = "{\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"number\",\"exclusiveMinimum\":0},"
            + "\"currency\":{\"type\":\"string\",\"default\":\"EUR\"}},\"required\":[\"amount\"]}";

    @TempDir
    Path dir;
    private Path nodeModules;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void installKafkajs(@TempDir Path npm) throws Exception {
        Result install = run(List.of("npm", "install", "--no-audit", "--no-fund", "--no-save", "--prefix", npm.toString(), KAFKAJS),
                Map.of(), 600);
        assertEquals(0, install.exit(), "npm install " + KAFKAJS + " (bin/test-tools installs node and npm):\n" + install.output());
        nodeModules = npm.resolve("node_modules");
        assertTrue(Files.isDirectory(nodeModules.resolve("@kafkajs/confluent-schema-registry")), install.output());
    }

    private ServerProcess serve(TestDatabases databases, TestDatabases.Backend backend) throws Exception {
        Path principals = new TestPrincipals().principal("clients", TOKEN, "read", "publish:bank-service", "publish:orders-value",
                "publish:sizes-value").write(Files.createDirectories(dir.resolve(backend.name())));
        ServerProcess server = ServerProcess.start(databases.create(backend), "--principals", principals.toString(), "--reads-need-token");
        for (String version : List.of("1.0.0", "1.1.0")) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.base() + "/services/bank-service/releases"))
                    .header("Content-Type", "application/json").header("Authorization", "Bearer " + TOKEN)
                    .POST(HttpRequest.BodyPublishers.ofString(BankManifests.bank("bank-service", version, version.equals("1.0.0") ? 1 : 2, false)))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(201, r.statusCode(), r.body());
        }
        return server;
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Backend.class)
    void kafkajsRegistersEncodesAndDecodes(TestDatabases.Backend backend, TestDatabases databases) throws Exception {
        try (ServerProcess server = serve(databases, backend)) {
            Path script = resource("kafkajs-client.js");
            Result r = run(List.of("node", script.toString(), server.base() + "/ccompat/v7", "orders-value", TOKEN),
                    Map.of("NODE_PATH", nodeModules.toString()), 120);
            assertEquals(0, r.exit(), r.output() + "\nserver:\n" + server.output());
            JsonNode out = lastJsonLine(r.output());
            long id = out.path("registeredId").asLong();
            // The id the registry itself answers for the subject's latest version, read apart from the client.
            assertEquals(id, latest(server, "orders-value").path("id").asLong(), out.toString());
            assertTrue(id > 0, out.toString());
            assertEquals(id, out.path("againId").asLong(), out.toString());
            assertEquals(id, out.path("latestId").asLong(), out.toString());
            assertTrue(out.path("schemaValidates").asBoolean(), out.toString());
            assertEquals(0, out.path("magicByte").asInt(), out.toString());
            assertEquals(id, out.path("encodedId").asLong(), out.toString());
            assertEquals(JSON.readTree("{\"id\":\"o-1\",\"total\":12.5}"), out.path("decoded"), out.toString());
            assertEquals(409, out.path("incompatible").path("status").asInt(), out.toString());
            // The schema read back by id is what the client validates with: a message it does not accept is not encoded.
            assertEquals("ConfluentSchemaRegistryValidationError", out.path("invalidEncoded").asText(), out.toString());
            // kafkajs set the subject's level (BACKWARD) after its first registration.
            assertEquals("BACKWARD", get(server, "/ccompat/v7/config/orders-value").path("compatibilityLevel").asText());
            assertEquals("[1]", getText(server, "/ccompat/v7/subjects/orders-value/versions"));
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Backend.class)
    void confluentKafkasClientReadsTypesAndRegistersPlainSubjects(TestDatabases.Backend backend, TestDatabases databases) throws Exception {
        try (ServerProcess server = serve(databases, backend)) {
            Path script = resource("confluent-kafka-client.py");
            String python = Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
            Result r = run(List.of(python, script.toString(), server.base() + "/ccompat/v7", "bank.account.Deposited", "sizes-value", TOKEN),
                    Map.of(), 120);
            assertEquals(0, r.exit(), "Debian's python3-confluent-kafka and python3-requests (bin/test-tools installs them):\n" + r.output()
                    + "\nserver:\n" + server.output());
            JsonNode out = lastJsonLine(r.output());
            List<String> subjects = new ArrayList<>();
            out.path("subjects").forEach(s -> subjects.add(s.asText()));
            assertTrue(subjects.containsAll(List.of("bank.account", "bank.account.Deposit", "bank.account.Deposited", "bank.account.Withdraw")), out.toString());
            JsonNode latest = out.path("latest");
            assertEquals(2, latest.path("version").asInt(), out.toString());
            assertEquals("bank.account.Deposited", latest.path("subject").asText());
            assertEquals("JSON", latest.path("schemaType").asText());
            assertEquals(JSON.readTree(DEPOSITED_2), latest.path("schema"));
            assertEquals(latest(server, "bank.account.Deposited").path("id").asLong(), latest.path("id").asLong());
            assertTrue(out.path("heldCompatible").asBoolean(), out.toString());
            assertFalse(out.path("changedCompatible").asBoolean(), out.toString());
            assertEquals(latest.path("id").asLong(), out.path("heldRegisteredId").asLong(), out.toString());
            assertEquals(422, out.path("changedRegistered").path("status").asInt(), out.toString());
            assertEquals(42205, out.path("changedRegistered").path("code").asInt(), out.toString());
            long plain = out.path("plainId").asLong();
            assertTrue(plain > 0 && plain != latest.path("id").asLong(), out.toString());
            assertFalse(out.path("plainBreakingCompatible").asBoolean(), out.toString());
            assertEquals(409, out.path("plainBreakingRegistered").path("status").asInt(), out.toString());
            assertEquals(42201, out.path("avroRegistered").path("code").asInt(), out.toString());
            assertEquals(plain, out.path("plainLatest").asLong(), out.toString());
            assertEquals(JSON.readTree("{\"type\":\"object\",\"properties\":{\"sku\":{\"type\":\"string\"}},\"required\":[\"sku\"]}"), out.path("plainById"));
        }
    }

    private JsonNode latest(ServerProcess server, String subject) throws Exception {
        return get(server, "/ccompat/v7/subjects/" + subject + "/versions/latest");
    }

    private JsonNode get(ServerProcess server, String path) throws Exception {
        return JSON.readTree(getText(server, path));
    }

    private String getText(ServerProcess server, String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.base() + path)).header("Authorization", "Bearer " + TOKEN)
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return r.body();
    }

    private Path resource(String name) throws IOException {
        Path file = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream("/ccompat/" + name)) {
            if (in == null) throw new AssertionError("test resource ccompat/" + name + " is missing");
            Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    private static JsonNode lastJsonLine(String output) throws IOException {
        String[] lines = output.strip().split("\n");
        return JSON.readTree(lines[lines.length - 1]);
    }

    private record Result(int exit, String output) {}

    private static Result run(List<String> command, Map<String, String> environment, int seconds) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process p;
        try {
            p = builder.start();
        } catch (IOException e) {
            return new Result(-1, command.get(0) + " could not be started: " + e.getMessage());
        }
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "timed out after " + seconds + " s:\n" + new String(out, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
