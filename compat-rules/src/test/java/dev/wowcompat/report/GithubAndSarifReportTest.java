package dev.wowcompat.report;

import static dev.wowcompat.report.SampleReports.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.rules.Rule;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GithubAndSarifReportTest {
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void githubAnnotationPerFindingWithSeverityCommand() {
        List<String> lines = ReportFormat.GITHUB.render(mixed()).lines().toList();
        assertTrue(lines.get(0).startsWith("BREAKING: bank-service@1.3.0"), lines.get(0));
        List<String> commands = lines.stream().filter(l -> l.startsWith("::")).toList();
        assertEquals(5, commands.size(), "four findings and one waived: " + lines);
        assertEquals(lines.size() - 1, commands.size(), "no message spills onto a line of its own");

        String removed = commands.stream().filter(l -> l.contains("field-removed")).findFirst().orElseThrow();
        assertTrue(removed.startsWith("::error title=field-removed " + DEPOSITED + "::"), removed);
        assertTrue(removed.contains("was removed: 100%25 gone, next line"), "message escaping: " + removed);
        assertTrue(removed.contains("(at /properties/amount; breaks old and new readers) Fix: " + BREAKING.fix()), removed);

        assertTrue(commands.stream().anyMatch(l -> l.startsWith("::warning title=enum-value-added " + DEPOSIT + "::")), commands.toString());
        assertTrue(commands.stream().anyMatch(l -> l.startsWith("::notice title=state-view-changed " + STATE + "::")), commands.toString());
        String waived = commands.stream().filter(l -> l.contains("waived")).findFirst().orElseThrow();
        assertTrue(waived.startsWith("::notice title=waived field-renamed " + CLOSED + "::Waived because: " + WAIVER_REASON), waived);
    }

    @Test
    void githubEscapesPropertyValuesAndData() {
        assertEquals("a%3Ab%2Cc%25d%0Ae%0D", GithubReport.property("a:b,c%d\ne\r"));
        assertEquals("a:b,c%25d%0Ae%0D", GithubReport.data("a:b,c%d\ne\r"));
    }

    @Test
    void sarifHasDriverRulesFromTheCatalogue() throws Exception {
        JsonNode sarif = mapper.readTree(ReportFormat.SARIF.render(mixed()));
        assertEquals("2.1.0", sarif.get("version").asText());
        assertTrue(sarif.get("$schema").asText().contains("sarif-2.1.0"));
        JsonNode driver = sarif.at("/runs/0/tool/driver");
        assertEquals("wow-compat", driver.get("name").asText());
        JsonNode rules = driver.get("rules");
        // The rules first (a rule's ruleIndex is its ordinal), then one descriptor per change kind.
        assertEquals(Rule.values().length + dev.wowcompat.rules.ChangeKind.values().length, rules.size());
        for (Rule rule : Rule.values()) {
            JsonNode d = rules.get(rule.ordinal());
            assertEquals(rule.id(), d.get("id").asText());
            assertEquals(rule.purpose(), d.at("/shortDescription/text").asText());
            assertEquals(rule.fix(), d.at("/help/text").asText());
        }
    }

    @Test
    void sarifResultsCarryRuleLevelMessageAndLogicalLocation() throws Exception {
        JsonNode sarif = mapper.readTree(ReportFormat.SARIF.render(mixed()));
        JsonNode results = sarif.at("/runs/0/results");
        assertEquals(5, results.size());
        JsonNode rules = sarif.at("/runs/0/tool/driver/rules");
        Map<String, JsonNode> bySubjectAndRule = new HashMap<>();
        for (JsonNode r : results) {
            for (String key : List.of("ruleId", "ruleIndex", "level", "message", "locations")) {
                assertTrue(r.has(key), key + " in " + r);
            }
            assertEquals(r.get("ruleId").asText(), rules.get(r.get("ruleIndex").asInt()).get("id").asText());
            assertTrue(Set.of("error", "warning", "note").contains(r.get("level").asText()));
            bySubjectAndRule.put(r.at("/locations/0/logicalLocations/0/name").asText() + " " + r.get("ruleId").asText(), r);
        }
        JsonNode removed = bySubjectAndRule.get(DEPOSITED + " field-removed");
        assertEquals("error", removed.get("level").asText());
        assertEquals("/properties/amount", removed.at("/locations/0/properties/pointer").asText());
        assertEquals("/properties/amount", removed.at("/properties/pointer").asText());
        assertTrue(removed.at("/message/text").asText().startsWith("property \"amount\" <b>&</b> was removed"));
        assertEquals(BREAKING.id(), removed.at("/partialFingerprints/wowCompatFindingId~1v1").asText());
        assertEquals("warning", bySubjectAndRule.get(DEPOSIT + " enum-value-added").get("level").asText());
        assertEquals("note", bySubjectAndRule.get(STATE + " state-view-changed").get("level").asText());
        assertFalse(removed.has("suppressions"));

        JsonNode waived = bySubjectAndRule.get(CLOSED + " field-renamed");
        assertEquals("external", waived.at("/suppressions/0/kind").asText());
        assertEquals(WAIVER_REASON, waived.at("/suppressions/0/justification").asText());
        assertEquals("breaking", sarif.at("/runs/0/properties/verdict").asText());
    }

    @Test
    void formatNamesParseCaseInsensitivelyAndUnknownOnesAreNamed() {
        assertEquals(ReportFormat.SARIF, ReportFormat.parse(" Sarif "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReportFormat.parse("xml"));
        assertEquals("unknown report format 'xml'; expected one of text, json, markdown, junit, github, sarif", e.getMessage());
    }
}
