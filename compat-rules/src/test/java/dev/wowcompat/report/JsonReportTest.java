package dev.wowcompat.report;

import static dev.wowcompat.report.SampleReports.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonReportTest {
    private final ObjectMapper mapper = new ObjectMapper();

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void writesFormatOneWithStableKeyOrder() throws Exception {
        JsonNode json = mapper.readTree(ReportFormat.JSON.render(mixed()));
        assertEquals(List.of("format", "verdict", "level", "candidate", "baselines", "findings", "waived", "changes", "summary"), keys(json));
        assertEquals(1, json.get("format").asInt());
        assertEquals("breaking", json.get("verdict").asText());
        assertEquals("ADDITIVE", json.get("level").asText());
        assertEquals(List.of("service", "version"), keys(json.get("candidate")));
        assertEquals("1.3.0", json.get("candidate").get("version").asText());
        assertEquals(2, json.get("baselines").size());
        assertEquals(4, json.get("findings").size());
        JsonNode first = json.get("findings").get(0);
        assertEquals(List.of("id", "rule", "severity", "subject", "pointer", "breaks", "message", "fix"), keys(first));
        assertEquals(BREAKING.id(), first.get("id").asText());
        assertEquals("field-removed", first.get("rule").asText());
        assertEquals("breaking", first.get("severity").asText());
        assertEquals(DEPOSITED, first.get("subject").asText());
        assertEquals("/properties/amount", first.get("pointer").asText());
        assertEquals("[\"old-readers\",\"new-readers\"]", first.get("breaks").toString());
        assertEquals(AWKWARD, first.get("message").asText(), "JSON keeps the message exactly");
        JsonNode waived = json.get("waived").get(0);
        assertEquals(List.of("id", "rule", "severity", "subject", "pointer", "breaks", "message", "fix", "reason"), keys(waived));
        assertEquals(WAIVER_REASON, waived.get("reason").asText());
        assertEquals(List.of("breaking", "warning", "info"), keys(json.get("summary")));
        assertEquals(2, json.get("summary").get("breaking").asInt());
        assertEquals(1, json.get("summary").get("warning").asInt());
        assertEquals(1, json.get("summary").get("info").asInt());
    }

    @Test
    void compatibleVerdictAndEmptyLists() throws Exception {
        JsonNode json = mapper.readTree(ReportFormat.JSON.render(warningsOnly()));
        assertEquals("compatible", json.get("verdict").asText());
        assertEquals(0, json.get("waived").size());
        assertEquals(0, json.get("summary").get("breaking").asInt());
        assertEquals(1, json.get("summary").get("warning").asInt());
    }

    @Test
    void roundTripGivesTheSameReport() throws Exception {
        Report original = mixed();
        Report back = ReportJson.read(mapper.readTree(ReportJson.write(original)));
        assertEquals(original, back);
        assertEquals(original.waived().get(0).reason(), back.waived().get(0).reason());
        assertEquals(ReportJson.write(original), ReportJson.write(back));
    }

    @Test
    void readListsEveryProblemWithItsPointer() {
        ObjectNode json = ReportJson.toNode(mixed());
        ((ObjectNode) json.get("findings").get(0)).put("rule", "no-such-rule");
        ((ObjectNode) json.get("findings").get(1)).put("severity", "fatal");
        ((ObjectNode) json.get("waived").get(0)).remove("reason");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> ReportJson.read(json, "answer"));
        List<String> pointers = e.problems().stream().map(InputProblem::pointer).toList();
        assertEquals(List.of("/findings/0/rule", "/findings/1/severity", "/waived/0/reason"), pointers);
        assertTrue(e.problems().get(0).line().startsWith("answer: /findings/0/rule: unknown rule 'no-such-rule'"), e.problems().get(0).line());
    }

    @Test
    void readRefusesOtherFormats() {
        ObjectNode json = ReportJson.toNode(clean());
        json.put("format", 2);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> ReportJson.read(json));
        assertEquals("/format", e.problems().get(0).pointer());
        assertThrows(InvalidInputException.class, () -> ReportJson.read(mapper.readTree("[]")));
    }

    /**
     * An answer's report lists 100 findings, breaking first; summary and more count the rest, and a client that reads
     * it back knows how many of each severity it did not see, so a waiver cannot hide them.
     */
    @Test
    void aListedReportCountsWhatItLeavesOutAndTheGateWeighsIt() throws Exception {
        List<dev.wowcompat.rules.Finding> findings = new ArrayList<>();
        for (int i = 0; i < 140; i++) {
            findings.add(dev.wowcompat.rules.Finding.of(dev.wowcompat.rules.Rule.FIELD_REMOVED, DEPOSITED, "/properties/f" + i,
                    dev.wowcompat.rules.Readers.BOTH, "f" + i + " was removed"));
        }
        for (int i = 0; i < 30; i++) {
            findings.add(dev.wowcompat.rules.Finding.of(dev.wowcompat.rules.Rule.ENUM_VALUE_ADDED, DEPOSIT, "/properties/e" + i + "/enum",
                    dev.wowcompat.rules.Readers.OLD_READERS, "a value of e" + i));
        }
        Report report = new Report("ADDITIVE", new Report.Release("bank-service", "1.1.0"),
                List.of(new Report.Release("bank-service", "1.0.0")), findings.stream()
                .sorted(java.util.Comparator.comparing((dev.wowcompat.rules.Finding f) -> f.severity()).thenComparing(f -> f.pointer())).toList());
        ObjectNode node = ReportJson.toNode(report, 100);
        assertEquals(100, node.path("findings").size());
        assertEquals(70, node.path("more").path("findings").asInt());
        assertEquals(140, node.path("summary").path("breaking").asInt());
        assertEquals(30, node.path("summary").path("warning").asInt());
        assertFalse(node.path("more").has("baselines"), "only the lists that were cut are counted");
        assertTrue(ReportJson.toNode(report, 1000).path("more").isMissingNode(), "nothing left out, no more");

        Report read = ReportJson.read(node);
        java.util.Map<dev.wowcompat.rules.Severity, Long> unlisted = ReportJson.unlisted(node, read);
        assertEquals(40L, unlisted.get(dev.wowcompat.rules.Severity.BREAKING));
        assertEquals(30L, unlisted.get(dev.wowcompat.rules.Severity.WARNING));
        // Waiving every listed finding leaves the unlisted ones failing the gate.
        Report waived = read.withWaivers(List.of(Waiver.parse("field-removed:*:agreed")));
        assertTrue(dev.wowcompat.gate.Gate.FailOn.BREAKING.failing(waived).isEmpty());
        assertTrue(dev.wowcompat.gate.Gate.FailOn.BREAKING.failsOn(unlisted));
        assertFalse(dev.wowcompat.gate.Gate.FailOn.NEVER.failsOn(unlisted));
        assertTrue(dev.wowcompat.gate.Gate.FailOn.WARNING.failsOn(java.util.Map.of(dev.wowcompat.rules.Severity.WARNING, 1L)));
        assertFalse(dev.wowcompat.gate.Gate.FailOn.BREAKING.failsOn(java.util.Map.of(dev.wowcompat.rules.Severity.WARNING, 1L)));
        assertEquals(java.util.Map.of(), ReportJson.unlisted(ReportJson.toNode(report), report).entrySet().stream()
                .filter(e -> e.getValue() > 0).collect(java.util.stream.Collectors.toMap(e -> e.getKey(), e -> e.getValue())),
                "a whole report leaves nothing out");
    }
}
