package dev.wowcompat.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The "Breaks" line names the reader a finding breaks: the general words (the previous and the new release of one
 * service) for the rules about two releases, and the rule's own words where the reader is someone else: a client, a
 * node receiving a command, a release running in the environment, or the candidate itself (a rollback's reader is the
 * release rolled back to). Every wording that is not the general one is pinned here, in every format that shows it.
 */
class BreaksLineTest {
    /** Each rule with words of its own, for each readers its findings have, as the Breaks line says it. */
    private static final Map<Rule, Map<Readers, String>> OWN_WORDS = Map.ofEntries(
            Map.entry(Rule.TYPE_REMOVED, Map.of(Readers.OLD_READERS,
                    "old readers (clients and consumers built on the earlier Manifest, which still send or read the type)")),
            Map.entry(Rule.ERROR_CODE_REMOVED, Map.of(Readers.OLD_READERS,
                    "old readers (clients built on the earlier Manifest, which match on the code)")),
            Map.entry(Rule.COMMAND_FIELD_UNSTAGED, Map.of(Readers.OLD_READERS,
                    "old readers (a node of the previous release, receiving the command from a client of the new one during a rolling upgrade)")),
            Map.entry(Rule.SKIPPED_STAGING_RELEASE, Map.of(Readers.OLD_READERS,
                    "old readers (the release of the service running in the environment, reading what the candidate writes during the roll)")),
            Map.entry(Rule.ROLLBACK_UNREAD, Map.of(Readers.OLD_READERS,
                    "old readers (the release rolled back to, reading what the newer release running in the environment wrote)")),
            Map.entry(Rule.CONSUMER_LAGS, Map.of(
                    Readers.OLD_READERS, "old readers (the consumer running in the environment, reading what the candidate writes)",
                    Readers.NEW_READERS, "new readers (the candidate, reading what the producer running in the environment writes)",
                    Readers.BOTH, "old and new readers (the consumer running in the environment, reading what the candidate writes, "
                            + "and the candidate, reading what the producer running in the environment writes)")),
            Map.entry(Rule.CONSUMED_STATE_UNPUBLISHED, Map.of(
                    Readers.OLD_READERS, "old readers (the consumer running in the environment, reading the state the candidate publishes)",
                    Readers.NEW_READERS, "new readers (the candidate, reading the state a producer running in the environment publishes)")),
            Map.entry(Rule.SENT_COMMAND_UNREAD, Map.of(
                    Readers.OLD_READERS, "old readers (the command's target running in the environment, reading what the candidate sends)",
                    Readers.NEW_READERS, "new readers (the candidate, reading the commands the senders running in the environment send)")),
            Map.entry(Rule.MAJOR_CHANGE_REACHES_CONSUMER, Map.of(Readers.OLD_READERS,
                    "old readers (the consumer running in the environment, reading what the new major version writes)")),
            Map.entry(Rule.WIRE_UNREAD, Map.of(Readers.OLD_READERS,
                    "old readers (the candidate, meeting the records the wire carried in the environment since it last ran there)")),
            Map.entry(Rule.REPLAY_FOUND_BREAKING, Map.of(Readers.NEW_READERS,
                    "new readers (the candidate, rebuilding its aggregates' state from the events its earlier releases stored)")));

    private static String breaksLine(Rule rule, Readers readers, ReportFormat format) {
        Finding f = Finding.of(rule, "bank.account.Deposited@2", "", readers, "a message");
        String rendered = format.render(new Report("CAN-DEPLOY", new Report.Release("bank-service", "1.0.0"),
                List.of(new Report.Release("bank-service", "1.2.0")), List.of(f)));
        String marker = format == ReportFormat.MARKDOWN ? "- Breaks " : "Breaks: ";
        return rendered.lines().filter(l -> l.contains(marker)).map(l -> l.substring(l.indexOf(marker) + marker.length()))
                .reduce((a, b) -> a + " | " + b).orElse("(no Breaks line)");
    }

    @Test
    void eachRuleWithReadersOfItsOwnNamesThemInTheTextAndJunitReports() {
        OWN_WORDS.forEach((rule, words) -> words.forEach((readers, expected) -> {
            assertEquals(expected, breaksLine(rule, readers, ReportFormat.TEXT), rule.id() + " " + readers);
            assertEquals(expected, breaksLine(rule, readers, ReportFormat.JUNIT), rule.id() + " " + readers);
        }));
        // Markdown escapes what it shows as text: the words are the same.
        assertEquals(OWN_WORDS.get(Rule.ROLLBACK_UNREAD).get(Readers.OLD_READERS),
                breaksLine(Rule.ROLLBACK_UNREAD, Readers.OLD_READERS, ReportFormat.MARKDOWN));
    }

    @Test
    void theRulesAboutTwoReleasesOfOneServiceKeepTheGeneralWords() {
        for (Rule rule : Rule.values()) {
            for (Readers readers : Readers.values()) {
                if (OWN_WORDS.containsKey(rule) && OWN_WORDS.get(rule).containsKey(readers)) continue;
                if (OWN_WORDS.containsKey(rule) && readers == Readers.BOTH) continue; // one side its own, the other general
                assertEquals(readers.words(), breaksLine(rule, readers, ReportFormat.TEXT), rule.id() + " " + readers);
            }
        }
        assertEquals("old readers (the previous release reading data the new one writes)", Readers.OLD_READERS.words());
        assertEquals("new readers (the new release reading old, stored data)", Readers.NEW_READERS.words());
        assertEquals("old and new readers (the previous release reading new data, and the new release reading old, stored data)",
                Readers.BOTH.words());
        assertEquals("no reader", Readers.NONE.words());
    }
}
