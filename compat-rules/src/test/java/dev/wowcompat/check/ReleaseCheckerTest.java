package dev.wowcompat.check;

import dev.wowcompat.rules.Severity;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Finding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.Manifest.Aggregate;
import dev.wowcompat.manifest.Manifest.Command;
import dev.wowcompat.manifest.Manifest.ErrorCode;
import dev.wowcompat.manifest.Manifest.Event;
import dev.wowcompat.manifest.Manifest.Revision;
import dev.wowcompat.manifest.SchemaDoc;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.report.Report;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Type-level rules of the release checker. Schemas here differ only by fingerprint label and never by
 * content, so no schema diff runs: what is under test is which releases are compared and how.
 */
class ReleaseCheckerTest {
    private final ReleaseChecker checker = new ReleaseChecker();

    /** A small fluent builder of one-aggregate releases of service "bank" with aggregate bank.account. */
    private static final class Release {
        final String version;
        final Map<String, Command> commands = new LinkedHashMap<>();
        final Map<String, TreeMap<Integer, Revision>> events = new LinkedHashMap<>();
        final Map<String, ErrorCode> errors = new LinkedHashMap<>();
        Manifest.State state;
        boolean hasAggregate = true;

        Release(String version) {
            this.version = version;
        }

        Release command(String name, String fp) {
            commands.put(name, new Command("bank.account." + name, schema(fp), true));
            return this;
        }

        Release event(String name, int revision, String fp, Integer upgradesFrom, boolean written) {
            events.computeIfAbsent(name, k -> new TreeMap<>()).put(revision, new Revision(revision, schema(fp), upgradesFrom, written));
            return this;
        }

        Release event(String name, int revision, String fp) {
            return event(name, revision, fp, revision == 1 ? null : revision - 1, true);
        }

        Release error(String code) {
            errors.put(code, new ErrorCode("bank.account." + code, "x"));
            return this;
        }

        Release state(String fp, boolean published) {
            state = new Manifest.State(schema(fp), published);
            return this;
        }

        Release noAggregate() {
            hasAggregate = false;
            return this;
        }

        Manifest build() {
            Map<String, Event> evs = new LinkedHashMap<>();
            events.forEach((n, revs) -> evs.put(n, new Event("bank.account." + n, revs)));
            Map<String, Aggregate> aggs = new LinkedHashMap<>();
            if (hasAggregate) {
                aggs.put("bank.account", new Aggregate("bank", "account", Optional.ofNullable(state), commands, evs, errors));
            }
            return new Manifest(1, "bank", Version.parse(version), aggs, JsonNodeFactory.instance.objectNode());
        }
    }

    private static SchemaDoc schema(String fp) {
        // Equal fingerprints mean equal schemas; content is irrelevant to the type-level rules under test.
        return new SchemaDoc(JsonNodeFactory.instance.objectNode().put("title", fp), fp);
    }

    private static Release base(String version) {
        return new Release(version).command("Deposit", "c1").event("Deposited", 1, "e1").error("insufficient-balance");
    }

    private static List<String> rules(Report r) {
        return r.findings().stream().map(f -> f.rule().id()).toList();
    }

    @Test
    void identicalReleaseIsCompatibleAndListsItsBaselines() {
        Report r = checker.check(base("1.1.0").build(), List.of(base("1.0.0").build()));
        assertTrue(r.compatible());
        assertEquals(List.of(), r.findings());
        assertEquals(List.of(new Report.Release("bank", "1.0.0")), r.baselines());
        assertEquals(new Report.Release("bank", "1.1.0"), r.candidate());
        assertEquals("ADDITIVE", r.level());
    }

    @Test
    void firstReleaseHasNoBaseline() {
        Report r = checker.check(base("1.0.0").build(), List.of());
        assertTrue(r.compatible());
        assertEquals(List.of(), r.baselines());
    }

    @Test
    void removedCommandIsTypeRemoved() {
        Release candidate = new Release("1.1.0").event("Deposited", 1, "e1").error("insufficient-balance");
        Report r = checker.check(candidate.build(), List.of(base("1.0.0").build()));
        assertEquals(List.of("type-removed"), rules(r));
        Finding f = r.findings().get(0);
        assertEquals("bank.account.Deposit", f.subject());
        assertEquals(Severity.BREAKING, f.severity());
        assertEquals("", f.pointer());
        assertFalse(r.compatible());
    }

    @Test
    void removedAggregateIsOneTypeRemovedFinding() {
        Report r = checker.check(new Release("1.1.0").noAggregate().build(), List.of(base("1.0.0").build()));
        assertEquals(List.of("type-removed"), rules(r));
        assertEquals("bank.account", r.findings().get(0).subject());
    }

