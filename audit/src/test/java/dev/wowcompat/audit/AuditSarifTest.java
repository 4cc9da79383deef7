package dev.wowcompat.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.report.ReportFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The audit's SARIF: the catalogue of audit findings as the driver's rules, one result per example (the record as a
 * logical location), and waived findings as results with an external suppression.
 */
class AuditSarifTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static AuditReport report() {
        AuditReport.Counted unknown = new AuditReport.Counted(AuditFinding.STATE_FINGERPRINT_UNKNOWN, 7, List.of(
                new AuditReport.Example("wow.bank.account.state", 2, 41, "bank.account/t1/alice", "/stateFingerprint", "no release has it"),
                new AuditReport.Example("wow.bank.account.state", 0, 3, null, "", "no release has it either")));
        AuditReport.Counted tombstone = new AuditReport.Counted(AuditFinding.TOMBSTONE, 1, List.of(
                new AuditReport.Example("wow.bank.account.state", 1, 9, "bank.account/t1/bob", null, "a tombstone")));
        AuditReport.Counted invalid = new AuditReport.Counted(AuditFinding.PAYLOAD_INVALID, 2, List.of(
                new AuditReport.Example("wow.bank.account.command", 0, 5, "bank.account/t1/carol", "/amount", "amount: expected number")));
        return new AuditReport(10, Map.of("wow.bank.account.state", new AuditReport.Topic(8, 3)), Map.of(), List.of(unknown, tombstone),
                List.of(new AuditReport.Waived(invalid, "the views are rebuilt tonight")), List.of());
    }

    @Test
    void theDriverListsEveryAuditFindingWithItsLevel() throws Exception {
        JsonNode sarif = JSON.readTree(AuditRenderer.render(report(), ReportFormat.SARIF));
        assertEquals("2.1.0", sarif.get("version").asText());
        assertEquals("https://json.schemastore.org/sarif-2.1.0.json", sarif.get("$schema").asText());
        JsonNode driver = sarif.at("/runs/0/tool/driver");
        assertEquals("wow-compat audit", driver.get("name").asText());
        assertEquals(AuditFinding.values().length, driver.get("rules").size());
        for (int i = 0; i < AuditFinding.values().length; i++) {
            AuditFinding f = AuditFinding.values()[i];
            JsonNode rule = driver.get("rules").get(i);
            assertEquals(f.id(), rule.get("id").asText());
            assertEquals(f.summary(), rule.at("/shortDescription/text").asText());
            String level = switch (f.severity()) {
                case BREAKING -> "error";
                case WARNING -> "warning";
                case INFO -> "note";
            };
            assertEquals(level, rule.at("/defaultConfiguration/level").asText(), f.id());
        }
    }

    @Test
    void oneResultPerExampleAndWaivedOnesSuppressed() throws Exception {
        JsonNode results = JSON.readTree(AuditRenderer.render(report(), ReportFormat.SARIF)).at("/runs/0/results");
        assertEquals(4, results.size(), results.toString());

        JsonNode first = results.get(0);
        assertEquals("state-fingerprint-unknown", first.get("ruleId").asText());
        assertEquals("error", first.get("level").asText());
        assertEquals("no release has it", first.at("/message/text").asText());
        assertEquals("wow.bank.account.state/2@41", first.at("/locations/0/logicalLocations/0/fullyQualifiedName").asText());
        assertEquals("record", first.at("/locations/0/logicalLocations/0/kind").asText());
        assertEquals("/stateFingerprint", first.at("/properties/pointer").asText());
        assertEquals("bank.account/t1/alice", first.at("/properties/key").asText());
        assertEquals(7, first.at("/properties/count").asLong());
        assertFalse(first.has("suppressions"));
        assertTrue(results.get(1).at("/properties/key").isNull(), "a record without key");

        assertEquals("note", results.get(2).get("level").asText());
        assertEquals("tombstone", results.get(2).get("ruleId").asText());

        JsonNode waived = results.get(3);
        assertEquals("payload-invalid", waived.get("ruleId").asText());
        assertEquals("error", waived.get("level").asText());
        assertEquals("external", waived.at("/suppressions/0/kind").asText());
        assertEquals("accepted", waived.at("/suppressions/0/status").asText());
        assertEquals("the views are rebuilt tonight", waived.at("/suppressions/0/justification").asText());
    }
}
