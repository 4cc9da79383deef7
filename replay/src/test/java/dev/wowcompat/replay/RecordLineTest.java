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
}
