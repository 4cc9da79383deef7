package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.RegistryException;
import dev.wowcompat.text.Counts;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A watch of the wire (docs/watch.md): a member of the environment's consumer group that judges every record of
 * the partitions Kafka gives it, with the audit's own judge, and posts what it judged as windows to the registry.
 *
 * <p>The registry holds the positions, not Kafka: on each assignment the watcher asks the registry where each new
 * partition's next window starts and seeks there; a window covers offset ranges that start where the registry's
 * positions are, and the registry applies it in one transaction only if they still are. So a window is counted once
 * or not at all: a crash, a rebalance or a registry that is down loses no record and counts none twice. The
 * offsets the registry accepted are then committed to Kafka too, for the usual lag tools; they are never read back.
 *
 * <p>Everything happens on the thread that calls {@link #run}, the consumer's, except the parsing of values, done
 * on one helper thread while the records before are judged; {@link #stop} may come from any thread.
 */
public final class Watcher {
    /**
     * @param window how long a window lasts (it is cut sooner at {@code maxWindowRecords} or {@code maxWindowBytes})
     * @param timeout how long Kafka and the registry may take to answer one call
     * @param member who posts, as the registry lists the watchers (host and process)
     */
    public record Options(String bootstrapServers, Properties clientProperties, String configFile, List<Pattern> topics, From from,
                          Duration window, String environment, String group, String member, Duration timeout,
                          long maxWindowRecords, long maxWindowBytes) {}

    private static final Duration POLL = Duration.ofMillis(200);
    private static final int CHUNK = 128;
    /** The backoff while the registry is out of reach: 1 s doubling up to this. */
    private static final long MAX_BACKOFF_MILLIS = 15_000;
    private static final long LOG_EVERY_MILLIS = 60_000;
    private static final String STALE = "wow-compat.wire.stale-window";

    private final Options options;
    private final RegistryClient registry;
    private final WindowJudge judge;
    private final Consumer<String> log;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final ExecutorService parser = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "wow-compat-watch-parse");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean stopped;

    /** Where the current window starts in each owned partition that has a position. */
    private final Map<TopicPartition, Long> windowFrom = new HashMap<>();
    private final Map<String, Integer> partitionCounts = new HashMap<>();
    private Instant windowStart = Instant.now();
    /** A window cut but not yet posted: the registry was out of reach. Every partition is paused meanwhile. */
    private WireWindow held;
    /** The owned partitions must be sought again from the registry's positions (a refused or dropped window). */
    private boolean reseek;
    private long retryAt;
    private long backoff = 1_000;
    private long downSince = -1;
    private long loggedAt;
    private AuditException fatal;
    private long windows;
    private long posted;
    /** Records of the windows the registry accepted; read from other threads (a benchmark waits on it). */
    private volatile long recordsPosted;

    /**
     * @param log told one line per window and per trouble (standard error)
     * @throws AuditException when the client properties are not a configuration the Kafka client takes
     */
    public Watcher(Options options, RegistryClient registry, WindowJudge judge, Consumer<String> log) throws AuditException {
        this.options = options;
        this.registry = registry;
        this.judge = judge;
        this.log = log;
        Properties p = new Properties();
        p.putAll(options.clientProperties());
        if (options.bootstrapServers() != null) p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, options.bootstrapServers());
        if (!p.containsKey(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG)) {
            throw new AuditException("give --bootstrap-servers, or bootstrap.servers in --kafka-config");
        }
        // The group and how it is shared are the watch's: positions come from the registry, so nothing commits on its own.
        p.put(ConsumerConfig.GROUP_ID_CONFIG, options.group());
        p.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "wow-compat-watch");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.putIfAbsent(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(options.timeout().toMillis()));
        p.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        if (options.configFile() != null) Wording.checkClientProperties(p, options.configFile());
        try {
            this.consumer = new KafkaConsumer<>(p);
        } catch (KafkaException e) {
            throw new AuditException(Wording.clientNotMade(e, servers(), options.configFile()));
        }
    }

    /** The client properties the watch sets whatever {@code --kafka-config} says; a file that sets one is told so. */
    public static final List<String> OVERRIDDEN = List.of(ConsumerConfig.GROUP_ID_CONFIG, ConsumerConfig.GROUP_INSTANCE_ID_CONFIG,
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG);

    /**
     * Checks, before any record is read, that the broker answers, that the registry answers the positions of the
     * group, and that it takes the token for windows (an empty window is refused as empty, not for the token).
     *
     * @throws AuditException for an unreachable broker or registry, or a token the registry refuses
     */
    public void check() throws AuditException {
        try {
            consumer.listTopics(options.timeout());
        } catch (TimeoutException e) {
            throw new AuditException("Kafka at " + servers() + " did not answer within " + options.timeout().toSeconds()
                    + " s (--timeout); is it running, and are the client properties right?");
        } catch (KafkaException e) {
            throw new AuditException(Wording.refused(e, servers()).replace("the audit's", "the watch's"));
        }
        RegistryClient.Answer positions;
        RegistryClient.Answer probe;
        try {
            positions = registry.wirePositions(options.environment(), options.group());
            probe = registry.postWire(options.environment(), emptyWindow());
        } catch (RegistryException e) {
            throw new AuditException(e.getMessage());
        }
        for (RegistryClient.Answer a : List.of(positions, probe)) {
            if (a.status() == 401 || a.status() == 403) throw new AuditException(refusedToken(a));
        }
        if (!positions.ok() || positions.json().isEmpty()) {
            throw new AuditException("the registry at " + registry.base() + " did not give the positions of group " + options.group() + ": " + positions.describe());
        }
    }

    private String refusedToken(RegistryClient.Answer a) {
        return "the registry at " + registry.base() + " refused the token (" + RegistryClient.TOKEN_VARIABLE + "; the watch needs observe:"
                + options.environment() + "): " + a.describe();
    }

    private byte[] emptyWindow() {
        Instant now = Instant.now();
        return new WireWindow(now, now, List.of(), Map.of(), List.of(), List.of(), null).toJson(options.group(), options.member())
                .toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Watches until {@link #stop()}: then the current window is posted, the group left, and this returns.
     *
     * @throws AuditException when the registry refuses the token or a window for what it is, or Kafka refuses the watch
     */
    public void run() throws AuditException {
        Pattern pattern = Pattern.compile(String.join("|", options.topics().stream().map(p -> "(?:" + p.pattern() + ")").toList()));
        try {
            consumer.subscribe(pattern, new Listener());
            while (!stopped) {
                ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
                if (fatal != null) throw fatal;
                if (!records.isEmpty()) judgeAll(records);
                if (fatal != null) throw fatal;
                long now = System.currentTimeMillis();
                if (held != null) {
                    if (now >= retryAt) post(held);
                } else if (reseek) {
                    if (now >= retryAt) reseek();
                } else if (due(now)) {
                    cutAndPost();
                }
                if (fatal != null) throw fatal;
            }
            finish();
        } catch (KafkaException e) {
            throw new AuditException(Wording.refused(e, servers()).replace("the audit's", "the watch's"));
        } finally {
            parser.shutdownNow();
        }
    }

    /** Asks {@link #run} to post the current window, leave the group and return; from any thread (SIGTERM, Ctrl-C). */
    public void stop() {
        stopped = true;
    }

    /** The last window: posted with a few tries (the registry may be restarting), then the group is left. */
    private void finish() throws AuditException {
        long until = System.currentTimeMillis() + options.timeout().toMillis();
        while (System.currentTimeMillis() < until) {
            if (held != null) post(held);
            else if (!reseek) cutAndPost();
            if (fatal != null) throw fatal;
            if (held == null) break;
            sleep(Math.min(backoff, Math.max(0, until - System.currentTimeMillis())));
        }
        if (held != null) {
            log.accept("the last window (" + Counts.of(held.recordCount(), "record") + ") was not posted: the registry at " + registry.base()
                    + " is out of reach; the next watcher of group " + options.group() + " reads its records again");
            held = null;
            judge.drop();
        }
        windowFrom.clear();
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(10)));
        log.accept("left group " + options.group() + " after " + Counts.of(posted, "window") + " posted");
    }

    private boolean due(long now) {
        return now - windowStart.toEpochMilli() >= options.window().toMillis() || judge.windowRecords() >= options.maxWindowRecords()
                || judge.windowBytes() >= options.maxWindowBytes();
    }

    /** Parses the batch on the helper thread, a chunk ahead of the judging here, and judges it in order. */
    private void judgeAll(ConsumerRecords<byte[], byte[]> records) {
        List<AuditRecord> all = new ArrayList<>(records.count());
        for (ConsumerRecord<byte[], byte[]> r : records) all.add(record(r));
        List<Future<List<Judge.ParsedRecord>>> chunks = new ArrayList<>();
        for (int i = 0; i < all.size(); i += CHUNK) {
            List<AuditRecord> chunk = all.subList(i, Math.min(all.size(), i + CHUNK));
            chunks.add(parser.submit(() -> {
                List<Judge.ParsedRecord> parsed = new ArrayList<>(chunk.size());
                for (AuditRecord r : chunk) parsed.add(judge.read(r));
                return parsed;
            }));
        }
        try {
            for (Future<List<Judge.ParsedRecord>> chunk : chunks) {
                for (Judge.ParsedRecord read : chunk.get()) judge.judge(read);
            }
        } catch (AuditException e) {
            // A type could not be looked up: the window is not whole. Its records are read again once the registry answers.
            chunks.forEach(f -> f.cancel(false));
            down("judging a record: " + e.getMessage());
            dropWindow();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
        } catch (ExecutionException e) {
            throw new IllegalStateException("parsing a record failed", e.getCause());
        }
    }

    private AuditRecord record(ConsumerRecord<byte[], byte[]> r) {
        List<AuditRecord.Header> headers = new ArrayList<>(2);
        for (Header h : r.headers()) headers.add(new AuditRecord.Header(h.key(), h.value()));
        return new AuditRecord(r.topic(), r.partition(), r.offset(), r.timestamp(), headers, r.key(), r.value(),
                partitionCounts.getOrDefault(r.topic(), 0));
    }

    /** Cuts the window and posts it; a window with no range (nothing read) is not posted. */
    private void cutAndPost() {
        Instant end = Instant.now();
        List<WireWindow.Range> ranges = ranges();
        WireWindow w;
        try {
            w = judge.cut(windowStart, end).withRanges(ranges);
        } catch (AuditException e) {
            down("profiling the window's values: " + e.getMessage());
            dropWindow();
            return;
        }
        windowStart = end;
        windows++;
        if (ranges.isEmpty()) return;
        try {
            judge.refresh();
        } catch (AuditException e) {
            // The history is read again at a later window; this one is judged with the one known.
        }
        post(w);
    }

    /** Each owned partition's range since the window started, where the consumer has moved on. */
    private List<WireWindow.Range> ranges() {
        List<WireWindow.Range> out = new ArrayList<>();
        for (Map.Entry<TopicPartition, Long> e : windowFrom.entrySet()) {
            long to = consumer.position(e.getKey(), options.timeout());
            if (to > e.getValue()) out.add(new WireWindow.Range(e.getKey().topic(), e.getKey().partition(), e.getValue(), to));
        }
        out.sort(java.util.Comparator.comparing(WireWindow.Range::topic).thenComparingInt(WireWindow.Range::partition));
        return out;
    }

    /** Posts a window: accepted, its offsets are committed; refused as stale, the positions are read again; out of reach, held. */
    private void post(WireWindow w) {
        RegistryClient.Answer a;
        try {
            a = registry.postWire(options.environment(), w.toJson(options.group(), member()).toString().getBytes(StandardCharsets.UTF_8));
        } catch (RegistryException e) {
            hold(w, e.getMessage());
            return;
        }
        if (a.status() >= 500 || a.status() == 429 || a.status() == 421 || a.json().isEmpty()) {
            hold(w, "the registry answered " + a.describe());
            return;
        }
        if (a.status() == 401 || a.status() == 403) {
            fatal = new AuditException(refusedToken(a));
            return;
        }
        back();
        held = null;
        if (a.status() == 409 && STALE.equals(a.tree().path("code").asText())) {
            log.accept(Wording.windowNotCounted(w.recordCount(), a.tree()));
            resume();
            reseek = true;
            reseek();
            return;
        }
        if (!a.ok()) {
            fatal = new AuditException("the registry at " + registry.base() + " refused a window of " + Counts.of(w.recordCount(), "record") + ": "
                    + a.describe());
            return;
        }
        posted++;
        recordsPosted += w.recordCount();
        Map<TopicPartition, OffsetAndMetadata> commit = new LinkedHashMap<>();
        for (WireWindow.Range r : w.ranges()) {
            TopicPartition tp = new TopicPartition(r.topic(), r.partition());
            if (windowFrom.containsKey(tp)) windowFrom.put(tp, Math.max(windowFrom.get(tp), r.to()));
            commit.put(tp, new OffsetAndMetadata(r.to()));
        }
        try {
            consumer.commitSync(commit, options.timeout());
        } catch (KafkaException e) {
            // The registry holds the positions; Kafka's committed offsets only show the lag, and the next window commits again.
        }
        resume();
        progress(w, a.tree());
    }

    /** The registry is out of reach (or overloaded): the window is held, reading stops, and the post is tried again later. */
    private void hold(WireWindow w, String why) {
        held = w;
        consumer.pause(consumer.assignment());
        down(why);
    }

    private void down(String why) {
        long now = System.currentTimeMillis();
        if (downSince < 0) downSince = now;
        retryAt = now + backoff;
        backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
        if (loggedAt == 0 || now - loggedAt >= LOG_EVERY_MILLIS) {
            loggedAt = now;
            log.accept("the registry at " + registry.base() + " is out of reach since " + Instant.ofEpochMilli(downSince) + " (" + why
                    + "); holding position, trying again with backoff up to " + MAX_BACKOFF_MILLIS / 1000 + " s");
        }
    }

    private void back() {
        if (downSince >= 0) {
            log.accept("the registry at " + registry.base() + " answers again after " + (System.currentTimeMillis() - downSince) / 1000 + " s");
        }
        downSince = -1;
        loggedAt = 0;
        backoff = 1_000;
    }

    /** The window so far is not counted: its records are read again from the registry's positions. */
    private void dropWindow() {
        judge.drop();
        held = null;
        reseek = true;
        windowStart = Instant.now();
        consumer.pause(consumer.assignment());
    }

    private void resume() {
        consumer.resume(consumer.assignment());
    }

    /** Seeks every owned partition to the registry's position (or where its window started, or --from), with a fresh window. */
    private void reseek() {
        Set<TopicPartition> owned = new HashSet<>(consumer.assignment());
        Map<TopicPartition, Long> stored;
        try {
            stored = positions();
        } catch (RegistryException | IllegalStateException e) {
            consumer.pause(owned);
            down(e.getMessage());
            return;
        }
        back();
        judge.drop();
        windowStart = Instant.now();
        List<TopicPartition> none = new ArrayList<>();
        for (TopicPartition tp : owned) {
            Long at = stored.containsKey(tp) ? stored.get(tp) : windowFrom.get(tp);
            if (at == null) none.add(tp);
            else seek(tp, at);
        }
        seekFrom(none);
        reseek = false;
        consumer.resume(owned);
    }

    private void seek(TopicPartition tp, long offset) {
        consumer.seek(tp, offset);
        windowFrom.put(tp, offset);
        judge.forget(tp.topic(), tp.partition());
    }

    /** Seeks partitions the registry has no position for to {@code --from}, and takes the offset that gives. */
    private void seekFrom(Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) return;
        options.from().seek(consumer, partitions, options.timeout());
        for (TopicPartition tp : partitions) seek(tp, consumer.position(tp, options.timeout()));
    }

    /** The registry's next offset of each partition of the group. */
    private Map<TopicPartition, Long> positions() throws RegistryException {
        RegistryClient.Answer a = registry.wirePositions(options.environment(), options.group());
        if (a.status() == 401 || a.status() == 403) {
            fatal = new AuditException(refusedToken(a));
            return Map.of();
        }
        if (!a.ok() || a.json().isEmpty()) throw new IllegalStateException("the registry answered " + a.describe());
        Map<TopicPartition, Long> out = new HashMap<>();
        for (JsonNode p : a.tree().path("positions")) {
            out.put(new TopicPartition(p.path("topic").asText(), p.path("partition").asInt()), p.path("next").asLong());
        }
        return out;
    }

    private void progress(WireWindow w, JsonNode answer) {
        long lag = 0;
        for (TopicPartition tp : consumer.assignment()) lag += consumer.currentLag(tp).orElse(0);
        StringBuilder sb = new StringBuilder("window ").append(w.start()).append(" to ").append(w.end()).append(": ")
                .append(Counts.of(w.recordCount(), "record")).append(", ").append(Counts.of(w.findingCount(), "finding"))
                .append(" in ").append(Counts.of(w.ranges().size(), "partition")).append(", lag ").append(Counts.of(lag, "record"));
        long dropped = answer.path("profiles").path("droppedFields").asLong();
        if (dropped > 0) sb.append("; ").append(Counts.of(dropped, "profiled field")).append(" left out by the registry (no release declares it)");
        log.accept(sb.toString());
    }

    /** Who posts: the configured member, and the group member id Kafka gave this consumer. */
    private String member() {
        String id;
        try {
            id = consumer.groupMetadata().memberId();
        } catch (RuntimeException e) {
            id = "";
        }
        return id.isEmpty() ? options.member() : options.member() + "/" + id;
    }

    private String servers() {
        Object s = options.bootstrapServers() != null ? options.bootstrapServers()
                : options.clientProperties().get(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG);
        return String.valueOf(s);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** "wow.bank.account.state 0@120, 1@0": the partitions and where each starts. */
    private String describe(Collection<TopicPartition> partitions) {
        Map<String, List<String>> byTopic = new java.util.TreeMap<>();
        partitions.stream().sorted(java.util.Comparator.comparingInt(TopicPartition::partition)).forEach(tp -> byTopic
                .computeIfAbsent(tp.topic(), k -> new ArrayList<>()).add(tp.partition() + (windowFrom.containsKey(tp) ? "@" + windowFrom.get(tp) : "")));
        List<String> out = new ArrayList<>();
        byTopic.forEach((t, ps) -> out.add(t + " " + String.join(", ", ps)));
        return String.join("; ", out);
    }

    /** Records of the windows the registry accepted so far; from any thread. */
    public long recordsPosted() {
        return recordsPosted;
    }

    /** Windows cut so far, posted or not. */
    public long windows() {
        return windows;
    }

    /**
     * Kafka's side of the group: a partition given to this watcher is sought to the registry's position; one taken away
     * has its records judged so far posted first (cooperative rebalancing takes away only what moves).
     */
    private final class Listener implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty()) return;
            if (held == null && !reseek && fatal == null) cutAndPost();
            if (held != null || reseek || fatal != null) {
                // The window could not be posted: not counted. Its records are the next owner's, or read again here.
                held = null;
                judge.drop();
                reseek = true;
            }
            for (TopicPartition tp : partitions) windowFrom.remove(tp);
            if (!stopped) log.accept("gave up " + describe(partitions));
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            held = null;
            judge.drop();
            reseek = true;
            for (TopicPartition tp : partitions) windowFrom.remove(tp);
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty()) return;
            for (TopicPartition tp : partitions) {
                if (!partitionCounts.containsKey(tp.topic()) || partitionCounts.get(tp.topic()) == 0) {
                    partitionCounts.put(tp.topic(), consumer.partitionsFor(tp.topic(), options.timeout()).size());
                }
            }
            Map<TopicPartition, Long> stored;
            try {
                stored = positions();
            } catch (RegistryException | IllegalStateException e) {
                // No position, no reading: every partition waits, and all are sought again once the registry answers.
                down(e.getMessage());
                dropWindow();
                log.accept("assigned " + describe(partitions) + "; waiting for the registry's positions");
                return;
            }
            List<TopicPartition> none = new ArrayList<>();
            for (TopicPartition tp : partitions) {
                if (stored.containsKey(tp)) seek(tp, stored.get(tp));
                else none.add(tp);
            }
            seekFrom(none);
            if (held != null || reseek) consumer.pause(partitions);
            log.accept("assigned " + describe(partitions) + (none.isEmpty() ? "" : "; " + Counts.of(none.size(), "partition")
                    + " the registry holds no position for start at --from"));
        }
    }
}
