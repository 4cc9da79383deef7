package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.SchemaDoc;
import dev.wowcompat.manifest.Version;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFixturesTest {
    // Fingerprints are only compared here, so any distinct 64-hex values do.
    private static final String ACCOUNT = "a".repeat(64);
    private static final String CUSTOMER = "c".repeat(64);
    private static final String OLD = "0".repeat(64);

    @TempDir
    Path dir;

    private final StateFixtures fixtures = new StateFixtures(manifest());

    private static Manifest manifest() {
        ObjectMapper m = new ObjectMapper();
        Map<String, Manifest.Aggregate> aggregates = new LinkedHashMap<>();
        aggregates.put("bank.account", new Manifest.Aggregate("bank", "account",
                Optional.of(new Manifest.State(new SchemaDoc(m.createObjectNode().put("type", "object"), ACCOUNT), true)),
                Map.of(), Map.of(), Map.of()));
        aggregates.put("bank.customer", new Manifest.Aggregate("bank", "customer",
                Optional.of(new Manifest.State(new SchemaDoc(m.createObjectNode().put("title", "customer"), CUSTOMER), true)),
                Map.of(), Map.of(), Map.of()));
        aggregates.put("bank.ledger", new Manifest.Aggregate("bank", "ledger", Optional.empty(), Map.of(), Map.of(), Map.of()));
        return new Manifest(1, "bank-service", new Version(1, 2, 0), aggregates, m.createObjectNode());
    }

    private StateFixtures.Result verify(String name, String json) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, json);
        return fixtures.verify(file, name);
    }

    private static String ref(String aggregate) {
        return "{\"type\":{\"context\":\"bank\",\"name\":\"" + aggregate + "\"},\"tenantId\":\"t1\",\"id\":\"alice\"}";
    }

    @Test
    void aSnapshotIsJudgedAgainstItsOwnAggregate() throws IOException {
        StateFixtures.Result ok = verify("snap.json", "{\"ref\":" + ref("account") + ",\"version\":2,\"state\":{},\"schemaFingerprint\":\"" + ACCOUNT + "\"}");
        assertTrue(ok.current(), ok.message());
        // The customer's current fingerprint is not the account's.
        StateFixtures.Result wrongAggregate = verify("snap2.json", "{\"ref\":" + ref("account") + ",\"state\":{},\"schemaFingerprint\":\"" + CUSTOMER + "\"}");
        assertFalse(wrongAggregate.current());
        assertEquals("snap2.json: schemaFingerprint " + CUSTOMER + " is stale: the current state schema of bank.account is " + ACCOUNT,
                wrongAggregate.message());
    }

    @Test
    void aStateEventAndItsEnvelopeCarryTheFingerprintInState() throws IOException {
        String event = "{\"ref\":" + ref("customer") + ",\"version\":2,\"state\":{\"version\":2,\"schemaFingerprint\":\"%s\",\"state\":{}}}";
        assertTrue(verify("event.json", event.formatted(CUSTOMER)).current());
        assertFalse(verify("event-old.json", event.formatted(OLD)).current());
        String envelope = "{\"format\":1,\"kind\":\"state-event\",\"type\":\"bank.customer\",\"payload\":" + event.formatted(OLD) + "}";
        StateFixtures.Result stale = verify("envelope.json", envelope);
        assertFalse(stale.current());
        assertTrue(stale.message().contains("the current state schema of bank.customer is " + CUSTOMER), stale.message());
        String noState = "{\"format\":1,\"kind\":\"state-event\",\"type\":\"bank.customer\",\"payload\":{\"ref\":" + ref("customer") + ",\"state\":null}}";
        assertTrue(verify("no-state.json", noState).current());
    }

    @Test
    void aStateViewWithoutAggregateMustBeSomeAggregatesCurrentState() throws IOException {
        assertTrue(verify("view.json", "{\"version\":3,\"schemaFingerprint\":\"" + CUSTOMER + "\",\"state\":{}}").current());
        StateFixtures.Result stale = verify("view-old.json", "{\"version\":3,\"schemaFingerprint\":\"" + OLD + "\",\"state\":{}}");
        assertFalse(stale.current());
        assertEquals("view-old.json: schemaFingerprint " + OLD + " is stale: it is not the current state schema of any aggregate of bank-service@1.2.0",
                stale.message());
        assertTrue(verify("named.json", "{\"aggregate\":\"bank.account\",\"schemaFingerprint\":\"" + ACCOUNT + "\",\"state\":{}}").current());
    }

    @Test
    void unusableFilesAreFailuresWithTheFileName() throws IOException {
        assertEquals("ledger.json: aggregate bank.ledger has no state schema in the Manifest of bank-service@1.2.0",
                verify("ledger.json", "{\"aggregate\":\"bank.ledger\",\"schemaFingerprint\":\"" + OLD + "\"}").message());
        StateFixtures.Result notJson = verify("broken.json", "{\"schemaFingerprint\": ");
        assertFalse(notJson.current());
        assertTrue(notJson.message().startsWith("broken.json: not JSON"), notJson.message());
        StateFixtures.Result duplicate = verify("dup.json", "{\"schemaFingerprint\":\"" + ACCOUNT + "\",\"schemaFingerprint\":\"" + OLD + "\"}");
        assertFalse(duplicate.current(), duplicate.message());
        assertTrue(verify("other.json", "{\"hello\":1}").message().startsWith("other.json: has no schemaFingerprint"));
        assertEquals("gone.json: no such file", fixtures.verify(dir.resolve("gone.json"), "gone.json").message());
    }

    @Test
    void foldersExpandToTheirJsonFilesInPathOrder() throws IOException {
        Path sub = Files.createDirectories(dir.resolve("fixtures/deeper"));
        Files.writeString(dir.resolve("fixtures/b.json"), "{}");
        Files.writeString(sub.resolve("a.json"), "{}");
        Files.writeString(dir.resolve("fixtures/notes.txt"), "");
        Path single = Files.writeString(dir.resolve("single.json"), "{}");
        List<Path> files = StateFixtures.expand(List.of(single, dir.resolve("fixtures")));
        assertEquals(List.of(single, dir.resolve("fixtures/b.json"), sub.resolve("a.json")), files);
    }
}
