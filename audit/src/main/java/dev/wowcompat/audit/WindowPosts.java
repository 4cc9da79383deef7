package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.client.RegistryException;
import dev.wowcompat.text.Counts;
import dev.wowcompat.window.WindowRefusal;
import dev.wowcompat.window.WireWindow;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * A watch's side of the registry (docs/watch.md, "What each answer means"): posting a window and telling what the
 * answer means for it, holding the window while the registry is out of reach with a backoff of 1 s doubling to
 * {@value #MAX_BACKOFF_MILLIS} ms, and reading the group's positions. What the answer means for Kafka (commit, pause,
 * seek) is the {@link Watcher}'s. Confined to the watcher's thread; {@link #recordsPosted} may be read from any.
 */
final class WindowPosts {
    /** What the registry did with a posted window. */
    enum Outcome {
        /** Counted: its offsets may be committed and the next window starts at its ends. */
        ACCEPTED,
        /** Out of reach or overloaded: the window is held ({@link #held}) and posted again at {@link #retryDue}. */
        HELD,
        /** A range did not start at its partition's stored position: nothing counted, the positions must be read again. */
        STALE,
        /** Refused for what it is (the token, the window's form): {@link #refusal} says why, and the watch stops. */
        REFUSED
    }

    private static final long MAX_BACKOFF_MILLIS = 15_000;
    private static final long LOG_EVERY_MILLIS = 60_000;
    private static final String STALE = "wow-compat.wire.stale-window";

    private final RegistryClient registry;
    private final String environment;
    private final String group;
    private final Consumer<String> log;
    /** A window cut but not yet posted: the registry was out of reach. */
    private WireWindow held;
    private long retryAt;
    private long backoff = 1_000;
    private long downSince = -1;
    private long loggedAt;
    private AuditException refusal;
    private JsonNode answer;
    private long posted;
    /** Records of the windows the registry accepted; read from other threads (a benchmark waits on it). */
    private volatile long recordsPosted;

    WindowPosts(RegistryClient registry, String environment, String group, Consumer<String> log) {
        this.registry = registry;
        this.environment = environment;
        this.group = group;
        this.log = log;
    }

    /**
     * Checks that the registry answers the positions of the group and takes the token for windows (an empty window is
     * refused as empty, not for the token).
     *
     * @throws AuditException for an unreachable registry, or a token it refuses
     */
    void check(String member) throws AuditException {
        RegistryClient.Answer positions;
        RegistryClient.Answer probe;
        try {
            positions = registry.wirePositions(environment, group);
            Instant now = Instant.now();
            long at = now.toEpochMilli();
            probe = registry.postWire(environment, json(new WireWindow(group, member, at, at, List.of(), Map.of(), List.of(), List.of(), null), member));
        } catch (RegistryException e) {
            throw new AuditException(e.getMessage());
        }
        for (RegistryClient.Answer a : List.of(positions, probe)) {
            if (a.status() == 401 || a.status() == 403) throw new AuditException(refusedToken(a));
        }
        if (!positions.ok() || positions.json().isEmpty()) {
            throw new AuditException("the registry at " + registry.base() + " did not give the positions of group " + group + ": " + positions.describe());
        }
    }

    private byte[] json(WireWindow w, String member) {
        return w.withPoster(group, member).toJson().toString().getBytes(StandardCharsets.UTF_8);
    }

    private String refusedToken(RegistryClient.Answer a) {
        return "the registry at " + registry.base() + " refused the token (" + RegistryClient.TOKEN_VARIABLE + "; the watch needs observe:"
                + environment + "): " + a.describe();
    }

    /** Posts a window and says what the registry did with it; the registry out of reach, the window is held. */
    Outcome post(WireWindow w, String member) {
        try {
            // The registry's own rules, asked first (docs/watch.md): a window they refuse is never posted.
            w.withPoster(group, member).validate(System.currentTimeMillis());
        } catch (WindowRefusal r) {
            refusal = new AuditException("the watch counted a window of " + Counts.of(w.recordCount(), "record") + " that the registry "
                    + "would refuse (" + r.getMessage() + "), so it posted nothing");
            return Outcome.REFUSED;
        }
        RegistryClient.Answer a;
        try {
            a = registry.postWire(environment, json(w, member));
        } catch (RegistryException e) {
            return hold(w, e.getMessage());
        }
        if (a.status() >= 500 || a.status() == 429 || a.status() == 421 || a.json().isEmpty()) {
            return hold(w, "the registry answered " + a.describe());
        }
        if (a.status() == 401 || a.status() == 403) {
            refusal = new AuditException(refusedToken(a));
            return Outcome.REFUSED;
        }
        back();
        held = null;
        if (a.status() == 409 && STALE.equals(a.tree().path("code").asText())) {
            log.accept(Wording.windowNotCounted(w.recordCount(), a.tree()));
            return Outcome.STALE;
        }
        if (!a.ok()) {
            refusal = new AuditException("the registry at " + registry.base() + " refused a window of " + Counts.of(w.recordCount(), "record") + ": "
                    + a.describe());
            return Outcome.REFUSED;
        }
        posted++;
        recordsPosted += w.recordCount();
        answer = a.tree();
        return Outcome.ACCEPTED;
    }

    private Outcome hold(WireWindow w, String why) {
        held = w;
        down(why);
        return Outcome.HELD;
    }

    /** The registry is out of reach (or overloaded): the next try is after the backoff, which doubles. */
    void down(String why) {
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

    /** The registry answered: the backoff starts again at 1 s. */
    void back() {
        if (downSince >= 0) {
            log.accept("the registry at " + registry.base() + " answers again after " + (System.currentTimeMillis() - downSince) / 1000 + " s");
        }
        downSince = -1;
        loggedAt = 0;
        backoff = 1_000;
    }

    /** Whether the backoff since the registry was last out of reach is over. */
    boolean retryDue(long now) {
        return now >= retryAt;
    }

    /** How long to wait before trying again. */
    long backoff() {
        return backoff;
    }

    /** The window held while the registry is out of reach, or null. */
    WireWindow held() {
        return held;
    }

    /** The held window is not posted after all: its records are read again. */
    void dropHeld() {
        held = null;
    }

    /** Why the registry refused the watch (a token, a window's form), or null while it has not. */
    AuditException refusal() {
        return refusal;
    }

    /**
     * The registry's next offset of each partition of the group.
     *
     * @throws RegistryException when the registry cannot be reached
     * @throws IllegalStateException when it answers otherwise than with the positions (a token refused: also {@link #refusal})
     */
    Map<TopicPartition, Long> positions() throws RegistryException {
        RegistryClient.Answer a = registry.wirePositions(environment, group);
        if (a.status() == 401 || a.status() == 403) {
            refusal = new AuditException(refusedToken(a));
            return Map.of();
        }
        if (!a.ok() || a.json().isEmpty()) throw new IllegalStateException("the registry answered " + a.describe());
        Map<TopicPartition, Long> out = new HashMap<>();
        for (JsonNode p : a.tree().path("positions")) {
            out.put(new TopicPartition(p.path("topic").asText(), p.path("partition").asInt()), p.path("next").asLong());
        }
        return out;
    }

    /** The progress line of an accepted window: its records, findings, partitions and the lag left, and what the registry left out. */
    void accepted(WireWindow w, long lag) {
        StringBuilder sb = new StringBuilder("window ").append(Instant.ofEpochMilli(w.start())).append(" to ").append(Instant.ofEpochMilli(w.end())).append(": ")
                .append(Counts.of(w.recordCount(), "record")).append(", ").append(Counts.of(w.findingCount(), "finding"))
                .append(" in ").append(Counts.of(w.ranges().size(), "partition")).append(", lag ").append(Counts.of(lag, "record"));
        long dropped = answer.path("profiles").path("droppedFields").asLong();
        if (dropped > 0) sb.append("; ").append(Counts.of(dropped, "profiled field")).append(" left out by the registry (no release declares it)");
        log.accept(sb.toString());
    }

    /** Where the registry is, for a sentence. */
    String base() {
        return String.valueOf(registry.base());
    }

    long posted() {
        return posted;
    }

    long recordsPosted() {
        return recordsPosted;
    }
}
