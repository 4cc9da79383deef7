package dev.wowcompat.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.audit.From;
import dev.wowcompat.audit.RegistryReleases;
import dev.wowcompat.audit.Watcher;
import dev.wowcompat.audit.WindowJudge;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.store.JdbcRegistryStore;
import dev.wowcompat.store.SqliteTransactions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A watcher of the wire against its floor, in the same run (docs/performance.md, "The watch"): the watcher joins a
 * consumer group of its own, judges every record of a topic of valid state events (profiling the values) and posts
 * its windows (as the command does by default, or every 250 ms) to a real registry on SQLite in this JVM; once it has
 * read every record it is stopped, posts its last window and leaves, and the time ends there; the floor joins a group of its own the same way and only parses each value
 * with Jackson. Both read the same records ({@link BankStateTopic}, the audit's benchmark's topic, started once per
 * fork); the ratio of their times cancels the machine.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
public class WatchBenchmark {
    private static final String ENVIRONMENT = "bench";

    @Param("1000000")
    public int records;

    @Param("10000")
    public int aggregates;

    private BankStateTopic topic;
    private JdbcRegistryStore store;
    private RegistryServer server;
    private Path dir;
    private final AtomicInteger groups = new AtomicInteger();

    @Setup(Level.Trial)
    public void start() throws Exception {
        dir = Files.createTempDirectory("wow-compat-watch-bench");
        store = SqliteTransactions.open(dir.resolve("registry.db"));
        server = RegistryServer.start(store, RegistryServer.Config.local(0));
        server.markReady();
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + server.port();
        for (String v : BankStateTopic.VERSIONS) {
            post(http, base + "/services/bank-service/releases", Files.readString(BankStateTopic.manifest(v)));
        }
        // Deployed before any record is written: every record is judged against the release that ran then, 1.2.0.
        post(http, base + "/environments/" + ENVIRONMENT + "/deployments", "{\"service\":\"bank-service\",\"version\":\"1.2.0\"}");
        topic = BankStateTopic.start(records, aggregates);
    }

    private static void post(HttpClient http, String url, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2) throw new IllegalStateException(url + ": " + r.statusCode() + " " + r.body());
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        server.close();
        store.close();
        topic.close();
    }

    /**
     * One watcher in a group of its own, from the earliest offset, with the command's default windows (10 s, cut sooner at
     * 100,000 records or 64 MiB of values), stopped once it has read every record, as SIGTERM stops it: the last
     * window is posted then, and the time ends when the registry has counted every record.
     */
    @Benchmark
    public long watch() throws Exception {
        return watch(true, Duration.ofSeconds(10));
    }

    /** The same watcher without profiling the values ({@code --no-profiles}): what the drift findings cost beside the records' checks. */
    @Benchmark
    public long watchNoProfiles() throws Exception {
        return watch(false, Duration.ofSeconds(10));
    }

    /** The same watcher posting a window every 250 ms ({@code --window 250ms}): what forty times as many windows cost. */
    @Benchmark
    public long watchShortWindows() throws Exception {
        return watch(true, Duration.ofMillis(250));
    }

    private long watch(boolean profile, Duration window) throws Exception {
        String base = "http://127.0.0.1:" + server.port();
        RegistryClient client = new RegistryClient(base, Optional.empty(), Duration.ofSeconds(30));
        WindowJudge judge = new WindowJudge(new RegistryReleases(client), ENVIRONMENT, 1 << 20, 1_000_000, profile);
        Watcher.Options options = new Watcher.Options(topic.bootstrapServers(), new Properties(), null, List.of(Pattern.compile(Pattern.quote(BankStateTopic.TOPIC))),
                From.EARLIEST, window, ENVIRONMENT, "bench-watch-" + groups.incrementAndGet(), "bench", Duration.ofSeconds(30),
                100_000, 64L << 20);
        List<String> lines = new ArrayList<>();
        Watcher watcher = new Watcher(options, client, judge, line -> {
            synchronized (lines) {
                lines.add(line);
            }
        });
        watcher.check();
        Thread running = new Thread(() -> {
            try {
                watcher.run();
            } catch (Exception e) {
                synchronized (lines) {
                    lines.add("failed: " + e.getMessage());
                }
            }
        }, "bench-watcher");
        long t0 = System.nanoTime();
        running.start();
        long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        long first = -1;
        while (watcher.recordsRead() < records && running.isAlive() && System.nanoTime() < until) {
            if (first < 0 && watcher.recordsPosted() > 0) first = System.nanoTime();
            Thread.sleep(5);
        }
        long all = System.nanoTime();
        watcher.stop();
        running.join();
        if (Boolean.getBoolean("watch.timing")) {
            System.out.printf("%nfirst window %.2f s, all read %.2f s, stopped and posted %.2f s%n", (first - t0) / 1e9, (all - t0) / 1e9, (System.nanoTime() - t0) / 1e9);
            synchronized (lines) {
                lines.forEach(System.out::println);
            }
        }
        if (watcher.recordsPosted() != records) throw new IllegalStateException("the watcher posted " + watcher.recordsPosted() + " records: " + lines);
        synchronized (lines) {
            // Valid records, judged against the release that ran: a finding would mean the watcher judged other work than the floor's.
            for (String line : lines) {
                if (line.startsWith("window ") && !line.contains(", 0 findings in ")) throw new IllegalStateException("a window with findings: " + line);
            }
        }
        return watcher.recordsPosted();
    }

    /** A consumer in a group of its own that reads every record and parses its value with Jackson: what any watcher must at least do. */
    @Benchmark
    public long floor() throws Exception {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, topic.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "bench-floor-" + groups.incrementAndGet());
        p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        ObjectMapper json = new ObjectMapper();
        long members = 0;
        long read = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p)) {
            consumer.subscribe(Pattern.compile(Pattern.quote(BankStateTopic.TOPIC)));
            while (read < records) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    JsonNode tree = json.readTree(r.value());
                    members += tree.size();
                    read++;
                }
            }
        }
        return members;
    }
}
