package dev.wowcompat.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Can I deploy?" beyond the examples of docs/rules.md (which {@code RuleCatalogueDocTest} runs): both directions
 * of each rule, whom a finding names, and what the check leaves alone.
 */
class DeploymentCheckTest {
    private static final String EVENT = "{'type': 'object', 'properties': {'orderId': {'type': 'string'}}, 'required': ['orderId']}";
    private static final String EVENT_2 = "{'type': 'object', 'properties': {'orderId': {'type': 'string'}, 'channel': {'type': 'string', 'default': 'web'}}, 'required': ['orderId']}";
    private static final String REV_1 = "{'1': {'schema': " + EVENT + "}}";
    private static final String REV_2_STAGED = "{'1': {'schema': " + EVENT + "}, '2': {'schema': " + EVENT_2 + ", 'upgradesFrom': 1, 'written': false}}";
    private static final String REV_2 = "{'1': {'schema': " + EVENT + "}, '2': {'schema': " + EVENT_2 + ", 'upgradesFrom': 1}}";

    private final DeploymentCheck check = new DeploymentCheck();

    private static Manifest read(String json) throws Exception {
        return new ManifestReader().read(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8), "m.json");
    }

    private static Manifest shop(String version, String revisions, String more) throws Exception {
        return read("{'manifest': 1, 'service': 'example-shop', 'version': '" + version + "', 'contexts': {'shop': {'aggregates': {'order': {"
                + more + "'events': {'OrderPlaced': {'revisions': " + revisions + "}}}}}}}");
    }

    private static Manifest shop(String version, String revisions) throws Exception {
        return shop(version, revisions, "");
    }

    private static Manifest consumer(String service, String version, String consumes, String sends) throws Exception {
        return read("{'manifest': 1, 'service': '" + service + "', 'version': '" + version + "', 'contexts': {}, 'consumes': " + consumes
                + ", 'sends': " + sends + "}");
    }

    private Report deploy(Manifest candidate, Manifest... running) {
        return check.check(candidate, new DeploymentCheck.Environment("production", List.of(running)));
    }

    private static List<String> summary(Report r) {
        return r.findings().stream().map(f -> f.rule().id() + " " + f.subject() + " " + f.pointer()).toList();
    }

    @Test
    void theReportNamesTheEnvironmentsReleasesAndItsLevel() throws Exception {
        Manifest ledger = consumer("ledger-service", "1.0.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [1]}}}", "{}");
        Report r = deploy(shop("1.1.0", REV_2_STAGED), shop("1.0.0", REV_1), ledger);
        assertEquals(DeploymentCheck.LEVEL, r.level());
        assertEquals(List.of(new Report.Release("example-shop", "1.0.0"), new Report.Release("ledger-service", "1.0.0")), r.baselines());
        assertEquals(List.of(), summary(r), "staging a revision breaks nobody");
        assertEquals("compatible", r.verdict());
    }

    @Test
    void skippingTheStagingReleaseIsRefusedAtTheRevisionAndAtAStagedProperty() throws Exception {
        Report r = deploy(shop("1.2.0", REV_2), shop("1.0.0", REV_1));
        assertEquals(List.of("skipped-staging-release shop.order.OrderPlaced@2 "), summary(r));
        Finding f = r.findings().get(0);
        assertTrue(f.message().contains("example-shop@1.0.0 runs in production"), f.message());
        assertEquals(Readers.OLD_READERS, f.breaks());

        String staged = "{'1': {'schema': {'type': 'object', 'properties': {'orderId': {'type': 'string'}, 'note': {'type': 'string', 'default': '', 'x-wow-written': false}}}}}";
        String written = "{'1': {'schema': {'type': 'object', 'properties': {'orderId': {'type': 'string'}, 'note': {'type': 'string', 'default': ''}}}}}";
        String before = "{'1': {'schema': {'type': 'object', 'properties': {'orderId': {'type': 'string'}}}}}";
        assertEquals(List.of("skipped-staging-release shop.order.OrderPlaced@1 /properties/note"),
                summary(deploy(shop("1.2.0", written), shop("1.0.0", before))));
        assertEquals(List.of(), summary(deploy(shop("1.2.0", written), shop("1.1.0", staged))));
    }

    @Test
    void aMajorUpgradeIsAPlannedMigrationAndARedeployChangesNothing() throws Exception {
        assertEquals(List.of(), summary(deploy(shop("2.0.0", REV_2), shop("1.0.0", REV_1))));
        assertEquals(List.of(), summary(deploy(shop("1.0.0", REV_1), shop("1.0.0", REV_1))));
    }

    @Test
    void aRollbackMustReadWhatTheRunningReleaseWrites() throws Exception {
        assertEquals(List.of("rollback-unread shop.order.OrderPlaced@2 "), summary(deploy(shop("1.0.0", REV_1), shop("1.2.0", REV_2))));
        assertEquals(List.of(), summary(deploy(shop("1.1.0", REV_2_STAGED), shop("1.2.0", REV_2))));
    }

    @Test
    void aLaggingConsumerBlocksTheRevisionSwitchAndEveryLaggingConsumerIsNamed() throws Exception {
        Manifest ledger = consumer("ledger-service", "1.0.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [1]}}}", "{}");
        Manifest audit = consumer("audit-service", "3.1.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [1]}}}", "{}");
        Report r = deploy(shop("1.2.0", REV_2), shop("1.1.0", REV_2_STAGED), ledger, audit);
        assertEquals(List.of("consumer-lags shop.order.OrderPlaced@2 "), summary(r));
        String message = r.findings().get(0).message();
        assertTrue(message.contains("audit-service@3.1.0 reads only revision 1") && message.contains("ledger-service@1.0.0 reads only revision 1"),
                message);

        Manifest upgraded = consumer("ledger-service", "1.1.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [1, 2]}}}", "{}");
        Manifest auditUpgraded = consumer("audit-service", "3.2.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [2]}}}", "{}");
        assertEquals(List.of(), summary(deploy(shop("1.2.0", REV_2), shop("1.1.0", REV_2_STAGED), upgraded, auditUpgraded)));
    }

    @Test
    void aConsumerDeployedBesideAProducerMustReadItsCurrentRevision() throws Exception {
        Manifest lagging = consumer("ledger-service", "1.0.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [1]}}}", "{}");
        Report r = deploy(lagging, shop("1.2.0", REV_2));
        assertEquals(List.of("consumer-lags shop.order.OrderPlaced@2 "), summary(r));
        assertEquals(Readers.NEW_READERS, r.findings().get(0).breaks());
        assertTrue(r.findings().get(0).message().startsWith("example-shop@1.2.0 writes revision 2"), r.findings().get(0).message());
        // Reading a revision the producer does not write yet is fine: it is staged for later.
        Manifest ahead = consumer("ledger-service", "1.1.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [1, 2]}}}", "{}");
        assertEquals(List.of(), summary(deploy(ahead, shop("1.0.0", REV_1))));
    }

    @Test
    void aNewMajorVersionsBreakingChangeIsRefusedWhereAConsumerReadsIt() throws Exception {
        String state = "'state': {'schema': {'type': 'object', 'properties': {'status': {'type': 'string'}}}},";
        String stateChanged = "'state': {'schema': {'type': 'object', 'properties': {'status': {'type': 'integer'}}}},";
        String retyped = "{'1': {'schema': {'type': 'object', 'properties': {'orderId': {'type': 'integer'}}, 'required': ['orderId']}}}";
        Manifest ledger = consumer("ledger-service", "1.0.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [1]}}}", "{}");
        Manifest dashboard = consumer("dashboard-service", "4.0.0", "{'states': ['shop.order']}", "{}");
        Report r = deploy(shop("2.0.0", retyped, stateChanged), shop("1.2.0", REV_1, state), ledger, dashboard);
        // Where the registration's check of 2.0.0 against 1.2.0 would say it: the revision as a whole, and its field.
        assertEquals(List.of("major-change-reaches-consumer shop.order /properties/status/type",
                "major-change-reaches-consumer shop.order.OrderPlaced@1 ",
                "major-change-reaches-consumer shop.order.OrderPlaced@1 /properties/orderId/type"), summary(r));
        assertTrue(r.findings().get(0).message().startsWith("dashboard-service@4.0.0 reads shop.order, which example-shop@2.0.0 changes"),
                r.findings().get(0).message());
        // Without those readers, the major version is a planned migration: nothing to refuse here.
        assertEquals(List.of(), summary(deploy(shop("2.0.0", retyped, stateChanged), shop("1.2.0", REV_1, state))));
        // Within one major version the registration refused such a change already; nothing is compared again.
        assertEquals(List.of(), summary(deploy(shop("1.3.0", REV_1, state), shop("1.2.0", REV_1, state), ledger, dashboard)));
    }

    /** The Breaks line of a report names the reader: the candidate when it reads, the release running there when it does. */
    @Test
    void theBreaksLineNamesTheReleaseThatReads() throws Exception {
        Manifest ledger = consumer("ledger-service", "1.0.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [1]}}}", "{}");
        assertEquals(List.of("old readers (the release rolled back to, reading what the newer release running in the environment wrote)"),
                breaksLines(deploy(shop("1.0.0", REV_1), shop("1.2.0", REV_2))), "a rollback's reader is the candidate");
        assertEquals(List.of("old readers (the consumer running in the environment, reading what the candidate writes)"),
                breaksLines(deploy(shop("1.2.0", REV_2), shop("1.1.0", REV_2_STAGED), ledger)));
        assertEquals(List.of("new readers (the candidate, reading what the producer running in the environment writes)"),
                breaksLines(deploy(ledger, shop("1.2.0", REV_2))));
        assertEquals(List.of("old readers (the release of the service running in the environment, reading what the candidate writes during the roll)"),
                breaksLines(deploy(shop("1.2.0", REV_2), shop("1.0.0", REV_1))));
    }

    private static List<String> breaksLines(Report r) {
        return dev.wowcompat.report.ReportFormat.TEXT.render(r).lines().map(String::strip)
                .filter(l -> l.startsWith("Breaks: ")).map(l -> l.substring("Breaks: ".length())).toList();
    }

    @Test
    void aConsumedStateStaysPublished() throws Exception {
        String published = "'state': {'schema': {'type': 'object'}, 'published': true},";
        String view = "'state': {'schema': {'type': 'object'}, 'published': false},";
        Manifest dashboard = consumer("dashboard-service", "1.0.0", "{'states': ['shop.order']}", "{}");
        assertEquals(List.of("consumed-state-unpublished shop.order "),
                summary(deploy(shop("1.1.0", REV_1, view), shop("1.0.0", REV_1, published), dashboard)));
        assertEquals(List.of("consumed-state-unpublished shop.order "), summary(deploy(dashboard, shop("1.0.0", REV_1, view))));
        assertEquals(List.of(), summary(deploy(dashboard, shop("1.0.0", REV_1, published))));
    }

    @Test
    void sentCommandsAreAcceptedAsTheReplacedReleaseAcceptedThem() throws Exception {
        String both = "'commands': {'PlaceOrder': {'schema': {'type': 'object', 'properties': {'orderId': {'type': 'string'}}}},"
                + " 'CancelOrder': {'schema': {'type': 'object'}}},";
        String stricter = "'commands': {'PlaceOrder': {'schema': {'type': 'object', 'properties': {'orderId': {'type': 'string'}}, 'required': ['orderId']}},"
                + " 'CancelOrder': {'schema': {'type': 'object'}}},";
        String withoutCancel = "'commands': {'PlaceOrder': {'schema': {'type': 'object', 'properties': {'orderId': {'type': 'string'}}}}},";
        Manifest checkout = consumer("checkout-service", "1.0.0", "{}", "{'commands': ['shop.order.CancelOrder', 'shop.order.PlaceOrder']}");
        assertEquals(List.of("sent-command-unread shop.order.CancelOrder "),
                summary(deploy(shop("2.0.0", REV_1, withoutCancel), shop("1.0.0", REV_1, both), checkout)));
        // A rollback to a release that requires what the running one did not: the senders' commands are refused.
        Report narrowed = deploy(shop("1.0.0", REV_1, stricter), shop("1.1.0", REV_1, both), checkout);
        assertEquals(List.of("sent-command-unread shop.order.PlaceOrder /properties/orderId"), summary(narrowed));
        assertTrue(narrowed.findings().get(0).message().contains("checkout-service@1.0.0 sends shop.order.PlaceOrder"), narrowed.findings().get(0).message());
        // Deploying the sender: the target running there must accept it.
        assertEquals(List.of("sent-command-unread shop.order.CancelOrder "), summary(deploy(checkout, shop("2.0.0", REV_1, withoutCancel))));
        assertEquals(List.of(), summary(deploy(checkout, shop("1.0.0", REV_1, both))));
    }

    @Test
    void whatNothingThereWritesOrHandlesIsAWarningOnly() throws Exception {
        Manifest lonely = consumer("ledger-service", "1.0.0", "{'events': {'billing.invoice.InvoiceIssued': {'revisions': [1]}}, 'states': ['billing.invoice']}",
                "{'commands': ['billing.invoice.Void']}");
        Report r = deploy(lonely, shop("1.0.0", REV_1));
        assertEquals(List.of("nothing-runs-there billing.invoice ", "nothing-runs-there billing.invoice.InvoiceIssued ",
                "nothing-runs-there billing.invoice.Void "), summary(r));
        assertTrue(r.findings().stream().allMatch(f -> f.rule() == Rule.NOTHING_RUNS_THERE && f.severity().label().equals("warning")));
        assertEquals("compatible", r.verdict());
        // A service reading its own events (a projection of its own) needs nobody else.
        Manifest selfReader = read("{'manifest': 1, 'service': 'example-shop', 'version': '1.0.0', 'contexts': {'shop': {'aggregates': {'order':"
                + " {'events': {'OrderPlaced': {'revisions': " + REV_1 + "}}}}}}, 'consumes': {'events': {'shop.order.OrderPlaced': {'revisions': [1]}}}}");
        assertEquals(List.of(), summary(deploy(selfReader)));
    }

    private Report deployOnWire(Manifest candidate, DeploymentCheck.Wire wire, Manifest... running) {
        return check.check(candidate, new DeploymentCheck.Environment("production", List.of(running), List.of(), List.of(), wire));
    }

    private static DeploymentCheck.Wire carried(DeploymentCheck.Carried... types) {
        return new DeploymentCheck.Wire("2026-12-01T09:00:00Z", List.of(types), List.of());
    }

    /** What a candidate reads of the wire: its own aggregates' declarations, and its consumes; nothing of the rest. */
    @Test
    void theWireWeighsWhatTheCandidateReadsAsItDeclaresOrConsumesIt() throws Exception {
        DeploymentCheck.Carried revision2 = new DeploymentCheck.Carried("event", "shop.order.OrderPlaced", 2, 40, "t 0 1");
        DeploymentCheck.Carried command = new DeploymentCheck.Carried("command", "shop.order.CancelOrder", 0, 2, "t 0 2");
        DeploymentCheck.Carried state = new DeploymentCheck.Carried("state", "shop.order", 0, 9, "t 0 3");
        DeploymentCheck.Carried elsewhere = new DeploymentCheck.Carried("event", "bank.account.Deposited", 7, 1, "t 0 4");
        assertEquals(List.of("wire-unread shop.order ", "wire-unread shop.order.CancelOrder ", "wire-unread shop.order.OrderPlaced@2 "),
                summary(deployOnWire(shop("1.0.0", REV_1), carried(revision2, command, state, elsewhere))));
        Finding f = deployOnWire(shop("1.0.0", REV_1), carried(revision2)).findings().get(0);
        assertTrue(f.message().contains("has carried 40 records of revision 2 of shop.order.OrderPlaced since example-shop@1.0.0 last ran"
                + " in production (2026-12-01T09:00:00Z), first t 0 1"), f.message());
        assertEquals(List.of("wire-unread shop.order.OrderPlaced@2 "), summary(deployOnWire(shop("1.0.0", REV_1),
                new DeploymentCheck.Wire(null, List.of(revision2), List.of()))));
        String declared = "'state': {'schema': {'type': 'object'}}, 'commands': {'CancelOrder': {'schema': {'type': 'object'}}}, ";
        assertEquals(List.of(), summary(deployOnWire(shop("1.1.0", REV_2_STAGED, declared), carried(revision2, command, state, elsewhere))));

        Manifest lagging = consumer("ledger-service", "1.0.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [1]}}, 'states': ['shop.order']}", "{}");
        Manifest reading = consumer("ledger-service", "1.1.0", "{'events': {'shop.order.OrderPlaced': {'revisions': [1, 2]}}, 'states': ['shop.order']}", "{}");
        Manifest shopRunning = shop("1.1.0", REV_2_STAGED, declared);
        assertEquals(List.of("wire-unread shop.order.OrderPlaced@2 "), summary(deployOnWire(lagging, carried(revision2, command, state), shopRunning)));
        assertEquals(List.of(), summary(deployOnWire(reading, carried(revision2, command, state), shopRunning)));
    }

    @Test
    void onlyBreakingFindingsOfTheReplacedReleaseAreOpen() throws Exception {
        DeploymentCheck.Wire wire = new DeploymentCheck.Wire(null, List.of(), List.of(
                new DeploymentCheck.WireFinding("example-shop@1.1.0", "written-not-declared", "breaking", "shop.order.OrderPlaced", 3),
                new DeploymentCheck.WireFinding("example-shop@1.1.0", "error-code-unregistered", "warning", "shop.order.CancelOrder", 1),
                new DeploymentCheck.WireFinding("example-shop@1.0.0", "payload-invalid", "breaking", "shop.order.OrderPlaced", 5),
                new DeploymentCheck.WireFinding("other@1.0.0", "payload-invalid", "breaking", "other.thing.Happened", 5)));
        Report r = deployOnWire(shop("1.2.0", REV_2), wire, shop("1.1.0", REV_2_STAGED));
        assertEquals(List.of("wire-findings-open shop.order.OrderPlaced "), summary(r));
        assertEquals("compatible", r.verdict(), "a warning: the candidate may be the fix");
        assertTrue(r.findings().get(0).message().contains("written-not-declared in 3 records"), r.findings().get(0).message());
        assertEquals(List.of(), summary(deployOnWire(shop("1.2.0", REV_2), wire)), "nothing of the service runs there");
    }
}
