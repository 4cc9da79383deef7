package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;

class OutcomeTest {
    private static final Report.Release CANDIDATE = new Report.Release("bank-service", "1.1.0");
    private static final List<Report.Release> BASELINES = List.of(new Report.Release("bank-service", "1.0.0"));

    private static Finding finding(Rule rule, String subject) {
        return Finding.of(rule, subject, "/properties/x", Readers.BOTH, rule.id() + " on " + subject);
    }

    private static Report report(Finding... findings) {
        return new Report("ADDITIVE", CANDIDATE, BASELINES, List.of(findings));
    }

    @Test
    void eachSettingFailsOnItsSeverities() {
        Report r = report(finding(Rule.FIELD_REMOVED, "a.b.C@1"), finding(Rule.ENUM_VALUE_ADDED, "a.b"), finding(Rule.STATE_VIEW_CHANGED, "a.b"));
        assertEquals(List.of(Rule.FIELD_REMOVED), Outcome.BREAKING.failing(r).stream().map(Finding::rule).toList());
        assertEquals(List.of(Rule.FIELD_REMOVED, Rule.ENUM_VALUE_ADDED), Outcome.WARNING.failing(r).stream().map(Finding::rule).toList());
        assertTrue(Outcome.NEVER.failing(r).isEmpty());
        assertTrue(Outcome.BREAKING.failing(report(finding(Rule.ENUM_VALUE_ADDED, "a.b"))).isEmpty());
    }

    @Test
    void parseAcceptsAnyCaseAndRefusesOtherWords() throws MojoFailureException {
        assertEquals(Outcome.WARNING, Outcome.parse(" Warning "));
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> Outcome.parse("always"));
        assertEquals("<failOn> (wow-compat.failOn) is 'always'; use breaking, warning or never.", e.getMessage());
    }

    @Test
    void theMessageNamesTheCountTheBaselineAndTheFirstFindings() {
        List<Finding> many = new ArrayList<>();
        for (int i = 0; i < 7; i++) many.add(finding(Rule.FIELD_REMOVED, "bank.account.E" + i + "@1"));
        Report r = report(many.toArray(Finding[]::new));
        String message = Outcome.message("bank-service@1.1.0", r, Outcome.BREAKING.failing(r), "target/wow-compat/report.md");
        List<String> lines = message.lines().toList();
        assertEquals("bank-service@1.1.0 has 7 breaking findings against bank-service@1.0.0.", lines.get(0));
        assertEquals("  [field-removed] bank.account.E0@1 /properties/x: field-removed on bank.account.E0@1", lines.get(1));
        assertEquals(1 + Outcome.FIRST_FINDINGS + 2, lines.size());
        assertEquals("  ... and 2 more", lines.get(6));
        assertEquals("Full report: target/wow-compat/report.md", lines.get(7));
    }

    @Test
    void warningsAreCountedWhenTheyFailTheBuild() {
        Report r = report(finding(Rule.FIELD_REMOVED, "a.b.C@1"), finding(Rule.ENUM_VALUE_ADDED, "a.b"));
        String message = Outcome.message("s@1.1.0", r, Outcome.WARNING.failing(r), null);
        assertTrue(message.startsWith("s@1.1.0 has 1 breaking finding and 1 warning against bank-service@1.0.0."), message);
        Report onlyWarning = report(finding(Rule.ENUM_VALUE_ADDED, "a.b"));
        assertTrue(Outcome.message("s@1.1.0", onlyWarning, Outcome.WARNING.failing(onlyWarning), null)
                .startsWith("s@1.1.0 has 1 warning against"));
    }
}
