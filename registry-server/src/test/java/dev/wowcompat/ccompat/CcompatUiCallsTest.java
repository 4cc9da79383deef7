package dev.wowcompat.ccompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.access.Access;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestPrincipals;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The calls kafbat's kafka-ui, AKHQ and Redpanda Console make, as they make them (HTTP Basic with a token as the
 * password, their paths and query parameters), each answer checked for the members the UI reads; and the grants and
 * write log behind the writes they offer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class CcompatUiCallsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String C = "/ccompat/v7";
    private static final String READER = "ui-read-token";
    private static final String WRITER = "ui-write-token";
    private static final String DEPOSITED = "bank.account.Deposited";
    private static final String PLAIN = "{\"type\":\"object\",\"properties\":{\"sku\":{\"type\":\"string\"}}}";
    private RunningRegistry registry;

    @BeforeAll
    void start(TestDatabases databases, @TempDir Path dir) {
        TestPrincipals principals = new TestPrincipals().principal("dashboard", READER, "read")
                .principal("platform", WRITER, "read", "publish:bank-service", "publish:ui-*");
        registry = new RunningRegistry(databases.create(TestDatabases.Backend.SQLITE).open(), RegistryServer.Config.local(0)
                .withAccess(new Access(principals.read(dir), null, true)));
        registry.register("bank-service", BankManifests.bank("bank-service", "1.0.0", 1, true)).expect(401);
        registry.post("/services/bank-service/releases", BankManifests.bank("bank-service", "1.0.0", 1, true), RunningRegistry.as(WRITER)).expect(201);
        registry.post("/services/bank-service/releases", BankManifests.bank("bank-service", "1.1.0", 2, false), RunningRegistry.as(WRITER)).expect(201);
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    private static Map<String, String> basic(String user, String token) {
        return Map.of("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + token).getBytes(StandardCharsets.UTF_8)),
                "Accept", "application/vnd.schemaregistry.v1+json, application/vnd.schemaregistry+json, application/json",
                "Content-Type", "application/vnd.schemaregistry.v1+json");
    }

    private Answer get(String path) {
        return registry.get(path, basic("ui", READER)).expect(200);
    }

    private Answer send(String method, String path, String body, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(registry.base() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        basic("ui", token).forEach(b::header);
        return registry.send(b);
    }

    private static String schema(String schema) {
        return JSON.createObjectNode().put("schemaType", "JSON").put("schema", schema).toString();
    }

    private static void hasMembers(JsonNode node, String... members) {
        for (String m : members) assertTrue(node.has(m), "member " + m + " in " + node);
    }

    /** kafbat's kafka-ui: the schema list and a schema's page, then creating, checking and deleting a subject. */
    @Test
    void kafbat() {
        JsonNode subjects = get(C + "/subjects").json();
        assertTrue(subjects.isArray() && subjects.toString().contains(DEPOSITED), subjects.toString());
        JsonNode latest = get(C + "/subjects/" + DEPOSITED + "/versions/latest").json();
        hasMembers(latest, "subject", "version", "id", "schema", "schemaType");
        assertEquals("JSON", latest.path("schemaType").asText());
        assertEquals(2, latest.path("version").asInt());
        JsonNode one = get(C + "/subjects/" + DEPOSITED + "/versions/1").json();
        assertEquals(1, one.path("version").asInt());
        assertEquals("[1,2]", get(C + "/subjects/" + DEPOSITED + "/versions").body());
        // The global level, asked with a trailing slash, and a subject's with its fallback.
        assertEquals("BACKWARD", get(C + "/config/").json().path("compatibilityLevel").asText());
        assertEquals("BACKWARD", get(C + "/config/" + DEPOSITED + "?defaultToGlobal=true").json().path("compatibilityLevel").asText());
        // Creating a subject: its level, its first schema, a check, then deleting it.
        assertEquals("FULL", send("PUT", C + "/config/ui-kafbat-value", "{\"compatibility\":\"FULL\"}", WRITER).expect(200).json().path("compatibility").asText());
        JsonNode id = send("POST", C + "/subjects/ui-kafbat-value/versions", schema(PLAIN), WRITER).expect(200).json();
        hasMembers(id, "id");
        JsonNode check = send("POST", C + "/compatibility/subjects/ui-kafbat-value/versions/latest", schema(PLAIN), READER).expect(200).json();
        assertEquals(true, check.path("is_compatible").asBoolean());
        assertEquals("[1]", send("DELETE", C + "/subjects/ui-kafbat-value", null, WRITER).expect(200).body());
    }

    /** AKHQ: its level falls back to the global one on 40401; it looks schemas up by id and by content. */
    @Test
    void akhq() {
        Answer own = registry.get(C + "/config/" + DEPOSITED, basic("akhq", READER));
        assertEquals(404, own.status());
        assertEquals(40401, own.json().path("error_code").asInt());
        assertEquals("BACKWARD", get(C + "/config").json().path("compatibilityLevel").asText());
        JsonNode versions = get(C + "/subjects/" + DEPOSITED + "/versions").json();
        for (JsonNode v : versions) {
            JsonNode version = get(C + "/subjects/" + DEPOSITED + "/versions/" + v.asInt()).json();
            hasMembers(version, "subject", "version", "id", "schema", "schemaType");
            JsonNode byId = get(C + "/schemas/ids/" + version.path("id").asLong()).json();
            hasMembers(byId, "schema");
            assertEquals(version.path("schema").asText(), byId.path("schema").asText());
            JsonNode found = send("POST", C + "/subjects/" + DEPOSITED, schema(version.path("schema").asText()), READER).expect(200).json();
            assertEquals(version.path("version").asInt(), found.path("version").asInt());
        }
    }

    /** Redpanda Console: mode, types, the global level, subjects and versions with deleted ones, and where an id is used. */
    @Test
    void redpandaConsole() {
        assertEquals("READWRITE", get(C + "/mode").json().path("mode").asText());
        assertEquals("[\"JSON\"]", get(C + "/schemas/types").body());
        hasMembers(get(C + "/config").json(), "compatibilityLevel");
        JsonNode subjects = get(C + "/subjects?deleted=true").json();
        assertTrue(subjects.toString().contains(DEPOSITED), subjects.toString());
        assertEquals("[1,2]", get(C + "/subjects/" + DEPOSITED + "/versions?deleted=true").body());
        JsonNode latest = get(C + "/subjects/" + DEPOSITED + "/versions/latest?deleted=true").json();
        hasMembers(latest, "subject", "version", "id", "schema", "schemaType", "references");
        long id = latest.path("id").asLong();
        JsonNode uses = get(C + "/schemas/ids/" + id + "/versions").json();
        assertEquals(DEPOSITED, uses.get(0).path("subject").asText());
        assertEquals(2, uses.get(0).path("version").asInt());
        assertEquals("[\"" + DEPOSITED + "\"]", get(C + "/schemas/ids/" + id + "/subjects").body());
        hasMembers(get(C + "/schemas/ids/" + id).json(), "schema", "schemaType");
    }

    /** Reads need the read grant; writes need publish:SUBJECT; each write is in the write log; Basic and Bearer are one principal. */
    @Test
    void grantsAndTheWriteLog() {
        Answer anonymous = registry.get(C + "/subjects");
        assertEquals(401, anonymous.status());
        assertEquals(40101, anonymous.json().path("error_code").asInt());
        Answer wrong = registry.get(C + "/subjects", basic("ui", "not-a-token"));
        assertEquals(401, wrong.status());
        Answer reader = send("POST", C + "/subjects/ui-grants-value/versions", schema(PLAIN), READER);
        assertEquals(403, reader.status(), reader.body());
        assertEquals(40301, reader.json().path("error_code").asInt());
        Answer outside = send("POST", C + "/subjects/other-value/versions", schema(PLAIN), WRITER);
        assertEquals(403, outside.status(), outside.body());
        send("POST", C + "/subjects/ui-grants-value/versions", schema(PLAIN), WRITER).expect(200);
        // The same token as a Bearer is the same principal.
        registry.get(C + "/subjects/ui-grants-value/versions", Map.of("Authorization", "Bearer " + READER)).expect(200);
        JsonNode log = registry.get("/write-log?service=ui-grants-value", RunningRegistry.as(WRITER)).expect(200).json();
        List<String> rows = new java.util.ArrayList<>();
        for (JsonNode e : log.path("entries")) rows.add(e.path("principal").asText() + " " + e.path("method").asText() + " " + e.path("route").asText() + " " + e.path("version").asText() + " " + e.path("status").asInt());
        assertTrue(rows.contains("platform POST /ccompat/v7/subjects/{subject}/versions 1 200"), log.toString());
        assertTrue(rows.contains("dashboard POST /ccompat/v7/subjects/{subject}/versions null 403"), log.toString());
    }
}
