package dev.wowcompat.cli;

import static dev.wowcompat.cli.WatchFixture.PARTITIONS;
import static dev.wowcompat.cli.WatchFixture.RELEASE;
import static dev.wowcompat.cli.WatchFixture.assertCounted;
import static dev.wowcompat.cli.WatchFixture.counted;
import static dev.wowcompat.cli.WatchFixture.positions;
import static dev.wowcompat.cli.WatchFixture.post;
import static dev.wowcompat.cli.WatchFixture.waitForPositions;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.cli.WatchFixture.Produced;
import dev.wowcompat.cli.WatchFixture.Watching;
import dev.wowcompat.testing.KafkaCluster;
import dev.wowcompat.testing.RunningRegistry;
import dev.wowcompat.testing.ServerProcess;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestDatabases.Backend;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Watchers against two registry nodes: two real {@code serve} processes on one real PostgreSQL database, watchers of
 * one group each posting to one of them. The position rows the nodes share (locked per window, applied in one
 * transaction) are what keeps each record counted once, whichever node a window reaches: through a watcher SIGKILLed
 * mid-stream and restarted while a third joins, and through a window posted by hand to the other node that moves a
 * partition's position past a running watcher's, which must then be refused (409), seek and count the rest.
 */
@ExtendWith(TestDatabases.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WatchAcrossNodesTest {
    /** The offsets the window posted by hand claims, of this partition (whose records are of every kind). */
    private static final int HAND = 20;
    private static final int HAND_PARTITION = 1;

    @RegisterExtension
    static final KafkaCluster kafka = new KafkaCluster();

    @TempDir
    static Path dir;
    private final List<ServerProcess> nodes = new ArrayList<>();
    private String a;
    private String b;
    private WatchFixture fixture;

    @BeforeAll
    void start(TestDatabases databases) throws Exception {
        TestDatabases.Database db = databases.create(Backend.POSTGRESQL);
        // Both at once on the empty database: the schema is made once, under Flyway's lock.
        List<CompletableFuture<ServerProcess>> starting = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            starting.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return ServerProcess.start(db, ServerProcess.MANY_WRITERS_FROM_ONE_ADDRESS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (CompletableFuture<ServerProcess> node : starting) nodes.add(node.get(120, TimeUnit.SECONDS));
        a = nodes.get(0).base();
        b = nodes.get(1).base();
        for (String version : WatchFixture.VERSIONS) post(a, "/services/bank-service/releases", WatchFixture.manifest(version)).expect(201);
        for (String env : List.of("production", "hand")) {
            post(b, "/environments/" + env + "/deployments", "{\"service\": \"bank-service\", \"version\": \"1.1.0\"}").expect(201);
        }
        fixture = new WatchFixture(kafka, dir);
    }

    @AfterEach
    void stopWatchers() {
        fixture.stopProcesses();
    }

    @AfterAll
    void stopNodes() throws Exception {
        for (ServerProcess node : nodes) node.close();
    }

    @Test
    void watchersOnTwoNodesCountEachRecordOnceThroughAKillARestartAndAThirdJoining() throws Exception {
        String topic = "wow.bank.nodes.state";
        Produced produced = fixture.newTopic(topic);
        fixture.produce(produced, 1_000);
        Watching one = fixture.watch("nodes-one", "production", topic, a, Map.of());
        Watching two = fixture.watch("nodes-two", "production", topic, b, Map.of());
        one.waitFor("assigned", 90);
        two.waitFor("assigned", 90);
        // Records keep coming while the watcher posting to node a is killed.
        fixture.killWhileProducing(one, two, produced);
        // Node b's watcher has taken over the dead member's partitions (from the positions node a stored); now the dead
        // one comes back on node a and a third joins on node b.
        Watching again = fixture.watch("nodes-one-again", "production", topic, a, Map.of());
        Watching three = fixture.watch("nodes-three", "production", topic, b, Map.of());
        fixture.produce(produced, 500);
        again.waitFor("assigned", 120);
        three.waitFor("assigned", 120);
        fixture.produce(produced, 1_000);
        waitForPositions(a, "production", produced, 120);
        for (Watching w : List.of(two, again, three)) w.sendTerm();
        for (Watching w : List.of(two, again, three)) assertEquals(0, w.exitCode(), w.text());
        long[] end = fixture.endOffsets(topic);
        assertArrayEquals(produced.perPartition, end, "every record was written once");
        for (String node : List.of(a, b)) {
            assertCounted(node, "production", produced);
            assertArrayEquals(end, positions(node, "production", topic), "the positions are the end offsets, from " + node);
        }
        assertTrue(one.windows() >= 2 && two.windows() >= 1 && again.windows() + three.windows() >= 1,
                "windows went through both nodes: " + one.windows() + ", " + two.windows() + ", " + again.windows() + ", " + three.windows());
        System.out.println("watch on two nodes: " + produced.total + " records produced, " + counted(a, "production") + " counted (node a), "
                + counted(b, "production") + " (node b); " + produced.byRelease + " " + produced.findings);
    }

    @Test
    void aWindowPostedByHandToTheOtherNodeIsCountedOnceAndTheWatcherSeeksPastIt() throws Exception {
        String topic = "wow.bank.hand.state";
        Produced produced = fixture.newTopic(topic);
        fixture.produce(produced, 400);
        // Windows of 5 s: the hand window below must land between two of the watcher's posts, which 1 s windows left
        // too little room for on two loaded cores.
        Watching w = fixture.watch("hand", "hand", topic, a, Map.of(), "5s");
        waitForPositions(b, "hand", produced, 90);
        // More records for the watcher's next window; before it posts (a window lasts 5 s), a window of our own, posted to
        // node b, claims the first HAND offsets after the partition's position. Should the watcher post first, the hand
        // window is the stale one: try again after its window.
        long from = -1;
        for (int attempt = 0; from < 0 && attempt < 20; attempt++) {
            fixture.produce(produced, 200);
            long next = positions(b, "hand", topic)[HAND_PARTITION];
            if (next + HAND > produced.perPartition[HAND_PARTITION]) continue;
            RunningRegistry.Answer hand = post(b, "/environments/hand/wire", handWindow(topic, next).toString());
            if (hand.status() == 200) from = next;
            else assertEquals("wow-compat.wire.stale-window", hand.expect(409).code());
        }
        assertTrue(from >= 0, "the hand window was applied within 20 tries");
        produced.coveredByAnother(HAND_PARTITION, from, from + HAND);
        produced.claim(RELEASE, HAND, "payload-invalid", 3);
        fixture.produce(produced, 200);
        waitForPositions(a, "hand", produced, 90);
        assertArrayEquals(fixture.endOffsets(topic), positions(b, "hand", topic), "the positions are the end offsets");
        assertCounted(a, "hand", produced);
        assertCounted(b, "hand", produced);
        assertTrue(w.process().isAlive(), w.text());
        // The watcher's window over the partition started where the hand window did: refused, said in one line, and the
        // partition sought to where the hand window ended.
        Pattern refused = Pattern.compile("wow-compat watch: window of [0-9,]+ records? not counted: the registry has already counted records of "
                + Pattern.quote(topic) + " partition " + HAND_PARTITION + " up to offset " + (from + HAND) + ", and this window started at " + from
                + "; reading from the registry's positions again");
        List<String> notCounted = w.text().lines().filter(l -> l.contains("not counted")).toList();
        assertEquals(1, notCounted.size(), w.text());
        assertTrue(refused.matcher(notCounted.get(0)).matches(), notCounted.get(0));
        assertEquals(0, w.term(), w.text());
        System.out.println("watch and a window by hand: " + produced.total + " records counted (" + produced.perPartition[0] + " + "
                + produced.perPartition[1] + " + " + produced.perPartition[2] + " + " + produced.perPartition[3] + " produced, " + HAND
                + " of partition " + HAND_PARTITION + " from offset " + from + " claimed by the hand window instead); " + produced.byRelease + " " + produced.findings);
    }

    /** A window of [from, from + HAND) of the partition: HAND records of 1.1.0 and 3 payload-invalid, unlike what the records hold. */
    private static ObjectNode handWindow(String topic, long from) {
        Instant now = Instant.now();
        ObjectNode w = WatchFixture.JSON.createObjectNode().put("group", "wow-compat-watch.hand").put("member", "by-hand")
                .put("start", now.toString()).put("end", now.toString());
        w.putArray("ranges").addObject().put("topic", topic).put("partition", HAND_PARTITION).put("from", from).put("to", from + HAND);
        w.putObject("records").put(RELEASE, HAND);
        w.putArray("findings").addObject().put("id", "payload-invalid").put("severity", "breaking").put("release", RELEASE)
                .put("type", "bank.account").put("count", 3).put("firstSeen", now.toString()).put("lastSeen", now.toString())
                .putArray("examples");
        return w;
    }
}
