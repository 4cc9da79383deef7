package dev.wowcompat.audit;

import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.RegistryException;
import dev.wowcompat.text.Counts;
import dev.wowcompat.window.WireWindow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;

/**
 * A watch of the wire (docs/watch.md): a member of the environment's consumer group ({@link WatchConsumer}) that
 * judges every record of the partitions Kafka gives it, with the audit's own judge, and posts what it judged as
 * windows to the registry.
 *
 * <p>The registry holds the positions, not Kafka: on each assignment the watcher asks the registry where each new
 * partition's next window starts and seeks there ({@link WindowPositions}); a window covers offset ranges that start
 * where the registry's positions are, and the registry applies it in one transaction only if they still are
 * ({@link WindowPosts}). So a window is counted once or not at all: a crash, a rebalance or a registry that is down
 * loses no record and counts none twice. The offsets the registry accepted are then committed to Kafka too, for the
 * usual lag tools, and again for every partition given up or held at a clean stop ({@link GroupOffsets}); never read back.
 *
 * <p>Everything happens on the thread that calls {@link #run}, the consumer's, except the reading and judging of each
 * poll's records, done in the judge's lanes, a thread each, while the next poll is read ({@link PollJudging}); the
 * window is cut, dropped or sought only when every record read is judged. {@link #stop} may come from any thread.
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

    private final Options options;
    private final WindowJudge judge;
    private final Consumer<String> log;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final WindowPosts posts;
    private final WindowPositions positions;
    private final GroupOffsets offsets;
    private final PollJudging judging;
    private volatile boolean stopped;
    /** Written by the watching thread only; read by any (a progress report, a benchmark). */
    private volatile long recordsRead;

    private final Map<String, Integer> partitionCounts = new HashMap<>();
    private Instant windowStart = Instant.now();
    /** The owned partitions must be sought again from the registry's positions (a refused or dropped window). */
    private boolean reseek;
    private long windows;

    /**
     * @param log told one line per window and per trouble (standard error)
     * @throws AuditException when the client properties are not a configuration the Kafka client takes
     */
    public Watcher(Options options, RegistryClient registry, WindowJudge judge, Consumer<String> log) throws AuditException {
        this.options = options;
        this.judge = judge;
        this.log = log;
        this.consumer = WatchConsumer.create(options);
        this.posts = new WindowPosts(registry, options.environment(), options.group(), log);
        this.positions = new WindowPositions(consumer, judge, options.from(), options.timeout());
        this.offsets = new GroupOffsets(consumer, options.group(), options.timeout(), log);
        this.judging = new PollJudging(judge);
    }

    /**
     * Checks, before any record is read, that the broker answers, that the registry answers the positions of the
     * group, and that it takes the token for windows (an empty window is refused as empty, not for the token).
     *
     * @throws AuditException for an unreachable broker or registry, or a token the registry refuses
     */
    public void check() throws AuditException {
        WatchConsumer.check(consumer, options);
        posts.check(options.member());
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
                throwIfRefused();
                if (!records.isEmpty()) hand(records);
                long now = System.currentTimeMillis();
                if (posts.held() != null) {
                    if (posts.retryDue(now)) post(posts.held());
                } else if (reseek) {
                    if (posts.retryDue(now)) reseek();
                } else if (due(now)) {
                    cutAndPost();
                }
                throwIfRefused();
            }
            finish();
        } catch (KafkaException e) {
            throw WatchConsumer.refused(e, options);
        } finally {
            judging.close();
        }
    }

    private void throwIfRefused() throws AuditException {
        if (posts.refusal() != null) throw posts.refusal();
    }

    /** Asks {@link #run} to post the current window, leave the group and return; from any thread (SIGTERM, Ctrl-C). */
    public void stop() {
        stopped = true;
    }

    /** The last window: posted with a few tries (the registry may be restarting), then the group is left. */
    private void finish() throws AuditException {
        long until = System.currentTimeMillis() + options.timeout().toMillis();
        while (System.currentTimeMillis() < until) {
            if (posts.held() != null) post(posts.held());
            else if (!reseek) cutAndPost();
            throwIfRefused();
            if (posts.held() == null) break;
            sleep(Math.min(posts.backoff(), Math.max(0, until - System.currentTimeMillis())));
        }
        if (posts.held() != null) {
            log.accept("the last window (" + Counts.of(posts.held().recordCount(), "record") + ") was not posted: the registry at " + posts.base()
                    + " is out of reach; the next watcher of group " + options.group() + " reads its records again");
            posts.dropHeld();
            judge.drop();
        }
        offsets.commit(positions.registered(consumer.assignment()), true);
        positions.clear();
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(10)));
        log.accept("left group " + options.group() + " after " + Counts.of(posts.posted(), "window") + " posted");
    }

    private boolean due(long now) {
        return now - windowStart.toEpochMilli() >= options.window().toMillis() || judging.records() >= options.maxWindowRecords()
                || judging.bytes() >= options.maxWindowBytes();
    }

    /** Hands the poll's records to the judge's lanes, while the polls before may still be judged. */
    private void hand(ConsumerRecords<byte[], byte[]> records) {
        List<AuditRecord> read = new ArrayList<>(records.count());
        for (ConsumerRecord<byte[], byte[]> r : records) read.add(record(r));
        recordsRead += read.size();
        try {
            judging.hand(read);
        } catch (AuditException e) {
            notWhole(e);
        }
        if (Thread.currentThread().isInterrupted()) stopped = true;
    }

    /** A type could not be looked up while judging: the window is not whole. Its records are read again once the registry answers. */
    private void notWhole(AuditException e) {
        posts.down("judging a record: " + e.getMessage());
        dropWindow();
    }

    private AuditRecord record(ConsumerRecord<byte[], byte[]> r) {
        List<AuditRecord.Header> headers = new ArrayList<>(2);
        for (Header h : r.headers()) headers.add(new AuditRecord.Header(h.key(), h.value()));
        return new AuditRecord(r.topic(), r.partition(), r.offset(), r.timestamp(), headers, r.key(), r.value(),
                partitionCounts.getOrDefault(r.topic(), 0));
    }

    /** Cuts the window once every record read is judged, and posts it; a window with no range (nothing read) is not posted. */
    private void cutAndPost() {
        AuditException failed = judging.drain();
        if (failed != null) {
            notWhole(failed);
            return;
        }
        Instant end = Instant.now();
        List<WireWindow.Range> ranges = positions.ranges();
        WireWindow w;
        try {
            w = judge.cut(windowStart, end).withRanges(ranges);
        } catch (AuditException e) {
            posts.down("profiling the window's values: " + e.getMessage());
            dropWindow();
            return;
        }
        judging.newWindow();
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

    /** Posts a window: accepted, its offsets are committed; refused as stale, the positions are read again; out of reach, held. */
    private void post(WireWindow w) {
        switch (posts.post(w, member())) {
            case HELD -> consumer.pause(consumer.assignment());
            case STALE -> {
                consumer.resume(consumer.assignment());
                reseek = true;
                reseek();
            }
            case ACCEPTED -> {
                offsets.commit(positions.accepted(w.ranges()), false);
                consumer.resume(consumer.assignment());
                long lag = 0;
                for (TopicPartition tp : consumer.assignment()) lag += consumer.currentLag(tp).orElse(0);
                posts.accepted(w, lag);
            }
            case REFUSED -> { }
        }
    }

    /** The window so far is not counted: its records are read again from the registry's positions. */
    private void dropWindow() {
        forgetWindow();
        posts.dropHeld();
        reseek = true;
        windowStart = Instant.now();
        consumer.pause(consumer.assignment());
    }

    /** Once every record read is judged, the judge forgets what the window counted and a new window begins. */
    private void forgetWindow() {
        judging.drain();
        judge.drop();
        judging.newWindow();
    }

    /** Seeks every owned partition to the registry's position (or where its window started, or --from), with a fresh window. */
    private void reseek() {
        Set<TopicPartition> owned = new HashSet<>(consumer.assignment());
        Map<TopicPartition, Long> stored;
        try {
            stored = posts.positions();
        } catch (RegistryException | IllegalStateException e) {
            consumer.pause(owned);
            posts.down(e.getMessage());
            return;
        }
        posts.back();
        forgetWindow();
        windowStart = Instant.now();
        positions.reseek(owned, stored);
        reseek = false;
        consumer.resume(owned);
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

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Records read and handed to the judge so far, whether their windows were posted or not; from any thread. */
    public long recordsRead() {
        return recordsRead;
    }

    /** Records of the windows the registry accepted so far; from any thread. */
    public long recordsPosted() {
        return posts.recordsPosted();
    }

    /** Windows cut so far, posted or not. */
    public long windows() {
        return windows;
    }

    /**
     * Kafka's side of the group: a partition given to this watcher is sought to the registry's position; one taken away
     * has its records judged so far posted first (cooperative rebalancing takes away only what moves). Called within
     * {@link KafkaConsumer#poll}, while the poll before may still be judged: each waits for it first.
     */
    private final class Listener implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty()) return;
            if (posts.held() == null && !reseek && posts.refusal() == null) cutAndPost();
            if (posts.held() != null || reseek || posts.refusal() != null) {
                // The window could not be posted: not counted. Its records are the next owner's, or read again here.
                posts.dropHeld();
                forgetWindow();
                reseek = true;
            }
            offsets.commit(positions.registered(partitions), true);
            positions.remove(partitions);
            if (!stopped) log.accept("gave up " + positions.describe(partitions));
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            posts.dropHeld();
            forgetWindow();
            reseek = true;
            positions.remove(partitions);
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
                stored = posts.positions();
            } catch (RegistryException | IllegalStateException e) {
                // No position, no reading: every partition waits, and all are sought again once the registry answers.
                posts.down(e.getMessage());
                dropWindow();
                log.accept("assigned " + positions.describe(partitions) + "; waiting for the registry's positions");
                return;
            }
            // The judge forgets the versions of the partitions sought, so it must be idle; a record before that could not
            // be judged leaves the window not whole: it is dropped, and every partition sought again from the registry.
            AuditException failed = judging.drain();
            if (failed != null) notWhole(failed);
            List<TopicPartition> none = positions.assigned(partitions, stored);
            if (posts.held() != null || reseek) consumer.pause(partitions);
            log.accept("assigned " + positions.describe(partitions) + (none.isEmpty() ? "" : "; " + Counts.of(none.size(), "partition")
                    + " the registry holds no position for start at --from"));
        }
    }
}
