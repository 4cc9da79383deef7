package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.audit.AuditRecord;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.wowcompat.replay.StateEvents.opened;
import static dev.wowcompat.replay.StateEvents.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A recorded state event goes to the candidate's JVM as one line of UTF-8 JSON, however it was written. */
class RecordLineTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RECORD = record("a-1", 1, "{\"id\":\"a-1\",\"owner\":\"Zoë\",\"balance\":0,\"currency\":null}",
            opened("Zoë"));

    private static RecordedStateEvent read(byte[] value) {
        return Replay.read(new AuditRecord("wow.bank.account.state", 0, 7, 0, List.of(), null, value, 1)).orElseThrow();
    }

    private static void assertOneLineOf(String expected, RecordedStateEvent event) throws Exception {
        assertFalse(event.line().contains("\n") || event.line().contains("\r"), event.line());
        assertEquals(JSON.readTree(expected), JSON.readTree(event.line()));
    }

    @Test
    void aRecordOnOneLineGoesAsItWasWritten() throws Exception {
        RecordedStateEvent event = read(RECORD.getBytes(StandardCharsets.UTF_8));
        assertEquals(RECORD, event.line());
        assertEquals("a-1", event.aggregate().id());
    }

    @Test
    void aRecordWrittenOnSeveralLinesGoesOnOne() throws Exception {
        String pretty = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(JSON.readTree(RECORD)).replace("\n", "\r\n");
        assertOneLineOf(RECORD, read(pretty.getBytes(StandardCharsets.UTF_8)));
        // Line breaks far from the record's start, between members.
        String broken = RECORD.replace(",\"version\":", ",\n\"version\":").replace(",\"body\":", ",\r\"body\":");
        assertTrue(broken.indexOf('\n') > 100 && broken.indexOf('\r') > 100, broken);
        assertOneLineOf(RECORD, read(broken.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aRecordInUtf16OrUtf32IsWrittenAgainInUtf8() throws Exception {
        for (Charset charset : List.of(StandardCharsets.UTF_16BE, StandardCharsets.UTF_16LE, Charset.forName("UTF-32BE"))) {
            RecordedStateEvent event = read(RECORD.getBytes(charset));
            assertOneLineOf(RECORD, event);
            assertTrue(event.line().contains("Zoë"), charset + ": " + event.line());
        }
    }

    @Test
    void whatFollowsTheRecordIsLeftOut() throws Exception {
        byte[] value = (RECORD + "\n{\"not\":\"this\"}\u0000").getBytes(StandardCharsets.UTF_8);
        assertEquals(RECORD, read(value).line());
    }

    /** What the replay takes of a record: its aggregate, version, deletion and events, or nothing. */
    private static String described(String record) {
        return Replay.read(new AuditRecord("wow.bank.account.state", 0, 7, 0, List.of(), null, record.getBytes(StandardCharsets.UTF_8), 1))
                .map(e -> e.aggregate().type() + "/" + e.aggregate().id() + "/" + e.aggregate().tenantId() + " v" + e.version()
                        + (e.deleted() ? " deleted" : "") + " " + e.events().stream().map(r -> r.name() + "@" + r.revision()).toList())
                .orElse("no state event");
    }

    /**
     * A record of the shape Wow writes is read token by token, any other as trees: each record here means the same
     * whichever way it is read, and the shapes Wow never writes mean what their trees say.
     */
    @Test
    void whatARecordMeansDoesNotDependOnItsShape() {
        String head = "{\"contextName\":\"bank\",\"aggregateName\":\"account\",\"aggregateId\":\"a-1\",";
        assertEquals("bank.account/a-1/t v3 deleted [n@1.0.0, @]", described(head + "\"tenantId\":\"t\",\"version\":3,\"deleted\":true,"
                + "\"state\":{\"name\":[1]},\"body\":[{\"name\":\"n\",\"revision\":\"1.0.0\",\"body\":{\"name\":5}},{\"id\":\"e\"}]}"),
                "Wow's shape: members skipped whatever they hold, an event without name or revision has them empty");
        assertEquals("bank.account/a-1/ v4 [m@2]", described(head + "\"version\":3,\"version\":4,\"deleted\":true,\"deleted\":false,"
                + "\"state\":1,\"state\":{},\"body\":[{\"name\":\"n\"}],\"body\":[{\"name\":\"x\",\"name\":\"m\",\"revision\":\"2\"}]}"),
                "Wow's shape with members twice: the last counts; no tenant is an empty one");
        assertEquals("bank.account/a-1/null v2 deleted [5@, @]", described(head + "\"tenantId\":null,\"version\":2,\"deleted\":1,"
                + "\"state\":{},\"body\":[{\"name\":5,\"revision\":{}},\"e\"]}"),
                "other shapes mean what their trees say: a null tenant, a deletion as a number, a name as a number, an event as text");
        for (String notOne : List.of(
                head + "\"version\":2147483648,\"state\":{},\"body\":[]}",
                head + "\"version\":3.0,\"state\":{},\"body\":[]}",
                head + "\"version\":3,\"state\":{},\"body\":null}",
                head + "\"version\":3,\"state\":{},\"state\":[],\"body\":[]}",
                head + "\"version\":3,\"state\":{},\"body\":[],\"aggregateId\":null}",
                "{\"aggregateName\":\"account\",\"aggregateId\":\"a-1\",\"version\":3,\"state\":{},\"body\":[]}",
                head + "\"version\":3,\"state\":{},\"body\":[{\"name\":\"n\"")) {
            assertEquals("no state event", described(notOne), notOne);
        }
    }
}
