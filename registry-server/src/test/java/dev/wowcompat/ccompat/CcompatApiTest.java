package dev.wowcompat.ccompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.PerClassRegistry;
import dev.wowcompat.testing.RunningRegistry.Answer;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Confluent-compatible API through the real server and a real SQLite file (and PostgreSQL:
 * {@link CcompatApiOnPostgresTest}): the bank's registered types as subjects, their ids, lookups, levels, plain subjects
 * registered and checked at Confluent's levels, and Confluent's error shape. Each plain subject is a test's own.
 */
class CcompatApiTest extends PerClassRegistry {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String BASE = "/ccompat/v7";
    static final String DEPOSITED = "bank.account.Deposited";
    static final String MEDIA_TYPE = "application/vnd.schemaregistry.v1+json";
    /** Deposited@1 as the bank's 1.0.0 declares it. */
    static final String DEPOSITED_1 = "{\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"integer\",\"exclusiveMinimum\":0}},\"required\":[\"amount\"]}";
    /** Deposited@2 as 1.1.0 introduces it (and 1.2.0 keeps). */
    static final String DEPOSITED_2 = "{\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"number\",\"exclusiveMinimum\":0},"
            + "\"currency\":{\"type\":\"string\",\"default\":\"EUR\"}},\"required\":[\"amount\"]}";

    @Override
    protected void fill() {
        registry.register("bank-service", BankManifests.bank("bank-service", "1.0.0", 1, true)).expect(201);
        registry.register("bank-service", BankManifests.bank("bank-service", "1.1.0", 2, false)).expect(201);
        registry.register("bank-service", BankManifests.bank("bank-service", "1.2.0", 2, true)).expect(201);
    }

    static String body(String schema) {
        return JSON.createObjectNode().put("schemaType", "JSON").put("schema", schema).toString();
    }

