package dev.wowcompat.audit;

import static dev.wowcompat.audit.Records.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.testing.KafkaCluster;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The audit reading a real broker: Kafka's own in-JVM KRaft cluster, started once for the class. The records are
 * those of {@link JudgeTest}, produced with Kafka's producer; what the audit reads and finds, where it starts
 * ({@code --from}), following and stopping, and that it leaves no consumer group behind.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaInputTest {
    @RegisterExtension
    static final KafkaCluster kafka = new KafkaCluster();

    @BeforeAll
    void start() throws Exception {
        kafka.createTopics(
                new NewTopic("wow.bank.account.state", 2, (short) 1),
                new NewTopic("wow.bank.commands", 4, (short) 1),
                new NewTopic("wow.bank.receipts", 1, (short) 1),
                new NewTopic("wow.payment.wallet.event", 1, (short) 1),
                new NewTopic("wow.payment.wallet.state", 1, (short) 1),
                new NewTopic("wow.payment.wallet.command", 1, (short) 1),
                new NewTopic("bad.values", 1, (short) 1),
                new NewTopic("timed", 1, (short) 1),
                new NewTopic("followed", 1, (short) 1));
        // Every clean record of JudgeTest, as a producer writes it (the line's partition, headers, key, value).
        for (String line : Records.clean()) send(JSON.readTree(line), null);
    }

    private void send(JsonNode line, Long timestamp) throws Exception {
        send(line.get("topic").asText(), line.get("partition").asInt(), timestamp, line.path("headers"),
                line.get("key").isNull() ? null : line.get("key").asText(), line.get("payload").isNull() ? null : line.get("payload").asText());
    }

    private void send(String topic, int partition, Long timestamp, JsonNode headers, String key, String value) throws Exception {
        ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, partition, timestamp, bytes(key), bytes(value));
        for (int i = 0; headers != null && i + 1 < headers.size(); i += 2) {
            r.headers().add(new RecordHeader(headers.get(i).asText(), bytes(headers.get(i + 1).asText())));
        }
        kafka.producer().send(r).get(30, TimeUnit.SECONDS);
    }

    private static byte[] bytes(String text) {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    private KafkaInput input(List<String> topics, From from, boolean follow, Runnable caughtUp) throws AuditException {
        return new KafkaInput(new KafkaInput.Options(kafka.bootstrapServers(), new Properties(),
                topics.stream().map(Pattern::compile).toList(), from, follow, Duration.ofSeconds(30), caughtUp));
    }

    private AuditReport audit(RecordSource source) throws AuditException {
        try (source) {
            return new Audit(source, new ManifestFileReleases(Records.bankAndPayment()), new Audit.Settings(1 << 20, 1000, 0, null, List.of()))
                    .run(PayloadObserver.NONE, Audit.Progress.NONE);
        }
    }

    @Test
    void theCleanTopicsHaveNoFindingAndEveryRecordAndPartitionIsCounted() throws Exception {
        AuditReport report = audit(input(List.of("^wow\\..*"), From.EARLIEST, false, null));
        assertEquals(Map.of(), JudgeTest.counts(report), AuditRenderer.text(report));
        assertEquals(Records.clean().size(), report.messages());
        assertEquals(2, report.topics().get("wow.bank.account.state").partitions());
        assertEquals(4, report.topics().get("wow.bank.commands").partitions());
        assertEquals(3, report.topics().get("wow.bank.account.state").messages());
        assertTrue(noGroups(), "the audit joins no consumer group");
    }

    @Test
    void progressShowsTheLagAndItShrinksToNothing() throws Exception {
        List<String> seen = new ArrayList<>();
        try (KafkaInput input = input(List.of("^wow\\.bank\\.account\\.state"), From.EARLIEST, false, null)) {
            input.read(record -> seen.add(input.progress()));
            assertEquals("lag 3 records", seen.get(0), "the lag taken at start: end offsets minus positions");
            assertEquals("lag 0 records", input.progress());
        }
    }

    @Test
    void aCommandProducedByKafkasOwnPartitionerLandsOutsideItsFnvPartitionAndEveryFindingIsReadFromKafka() throws Exception {
        // Binary, truncated and foreign values, a tombstone, and a command sent to a partition Kafka's partitioner chose.
        send("bad.values", 0, null, null, "k", "\u0000\u0001\u0002");
        send("bad.values", 0, null, null, "k", "{\"format\":1,\"kind\":\"state-ev");
        send("bad.values", 0, null, null, null, null);
        send("bad.values", 0, null, null, "k", "{\"format\":1,\"kind\":\"snapshot\",\"id\":\"x\",\"type\":\"bank.account\",\"payload\":{}}");
        AuditReport report = audit(input(List.of("bad\\.values"), From.EARLIEST, false, null));
        assertEquals(Map.of("message-not-json", 2L, "tombstone", 1L, "envelope-unknown-kind", 1L), JudgeTest.counts(report),
                AuditRenderer.text(report));
    }

    @Test
    void fromAnInstantOrLatestStartsThere() throws Exception {
        long old = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
        long recent = Instant.parse("2026-06-01T00:00:00Z").toEpochMilli();
        send("timed", 0, old, null, "k", "not json");
        send("timed", 0, recent, null, "k", "not json either");
        send("timed", 0, recent + 1, null, null, null);
        assertEquals(3, audit(input(List.of("timed"), From.EARLIEST, false, null)).messages());
        AuditReport fromMarch = audit(input(List.of("timed"), From.parse("2026-03-01T00:00:00Z", Instant.now()), false, null));
        assertEquals(2, fromMarch.messages());
        assertEquals(0, audit(input(List.of("timed"), From.parse("latest", Instant.now()), false, null)).messages());
        assertEquals(0, audit(input(List.of("timed"), From.parse("1h", Instant.parse("2026-06-02T00:00:00Z")), false, null)).messages());
    }

    @Test
    void followReadsNewRecordsUntilStoppedAndTheReportHoldsWhatWasRead() throws Exception {
        send("followed", 0, null, null, "k", "written before the start");
        CountDownLatch caughtUp = new CountDownLatch(1);
        KafkaInput input = input(List.of("followed"), From.EARLIEST, true, caughtUp::countDown);
        Audit audit = new Audit(input, new ManifestFileReleases(Records.bankAndPayment()), new Audit.Settings(1 << 20, 1000, 0, null, List.of()));
        AtomicReference<Object> result = new AtomicReference<>();
        CountDownLatch judged = new CountDownLatch(2);
        Thread pass = new Thread(() -> {
            try (input) {
                result.set(audit.run(observed -> judged.countDown(), Audit.Progress.NONE));
            } catch (Exception e) {
                result.set(e);
            }
        });
        pass.start();
        assertTrue(caughtUp.await(60, TimeUnit.SECONDS), "the pass reached the end offsets taken at start");
        for (int version = 1; version <= 2; version++) {
            send("followed", 0, null, null, "w-1", Records.wowEventStream("w-1", version, "wallet_created", "0.0.1",
                    JSON.createObjectNode().put("owner", "ann")).toString());
        }
        assertTrue(judged.await(60, TimeUnit.SECONDS), "the records written after the start were read");
        audit.stop();
        pass.join(30_000);
        assertTrue(result.get() instanceof AuditReport, String.valueOf(result.get()));
        AuditReport report = (AuditReport) result.get();
        assertEquals(3, report.messages(), AuditRenderer.text(report));
        assertTrue(noGroups(), "the audit joins no consumer group");
    }

    @Test
    void anUnreachableBrokerIsOneSentenceWithinTheTimeout() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        KafkaInput input = new KafkaInput(new KafkaInput.Options("127.0.0.1:" + closed, new Properties(), List.of(Pattern.compile(".*")),
                From.EARLIEST, false, Duration.ofSeconds(2), null));
        long started = System.nanoTime();
        AuditException e = assertThrows(AuditException.class, () -> audit(input));
        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(20), "within the timeout");
        assertEquals("Kafka at 127.0.0.1:" + closed + " did not answer within 2 s (--timeout); is it running, and are the client "
                + "properties right?", e.getMessage());
    }

    @Test
    void aPatternMatchingNoTopicReadsNothingAndSaysWhichTopicsThereAre() throws Exception {
        KafkaInput input = input(List.of("nothing\\..*"), From.EARLIEST, false, null);
        AuditReport report = audit(input);
        assertEquals(0, report.messages());
        assertTrue(input.nothingRead().startsWith("no topic of the ") && input.nothingRead().contains(" matches --topic 'nothing\\..*'; the topics there: ")
                && input.nothingRead().contains("bad.values, followed"), input.nothingRead());
    }

    private boolean noGroups() throws Exception {
        Set<String> groups = new java.util.HashSet<>();
        kafka.admin().listGroups().all().get(30, TimeUnit.SECONDS).forEach(g -> groups.add(g.groupId()));
        return groups.isEmpty();
    }
}
