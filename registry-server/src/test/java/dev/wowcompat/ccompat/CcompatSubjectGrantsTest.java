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
import java.util.ArrayList;
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
 * {@code publish:SUBJECT} for every name a plain subject may have (docs/ccompat.md, "Tokens, grants and limits"):
 * dots, capitals, underscores, a topic's name with -value. Each grant is tried over HTTP as Confluent's clients send
 * it (Basic, the token as the password) and as a Bearer, on SQLite, and each must allow its own subject only: not a
 * neighbour of its name, not the same name in another case, not a service's releases.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class CcompatSubjectGrantsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String C = "/ccompat/v7";
    private static final String ACME = "acme-token";
    private static final String ORDERS = "orders-token";
    private static final String BILLING = "billing-token";
    private static final String BANK = "bank-token";
    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"sku\":{\"type\":\"string\"}}}";
    private RunningRegistry registry;

    @BeforeAll
    void start(TestDatabases databases, @TempDir Path dir) {
        TestPrincipals principals = new TestPrincipals()
                .principal("acme-ci", ACME, "publish:com.acme.Order", "publish:Topic_Name-value")
                .principal("orders-ci", ORDERS, "publish:orders-value")
                .principal("billing-ci", BILLING, "publish:com.acme.billing.*")
                .principal("bank-ci", BANK, "publish:bank-service");
        registry = new RunningRegistry(databases.create(TestDatabases.Backend.SQLITE).open(), RegistryServer.Config.local(0)
                .withAccess(new Access(principals.read(dir), null, false)));
    }

    @AfterAll
    void stop() {
        registry.close();
    }

    private static Map<String, String> basic(String token) {
        return Map.of("Authorization", "Basic " + Base64.getEncoder().encodeToString(("any-user:" + token).getBytes(StandardCharsets.UTF_8)),
                "Content-Type", "application/vnd.schemaregistry.v1+json");
    }

    private static Map<String, String> bearer(String token) {
        return Map.of("Authorization", "Bearer " + token, "Content-Type", "application/vnd.schemaregistry.v1+json");
    }

    private Answer send(String method, String path, String body, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(registry.base() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(b::header);
        return registry.send(b);
    }

    private Answer register(String subject, Map<String, String> auth) {
        String body = JSON.createObjectNode().put("schemaType", "JSON").put("schema", SCHEMA).toString();
        return send("POST", C + "/subjects/" + subject + "/versions", body, auth);
    }

    private static void refused(Answer a, String grant) {
        assertEquals(403, a.status(), a.body());
        assertEquals(40301, a.json().path("error_code").asInt(), a.body());
        assertTrue(a.json().path("message").asText().contains(grant), "names the grant " + grant + ": " + a.body());
    }

    @Test
    void aSubjectGrantWritesItsSubjectByBasicAndByBearer() {
        assertTrue(register("com.acme.Order", basic(ACME)).expect(200).json().path("id").isIntegralNumber());
        register("Topic_Name-value", bearer(ACME)).expect(200);
        send("PUT", C + "/config/com.acme.Order", "{\"compatibility\":\"FULL\"}", bearer(ACME)).expect(200);
        assertEquals("FULL", registry.get(C + "/config/com.acme.Order").expect(200).json().path("compatibilityLevel").asText());
        send("DELETE", C + "/config/com.acme.Order", null, basic(ACME)).expect(200);
        send("DELETE", C + "/subjects/Topic_Name-value/versions/1", null, basic(ACME)).expect(200);
        register("orders-value", basic(ORDERS)).expect(200);
        register("com.acme.billing.Invoice", basic(BILLING)).expect(200);
        register("com.acme.billing.v2.Invoice_Line", bearer(BILLING)).expect(200);

        List<String> rows = new ArrayList<>();
        JsonNode log = registry.get("/write-log?limit=100").expect(200).json();
        for (JsonNode e : log.path("entries")) rows.add(e.path("principal").asText() + " " + e.path("service").asText() + " " + e.path("status").asInt());
        for (String row : List.of("acme-ci com.acme.Order 200", "acme-ci Topic_Name-value 200", "orders-ci orders-value 200",
                "billing-ci com.acme.billing.Invoice 200")) {
            assertTrue(rows.contains(row), row + " in " + rows);
        }
        // The write log's service filter takes a subject's name, as the log names a subject write's subject so.
        List<String> acme = new ArrayList<>();
        for (JsonNode e : registry.get("/write-log?service=com.acme.Order&principal=acme-ci").expect(200).json().path("entries")) {
            acme.add(e.path("principal").asText() + " " + e.path("method").asText() + " " + e.path("service").asText() + " " + e.path("status").asInt());
        }
        assertEquals(List.of("acme-ci DELETE com.acme.Order 200", "acme-ci PUT com.acme.Order 200", "acme-ci POST com.acme.Order 200"), acme);
    }

    @Test
    void aSubjectGrantWritesNoOtherSubject() {
        refused(register("com.acme.Order-value", basic(ACME)), "publish:com.acme.Order-value");
        refused(register("com.acme.order", bearer(ACME)), "publish:com.acme.order");
        refused(register("com.acme.Orders", basic(ACME)), "publish:com.acme.Orders");
        refused(register("Topic_Name-key", basic(ACME)), "publish:Topic_Name-key");
        refused(register("orders-key", basic(ORDERS)), "publish:orders-key");
        refused(register("orders-value2", bearer(ORDERS)), "publish:orders-value2");
        refused(register("com.acme.billingX", basic(BILLING)), "publish:com.acme.billingX");
        refused(register("com.acme.Order", basic(BILLING)), "publish:com.acme.Order");
        refused(send("PUT", C + "/config/com.acme.Other", "{\"compatibility\":\"NONE\"}", basic(ACME)), "publish:com.acme.Other");
        refused(register("bank.Deposited", basic(BANK)), "publish:bank.Deposited");
    }

    @Test
    void aSubjectGrantRegistersNoRelease() {
        String release = BankManifests.bank("bank-service", "1.0.0", 1, true);
        for (String token : List.of(ACME, ORDERS, BILLING)) {
            Answer a = registry.post("/services/bank-service/releases", release, RunningRegistry.as(token));
            assertEquals(403, a.status(), a.body());
            assertEquals("wow-compat.auth.forbidden", a.code());
            assertEquals("publish:bank-service", a.json().path("grant").asText());
            Answer basic = registry.post("/services/bank-service/releases", release, basic(token));
            assertEquals(403, basic.status(), basic.body());
        }
        registry.post("/services/bank-service/releases", release, basic(BANK)).expect(201);
    }

    /**
     * A token that is not accepted is answered in terms of what was sent (docs/ccompat.md, "Tokens, grants and
     * limits"): as Basic's password, or as a Bearer; 401, Confluent's 40101 here and the problem code elsewhere.
     */
    @Test
    void aTokenNotAcceptedIsNamedAsItWasSent() {
        Answer basic = register("com.acme.Order", basic("not-a-token"));
        assertEquals(401, basic.status(), basic.body());
        assertEquals(40101, basic.json().path("error_code").asInt(), basic.body());
        assertEquals("The password (a token) of the Basic credentials is not accepted.", basic.json().path("message").asText());
        Answer bearer = register("com.acme.Order", bearer("not-a-token"));
        assertEquals(401, bearer.status(), bearer.body());
        assertEquals(40101, bearer.json().path("error_code").asInt(), bearer.body());
        assertEquals("The bearer token is not accepted.", bearer.json().path("message").asText());
        Answer release = registry.post("/services/bank-service/releases", BankManifests.bank("bank-service", "1.0.0", 1, true),
                basic("not-a-token"));
        assertEquals(401, release.status(), release.body());
        assertEquals("wow-compat.auth.token-invalid", release.code());
        assertEquals("The password (a token) of the Basic credentials is not accepted.", release.json().path("detail").asText());
    }
}