    Answer put(String path, String json) {
        return registry.send(HttpRequest.newBuilder(URI.create(registry.base() + path)).header("Content-Type", MEDIA_TYPE)
                .PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    static void refused(Answer a, int status, int errorCode) {
        assertEquals(status, a.status(), a.body());
        assertEquals(errorCode, a.json().path("error_code").asInt(), a.body());
        assertTrue(a.json().path("message").asText().length() > 10, a.body());
        assertEquals(MEDIA_TYPE, a.header("Content-Type"), a.body());
    }

    @Test
    void registeredTypesAreSubjects() {
        Answer all = registry.get(BASE + "/subjects").expect(200);
        assertEquals(MEDIA_TYPE, all.header("Content-Type"));
        assertTrue(strings(all.json()).containsAll(List.of("bank.account", "bank.account.Deposit", DEPOSITED, "bank.account.Withdraw")), all.body());
        assertEquals(List.of(DEPOSITED), strings(registry.get(BASE + "/subjects?subjectPrefix=bank.account.Deposite").json()));
        assertEquals(List.of(), strings(registry.get(BASE + "/subjects?subjectPrefix=nothing.here").json()));
    }

    @Test
    void aTypesVersionsAreItsDistinctSchemasInTheOrderReleasesIntroducedThem() throws Exception {
        assertEquals("[1,2]", registry.get(BASE + "/subjects/" + DEPOSITED + "/versions").expect(200).body());
        JsonNode first = registry.get(BASE + "/subjects/" + DEPOSITED + "/versions/1").expect(200).json();
        assertEquals(DEPOSITED, first.path("subject").asText());
        assertEquals(1, first.path("version").asInt());
        assertEquals("JSON", first.path("schemaType").asText());
        assertEquals(JSON.readTree(DEPOSITED_1), JSON.readTree(first.path("schema").asText()));
        JsonNode latest = registry.get(BASE + "/subjects/" + DEPOSITED + "/versions/latest").expect(200).json();
        assertEquals(2, latest.path("version").asInt());
        assertEquals(JSON.readTree(DEPOSITED_2), JSON.readTree(latest.path("schema").asText()));
        assertNotEquals(first.path("id").asLong(), latest.path("id").asLong());
        assertTrue(first.path("id").isIntegralNumber() && first.path("id").asLong() > 0, first.toString());
        assertEquals(JSON.readTree(DEPOSITED_2), JSON.readTree(registry.get(BASE + "/subjects/" + DEPOSITED + "/versions/-1/schema").expect(200).body()));
        // The state has one schema in every release: one version.
        assertEquals("[1]", registry.get(BASE + "/subjects/bank.account/versions").expect(200).body());
    }

    @Test
    void anIdNamesOneSchemaForEver() throws Exception {
        long id = registry.get(BASE + "/subjects/" + DEPOSITED + "/versions/2").json().path("id").asLong();
        assertEquals(id, registry.get(BASE + "/subjects/" + DEPOSITED + "/versions/2").json().path("id").asLong());
        JsonNode byId = registry.get(BASE + "/schemas/ids/" + id).expect(200).json();
        assertEquals("JSON", byId.path("schemaType").asText());
        assertEquals(JSON.readTree(DEPOSITED_2), JSON.readTree(byId.path("schema").asText()));
        assertEquals(JSON.readTree(DEPOSITED_2), JSON.readTree(registry.get(BASE + "/schemas/ids/" + id + "/schema").expect(200).body()));
        assertEquals(List.of(DEPOSITED), strings(registry.get(BASE + "/schemas/ids/" + id + "/subjects").expect(200).json()));
        JsonNode versions = registry.get(BASE + "/schemas/ids/" + id + "/versions").expect(200).json();
        assertEquals(JSON.readTree("[{\"subject\":\"" + DEPOSITED + "\",\"version\":2}]"), versions);
        refused(registry.get(BASE + "/schemas/ids/999999"), 404, 40403);
        refused(registry.get(BASE + "/schemas/ids/abc"), 404, 40403);
    }

    @Test
    void unknownSubjectsVersionsAndRoutesAnswerConfluentsCodes() {
        refused(registry.get(BASE + "/subjects/no.such.Type/versions"), 404, 40401);
        refused(registry.get(BASE + "/subjects/" + DEPOSITED + "/versions/3"), 404, 40402);
        refused(registry.get(BASE + "/subjects/" + DEPOSITED + "/versions/first"), 422, 42202);
        refused(registry.get(BASE + "/subjects/" + DEPOSITED + "/versions/0"), 422, 42202);
        Answer route = registry.get(BASE + "/nothing");
        assertEquals(404, route.status());
        assertEquals(404, route.json().path("error_code").asInt(), route.body());
    }

    @Test
    void lookUpFindsTheVersionHoldingASchema() throws Exception {
        JsonNode found = registry.post(BASE + "/subjects/" + DEPOSITED, body(DEPOSITED_1)).expect(200).json();
        assertEquals(1, found.path("version").asInt());
        assertEquals(DEPOSITED, found.path("subject").asText());
        // Key order and spacing do not matter: the schema is the same document.
        String reordered = "{ \"required\": [\"amount\"], \"properties\": {\"amount\": {\"exclusiveMinimum\": 0, \"type\": \"integer\"}}, \"type\": \"object\" }";
        assertEquals(1, registry.post(BASE + "/subjects/" + DEPOSITED, body(reordered)).expect(200).json().path("version").asInt());
        refused(registry.post(BASE + "/subjects/" + DEPOSITED, body("{\"type\":\"object\"}")), 404, 40403);
        refused(registry.post(BASE + "/subjects/no.such.Type", body(DEPOSITED_1)), 404, 40401);
    }

    @Test
    void aRegisteredTypeAnswersTheIdsOfItsSchemasAndRefusesOthers() {
        long id = registry.get(BASE + "/subjects/" + DEPOSITED + "/versions/1").json().path("id").asLong();
        assertEquals(id, registry.post(BASE + "/subjects/" + DEPOSITED + "/versions", body(DEPOSITED_1)).expect(200).json().path("id").asLong());
        Answer other = registry.post(BASE + "/subjects/" + DEPOSITED + "/versions", body("{\"type\":\"object\"}"));
        refused(other, 422, 42205);
        assertTrue(other.json().path("message").asText().contains("registering a release"), other.body());
        refused(put(BASE + "/config/" + DEPOSITED, "{\"compatibility\":\"NONE\"}"), 422, 42205);
        refused(registry.delete(BASE + "/subjects/" + DEPOSITED + "/versions/1"), 422, 42205);
        assertEquals("[1,2]", registry.get(BASE + "/subjects/" + DEPOSITED + "/versions").body());
    }

    @Test
    void aRegisteredTypeIsJudgedAsItsNextRelease() {
        ObjectNode compatible = (ObjectNode) BankManifests.read(DEPOSITED_2);
        // As check judges a release: a new property is staged first (read, not yet written; docs/rules.md).
        ((ObjectNode) compatible.get("properties")).putObject("note").put("type", "string").put("default", "").put("description", "A remark.")
                .put("x-wow-written", false);
        Answer yes = registry.post(BASE + "/compatibility/subjects/" + DEPOSITED + "/versions/latest?verbose=true", body(compatible.toString())).expect(200);
        assertTrue(yes.json().path("is_compatible").asBoolean(), yes.body());
        assertTrue(yes.json().path("messages").isArray() && yes.json().path("messages").isEmpty(), yes.body());
        ObjectNode changed = (ObjectNode) BankManifests.read(DEPOSITED_2);
        ((ObjectNode) changed.at("/properties/amount")).put("type", "string");
        Answer no = registry.post(BASE + "/compatibility/subjects/" + DEPOSITED + "/versions/latest?verbose=true", body(changed.toString())).expect(200);
        assertFalse(no.json().path("is_compatible").asBoolean(), no.body());
        assertTrue(strings(no.json().path("messages")).stream().anyMatch(m -> m.startsWith("field-type-changed") && m.contains("/properties/amount")), no.body());
        // Written at once, the same property is what check refuses: the previous release does not read it yet.
        ((ObjectNode) compatible.at("/properties/note")).remove("x-wow-written");
        Answer unstaged = registry.post(BASE + "/compatibility/subjects/" + DEPOSITED + "/versions/latest?verbose=true", body(compatible.toString())).expect(200);
        assertTrue(unstaged.json().path("messages").get(0).asText().startsWith("written-before-read"), unstaged.body());
        Answer quiet = registry.post(BASE + "/compatibility/subjects/" + DEPOSITED + "/versions/latest", body(changed.toString())).expect(200);
        assertEquals("{\"is_compatible\":false}", quiet.body());
    }

    @Test
    void levelsModeAndTypes() {
        assertEquals("{\"compatibilityLevel\":\"BACKWARD\"}", registry.get(BASE + "/config").expect(200).body());
        assertEquals("{\"compatibilityLevel\":\"BACKWARD\"}", registry.get(BASE + "/config/").expect(200).body());
        refused(registry.get(BASE + "/config/" + DEPOSITED), 404, 40401);
        assertEquals("{\"compatibilityLevel\":\"BACKWARD\"}", registry.get(BASE + "/config/" + DEPOSITED + "?defaultToGlobal=true").expect(200).body());
        assertEquals("{\"mode\":\"READWRITE\"}", registry.get(BASE + "/mode").expect(200).body());
        assertEquals("[\"JSON\"]", registry.get(BASE + "/schemas/types").expect(200).body());
        assertEquals("{\"mode\":\"READWRITE\"}", put(BASE + "/mode", "{\"mode\":\"READWRITE\"}").expect(200).body());
        refused(put(BASE + "/mode", "{\"mode\":\"IMPORT\"}"), 422, 42204);
        refused(put(BASE + "/config/levels-subject", "{\"compatibility\":\"SIDEWAYS\"}"), 422, 42203);
        assertEquals("{}", registry.get(BASE).expect(200).body());
    }

    static final String ORDER_1 = "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\"}},\"required\":[\"id\"]}";
    /** ORDER_1 with a new required property: documents written with ORDER_1 fail it (breaks BACKWARD). */
    static final String ORDER_REQUIRED = "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\"},\"total\":{\"type\":\"number\"}},\"required\":[\"id\",\"total\"]}";
    /** ORDER_1 without its required id: it accepts every document ORDER_1 accepts (BACKWARD holds, FORWARD breaks). */
    static final String ORDER_LOOSER = "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\"}}}";

    @Test
    void aPlainSubjectIsRegisteredAndCheckedAtItsLevel() throws Exception {
        String s = BASE + "/subjects/orders-value";
        // The level is set before the first version, as clients do.
        assertEquals("{\"compatibility\":\"BACKWARD\"}", put(BASE + "/config/orders-value", "{\"compatibility\":\"BACKWARD\"}").expect(200).body());
        assertEquals("{\"compatibilityLevel\":\"BACKWARD\"}", registry.get(BASE + "/config/orders-value").expect(200).body());
        refused(registry.get(s + "/versions"), 404, 40401);
        long first = registry.post(s + "/versions", body(ORDER_1)).expect(200).json().path("id").asLong();
        assertEquals(first, registry.post(s + "/versions", body(ORDER_1)).expect(200).json().path("id").asLong());
        Answer breaking = registry.post(s + "/versions", body(ORDER_REQUIRED));
        refused(breaking, 409, 409);
        assertTrue(breaking.json().path("message").asText().contains("BACKWARD"), breaking.body());
        Answer check = registry.post(BASE + "/compatibility/subjects/orders-value/versions/latest?verbose=true", body(ORDER_REQUIRED)).expect(200);
        assertFalse(check.json().path("is_compatible").asBoolean(), check.body());
        assertFalse(check.json().path("messages").isEmpty(), check.body());
        assertTrue(registry.post(BASE + "/compatibility/subjects/orders-value/versions/1", body(ORDER_LOOSER)).expect(200).json().path("is_compatible").asBoolean());
        long second = registry.post(s + "/versions", body(ORDER_LOOSER)).expect(200).json().path("id").asLong();
        assertNotEquals(first, second);
        assertEquals("[1,2]", registry.get(s + "/versions").body());
        JsonNode latest = registry.get(s + "/versions/latest").expect(200).json();
        assertEquals(2, latest.path("version").asInt());
        assertEquals(second, latest.path("id").asLong());
        assertEquals(JSON.readTree(ORDER_LOOSER), JSON.readTree(latest.path("schema").asText()));
        assertTrue(strings(registry.get(BASE + "/subjects").json()).contains("orders-value"));
        // FORWARD: the looser schema could not be read by the first one's readers.
        put(BASE + "/config/orders-value", "{\"compatibility\":\"FORWARD_TRANSITIVE\"}").expect(200);
        refused(registry.post(s + "/versions", body("{\"type\":\"object\"}")), 409, 409);
        put(BASE + "/config/orders-value", "{\"compatibility\":\"NONE\"}").expect(200);
        long third = registry.post(s + "/versions", body(ORDER_REQUIRED)).expect(200).json().path("id").asLong();
        assertNotEquals(second, third);
        assertEquals("[1,2,3]", registry.get(s + "/versions").body());
    }

    @Test
    void aDeletedVersionLeavesTheListButKeepsItsNumberAndId() {
        String s = BASE + "/subjects/deleted-value";
        long id = registry.post(s + "/versions", body(ORDER_1)).expect(200).json().path("id").asLong();
        put(BASE + "/config/deleted-value", "{\"compatibility\":\"NONE\"}").expect(200);
        registry.post(s + "/versions", body(ORDER_REQUIRED)).expect(200);
        assertEquals("1", registry.delete(s + "/versions/1").expect(200).body());
        assertEquals("[2]", registry.get(s + "/versions").body());
        assertEquals("[1,2]", registry.get(s + "/versions?deleted=true").body());
        refused(registry.get(s + "/versions/1"), 404, 40402);
        assertTrue(registry.get(s + "/versions/1?deleted=true").expect(200).json().path("deleted").asBoolean());
        // The id still names its schema: messages written with it stay readable.
        assertEquals(200, registry.get(BASE + "/schemas/ids/" + id).status());
        assertEquals("[2]", registry.delete(s).expect(200).body());
        refused(registry.get(s + "/versions"), 404, 40401);
        assertFalse(strings(registry.get(BASE + "/subjects").json()).contains("deleted-value"));
        assertTrue(strings(registry.get(BASE + "/subjects?deleted=true").json()).contains("deleted-value"));
        // Registered again, a schema gets the next number, never one given before.
        assertEquals(id, registry.post(s + "/versions", body(ORDER_1)).expect(200).json().path("id").asLong());
        assertEquals("[3]", registry.get(s + "/versions").body());
    }

    @Test
    void onlyJsonSchemaIsServed() {
        String s = BASE + "/subjects/formats-value/versions";
        Answer avro = registry.post(s, JSON.createObjectNode().put("schemaType", "AVRO").put("schema", "{\"type\":\"record\",\"name\":\"A\",\"fields\":[]}").toString());
        refused(avro, 422, 42201);
        assertTrue(avro.json().path("message").asText().contains("Only JSON Schema is served"), avro.body());
        refused(registry.post(s, JSON.createObjectNode().put("schema", "{\"type\":\"record\",\"name\":\"A\",\"fields\":[]}").toString()), 422, 42201);
        refused(registry.post(s, JSON.createObjectNode().put("schemaType", "PROTOBUF").put("schema", "syntax = \"proto3\";").toString()), 422, 42201);
        ObjectNode referring = (ObjectNode) BankManifests.read(body(ORDER_1));
        referring.putArray("references").addObject().put("name", "other.json").put("subject", "other").put("version", 1);
        Answer refs = registry.post(s, referring.toString());
        refused(refs, 422, 42201);
        assertTrue(refs.json().path("message").asText().contains("references"), refs.body());
        refused(registry.post(s, body("{\"type\": ")), 422, 42201);
        refused(registry.post(s, body("{\"type\": \"no-such-type\"}")), 422, 42201);
        refused(registry.post(s, "[]"), 422, 42201);
        // Members newer clients send that this registry does not use are accepted and ignored.
        ObjectNode newer = (ObjectNode) BankManifests.read(body(ORDER_1));
        newer.putObject("metadata").putObject("properties").put("owner", "team-a");
        newer.putObject("ruleSet").putArray("domainRules");
        newer.putArray("references");
        assertTrue(registry.post(s, newer.toString()).expect(200).json().path("id").asLong() > 0);
        assertEquals("[1]", registry.get(BASE + "/subjects/formats-value/versions").body());
    }

    @Test
    void aPlainSubjectMayNotTakeARegisteredName() {
        refused(registry.post(BASE + "/subjects/bank-service/versions", body(ORDER_1)), 422, 42205);
        refused(put(BASE + "/config/bank-service", "{\"compatibility\":\"NONE\"}"), 422, 42205);
        refused(registry.post(BASE + "/subjects/has%20space/versions", body(ORDER_1)), 422, 42208);
    }

    @Test
    void theGlobalLevelIsSetAndRemoved() {
        try {
            assertEquals("{\"compatibility\":\"FULL\"}", put(BASE + "/config", "{\"compatibility\":\"FULL\"}").expect(200).body());
            assertEquals("{\"compatibilityLevel\":\"FULL\"}", registry.get(BASE + "/config").body());
            assertEquals("{\"compatibilityLevel\":\"FULL\"}", registry.get(BASE + "/config/global-subject?defaultToGlobal=true").body());
            assertEquals("{\"compatibilityLevel\":\"FULL\"}", registry.delete(BASE + "/config").expect(200).body());
            assertEquals("{\"compatibilityLevel\":\"BACKWARD\"}", registry.get(BASE + "/config").body());
        } finally {
            registry.delete(BASE + "/config");
        }
    }

    @Test
    void applicationJsonIsAcceptedAsWell() {
        Answer a = registry.post(BASE + "/subjects/plain-json-value/versions", body(ORDER_1), Map.of("Content-Type", "application/json",
                "Accept", "application/json"));
        assertEquals(200, a.status(), a.body());
    }
}
