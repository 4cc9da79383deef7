package dev.wowcompat.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay's progress line: its words, how often it is rewritten, and that it never reaches anything but a terminal. */
class ReplayProgressTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void theLineSaysWhatIsDoneAndHowFast() {
        assertEquals("1,200 aggregates (400/s), 36,000 events (12,000/s) replayed",
                ReplayProgress.line(1_200, 36_000, 3 * SECOND));
        assertEquals("1 aggregate (2/s), 1 event (2/s) replayed", ReplayProgress.line(1, 1, SECOND / 2));
    }

    @Test
    void onATerminalTheLineIsRewrittenInPlaceAtMostFourTimesASecondAndClearedAtTheEnd() {
        StringWriter text = new StringWriter();
        AtomicLong clock = new AtomicLong(0);
        ReplayProgress progress = new ReplayProgress(new PrintWriter(text), true, clock::get);

        clock.set(SECOND);
        progress.update(10, 300);
        clock.set(SECOND + SECOND / 10);
        progress.update(11, 330);
        clock.set(SECOND + SECOND / 5);
        progress.update(12, 360);
        clock.set(2 * SECOND);
        progress.update(20, 600);
        progress.clear();

        String shown = text.toString();
        assertEquals("\r10 aggregates (10/s), 300 events (300/s) replayed"
                        + "\r20 aggregates (10/s), 600 events (300/s) replayed"
                        + "\r" + " ".repeat(49) + "\r",
                shown);
    }

    @Test
    void awayFromATerminalNothingIsWritten() {
        StringWriter text = new StringWriter();
        AtomicLong clock = new AtomicLong(0);
        ReplayProgress progress = new ReplayProgress(new PrintWriter(text), false, clock::get);
        for (int i = 1; i <= 10; i++) {
            clock.set(i * SECOND);
            progress.update(i, i * 30L);
        }
        progress.clear();

        assertEquals("", text.toString());
    }

    @Test
    void onlyTerminalDevicesCountAsATerminal() {
        assertTrue(Terminal.isTerminalDevice("/dev/pts/3"));
        assertTrue(Terminal.isTerminalDevice("/dev/tty1"));
        assertFalse(Terminal.isTerminalDevice("/tmp/build.log"));
        assertFalse(Terminal.isTerminalDevice("pipe:[123456]"));
        assertFalse(Terminal.isTerminalDevice("/dev/null"));
    }

    @Test
    void underTheTestsStandardErrorIsRedirectedAndSoNoTerminal() {
        // Surefire gives the test JVM a pipe or a file for standard error, as a CI job does.
        assertFalse(Terminal.stderrIsTerminal());
    }
}
