package dev.wowcompat.audit;

import static dev.wowcompat.audit.Records.headersOf;
import static dev.wowcompat.audit.Records.kcat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The pass reads on one thread and judges on another ({@link Handoff}): the records are judged in the order read,
 * all of them, on one thread that is not the reader's; a failure in the judging stops the reading and reaches the
 * caller; {@code --max-messages} judges exactly that many although the reader runs ahead.
 */
class HandoffTest {
    private static final String TOPIC = "wow.bank.account.state";
    /** More records than the batches that may wait at once, so the reader has to wait for the judge. */
    private static final int RECORDS = Handoff.QUEUED * Handoff.BATCH_RECORDS * 3 + 7;

    private static List<String> lines(int count) {
        List<String> out = new ArrayList<>(count);
        ObjectNode first = Records.stateEvent("alice", 1, 100, 100);
        for (int i = 0; i < count; i++) {
            // alice's state events at versions 1, 2, 3, ...: valid, and in order.
            ObjectNode e = first.deepCopy().put("id", "bank.account/t1/alice@" + (i + 1));
            ObjectNode payload = ((ObjectNode) e.get("payload")).put("version", i + 1);
            ((ObjectNode) payload.get("state")).put("version", i + 1);
            out.add(kcat(TOPIC, 0, i, headersOf(e), "bank.account/t1/alice", e));
        }
        return out;
    }

    /** A real source, kcat lines, counting what it gave. */
    private static final class Counted implements RecordSource {
        final AtomicLong given = new AtomicLong();
        private final KcatInput lines;

        Counted(List<String> lines) {
            this.lines = new KcatInput(new ByteArrayInputStream(String.join("\n", lines).getBytes(StandardCharsets.UTF_8)), "test", 4, List.of(Pattern.compile(".*")));
        }

        @Override
        public void read(Sink sink) throws AuditException {
            lines.read(new Sink() {
                @Override
                public void accept(AuditRecord record) throws AuditException {
                    given.incrementAndGet();
                    sink.accept(record);
                }

                @Override
                public void flush() throws AuditException {
                    sink.flush();
                }
            });
        }

        @Override
        public void stop() {
            lines.stop();
        }
    }

    private static Judge judge(Tally tally) {
        return new Judge(new Catalog(new ManifestFileReleases(Records.bankAndPayment())), null, tally, PayloadObserver.NONE, 1 << 20, 1000);
    }

    @Test
    void everyRecordIsJudgedInTheOrderReadOnOneOtherThread() throws Exception {
        Tally tally = new Tally(List.of(), false);
        Judge judge = judge(tally);
        List<Long> offsets = new ArrayList<>();
        Set<Thread> judgingThreads = new java.util.HashSet<>();
        Handoff.pass(new Counted(lines(RECORDS)), judge::read, read -> {
            judgingThreads.add(Thread.currentThread());
            offsets.add(read.record().offset());
            judge.judge(read);
        });
        assertEquals(RECORDS, offsets.size());
        for (int i = 0; i < RECORDS; i++) assertEquals(i, offsets.get(i), "judged in the order read");
        assertEquals(1, judgingThreads.size());
        assertNotEquals(Thread.currentThread(), judgingThreads.iterator().next());
        assertEquals(RECORDS, tally.report().messages());
        assertEquals(List.of(), tally.report().findings(), "valid records of increasing versions have no finding");
    }

    @Test
    void aFailureInTheJudgingStopsTheReadingAndReachesTheCaller() {
        AuditException unreachable = new AuditException("the registry at http://127.0.0.1:1 did not answer");
        Counted source = new Counted(lines(RECORDS));
        Judge judge = judge(new Tally(List.of(), false));
        AtomicLong judged = new AtomicLong();
        AuditException thrown = assertThrows(AuditException.class, () -> Handoff.pass(source, judge::read, read -> {
            if (judged.incrementAndGet() == 10) throw unreachable;
        }));
        assertSame(unreachable, thrown);
        assertEquals(10, judged.get(), "nothing is judged after the failure");
        assertTrue(source.given.get() < RECORDS, "the reader stopped early: it gave " + source.given.get() + " of " + RECORDS);
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("wow-compat-judge")),
                "the judging thread has ended");
    }

    @Test
    void maxMessagesJudgesExactlyThatManyThoughTheReaderRunsAhead() throws Exception {
        int limit = Handoff.BATCH_RECORDS + 3;
        Counted source = new Counted(lines(RECORDS));
        AuditReport report = new Audit(source, new ManifestFileReleases(Records.bankAndPayment()), new Audit.Settings(1 << 20, 1000, limit, null, List.of()))
                .run(PayloadObserver.NONE, Audit.Progress.NONE);
        assertEquals(limit, report.messages());
        assertTrue(source.given.get() < RECORDS, "the reader stopped at the limit, give or take what was read ahead");
    }
}
