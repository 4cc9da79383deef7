package dev.wowcompat.audit;

import static dev.wowcompat.audit.Records.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.testing.KafkaCluster;
import dev.wowcompat.testing.RepositoryRoot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every finding that needs no environment, read from a real broker: the records of docs/audit.md's examples
 * (docs/audit/*.jsonl) produced to Kafka's in-JVM cluster, each example in a partition of its own so that their
 * aggregates' versions do not meet, and audited in one pass. The two findings that need an environment are
 * AuditCommandTest's, against a registry.
 */
class FindingsOnKafkaTest {
    @RegisterExtension
    static final KafkaCluster kafka = new KafkaCluster();

    /** The example files and the finding each one shows (clean.jsonl: none). */
    private static final List<String> EXAMPLES = List.of("clean", "message-not-json", "envelope-unknown-format", "envelope-unknown-kind",
            "envelope-invalid", "envelope-header-mismatch", "envelope-topic-mismatch", "envelope-key-mismatch",
            "envelope-partition-mismatch", "type-unregistered", "event-revision-unregistered", "payload-invalid",
            "error-code-unregistered", "state-fingerprint-unknown", "aggregate-version-regressed", "tombstone", "record-too-large");

    @Test
    void everyExampleOfTheDocsIsFoundOnKafka() throws Exception {
        kafka.createTopics(new NewTopic("wow.bank.account.state", 32, (short) 1), new NewTopic("wow.bank.commands", 4, (short) 1),
                new NewTopic("wow.bank.receipts", 1, (short) 1), new NewTopic("wow.bank.transfer.state", 1, (short) 1),
                new NewTopic("wow.bank.loan.state", 1, (short) 1), new NewTopic("wow.payment.wallet.event", 1, (short) 1),
                new NewTopic("wow.payment.wallet.state", 1, (short) 1), new NewTopic("wow.payment.wallet.command", 1, (short) 1));
        // The limit is above every other example's value; the record-too-large example is padded beyond it.
        int tooLarge = 1;
        for (String example : EXAMPLES) {
            for (String text : Files.readAllLines(RepositoryRoot.resolve("docs/audit/" + example + ".jsonl"))) {
                JsonNode payload = JSON.readTree(text).get("payload");
                if (!payload.isNull()) tooLarge = Math.max(tooLarge, payload.asText().getBytes(StandardCharsets.UTF_8).length + 1);
            }
        }
        for (int i = 0; i < EXAMPLES.size(); i++) {
            for (String text : Files.readAllLines(RepositoryRoot.resolve("docs/audit/" + EXAMPLES.get(i) + ".jsonl"))) {
                JsonNode line = JSON.readTree(text);
                String topic = line.get("topic").asText();
                String payload = line.get("payload").isNull() ? null : line.get("payload").asText();
                if (EXAMPLES.get(i).equals("record-too-large")) payload = payload + " ".repeat(tooLarge);
                // Commands keep their partition (it is what is checked); state events get one per example.
                int partition = topic.equals("wow.bank.account.state") ? i : line.get("partition").asInt();
                ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, partition, null, bytes(line.get("key")),
                        payload == null ? null : payload.getBytes(StandardCharsets.UTF_8));
                JsonNode h = line.get("headers");
                for (int k = 0; k + 1 < h.size(); k += 2) {
                    r.headers().add(new RecordHeader(h.get(k).asText(), h.get(k + 1).asText().getBytes(StandardCharsets.UTF_8)));
                }
                kafka.producer().send(r).get(30, TimeUnit.SECONDS);
            }
        }
        KafkaInput input = new KafkaInput(new KafkaInput.Options(kafka.bootstrapServers(), new Properties(),
                List.of(Pattern.compile("wow\\..*")), From.EARLIEST, false, Duration.ofSeconds(30), null));
        AuditReport report;
        try (input) {
            report = new Audit(input, new ManifestFileReleases(Records.bankAndPayment()),
                    new Audit.Settings(tooLarge, 1000, 0, null, List.of())).run(PayloadObserver.NONE, Audit.Progress.NONE);
        }
        Map<String, Long> expected = new TreeMap<>();
        EXAMPLES.stream().filter(e -> !e.equals("clean")).forEach(e -> expected.put(e, 1L));
        expected.put("aggregate-version-regressed", 1L);
        assertEquals(expected, JudgeTest.counts(report), AuditRenderer.text(report));
    }

    private static byte[] bytes(JsonNode text) {
        return text == null || text.isNull() ? null : text.asText().getBytes(StandardCharsets.UTF_8);
    }
}
