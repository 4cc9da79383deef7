package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.report.Waiver;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import org.junit.jupiter.api.Test;

class IgnoreTest {

    private static Finding removed(String subject) {
        return Finding.of(Rule.FIELD_REMOVED, subject, "/properties/amount", Readers.NEW_READERS, "amount is gone");
    }

    @Test
    void aRuleAndGlobWithReasonBecomeAWaiverThatMatchesBySubject() {
        Waiver w = new Ignore("field-removed", "bank.account.*", null, "  agreed with the consumers  ").toWaiver(1);
        assertEquals("field-removed", w.rule());
        assertEquals("bank.account.*", w.subjectGlob());
        assertNull(w.findingId());
        assertEquals("agreed with the consumers", w.reason());
        assertTrue(w.matches(removed("bank.account.Deposited@1")));
        assertFalse(w.matches(removed("bank.customer.Created@1")));
    }

    @Test
    void aFindingIdAloneWaivesOnlyThatFindingOfAnyRule() {
        Finding target = removed("bank.account.Deposited@1");
        Waiver w = new Ignore(null, null, target.id(), "known").toWaiver(1);
        assertEquals("*", w.rule());
        assertTrue(w.matches(target));
        assertFalse(w.matches(removed("bank.account.Withdrawn@1")));
    }

    @Test
    void aMissingReasonIsOneSentenceNamingTheEntry() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Ignore("field-removed", "bank.*", null, "  ").toWaiver(3));
        assertEquals("<ignore> number 3 of <ignores> has no reason: say why the change is acceptable, it is shown in every report.", e.getMessage());
    }

    @Test
    void anUnknownRuleIsRefusedWithTheKnownIds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Ignore("field-deleted", "bank.*", null, "why").toWaiver(2));
        assertTrue(e.getMessage().startsWith("<ignore> number 2 of <ignores> names the unknown rule 'field-deleted'"), e.getMessage());
        assertTrue(e.getMessage().contains("field-removed"), e.getMessage());
    }

    @Test
    void neitherRuleNorFindingIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Ignore(null, "bank.*", null, "why").toWaiver(1));
        assertTrue(e.getMessage().contains("names neither a rule nor a finding"), e.getMessage());
    }
}
