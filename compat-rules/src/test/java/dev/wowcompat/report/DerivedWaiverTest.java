package dev.wowcompat.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.check.ReleaseChecker;
import dev.wowcompat.rules.Rule;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A revision-changed follows the findings it is derived from: waived when, and only when, all of them are. */
class DerivedWaiverTest {
    private static final String BEFORE = """
            {"type": "object", "properties": {"orderId": {"type": "string"},
              "note": {"type": "string", "maxLength": 500, "default": ""},
              "amount": {"type": "integer", "x-wow-unit": "cent"}}, "required": ["orderId"]}""";
    /** note removed, amount's unit changed: two causes of one revision-changed. */
    private static final String AFTER = """
            {"type": "object", "properties": {"orderId": {"type": "string"},
              "amount": {"type": "integer", "x-wow-unit": "eur"}}, "required": ["orderId"]}""";

    private final Report checked = new ReleaseChecker().check(release("1.1.0", AFTER), List.of(release("1.0.0", BEFORE)));

    @Test
    void theDerivedFindingIsThere() {
        assertEquals(List.of(Rule.REVISION_CHANGED, Rule.FIELD_REMOVED, Rule.MEANING_CHANGED),
                checked.findings().stream().map(Finding::rule).sorted().toList());
    }

    @Test
    void waivingEveryCauseWaivesTheRevisionChangedWithTheirReasons() {
        Report report = checked.withWaivers(List.of(
                new Waiver("field-removed", "shop.order.*", null, "note was never read"),
                new Waiver("meaning-changed", null, null, "amounts were always euros")));
        assertEquals(List.of(), report.findings());
        assertEquals("compatible", report.verdict());
        Report.Waived derived = report.waived().stream().filter(w -> w.finding().rule() == Rule.REVISION_CHANGED).findFirst().orElseThrow();
        assertTrue(derived.reason().contains("field-removed: note was never read"), derived.reason());
        assertTrue(derived.reason().contains("meaning-changed: amounts were always euros"), derived.reason());
    }

    @Test
    void waivingSomeCausesLeavesItCounted() {
        Report report = checked.withWaivers(List.of(new Waiver("field-removed", null, null, "note was never read")));
        assertEquals(List.of(Rule.REVISION_CHANGED, Rule.MEANING_CHANGED), report.findings().stream().map(Finding::rule).sorted().toList());
        assertEquals("breaking", report.verdict());
    }

    @Test
    void aWaiverOfAnotherSubjectDoesNotCarryIt() {
        Report report = checked.withWaivers(List.of(new Waiver("*", "other.*", null, "not this one")));
        assertEquals(checked.findings(), report.findings());
    }

    private static Manifest release(String version, String schema) {
        String json = """
                {"manifest": 1, "service": "example-shop", "version": "%s",
                 "contexts": {"shop": {"aggregates": {"order": {"events": {"OrderPlaced": {"revisions": {"1": {"schema": %s}}}}}}}}}"""
                .formatted(version, schema);
        try {
            return new ManifestReader().read(json.getBytes(StandardCharsets.UTF_8), "test " + version);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