    @Test
    void removedCommandWithSameSchemaUnderOtherNameIsTypeRenamed() {
        Release candidate = new Release("1.1.0").command("Credit", "c1").event("Deposited", 1, "e1").error("insufficient-balance");
        Report r = checker.check(candidate.build(), List.of(base("1.0.0").build()));
        assertEquals(List.of("type-renamed"), rules(r));
        assertTrue(r.findings().get(0).message().contains("bank.account.Credit"), r.findings().get(0).message());
        assertEquals(Readers.BOTH, r.findings().get(0).breaks());
    }

    @Test
    void renamedEventIsTypeRenamedNotWrittenBeforeReadAlone() {
        Release candidate = new Release("1.1.0").command("Deposit", "c1").event("MoneyDeposited", 1, "e1").error("insufficient-balance");
        Report r = checker.check(candidate.build(), List.of(base("1.0.0").build()));
        assertTrue(rules(r).contains("type-renamed"), rules(r).toString());
        // The new name is also written before the previous release reads it.
        assertTrue(rules(r).contains("written-before-read"), rules(r).toString());
    }

    @Test
    void removedRevisionIsRevisionRemoved() {
        Manifest v1 = base("1.0.0").event("Deposited", 2, "e2").build();
        Report r = checker.check(base("1.1.0").build(), List.of(v1));
        assertEquals(List.of("revision-removed"), rules(r));
        assertEquals("bank.account.Deposited@2", r.findings().get(0).subject());
    }

    @Test
    void removedErrorCodeIsErrorCodeRemoved() {
        Release candidate = new Release("1.1.0").command("Deposit", "c1").event("Deposited", 1, "e1");
        Report r = checker.check(candidate.build(), List.of(base("1.0.0").build()));
        assertEquals(List.of("error-code-removed"), rules(r));
        assertEquals("bank.account.insufficient-balance", r.findings().get(0).subject());
    }

    @Test
    void newRevisionWithoutUpgradeIsRefused() {
        Manifest candidate = base("1.1.0").event("Deposited", 2, "e2", null, false).build();
        Report r = checker.check(candidate, List.of(base("1.0.0").build()));
        assertEquals(List.of("revision-without-upgrade"), rules(r));
        assertEquals("bank.account.Deposited@2", r.findings().get(0).subject());
    }

    @Test
    void newRevisionUpgradingFromMissingRevisionIsRefused() {
        Manifest candidate = base("1.1.0").event("Deposited", 3, "e3", 2, false).build();
        Report r = checker.check(candidate, List.of(base("1.0.0").build()));
        assertEquals(List.of("revision-without-upgrade"), rules(r));
    }

    @Test
    void stagedRevisionThenWrittenIsCompatible() {
        Manifest v1 = base("1.0.0").build();
        Manifest staged = base("1.1.0").event("Deposited", 2, "e2", 1, false).build();
        Manifest written = base("1.2.0").event("Deposited", 2, "e2", 1, true).build();
        assertEquals(List.of(), checker.check(staged, List.of(v1)).findings());
        assertEquals(List.of(), checker.check(written, List.of(v1, staged)).findings());
    }

    @Test
    void revisionWrittenInTheReleaseThatFirstDeclaresItIsWrittenBeforeRead() {
        Manifest v1 = base("1.0.0").build();
        Manifest candidate = base("1.1.0").event("Deposited", 2, "e2", 1, true).build();
        Report r = checker.check(candidate, List.of(v1));
        assertEquals(List.of("written-before-read"), rules(r));
        assertEquals(Readers.OLD_READERS, r.findings().get(0).breaks());
    }

    @Test
    void stagingIsJudgedAgainstThePreviousReleaseOnly() {
        // 1.0.0 lacks revision 2; 1.1.0 staged it; 1.2.0 writes it. Against 1.0.0 alone it would look unstaged.
        Manifest v1 = base("1.0.0").build();
        Manifest staged = base("1.1.0").event("Deposited", 2, "e2", 1, false).build();
        Manifest candidate = base("1.2.0").event("Deposited", 2, "e2", 1, true).build();
        assertTrue(checker.check(candidate, List.of(staged, v1)).compatible());
        // Skipping the staged release (comparing against 1.0.0 only) is refused.
        assertEquals(List.of("written-before-read"), rules(checker.check(candidate, List.of(v1))));
    }

    @Test
    void newEventTypeMustBeStagedFirst() {
        Manifest v1 = base("1.0.0").build();
        Manifest unstaged = base("1.1.0").event("Closed", 1, "x1").build();
        Manifest staged = base("1.1.0").event("Closed", 1, "x1", null, false).build();
        assertEquals(List.of("written-before-read"), rules(checker.check(unstaged, List.of(v1))));
        assertEquals(List.of(), checker.check(staged, List.of(v1)).findings());
    }

