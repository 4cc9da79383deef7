package dev.wowcompat.cli;

import dev.wowcompat.testing.TestJava;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.testing.KafkaCluster;
import dev.wowcompat.testing.RepositoryRoot;
import dev.wowcompat.testing.RunningRegistry;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wow-compat audit} end to end: a real registry on a loopback port holding the bank releases, with bank-service
 * 1.1.0 deployed in staging, and Kafka's own in-JVM KRaft cluster. What the release running when a record was
 * written says (state-fingerprint-not-deployed, written-not-declared), the JSON report's shape, the formats, the exit
 * codes, an unreachable registry and broker, and Ctrl-C on a following audit in a process of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuditCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ALICE = "bank.account/t1/alice";

    @RegisterExtension
    static final KafkaCluster kafka = new KafkaCluster();

    @TempDir
    static Path dir;
    private RunningRegistry registry;

    @BeforeAll
    void start() throws Exception {
        registry = new RunningRegistry(dir.resolve("registry.db"), RegistryServer.Config.local(0));
        for (String version : List.of("1.0.0", "1.1.0", "1.2.0")) {
            registry.register("bank-service", Files.readString(RepositoryRoot.resolve("schemas/examples/bank/" + version + ".json"))).expect(201);
        }
        registry.deploy("staging", "bank-service", "1.1.0").expect(201);
        kafka.createTopics(new NewTopic("wow.bank.account.state", 1, (short) 1), new NewTopic("wow.bank.commands", 4, (short) 1),
                new NewTopic("wow.bank.followed.state", 1, (short) 1));
        // A state event as 1.1.0 writes it, and a command Kafka's own partitioner would not have placed there.
        send("wow.bank.account.state", 0, ALICE, stateEvent("alice", 1, fingerprint("1.1.0"), false, 1));
        send("wow.bank.commands", 0, ALICE, command());
    }

    @AfterAll
    void stop() throws Exception {
        if (registry != null) registry.close();
    }

    private static String fingerprint(String version) throws Exception {
        return dev.wowcompat.fingerprint.Fingerprint.of(JSON.readTree(RepositoryRoot.resolve("schemas/examples/bank/" + version + ".json").toFile())
                .at("/contexts/bank/aggregates/account/state/schema"));
    }

    /** A state event of bank.account/t1/{id}: Deposited at {@code revision}, the state with the given fingerprint. */
    private static ObjectNode stateEvent(String id, int version, String fingerprint, boolean lastMovementAt, int revision) {
        ObjectNode p = JSON.createObjectNode();
        ObjectNode ref = p.putObject("ref");
        ref.putObject("type").put("context", "bank").put("name", "account");
        ref.put("tenantId", "t1").put("id", id);
        p.put("version", version).put("commandId", "c").put("requestId", "r").put("commandType", "bank.account.Deposit");
        p.put("commitTime", System.currentTimeMillis());
        ObjectNode event = p.putArray("events").addObject().put("name", "bank.account.Deposited").put("revision", revision);
        if (revision == 1) event.putObject("payload").put("amount", 100);
        else event.putObject("payload").put("amount", "100.00").put("reference", "");
        ObjectNode state = p.putObject("state").put("version", version).put("schemaFingerprint", fingerprint);
        ObjectNode s = state.putObject("state").put("owner", "Alice").put("balance", 100);
        if (lastMovementAt) s.put("lastMovementAt", "2026-12-03T08:00:00Z");
        p.putObject("scope").putNull("ownerId").putNull("spaceId");
        p.put("deleted", false).putNull("access").putNull("accessVersion").putNull("causation");
        p.putObject("headers");
        p.putNull("operator");
        ObjectNode e = JSON.createObjectNode().put("format", 1).put("kind", "state-event").put("id", "bank.account/t1/" + id + "@" + version)
                .put("type", "bank.account");
        e.set("payload", p);
        e.putNull("transport");
        return e;
    }

    private static ObjectNode command() {
        ObjectNode p = JSON.createObjectNode().put("type", "bank.account.Withdraw").put("id", "c-9").put("requestId", "r-9");
        ObjectNode ref = p.putObject("ref");
        ref.putObject("type").put("context", "bank").put("name", "account");
        ref.put("tenantId", "t1").put("id", "alice");
        p.putObject("body").put("amount", 30);
        p.putNull("expectedVersion");
        p.putObject("scope").putNull("ownerId").putNull("spaceId");
        p.putObject("headers");
        p.putNull("causation").putNull("operator").putNull("replyTo").putNull("caller");
        ObjectNode e = JSON.createObjectNode().put("format", 1).put("kind", "command").put("id", "c-9").put("type", "bank.account.Withdraw");
        e.set("payload", p);
        e.putNull("transport");
        return e;
    }

    private void send(String topic, int partition, String key, ObjectNode envelope) throws Exception {
        ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, partition, System.currentTimeMillis(),
                key.getBytes(StandardCharsets.UTF_8), envelope.toString().getBytes(StandardCharsets.UTF_8));
        r.headers().add(new RecordHeader("wow-format", "1".getBytes(StandardCharsets.UTF_8)));
        r.headers().add(new RecordHeader("wow-kind", envelope.get("kind").asText().getBytes(StandardCharsets.UTF_8)));
        r.headers().add(new RecordHeader("wow-type", envelope.get("type").asText().getBytes(StandardCharsets.UTF_8)));
        kafka.producer().send(r).get(30, TimeUnit.SECONDS);
    }

    /** kcat -J lines written now, each a state event of its own aggregate. */
    private static Path lines(String name, ObjectNode... envelopes) throws Exception {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < envelopes.length; i++) {
            ObjectNode line = JSON.createObjectNode().put("topic", "wow.bank.account.state").put("partition", 0).put("offset", i)
                    .put("tstype", "create").put("ts", System.currentTimeMillis()).put("broker", 1);
            ArrayNode h = line.putArray("headers");
            h.add("wow-format").add("1").add("wow-kind").add("state-event").add("wow-type").add("bank.account");
            line.put("key", envelopes[i].at("/payload/ref/type/context").asText() + ".account/t1/" + envelopes[i].at("/payload/ref/id").asText());
            line.put("payload", envelopes[i].toString());
            out.add(line.toString());
        }
        Path file = dir.resolve(name);
        Files.write(file, out);
        return file;
    }

    private static Map<String, Long> counts(JsonNode report) {
        Map<String, Long> out = new TreeMap<>();
        report.path("findings").forEach(f -> out.put(f.get("id").asText(), f.get("count").asLong()));
        return out;
    }

    @Test
    void recordsAsTheDeployedReleaseWritesThemPassAndAreAttributedToIt() throws Exception {
        Path input = lines("clean.jsonl", stateEvent("alice", 1, fingerprint("1.1.0"), false, 1), stateEvent("bob", 1, fingerprint("1.1.0"), false, 1));
        Cli.Result r = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--environment", "staging", "--format", "json");
        assertEquals(0, r.code(), r.err() + r.out());
        JsonNode report = JSON.readTree(r.out());
        assertEquals(List.of("messages", "topics", "releases", "findings"), fieldNames(report));
        assertEquals(2, report.get("messages").asLong());
        assertEquals(JSON.readTree("{\"wow.bank.account.state\":{\"messages\":2,\"partitions\":1}}"), report.get("topics"));
        assertEquals(JSON.readTree("{\"bank-service@1.1.0\":2}"), report.get("releases"));
        assertEquals(0, report.get("findings").size());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void whatTheReleaseRunningThenDoesNotWriteIsWrittenNotDeclaredAndAnotherReleasesFingerprintIsNotDeployed() throws Exception {
        Path input = lines("staged.jsonl",
                stateEvent("alice", 1, fingerprint("1.2.0"), false, 1),
                stateEvent("bob", 1, fingerprint("1.1.0"), false, 2),
                stateEvent("carol", 1, fingerprint("1.1.0"), true, 1));
        Cli.Result r = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--environment", "staging", "--format", "json");
        assertEquals(1, r.code(), r.err() + r.out());
        JsonNode report = JSON.readTree(r.out());
        assertEquals(Map.of("state-fingerprint-not-deployed", 1L, "written-not-declared", 2L), counts(report), r.out());
        List<String> messages = new ArrayList<>();
        report.path("findings").forEach(f -> f.path("examples").forEach(e -> messages.add(e.get("pointer").asText() + " " + e.get("message").asText())));
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("/payload/state/state/lastMovementAt property 'lastMovementAt'")
                && m.contains("bank-service@1.1.0")), messages.toString());
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("/payload/events/0/revision bank.account.Deposited@2 is declared \"written\": false")),
                messages.toString());
        // Without the environment, the same records are valid registered data: nothing to say.
        Cli.Result plain = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--format", "json");
        assertEquals(0, plain.code(), plain.out());
    }

    @Test
    void kafkaIsReadWithoutATraceAndFindingsGiveExitOne() throws Exception {
        Cli.Result r = Cli.run("audit", "--bootstrap-servers", kafka.bootstrapServers(), "--topic", "wow\\.bank\\.(account\\.state|commands)",
                "--registry", registry.base(), "--format", "json");
        assertEquals(1, r.code(), r.err() + r.out());
        JsonNode report = JSON.readTree(r.out());
        assertEquals(2, report.get("messages").asLong());
        int right = dev.wowcompat.audit.PartitionHash.partition(ALICE, 4);
        assertEquals(right == 0 ? Map.of() : Map.of("envelope-partition-mismatch", 1L), counts(report), r.out());
        assertEquals(4, report.at("/topics/wow.bank.commands/partitions").asInt());
        assertTrue(kafka.admin().listGroups().all().get(30, TimeUnit.SECONDS).isEmpty(), "no consumer group");
    }

    @Test
    void theClientPropertiesFileIsReadAndItsGroupIgnored() throws Exception {
        Path config = dir.resolve("client.properties");
        Files.writeString(config, "bootstrap.servers=" + kafka.bootstrapServers() + "\ngroup.id=audit-would-leave-a-trace\n"
                + "enable.auto.commit=true\nclient.id=from-the-file\n");
        Cli.Result r = Cli.run("audit", "--kafka-config", config.toString(), "--topic", "wow\\.bank\\.account\\.state",
                "--registry", registry.base(), "--format", "json");
        assertEquals(0, r.code(), r.err() + r.out());
        assertEquals(1, JSON.readTree(r.out()).get("messages").asLong());
        assertTrue(kafka.admin().listGroups().all().get(30, TimeUnit.SECONDS).isEmpty(), "no consumer group, whatever the file says");
        assertEquals(List.of("wow-compat audit: warning: " + config + " sets group.id, enable.auto.commit, which the audit drops: "
                + "it joins no consumer group and commits no offset"), r.errLines());
        // Kafka's own tools spell them --bootstrap-server and --command-config: the same options.
        Cli.Result kafkaSpelling = Cli.run("audit", "--command-config", config.toString(), "--bootstrap-server", kafka.bootstrapServers(),
                "--topic", "wow\\.bank\\.account\\.state", "--registry", registry.base(), "--format", "json");
        assertEquals(0, kafkaSpelling.code(), kafkaSpelling.err() + kafkaSpelling.out());
        assertEquals(1, JSON.readTree(kafkaSpelling.out()).get("messages").asLong());
        Cli.Result missing = Cli.run("audit", "--kafka-config", dir.resolve("nope.properties").toString(), "--registry", registry.base());
        assertEquals(2, missing.code());
        assertTrue(missing.err().endsWith("nope.properties: no such file (--kafka-config)\n"), missing.err());
    }

    @Test
    void everyFormatRendersAndTextIsTheDefault() throws Exception {
        Path input = lines("formats.jsonl", stateEvent("alice", 1, "0".repeat(64), false, 1));
        String[] base = {"audit", "--input", input.toString(), "--registry", registry.base()};
        Cli.Result text = Cli.run(concat(base));
        assertEquals(1, text.code());
        assertTrue(text.out().startsWith("AUDIT: 1 message on 1 topic: 1 breaking, 0 warning, 0 info"), text.out());
        assertTrue(text.out().contains("state-fingerprint-unknown"), text.out());
        JsonNode sarif = JSON.readTree(Cli.run(concat(base, "--format", "sarif")).out());
        assertEquals("state-fingerprint-unknown", sarif.at("/runs/0/results/0/ruleId").asText());
        String junit = Cli.run(concat(base, "--format", "junit")).out();
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new java.io.ByteArrayInputStream(junit.getBytes(StandardCharsets.UTF_8)));
        assertTrue(junit.contains("<failure type=\"breaking\""), junit);
        assertTrue(Cli.run(concat(base, "--format", "github")).out().startsWith("::error title=state-fingerprint-unknown"));
        assertTrue(Cli.run(concat(base, "--format", "markdown")).out().contains("| breaking | `state-fingerprint-unknown` | 1 |"));
        Path out = dir.resolve("reports/audit.json");
        Cli.Result written = Cli.run(concat(base, "--format", "json", "--output", out.toString()));
        assertTrue(written.out().startsWith("AUDIT: 1 message"), written.out());
        assertEquals(1, JSON.readTree(out.toFile()).get("messages").asInt());
        Cli.Result waived = Cli.run(concat(base, "--ignore", "state-fingerprint-unknown::views rebuilt tonight"));
        assertEquals(0, waived.code(), waived.out());
        assertTrue(waived.out().contains("WAIVED state-fingerprint-unknown: 1 record (views rebuilt tonight)"), waived.out());
        assertEquals(0, Cli.run(concat(base, "--fail-on", "never")).code());
    }

    private static String[] concat(String[] base, String... more) {
        String[] out = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, out, base.length, more.length);
        return out;
    }

    @Test
    void anUnreachableRegistryOrBrokerAndBadUsageAreExitTwoWithOneSentence() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        Path input = lines("any.jsonl", stateEvent("alice", 1, fingerprint("1.1.0"), false, 1));
        Cli.Result noRegistry = Cli.run("audit", "--input", input.toString(), "--registry", "http://127.0.0.1:" + closed, "--timeout", "3s");
        assertEquals(2, noRegistry.code());
        noRegistry.assertNoStackTrace();
        assertEquals(List.of("wow-compat audit: http://127.0.0.1:" + closed + ": cannot reach the registry: connection refused (is the registry running at that address?)"),
                noRegistry.errLines());
        Cli.Result noBroker = Cli.run("audit", "--bootstrap-servers", "127.0.0.1:" + closed, "--registry", registry.base(), "--timeout", "2s");
        assertEquals(2, noBroker.code());
        noBroker.assertNoStackTrace();
        assertEquals(1, noBroker.errLines().size(), noBroker.err());
        assertTrue(noBroker.err().contains("did not answer within 2 s"), noBroker.err());
        Cli.Result neither = Cli.run("audit", "--registry", registry.base());
        assertEquals(2, neither.code());
        assertTrue(neither.err().startsWith("wow-compat audit: give either --bootstrap-servers"), neither.err());
        Cli.Result noEnvironment = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--environment", "nowhere");
        assertEquals(2, noEnvironment.code());
        assertTrue(noEnvironment.err().contains("knows no environment 'nowhere'"), noEnvironment.err());
        Cli.Result badLine = Cli.run("audit", "--input", dir.resolve("clean.jsonl").getParent().resolve("missing.jsonl").toString(),
                "--registry", registry.base());
        assertEquals(2, badLine.code());
        assertTrue(badLine.err().endsWith("missing.jsonl: no such file\n"), badLine.err());
    }

    @Test
    void fromFiltersInputRecordsByTheirTimeAndLatestOrFollowWithAFileAreSlips() throws Exception {
        ObjectNode old = stateEvent("old", 1, fingerprint("1.1.0"), false, 1);
        Path input = dir.resolve("aged.jsonl");
        List<String> two = new ArrayList<>(Files.readAllLines(lines("aged-now.jsonl", stateEvent("alice", 1, fingerprint("1.1.0"), false, 1))));
        two.add(Files.readAllLines(lines("aged-old.jsonl", old)).get(0).replaceFirst("\"ts\":\\d+", "\"ts\":1577836800000")); // 2020-01-01
        Files.write(input, two);
        Cli.Result all = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--format", "json");
        assertEquals(2, JSON.readTree(all.out()).get("messages").asLong(), all.err());
        for (String from : List.of("24h", "2025-01-01T00:00:00Z")) {
            Cli.Result recent = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--format", "json", "--from", from);
            assertEquals(0, recent.code(), recent.err() + recent.out());
            assertEquals(1, JSON.readTree(recent.out()).get("messages").asLong(), "--from " + from + " leaves the record of 2020 out");
        }
        Cli.Result latest = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--from", "latest");
        assertEquals(2, latest.code());
        assertEquals(List.of("wow-compat audit: --from latest reads what is written after the start; lines read from " + input
                + " were all written before: give --from earliest (the default), an instant or a duration"), latest.errLines());
        Cli.Result follow = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--follow");
        assertEquals(2, follow.code());
        assertEquals(List.of("wow-compat audit: --follow keeps reading Kafka for new records; --input reads a file to its end: leave out --follow"),
                follow.errLines());
    }

    @Test
    void nothingReadIsExitTwoWithTheReasonUnlessAllowed() throws Exception {
        Path empty = dir.resolve("empty.jsonl");
        Files.writeString(empty, "");
        Cli.Result none = Cli.run("audit", "--input", empty.toString(), "--registry", registry.base());
        assertEquals(2, none.code(), none.out());
        assertEquals(List.of("wow-compat audit: no record was read: " + empty + " holds no record (it is empty) (--allow-empty accepts this)"),
                none.errLines());
        Cli.Result allowed = Cli.run("audit", "--input", empty.toString(), "--registry", registry.base(), "--allow-empty");
        assertEquals(0, allowed.code(), allowed.err());
        assertTrue(allowed.out().startsWith("AUDIT: 0 messages on 0 topics"), allowed.out());

        Path input = lines("one.jsonl", stateEvent("alice", 1, fingerprint("1.1.0"), false, 1));
        Cli.Result mistyped = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--topic", "wow\\.bank\\.acount\\.state");
        assertEquals(2, mistyped.code(), mistyped.out());
        assertEquals(List.of("wow-compat audit: no record was read: none of the 1 record of " + input + " is on a topic --topic "
                + "'wow\\.bank\\.acount\\.state' matches; its topics: wow.bank.account.state (--allow-empty accepts this)"), mistyped.errLines());
        Cli.Result future = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--from", "2999-01-01T00:00:00Z");
        assertEquals(2, future.code(), future.out());
        assertTrue(future.err().startsWith("wow-compat audit: no record was read: none of the 1 record on the chosen topics of " + input
                + " was written at or after 2999-01-01T00:00:00Z (--from); the newest was written at 20"), future.err());

        Cli.Result noTopic = Cli.run("audit", "--bootstrap-servers", kafka.bootstrapServers(), "--topic", "wow\\.bank\\.nothing",
                "--registry", registry.base());
        assertEquals(2, noTopic.code(), noTopic.out());
        assertEquals(1, noTopic.errLines().size(), noTopic.err());
        assertTrue(noTopic.err().contains("no topic of the ") && noTopic.err().contains("matches --topic 'wow\\.bank\\.nothing'; the topics there: ")
                && noTopic.err().contains("wow.bank.account.state"), noTopic.err());
        Cli.Result noTopicAllowed = Cli.run("audit", "--bootstrap-servers", kafka.bootstrapServers(), "--topic", "wow\\.bank\\.nothing",
                "--registry", registry.base(), "--allow-empty");
        assertEquals(0, noTopicAllowed.code(), noTopicAllowed.err());
        Cli.Result nothingNew = Cli.run("audit", "--bootstrap-servers", kafka.bootstrapServers(), "--topic", "wow\\.bank\\.account\\.state",
                "--registry", registry.base(), "--from", "2999-01-01T00:00:00Z");
        assertEquals(2, nothingNew.code(), nothingNew.out());
        assertTrue(nothingNew.err().contains("the 1 partition of the topics --topic 'wow\\.bank\\.account\\.state' matches at "
                + kafka.bootstrapServers() + " hold no record written at or after 2999-01-01T00:00:00Z (--from)"), nothingNew.err());
    }

    @Test
    void oneCauseIsOneFindingWhateverTheReleaseRunningThen() throws Exception {
        registry.deploy("old", "bank-service", "1.0.0").expect(201);
        // Revision 7 is no release's: event-revision-unregistered alone, not also "not declared by" the release then.
        Path seven = lines("seven.jsonl", stateEvent("alice", 1, fingerprint("1.1.0"), false, 7));
        Cli.Result r = Cli.run("audit", "--input", seven.toString(), "--registry", registry.base(), "--environment", "staging", "--format", "json");
        assertEquals(1, r.code(), r.err() + r.out());
        assertEquals(Map.of("event-revision-unregistered", 1L), counts(JSON.readTree(r.out())), r.out());
        // Revision 2 is a later release's, written while 1.0.0 ran: written-not-declared.
        Path two = lines("two.jsonl", stateEvent("bob", 1, fingerprint("1.0.0"), false, 2));
        Cli.Result later = Cli.run("audit", "--input", two.toString(), "--registry", registry.base(), "--environment", "old", "--format", "json");
        assertEquals(1, later.code(), later.err() + later.out());
        JsonNode report = JSON.readTree(later.out());
        assertEquals(Map.of("written-not-declared", 1L), counts(report), later.out());
        assertEquals("bank.account.Deposited@2 is not declared by bank-service@1.0.0, which ran when the record was written",
                report.at("/findings/0/examples/0/message").asText());
    }

    @Test
    void checksThatDidNotRunAreSkippedInJunitAndSarifWithTheReason() throws Exception {
        Path input = lines("skipped.jsonl", stateEvent("alice", 1, fingerprint("1.1.0"), false, 1));
        Cli.Result junit = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--format", "junit");
        assertEquals(0, junit.code(), junit.err());
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new java.io.ByteArrayInputStream(junit.out().getBytes(StandardCharsets.UTF_8)));
        var cases = doc.getElementsByTagName("testcase");
        Map<String, String> skipped = new TreeMap<>();
        for (int i = 0; i < cases.getLength(); i++) {
            var c = (org.w3c.dom.Element) cases.item(i);
            var s = c.getElementsByTagName("skipped");
            if (s.getLength() > 0) skipped.put(c.getAttribute("name"), ((org.w3c.dom.Element) s.item(0)).getAttribute("message"));
        }
        assertEquals(List.of("code-list-drift", "envelope-partition-mismatch", "format-drift", "meaning-drift", "state-fingerprint-not-deployed",
                "written-not-declared"), new ArrayList<>(skipped.keySet()), junit.out());
        assertTrue(skipped.get("written-not-declared").startsWith("it needs --environment"), skipped.toString());
        assertEquals("6", doc.getDocumentElement().getAttribute("skipped"));
        // With the environment and --partitions, only what --no-profiles turns off is skipped.
        Cli.Result all = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--environment", "staging", "--partitions", "1",
                "--no-profiles", "--format", "junit");
        assertTrue(all.out().contains("skipped=\"4\""), all.out());
        Cli.Result sarif = Cli.run("audit", "--input", input.toString(), "--registry", registry.base(), "--format", "sarif");
        JsonNode invocation = JSON.readTree(sarif.out()).at("/runs/0/invocations/0");
        assertEquals(6, invocation.get("ruleConfigurationOverrides").size(), invocation.toString());
        assertEquals(false, invocation.at("/ruleConfigurationOverrides/0/configuration/enabled").asBoolean(true));
        assertTrue(invocation.at("/toolConfigurationNotifications/0/message/text").asText().contains("was not checked: "), invocation.toString());
    }

    @Test
    void kafkasErrorsAreSaidInOurWords() throws Exception {
        List<String> kafkaWords = List.of("Failed to construct kafka consumer", "No resolvable bootstrap urls", "Failed to create new NetworkClient",
                "Not a number of type INT", "Exception");
        Cli.Result noHost = Cli.run("audit", "--bootstrap-server", "no-such-host.invalid:9092", "--registry", registry.base(), "--timeout", "2s");
        assertEquals(2, noHost.code());
        assertEquals(List.of("wow-compat audit: no address of the bootstrap servers 'no-such-host.invalid:9092' resolves to a host and port "
                + "(HOST:PORT[,...]; check the names)"), noHost.errLines());
        Path badValue = dir.resolve("bad-value.properties");
        Files.writeString(badValue, "bootstrap.servers=" + kafka.bootstrapServers() + "\nmax.poll.records=lots\n");
        Cli.Result notANumber = Cli.run("audit", "--command-config", badValue.toString(), "--registry", registry.base());
        assertEquals(2, notANumber.code());
        assertEquals(List.of("wow-compat audit: " + badValue + ": max.poll.records is 'lots', not a whole number the Kafka client takes there "
                + "(see Kafka's consumer configuration)"), notANumber.errLines());
        Path badSecurity = dir.resolve("bad-security.properties");
        Files.writeString(badSecurity, "bootstrap.servers=" + kafka.bootstrapServers() + "\nsecurity.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\n");
        Cli.Result noJaas = Cli.run("audit", "--kafka-config", badSecurity.toString(), "--registry", registry.base(), "--timeout", "2s");
        assertEquals(2, noJaas.code());
        assertEquals(1, noJaas.errLines().size(), noJaas.err());
        assertTrue(noJaas.err().startsWith("wow-compat audit: the Kafka client could not set up its connection with the security settings of "
                + badSecurity + " (security.protocol, sasl.*, ssl.*)"), noJaas.err());
        for (Cli.Result r : List.of(noHost, notANumber, noJaas)) {
            r.assertNoStackTrace();
            for (String words : kafkaWords) assertFalse(r.err().contains(words), "Kafka's words in: " + r.err());
        }
    }

    @Test
    void ctrlCOnAFollowingAuditPrintsTheReportSoFar() throws Exception {
        assumeFalse(ignored(2), "SIGINT is ignored by the process running the tests");
        send("wow.bank.followed.state", 0, ALICE, stateEvent("alice", 1, fingerprint("1.1.0"), false, 1));
        Process p = new ProcessBuilder(TestJava.command("-Xmx256m",
                "-cp", System.getProperty("java.class.path"), WowCompat.class.getName(), "audit",
                "--bootstrap-servers", kafka.bootstrapServers(), "--topic", "wow\\.bank\\.followed\\.state",
                "--registry", registry.base(), "--follow", "--format", "json", "--fail-on", "never")).start();
        try {
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
            BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
            String line = err.readLine();
            assertTrue(line != null && line.contains("following new records"), String.valueOf(line));
            send("wow.bank.followed.state", 0, ALICE, stateEvent("alice", 2, fingerprint("1.1.0"), false, 1));
            Thread.sleep(2000);
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the audit ends on SIGINT");
            assertEquals(0, p.exitValue());
            JsonNode report = JSON.readTree(out.get(10, TimeUnit.SECONDS));
            assertEquals(2, report.get("messages").asLong(), report.toString());
        } finally {
            p.destroyForcibly();
        }
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    /** Whether this process ignores the signal, by the mask Linux reports in /proc/self/status (false elsewhere). */
    private static boolean ignored(int signal) throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) return false;
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << (signal - 1))) != 0;
        }
        return false;
    }
}
