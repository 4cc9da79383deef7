package dev.wowcompat.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.check.DeploymentCheck;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.report.ReportJson;
import dev.wowcompat.testing.BankManifests;
import dev.wowcompat.testing.Fleet;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestDatabases.Backend;
import java.nio.charset.StandardCharsets;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The index of what releases read and send ({@code release_uses}), on both backends: the readers of an event and
 * can-deploy answer from it as they answered from every running Manifest, and a database whose releases were stored
 * before the index existed gets the same answers once a node has started on it (the back-fill), however often it
 * starts.
 */
@ExtendWith(TestDatabases.class)
class TypeUsesIndexTest {
    private static final String WEATHER = """
            {"manifest": 1, "service": "weather", "version": "1.0.0", "contexts": {"weather": {"aggregates": {"station": {
              "events": {"Measured": {"revisions": {"1": {"schema": {"type": "object", "properties": {"celsius": {"type": "number"}}}}}}}}}}}}
            """;
    private static final List<String[]> CANDIDATES = List.of(
            new String[] {Fleet.PRODUCER, "1.2.0", "prod"}, new String[] {Fleet.PRODUCER, "1.0.0", "prod"},
            new String[] {Fleet.CONSUMER, "1.1.0", "prod"}, new String[] {Fleet.CONSUMER, "1.0.0", "staging"},
            new String[] {Fleet.AUDIT, "1.0.0", "staging"}, new String[] {"weather", "1.0.0", "prod"},
            new String[] {Fleet.PRODUCER, "1.2.0", "empty"});

    private static void fill(RunningRegistry r) {
        for (String[] release : Fleet.releases()) r.register(release[0], release[1]).expect(201);
        r.register("weather", WEATHER).expect(201);
        r.register("reporting", BankManifests.depositReader("reporting", "1.0.0", 1)).expect(201);
        r.deploy("prod", Fleet.PRODUCER, "1.1.0").expect(201);
        r.deploy("prod", Fleet.CONSUMER, "1.0.0").expect(201);
        r.deploy("prod", Fleet.AUDIT, "1.0.0").expect(201);
        r.deploy("prod", "weather", "1.0.0").expect(201);
        r.deploy("prod", "reporting", "1.0.0").expect(201);
        r.deploy("staging", Fleet.PRODUCER, "1.2.0").expect(201);
        r.deploy("staging", Fleet.CONSUMER, "1.1.0").expect(201);
        r.deploy("staging", "weather", "1.0.0").expect(201);
    }

    /** Every answer that reads the index, as text (newEnvironment: "empty" had no deployment; the others are checked as usual). */
    private static Map<String, String> answers(RunningRegistry r) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String event : List.of(Fleet.EVENT, "weather.station.Measured")) {
            out.put(event, r.get("/events/" + event + "/readers").expect(200).body());
        }
        for (String[] c : CANDIDATES) {
            out.put(String.join(" ", c), r.get("/can-deploy?service=" + c[0] + "&version=" + c[1] + "&environment=" + c[2] + "&newEnvironment=true").expect(200).body());
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void canDeployAnswersAsTheCheckOfEveryRunningReleaseWhileReadingOnlyThoseThatShareAType(Backend backend, TestDatabases databases)
            throws Exception {
        try (RunningRegistry r = new RunningRegistry(databases.create(backend).open(), RegistryServer.Config.local(0))) {
            fill(r);
            ManifestReader reader = new ManifestReader(InputLimits.defaults());
            for (String[] c : CANDIDATES) {
                // The engine over every release running there, each read from its stored Manifest: the answer before the index.
                List<Manifest> running = new ArrayList<>();
                for (RunningRelease rr : r.store().runningReleases(c[2])) {
                    running.add(reader.read(rr.release().manifestJson().getBytes(StandardCharsets.UTF_8), "running"));
                }
                Manifest candidate = reader.read(r.store().release(c[0], c[1]).orElseThrow().manifestJson().getBytes(StandardCharsets.UTF_8), "candidate");
                JsonNode expected = ReportJson.toDeploymentNode(new DeploymentCheck().check(candidate, new DeploymentCheck.Environment(c[2], running)), c[2]);
                // No release of the fleet was replayed, which the answer says after the check's verdict.
                ((com.fasterxml.jackson.databind.node.ObjectNode) expected).set("replay",
                        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("replayed", false));
                // As text: the parsed answer's numbers are not of the node classes the report's own tree uses.
                assertEquals(expected.toString(), r.get("/can-deploy?service=" + c[0] + "&version=" + c[1] + "&environment=" + c[2] + "&newEnvironment=true")
                        .expect(200).json().toString(), String.join(" ", c));
            }
            // Weather shares no type with the bank's services: not read for them, yet listed as compared.
            List<String> sharing = r.store().runningReleasesSharing("prod", List.of(), List.of("bank.account")).stream()
                    .map(rr -> rr.deployment().service()).toList();
            assertEquals(List.of(Fleet.CONSUMER, Fleet.AUDIT, "reporting").stream().sorted().toList(), sharing);
            assertTrue(r.get("/can-deploy?service=" + Fleet.PRODUCER + "&version=1.2.0&environment=prod").json().path("baselines").toString()
                    .contains("\"weather\""));
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void releasesStoredBeforeTheIndexAreIndexedWhenANodeStartsWithTheSameAnswers(Backend backend, TestDatabases databases) {
        TestDatabases.Database db = databases.create(backend);
        Map<String, String> before;
        try (RunningRegistry r = new RunningRegistry(db.open(), RegistryServer.Config.local(0))) {
            fill(r);
            before = answers(r);
        }
        // What the migration leaves on a database of earlier releases: the table empty, every release to index.
        try (JdbcRegistryStore store = db.open()) {
            store.transactions().transaction(c -> {
                try (Statement st = c.createStatement()) {
                    st.executeUpdate("DELETE FROM release_uses");
                    return st.executeUpdate("UPDATE releases SET uses_indexed = 0");
                }
            }, updated -> true);
            assertEquals(List.of(), store.eventReaders(Fleet.EVENT), "nothing is indexed any more");
        }
        try (RunningRegistry r = new RunningRegistry(db.open(), RegistryServer.Config.local(0))) {
            assertEquals(before, answers(r));
            assertEquals(0, r.store().indexPendingUses(release -> {
                throw new AssertionError("indexed again: " + release.service() + "@" + release.version());
            }));
        }
        // A second node starting on the same database has nothing to index and answers the same.
        try (RunningRegistry r = new RunningRegistry(db.open(), RegistryServer.Config.local(0))) {
            assertEquals(before, answers(r));
        }
    }
}