    @Test
    void whatAnEarlierReleaseChangedIsNotReportedAgain() {
        // 1.1.0 dropped the error code (a breaking release that got through, e.g. with a waiver); 1.2.0 keeps it
        // dropped. 1.2.0 changed nothing, so it is not blamed for 1.1.0's change.
        Manifest v10 = base("1.0.0").build();
        Manifest v11 = new Release("1.1.0").command("Deposit", "c1").event("Deposited", 1, "e1").build();
        Manifest candidate = new Release("1.2.0").command("Deposit", "c1").event("Deposited", 1, "e1").build();
        Report r = checker.check(candidate, List.of(v10, v11));
        assertEquals(List.of(), r.findings());
        assertEquals(2, r.baselines().size());
    }

    @Test
    void aSchemaChangedSinceThePreviousReleaseIsComparedWithOlderReleasesToo() throws Exception {
        // 1.0.0 had Deposited@1 with 'note' a string; 1.1.0 dropped the event; 1.2.0 brings it back with 'note' a
        // number. Against 1.1.0 that is a new event; against 1.0.0 it changes what stored events mean.
        SchemaDoc asString = realSchema("{\"type\":\"object\",\"properties\":{\"note\":{\"type\":\"string\"}}}");
        SchemaDoc asNumber = realSchema("{\"type\":\"object\",\"properties\":{\"note\":{\"type\":\"number\"}}}");
        Manifest v10 = withDeposited("1.0.0", asString);
        Manifest v11 = new Release("1.1.0").command("Deposit", "c1").error("insufficient-balance").build();
        Release back = new Release("1.2.0").command("Deposit", "c1").error("insufficient-balance");
        back.events.computeIfAbsent("Deposited", k -> new TreeMap<>()).put(1, new Revision(1, asNumber, null, false));
        List<String> found = rules(checker.check(back.build(), List.of(v10, v11)));
        assertTrue(found.contains("field-type-changed"), found.toString());
        assertTrue(found.contains("revision-changed"), found.toString());
    }

    @Test
    void sameFindingAgainstSeveralBaselinesIsReportedOnce() {
        Manifest v10 = base("1.0.0").build();
        Manifest v11 = base("1.1.0").build();
        Manifest candidate = new Release("1.2.0").event("Deposited", 1, "e1").error("insufficient-balance").build();
        Report r = checker.check(candidate, List.of(v10, v11));
        assertEquals(List.of("type-removed"), rules(r));
    }

    @Test
    void newMajorGetsOnlyMajorBreakingChangeInfo() {
        Manifest v1 = base("1.3.0").build();
        Manifest candidate = new Release("2.0.0").event("Deposited", 1, "e1").build();
        Report r = checker.check(candidate, List.of(v1, base("1.0.0").build()));
        assertTrue(r.compatible());
        assertEquals(List.of("major-breaking-change", "major-breaking-change"), rules(r));
        assertTrue(r.findings().stream().allMatch(f -> f.severity() == Severity.INFO));
        assertTrue(r.findings().stream().anyMatch(f -> f.message().startsWith("type-removed")));
        assertEquals(List.of(new Report.Release("bank", "1.3.0")), r.baselines());
    }

    @Test
    void secondReleaseOfANewMajorIsCheckedOnlyWithinIt() {
        Manifest v1 = base("1.0.0").build();
        Manifest v2 = new Release("2.0.0").event("Deposited", 1, "e1").build();
        Manifest candidate = new Release("2.1.0").event("Deposited", 1, "e1").build();
        Report r = checker.check(candidate, List.of(v1, v2));
        assertEquals(List.of(), r.findings());
        assertEquals(List.of(new Report.Release("bank", "2.0.0")), r.baselines());
    }

    @Test
    void otherServicesAndLaterVersionsAreIgnored() {
        Manifest later = base("1.5.0").noAggregate().build();
        Manifest otherService = new Manifest(1, "other", Version.parse("1.0.0"), Map.of(), JsonNodeFactory.instance.objectNode());
        Report r = checker.check(base("1.1.0").build(), List.of(base("1.0.0").build(), later, otherService));
        assertEquals(List.of(), r.findings());
        assertEquals(1, r.baselines().size());
    }

    @Test
    void patchReleaseChangingASchemaIsAWarning() {
        Manifest v1 = base("1.2.0").state("s1", false).build();
        Manifest patch = base("1.2.1").state("s2", false).build();
        Report r = checker.check(patch, List.of(v1));
        assertTrue(rules(r).contains("patch-changes-schema"), rules(r).toString());
        Finding f = r.findings().stream().filter(x -> x.rule() == Rule.PATCH_CHANGES_SCHEMA).findFirst().orElseThrow();
        assertEquals(Severity.WARNING, f.severity());
        assertTrue(r.compatible());
        // The same change in a minor release is not a patch problem.
        assertFalse(rules(checker.check(base("1.3.0").state("s2", false).build(), List.of(v1))).contains("patch-changes-schema"));
    }

