package dev.wowcompat.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.manifest.ManifestReader;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Level;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlainLevelCheckTest {
    private final ManifestReader reader = new ManifestReader();

    /** A release whose Deposited@1 has property amount of the given JSON type, and optionally a note property. */
    private Manifest release(String version, String amountType, boolean withNote, boolean withRefunded) throws Exception {
        String note = withNote ? ", \"note\": {\"type\": \"string\", \"default\": \"\"}" : "";
        String refunded = withRefunded ? ", \"Refunded\": {\"revisions\": {\"1\": {\"schema\": {\"type\": \"object\"}}}}" : "";
        String json = """
                {"manifest": 1, "service": "bank-service", "version": "%s", "contexts": {"bank": {"aggregates": {"account": {
                  "events": {"Deposited": {"revisions": {"1": {"schema": {"type": "object", "properties": {
                      "amount": {"type": "%s", "default": 0}%s}}}}}%s}}}}}}
                """.formatted(version, amountType, note, refunded);
        return reader.read(json.getBytes(StandardCharsets.UTF_8), version + ".json");
    }

    @Test
    void aTypeChangeBreaksBackwardOnItsSubjectWithTheReleasesAsBaselines() throws Exception {
        Report r = PlainLevelCheck.check(Level.BACKWARD, release("1.2.0", "string", false, false),
                List.of(release("1.1.0", "integer", false, false), release("1.0.0", "integer", false, false)));
        assertEquals("BACKWARD", r.level());
        assertEquals(List.of("1.0.0", "1.1.0"), r.baselines().stream().map(Report.Release::version).toList());
        assertEquals("breaking", r.verdict());
        Finding f = r.findings().get(0);
        assertEquals("field-type-changed", f.rule().id());
        assertEquals("bank.account.Deposited@1", f.subject());
        assertTrue(f.pointer().contains("amount"), f.pointer());
    }

    @Test
    void anOptionalPropertyAddedOrRemovedAndASubjectRemovedAreNotJudged() throws Exception {
        Report added = PlainLevelCheck.check(Level.FULL_TRANSITIVE, release("1.1.0", "integer", true, false),
                List.of(release("1.0.0", "integer", false, true)));
        assertTrue(added.compatible(), () -> added.findings().toString());
        Report removed = PlainLevelCheck.check(Level.FULL, release("1.1.0", "integer", false, false),
                List.of(release("1.0.0", "integer", true, false)));
        assertTrue(removed.compatible(), () -> removed.findings().toString());
    }

    @Test
    void laterReleasesAndNoneAreLeftOut() throws Exception {
        Report later = PlainLevelCheck.check(Level.BACKWARD, release("1.0.0", "string", false, false),
                List.of(release("1.1.0", "integer", false, false)));
        assertTrue(later.baselines().isEmpty());
        assertTrue(later.findings().isEmpty());
        Report none = PlainLevelCheck.check(Level.NONE, release("1.1.0", "string", false, false),
                List.of(release("1.0.0", "integer", false, false)));
        // NONE judges nothing: the change is still reported, as information.
        assertTrue(none.compatible());
        assertTrue(none.findings().stream().allMatch(f -> f.severity() == dev.wowcompat.rules.Severity.INFO), () -> none.findings().toString());
    }
}
