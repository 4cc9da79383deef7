package dev.wowcompat.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.gate.Gate;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.rules.ChangeKind;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * The changelog in each of the six formats, for the release of issue 9: it staged a new event, added a new command
 * and a new property, and its report listed only "No findings". Each format now lists exactly those three.
 */
class ChangelogFormatsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String AMOUNT = "{\"type\": \"object\", \"properties\": {\"amount\": {\"type\": \"integer\"}}}";
    private static final String WITH_MEMO = "{\"type\": \"object\", \"properties\": {\"amount\": {\"type\": \"integer\"},"
            + " \"memo\": {\"type\": \"string\", \"default\": \"\", \"x-wow-written\": false}}}";

    private static Manifest release(String version, String commands, String events) throws Exception {
        String json = """
                {"manifest": 1, "service": "bank", "version": "%s",
                 "contexts": {"bank": {"aggregates": {"account": {"commands": {%s}, "events": {%s}}}}}}"""
                .formatted(version, commands, events);
        return new ManifestReader().read(json.getBytes(StandardCharsets.UTF_8), version);
    }

    /** 1.1.0 stages the event Withdrawn, adds the command Withdraw and the staged property memo of Deposited@1. */
    static Report issueSample() throws Exception {
        Manifest before = release("1.0.0", "\"Deposit\": {\"schema\": " + AMOUNT + "}",
                "\"Deposited\": {\"revisions\": {\"1\": {\"schema\": " + AMOUNT + "}}}");
        Manifest after = release("1.1.0", "\"Deposit\": {\"schema\": " + AMOUNT + "}, \"Withdraw\": {\"schema\": " + AMOUNT + "}",
                "\"Deposited\": {\"revisions\": {\"1\": {\"schema\": " + WITH_MEMO + "}}},"
                        + " \"Withdrawn\": {\"written\": false, \"revisions\": {\"1\": {\"schema\": " + AMOUNT + "}}}");
        return new ReleaseChecker().check(after, List.of(before));
    }

    private static final List<String> EXPECTED = List.of(
            "property-added bank.account.Deposited@1 /properties/memo",
            "type-added bank.account.Withdraw",
            "type-added bank.account.Withdrawn");

    @Test
    void theCheckFindsNothingAndListsTheThreeChanges() throws Exception {
        Report r = issueSample();
        assertTrue(r.findings().isEmpty(), r.findings().toString());
        assertEquals(EXPECTED, r.changes().stream()
                .map(c -> (c.kind().id() + " " + c.subject() + " " + c.pointer()).trim()).toList());
    }

    @Test
    void text() throws Exception {
        String text = ReportFormat.TEXT.render(issueSample());
        assertTrue(text.startsWith("COMPATIBLE: bank@1.1.0 against bank@1.0.0 (level ADDITIVE): 0 breaking, 0 warning, 0 info\n"), text);
        int noFindings = text.indexOf("No findings: every reader keeps working.");
        int changes = text.indexOf("Compatible changes (3):");
        assertTrue(noFindings > 0 && changes > noFindings, text);
        String list = text.substring(changes);
        assertEquals("""
                Compatible changes (3):
                  bank.account.Deposited@1
                    property-added at /properties/memo: new optional property 'memo' with the default '', staged ("x-wow-written": false)
                  bank.account.Withdraw
                    type-added: new command bank.account.Withdraw, written
                  bank.account.Withdrawn
                    type-added: new event bank.account.Withdrawn (revisions 1), staged ("written": false)
                """, list);
    }

    @Test
    void json() throws Exception {
        JsonNode json = JSON.readTree(ReportFormat.JSON.render(issueSample()));
        JsonNode changes = json.get("changes");
        assertEquals(3, changes.size());
        List<String> got = new ArrayList<>();
        changes.forEach(c -> got.add((c.get("kind").asText() + " " + c.get("subject").asText() + " " + c.get("pointer").asText()).trim()));
        assertEquals(EXPECTED, got);
        assertEquals(List.of("kind", "subject", "pointer", "message"), List.copyOf(iterable(changes.get(0))));
        // The JSON report is read back (registry clients): the changelog survives the round trip.
        assertEquals(issueSample().changes(), ReportJson.read(json).changes());
    }

    private static List<String> iterable(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void markdown() throws Exception {
        String md = ReportFormat.MARKDOWN.render(issueSample());
        assertTrue(md.indexOf("No findings: every reader keeps working.") < md.indexOf("### Compatible changes"), md);
        assertTrue(md.contains("""
                | Subject | Change | Where | What |
                |---|---|---|---|
                | `bank.account.Deposited@1` | `property-added` | `/properties/memo` | new optional property 'memo' with the default '', staged ("x-wow-written": false) |
                | `bank.account.Withdraw` | `type-added` | the whole type | new command bank.account.Withdraw, written |
                | `bank.account.Withdrawn` | `type-added` | the whole type | new event bank.account.Withdrawn (revisions 1), staged ("written": false) |
                """), md);
    }

    @Test
    void junit() throws Exception {
        String xml = ReportFormat.JUNIT.render(issueSample());
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        Element suite = (Element) doc.getElementsByTagName("testsuite").item(0);
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("0", suite.getAttribute("failures"));
        NodeList cases = doc.getElementsByTagName("testcase");
        Element changes = (Element) cases.item(1);
        assertEquals(JunitReport.CHANGES_CASE, changes.getAttribute("name"));
        assertEquals(0, changes.getElementsByTagName("failure").getLength());
        String out = changes.getElementsByTagName("system-out").item(0).getTextContent();
        assertTrue(out.contains("3 compatible changes:\n"), out);
        assertTrue(out.contains("bank.account.Deposited@1: property-added at /properties/memo: new optional property 'memo'"), out);
        assertTrue(out.contains("bank.account.Withdraw: type-added: new command bank.account.Withdraw"), out);
        assertTrue(out.contains("bank.account.Withdrawn: type-added: new event bank.account.Withdrawn"), out);
    }

    @Test
    void github() throws Exception {
        String gh = ReportFormat.GITHUB.render(issueSample());
        List<String> lines = gh.lines().toList();
        assertEquals(2, lines.size(), gh);
        assertEquals("::notice title=wow-compat%3A 3 compatible changes::property-added bank.account.Deposited@1/properties/memo;"
                + " type-added bank.account.Withdraw; type-added bank.account.Withdrawn", lines.get(1));
    }

    @Test
    void githubCountsWhatOneNoticeDoesNotList() throws Exception {
        Report many = issueSample();
        List<dev.wowcompat.rules.Change> changes = new ArrayList<>();
        for (int i = 0; i < GithubReport.CHANGES_IN_NOTICE + 5; i++) {
            changes.add(new dev.wowcompat.rules.Change(ChangeKind.ERROR_CODE_ADDED, "bank.account.e" + (100 + i), "", "new error code"));
        }
        String gh = ReportFormat.GITHUB.render(many.withChanges(changes));
        assertTrue(gh.contains("error-code-added bank.account.e119; and 5 more\n"), gh);
        assertFalse(gh.contains("e120"), gh);
    }

    @Test
    void sarif() throws Exception {
        JsonNode sarif = JSON.readTree(ReportFormat.SARIF.render(issueSample()));
        JsonNode results = sarif.at("/runs/0/results");
        JsonNode rules = sarif.at("/runs/0/tool/driver/rules");
        assertEquals(3, results.size());
        List<String> got = new ArrayList<>();
        for (JsonNode r : results) {
            assertEquals("informational", r.get("kind").asText());
            assertEquals("none", r.get("level").asText());
            JsonNode descriptor = rules.get(r.get("ruleIndex").asInt());
            assertEquals(r.get("ruleId").asText(), descriptor.get("id").asText());
            got.add((r.at("/properties/change").asText() + " " + r.at("/locations/0/logicalLocations/0/name").asText() + " "
                    + r.at("/locations/0/properties/pointer").asText()).trim());
        }
        assertEquals(EXPECTED, got);
        assertEquals("change/type-added", rules.get(results.get(1).get("ruleIndex").asInt()).get("id").asText());
    }

    @Test
    void changesNoneLeavesThemOutOfEveryFormat() throws Exception {
        Report none = Gate.Changes.parse("none").apply(issueSample());
        assertTrue(none.changes().isEmpty());
        for (ReportFormat f : ReportFormat.values()) {
            String out = f.render(none);
            assertFalse(out.contains("Withdraw"), f + ": " + out);
        }
        assertEquals(issueSample(), Gate.Changes.parse("all").apply(issueSample()));
    }
}