    @Test
    void unpublishedStateViewChangeIsInfoOnly() {
        Manifest v1 = base("1.0.0").state("s1", false).build();
        Manifest candidate = base("1.1.0").state("s2", false).build();
        Report r = checker.check(candidate, List.of(v1));
        assertEquals(List.of("state-view-changed"), rules(r));
        assertEquals(Severity.INFO, r.findings().get(0).severity());
        assertTrue(r.compatible());
    }

    @Test
    void removedStateIsTypeRemoved() {
        Manifest v1 = base("1.0.0").state("s1", true).build();
        Report r = checker.check(base("1.1.0").build(), List.of(v1));
        assertEquals(List.of("type-removed"), rules(r));
    }

    @Test
    void findingsAreSortedBreakingFirst() {
        Manifest v1 = base("1.2.0").state("s1", false).build();
        Manifest candidate = new Release("1.2.1").command("Deposit", "c1").event("Deposited", 1, "e1").state("s2", false).build();
        Report r = checker.check(candidate, List.of(v1));
        List<Severity> severities = r.findings().stream().map(Finding::severity).toList();
        assertEquals(Severity.BREAKING, severities.get(0));
        assertEquals(Severity.INFO, severities.get(severities.size() - 1));
    }

    private static SchemaDoc realSchema(String json) throws Exception {
        var node = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        return new SchemaDoc(node, dev.wowcompat.fingerprint.Fingerprint.of(node));
    }

    private static Manifest withDeposited(String version, SchemaDoc schema) {
        Release r = base(version);
        r.events.computeIfAbsent("Deposited", k -> new TreeMap<>()).put(1, new Revision(1, schema, null, true));
        return r.build();
    }

    @Test
    void schemaUnchangedSinceThePreviousReleaseIsNotComparedWithOlderOnesAgain() throws Exception {
        SchemaDoc a = realSchema("{\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"integer\"},\"note\":{\"type\":\"string\"}}}");
        SchemaDoc b = realSchema("{\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"integer\"}}}");
        SchemaDoc c = realSchema("{\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"integer\",\"maximum\":10}}}");
        Manifest v10 = withDeposited("1.0.0", a);
        Manifest v11 = withDeposited("1.1.0", b); // dropped 'note': 1.1.0 answered for that when it was released
        // Unchanged since 1.1.0: already checked against 1.0.0 when 1.1.0 was, so nothing is reported again.
        assertEquals(List.of(), rules(checker.check(withDeposited("1.2.0", b), List.of(v10, v11))));
        // Changed since 1.1.0: compared with every release of the major again, 1.0.0 included.
        List<String> found = rules(checker.check(withDeposited("1.2.0", c), List.of(v10, v11)));
        assertTrue(found.contains("field-removed"), found.toString());
        assertTrue(found.contains("constraint-tightened"), found.toString());
        assertTrue(found.contains("revision-changed"), found.toString());
    }

    @Test
    void newTypeWithAClosedObjectIsWarnedAboutWhenItArrives() throws Exception {
        SchemaDoc closed = realSchema("{\"type\":\"object\",\"properties\":{\"item\":{\"type\":\"string\"}},\"additionalProperties\":false}");
        Release r = base("1.1.0");
        r.events.computeIfAbsent("Gifted", k -> new TreeMap<>()).put(1, new Revision(1, closed, null, false));
        Report report = checker.check(r.build(), List.of(base("1.0.0").build()));
        assertEquals(List.of("closed-content-model"), rules(report));
        Finding f = report.findings().get(0);
        assertEquals("bank.account.Gifted@1", f.subject());
        assertEquals("/additionalProperties", f.pointer());
        assertEquals(Severity.WARNING, f.severity());
        // A first release is warned about the same way.
        Release first = base("1.0.0");
        first.events.computeIfAbsent("Gifted", k -> new TreeMap<>()).put(1, new Revision(1, closed, null, true));
        assertEquals(List.of("closed-content-model"), rules(checker.check(first.build(), List.of())));
    }

    @Test
    void unstagedAdditionToAnExistingRevisionIsNotARevisionChange() throws Exception {
        SchemaDoc before = realSchema("{\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"integer\"}}}");
        SchemaDoc after = realSchema("{\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"integer\"},"
                + "\"note\":{\"type\":\"string\",\"default\":\"\"}}}");
        Report r = checker.check(withDeposited("1.1.0", after), List.of(withDeposited("1.0.0", before)));
        assertEquals(List.of("written-before-read"), rules(r));
    }
}
