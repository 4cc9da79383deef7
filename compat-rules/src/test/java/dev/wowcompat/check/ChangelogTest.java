package dev.wowcompat.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.ChangeKind;
import dev.wowcompat.rules.Level;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The changelog: every change kind found from a real pair of Manifests (read by the ManifestReader) by the same check
 * that makes the findings, and nothing listed twice.
 */
class ChangelogTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ManifestReader reader = new ManifestReader();

    private static final String AMOUNT = "{\"type\": \"object\", \"properties\": {\"amount\": {\"type\": \"integer\"}}}";

    /** The account aggregate of release 1.0.0: a state, a command, an event, an error code. */
    private static final String BASE = """
            {"state": {"schema": %1$s},
             "commands": {"Deposit": {"schema": %1$s}},
             "events": {"Deposited": {"revisions": {"1": {"schema": %1$s}}}},
             "errors": {"insufficient-balance": {"description": "not enough money"}}}""".formatted(AMOUNT);

    private Manifest release(String version, String account) throws Exception {
        String json = """
                {"manifest": 1, "service": "bank", "version": "%s",
                 "contexts": {"bank": {"aggregates": {"account": %s}}}}""".formatted(version, account);
        return reader.read(json.getBytes(StandardCharsets.UTF_8), version);
    }

    /** BASE with one JSON pointer's value replaced (or added). */
    private static String edit(String account, String pointer, String value) throws Exception {
        JsonNode root = JSON.readTree(account);
        String parent = pointer.substring(0, pointer.lastIndexOf('/'));
        String key = pointer.substring(pointer.lastIndexOf('/') + 1);
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.at(parent)).set(key, JSON.readTree(value));
        return JSON.writeValueAsString(root);
    }

    private Report check(String before, String after) throws Exception {
        return new ReleaseChecker().check(release("1.1.0", after), List.of(release("1.0.0", before)));
    }

    private static List<String> changes(Report r) {
        return r.changes().stream().map(c -> c.kind().id() + " " + c.subject() + " " + c.pointer()).toList();
    }

    private static List<String> findings(Report r) {
        return r.findings().stream().map(f -> f.rule().id() + " " + f.subject() + " " + f.pointer()).toList();
    }

    @Test
    void theSampleOfTheIssueListsExactlyTheStagedEventTheNewCommandAndTheNewProperty() throws Exception {
        String after = edit(BASE, "/events/Withdrawn", "{\"written\": false, \"revisions\": {\"1\": {\"schema\": " + AMOUNT + "}}}");
        after = edit(after, "/commands/Withdraw", "{\"schema\": " + AMOUNT + "}");
        after = edit(after, "/events/Deposited/revisions/1/schema/properties/memo",
                "{\"type\": \"string\", \"default\": \"\", \"x-wow-written\": false}");
        Report r = check(BASE, after);
        assertEquals(List.of(), findings(r));
        assertEquals(List.of(
                "property-added bank.account.Deposited@1 /properties/memo",
                "type-added bank.account.Withdraw ",
                "type-added bank.account.Withdrawn "), changes(r));
        Change memo = r.changes().stream().filter(c -> c.kind() == ChangeKind.PROPERTY_ADDED).findFirst().orElseThrow();
        assertEquals("new optional property 'memo' with the default '', staged (\"x-wow-written\": false)", memo.message());
    }

    @Test
    void typesAddedStagedOrWrittenAndTheStateOfANewAggregate() throws Exception {
        String before = """
                {"commands": {"Deposit": {"schema": %1$s}}, "events": {"Deposited": {"revisions": {"1": {"schema": %1$s}}}}}"""
                .formatted(AMOUNT);
        Report r = check(before, edit(BASE, "/commands/Close", "{\"written\": false, \"schema\": " + AMOUNT + "}"));
        assertEquals(List.of(), findings(r));
        assertEquals(List.of("type-added bank.account ", "type-added bank.account.Close ",
                "error-code-added bank.account.insufficient-balance "), changes(r));
        assertTrue(r.changes().get(1).message().endsWith("staged (\"written\": false)"), r.changes().get(1).message());
        assertTrue(r.changes().get(0).message().contains("published"), r.changes().get(0).message());
    }

    @Test
    void aWrittenNewEventIsAFindingNotAChange() throws Exception {
        Report r = check(BASE, edit(BASE, "/events/Closed", "{\"revisions\": {\"1\": {\"schema\": " + AMOUNT + "}}}"));
        assertEquals(List.of("written-before-read bank.account.Closed@1 "), findings(r));
        assertEquals(List.of(), changes(r));
    }

    @Test
    void stagedTypesAndRevisionsWrittenInTheNextRelease() throws Exception {
        String v1 = edit(BASE, "/commands/Close", "{\"written\": false, \"schema\": " + AMOUNT + "}");
        v1 = edit(v1, "/events/Closed", "{\"written\": false, \"revisions\": {\"1\": {\"schema\": " + AMOUNT + "}}}");
        v1 = edit(v1, "/events/Deposited/revisions/2", "{\"schema\": " + AMOUNT + ", \"upgradesFrom\": 1, \"written\": false}");
        String v2 = edit(v1, "/commands/Close", "{\"schema\": " + AMOUNT + "}");
        v2 = edit(v2, "/events/Closed", "{\"revisions\": {\"1\": {\"schema\": " + AMOUNT + "}}}");
        v2 = edit(v2, "/events/Deposited/revisions/2", "{\"schema\": " + AMOUNT + ", \"upgradesFrom\": 1}");
        Report staged = check(BASE, v1);
        assertEquals(List.of(), findings(staged));
        assertTrue(changes(staged).contains("revision-added bank.account.Deposited@2 "), changes(staged).toString());
        assertTrue(staged.changes().stream().anyMatch(c -> c.message().equals(
                "new revision 2 of bank.account.Deposited, upgrades from revision 1, staged (\"written\": false)")));
        Report written = check(v1, v2);
        assertEquals(List.of(), findings(written));
        assertEquals(List.of("type-now-written bank.account.Close ", "type-now-written bank.account.Closed ",
                "revision-now-written bank.account.Deposited@2 "), changes(written));
    }

    @Test
    void aRenamedCommandIsAFindingAndItsNewNameIsNotAlsoAnAddition() throws Exception {
        String after = edit(BASE, "/commands/Pay", "{\"schema\": " + AMOUNT + "}");
        com.fasterxml.jackson.databind.node.ObjectNode root = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(after);
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("commands")).remove("Deposit");
        Report r = check(BASE, JSON.writeValueAsString(root));
        assertEquals(List.of("type-renamed bank.account.Deposit "), findings(r));
        assertEquals(List.of(), changes(r));
    }

    @Test
    void aRevisionWrittenWhenAddedIsAFindingOnly() throws Exception {
        Report r = check(BASE, edit(BASE, "/events/Deposited/revisions/2", "{\"schema\": " + AMOUNT + ", \"upgradesFrom\": 1}"));
        assertEquals(List.of("written-before-read bank.account.Deposited@2 "), findings(r));
        assertEquals(List.of(), changes(r));
    }

    @Test
    void propertyStagingDeprecationDefaultsAndDocumentation() throws Exception {
        String v1 = edit(BASE, "/commands/Deposit/schema/properties/memo",
                "{\"type\": \"string\", \"default\": \"\", \"x-wow-written\": false}");
        String v2 = edit(v1, "/commands/Deposit/schema/properties/memo", "{\"type\": \"string\", \"default\": \"\"}");
        v2 = edit(v2, "/commands/Deposit/schema/properties/amount",
                "{\"type\": \"integer\", \"deprecated\": true, \"x-wow-written\": false, \"default\": 0, \"description\": \"cents\"}");
        v2 = edit(v2, "/commands/Deposit/schema/title", "\"Deposit money\"");
        Report r = new ReleaseChecker().check(release("1.2.0", v2), List.of(release("1.0.0", BASE), release("1.1.0", v1)));
        assertEquals(List.of(), findings(r));
        assertEquals(List.of(
                "default-added bank.account.Deposit /properties/amount/default",
                "deprecated bank.account.Deposit /properties/amount/deprecated",
                "documentation-changed bank.account.Deposit /properties/amount/description",
                "property-no-longer-written bank.account.Deposit /properties/amount/x-wow-written",
                "property-now-written bank.account.Deposit /properties/memo",
                "documentation-changed bank.account.Deposit /title"), changes(r));
    }

    @Test
    void anEnumValueAddedIsAWarningAndNotAlsoAChange() throws Exception {
        String v1 = edit(BASE, "/commands/Deposit/schema/properties/currency", "{\"enum\": [\"EUR\"], \"default\": \"EUR\", \"x-wow-written\": false}");
        String v2 = edit(v1, "/commands/Deposit/schema/properties/currency",
                "{\"enum\": [\"EUR\", \"CHF\"], \"default\": \"EUR\", \"x-wow-written\": false}");
        Report r = check(v1, v2);
        assertEquals(List.of("enum-value-added bank.account.Deposit /properties/currency/enum"), findings(r));
        assertEquals(List.of(), changes(r));
    }

    @Test
    void aNewPropertyWithoutADefaultIsAFindingOnlyAndAnUnpublishedStateChangeStaysInfo() throws Exception {
        String before = edit(BASE, "/state", "{\"published\": false, \"schema\": " + AMOUNT + "}");
        String after = edit(before, "/events/Deposited/revisions/1/schema/properties/memo", "{\"type\": \"string\", \"x-wow-written\": false}");
        after = edit(after, "/state/schema/title", "\"view\"");
        Report r = check(before, after);
        assertTrue(findings(r).contains("field-default-missing bank.account.Deposited@1 /properties/memo"), findings(r).toString());
        assertTrue(findings(r).contains("state-view-changed bank.account "), findings(r).toString());
        assertEquals(List.of(), changes(r));
    }

    @Test
    void aFirstReleaseListsEveryTypeItDeclares() throws Exception {
        Report r = new ReleaseChecker().check(release("1.0.0", BASE), List.of());
        assertEquals(List.of("type-added bank.account ", "type-added bank.account.Deposit ", "type-added bank.account.Deposited ",
                "error-code-added bank.account.insufficient-balance "), changes(r));
    }

    @Test
    void thePlainLevelsListTheSchemaChangesTheyDoNotJudge() throws Exception {
        String after = edit(BASE, "/commands/Deposit/schema/properties/memo", "{\"type\": \"string\", \"description\": \"free text\"}");
        Report r = dev.wowcompat.gate.Gate.check(Level.BACKWARD, release("1.1.0", after), List.of(release("1.0.0", BASE)));
        assertEquals(List.of(), findings(r));
        assertEquals(List.of("property-added bank.account.Deposit /properties/memo"), changes(r));
    }

    @Test
    void everyKindIsFoundByOneOfTheseTests() throws Exception {
        Set<ChangeKind> seen = EnumSet.noneOf(ChangeKind.class);
        String v1 = edit(BASE, "/commands/Close", "{\"written\": false, \"schema\": " + AMOUNT + "}");
        v1 = edit(v1, "/events/Deposited/revisions/2", "{\"schema\": " + AMOUNT + ", \"upgradesFrom\": 1, \"written\": false}");
        v1 = edit(v1, "/errors/closed", "{\"description\": \"closed\"}");
        v1 = edit(v1, "/events/Deposited/revisions/1/schema/properties/memo", "{\"type\": [\"string\", \"null\"], \"x-wow-written\": false}");
        String v2 = edit(v1, "/commands/Close", "{\"schema\": " + AMOUNT + "}");
        v2 = edit(v2, "/events/Deposited/revisions/2", "{\"schema\": " + AMOUNT + ", \"upgradesFrom\": 1}");
        v2 = edit(v2, "/events/Deposited/revisions/1/schema/properties/memo", "{\"type\": [\"string\", \"null\"]}");
        v2 = edit(v2, "/events/Deposited/revisions/1/schema/properties/amount",
                "{\"type\": \"integer\", \"default\": 0, \"deprecated\": true, \"x-wow-written\": false, \"title\": \"cents\"}");
        Manifest m0 = release("1.0.0", BASE);
        Manifest m1 = release("1.1.0", v1);
        Manifest m2 = release("1.2.0", v2);
        Report first = new ReleaseChecker().check(m1, List.of(m0));
        Report second = new ReleaseChecker().check(m2, List.of(m0, m1));
        assertEquals(List.of(), findings(first));
        assertEquals(List.of(), findings(second));
        first.changes().forEach(c -> seen.add(c.kind()));
        second.changes().forEach(c -> seen.add(c.kind()));
        assertEquals(Arrays.stream(ChangeKind.values()).collect(Collectors.toSet()), seen,
                "missing: " + EnumSet.complementOf(EnumSet.copyOf(seen)));
    }
}
