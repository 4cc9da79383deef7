package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.wowcompat.audit.AuditWaiver;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;

/** The replay goal's {@code <ignores>}: the command line's FINDING:TOPIC_GLOB:REASON, entry by entry. */
class ReplayIgnoreTest {
    private static ReplayIgnore ignore(String finding, String topic, String reason) {
        ReplayIgnore ignore = new ReplayIgnore();
        ignore.setFinding(finding);
        ignore.setTopic(topic);
        ignore.setReason(reason);
        return ignore;
    }

    @Test
    void aFindingATopicGlobAndAReasonAreAWaiver() throws Exception {
        assertEquals(List.of(new AuditWaiver("replay-state-changed", "wow.wallet.*", "the cents: agreed with finance"),
                        new AuditWaiver("*", null, "a sample being rebuilt")),
                ReplayIgnore.waivers(List.of(ignore("replay-state-changed", "wow.wallet.*", "the cents: agreed with finance"),
                        ignore("*", null, "a sample being rebuilt"))));
        assertEquals(List.of(), ReplayIgnore.waivers(null));
    }

    @Test
    void aWrongEntryIsOneSentenceNamingIt() {
        assertEquals("<ignore> number 2 of <ignores> names no <finding>: give a replay finding's id (docs/replay.md) or *.",
                assertThrows(MojoFailureException.class, () -> ReplayIgnore.waivers(List.of(
                        ignore("replay-state-lost", null, "known"), ignore(null, "wow.*", "known")))).getMessage());
        assertEquals("<ignore> number 1 of <ignores>: 'replay-state-changed:wow.*:' has no reason: say why the finding is "
                        + "acceptable, it is shown in every report.",
                assertThrows(MojoFailureException.class, () -> ReplayIgnore.waivers(List.of(
                        ignore("replay-state-changed", "wow.*", null)))).getMessage());
        MojoFailureException unknown = assertThrows(MojoFailureException.class, () -> ReplayIgnore.waivers(List.of(
                ignore("field-removed", null, "not a replay finding"))));
        assertEquals(true, unknown.getMessage().startsWith(
                "<ignore> number 1 of <ignores>: 'field-removed::not a replay finding' names the unknown finding 'field-removed'"),
                unknown.getMessage());
    }
}
