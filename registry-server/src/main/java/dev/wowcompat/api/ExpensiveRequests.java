package dev.wowcompat.api;

import dev.wowcompat.text.Counts;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import dev.wowcompat.manifest.ProblemCodes;
import io.javalin.http.Context;
import java.util.Map;
import io.javalin.http.Handler;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Caps the requests that read a body and run the checker or a validator: a few per client address (429) and a
 * few in all (503), both answered at once with {@code Retry-After}, so that a flood of them never queues up
 * threads and memory while cheap reads ({@code /health}, the page, GETs) keep flowing. The cap covers reading
 * the body too: a client that stalls its bodies holds only its own few places, until the idle timeout drops it.
 *
 * <p>Once its body has arrived, an admitted request also reserves the memory the body may take once parsed
 * ({@link #MEMORY_PER_TOKEN} per JSON token) from a share of the heap, and waits for it: large bodies are
 * parsed one after another instead of together, so that no mix of them exhausts the heap (docs/api.md, "Limits").
 * Only admitted requests wait, so the waiters are as few as the places.
 */
final class ExpensiveRequests {
    static final String RETRY_AFTER_SECONDS = "1";

    /**
     * What one JSON token may cost once parsed into a tree: a member ({@code "a":1}, two tokens) becomes a node, a
     * map entry, a key string and its entry in the duplicate check, about 150 bytes (measured at a million tokens).
     */
    static final int MEMORY_PER_TOKEN = 80;
    /** Counts tokens without keeping names: a million distinct keys must not fill a symbol table. */
    private static final JsonFactory SCANNER = JsonFactory.builder()
            .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES).disable(JsonFactory.Feature.INTERN_FIELD_NAMES).build();
    /** The share of the heap that bodies being parsed may reserve together. */
    private static final double HEAP_SHARE_FOR_BODIES = 0.5;
    /** How long an admitted request waits for memory before it is answered 503. */
    private static final long MEMORY_WAIT_SECONDS = 30;
    private static final String HELD_KIB = "wow-compat.memory-held-kib";

    private final Semaphore inAll;
    private final int perClient;
    private final ConcurrentHashMap<String, Integer> running = new ConcurrentHashMap<>();
    /** In KiB, so that a heap of any size fits an int. */
    private final Semaphore memory;
    private final int memoryKib;
    private final long maxTokens;

    ExpensiveRequests(Guards guards, long maxTokens) {
        this.maxTokens = maxTokens;
        this.inAll = new Semaphore(guards.expensiveAtOnce());
        this.perClient = guards.expensivePerClient();
        this.memoryKib = (int) Math.min(Integer.MAX_VALUE, (long) (Runtime.getRuntime().maxMemory() * HEAP_SHARE_FOR_BODIES) / 1024);
        // Not fair: a small body may go ahead of a large one that waits for more than is free.
        this.memory = new Semaphore(memoryKib);
    }

    Handler limited(Handler handler) {
        return ctx -> {
            String client = ctx.req().getRemoteAddr();
            if (running.merge(client, 1, Integer::sum) > perClient) {
                leave(client);
                ctx.header("Retry-After", RETRY_AFTER_SECONDS);
                throw new ApiException(ProblemCode.TOO_MANY_REQUESTS, "This client already has " + Counts.of(perClient, "expensive request")
                        + " running; wait for them, then retry.");
            }
            try {
                if (!inAll.tryAcquire()) {
                    ctx.header("Retry-After", RETRY_AFTER_SECONDS);
                    throw new ApiException(ProblemCode.BUSY, "The registry is running as many checks as it takes at once; retry shortly.");
                }
                try {
                    handler.handle(ctx);
                } finally {
                    Integer held = ctx.attribute(HELD_KIB);
                    if (held != null) memory.release(held);
                    inAll.release();
                }
            } finally {
                leave(client);
            }
        };
    }

    /**
     * Counts the body's JSON tokens with a streaming parser (no tree, names not kept), refuses a body of more than
     * {@code maxTokens} at once, and otherwise waits for the memory its tree will take, held until the request ends.
     * Called once the body has arrived, not before: a client trickling a large body holds no memory but its bytes.
     */
    void holdMemory(Context ctx, byte[] body) {
        long tokens = tokens(body);
        if (maxTokens > 0 && tokens > maxTokens) {
            throw new ApiException(ProblemCode.INVALID_INPUT, ProblemCodes.TOO_MANY_TOKENS, ProblemCode.INVALID_INPUT.status(),
                    "The body holds more than " + maxTokens + " JSON tokens (keys, values and brackets), this registry's limit.", Map.of());
        }
        int kib = (int) Math.min(memoryKib, tokens * MEMORY_PER_TOKEN / 1024);
        boolean held;
        try {
            held = memory.tryAcquire(kib, MEMORY_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            held = false;
        }
        if (!held) {
            ctx.header("Retry-After", RETRY_AFTER_SECONDS);
            throw new ApiException(ProblemCode.BUSY, "The registry is parsing as many large bodies as its memory takes; retry shortly.");
        }
        ctx.attribute(HELD_KIB, kib);
    }

    /** Tokens up to the first syntax error (which the real parse then reports), or up to one past the limit. */
    private long tokens(byte[] body) {
        long n = 0;
        try (JsonParser parser = SCANNER.createParser(body)) {
            while (parser.nextToken() != null) {
                if (++n > maxTokens && maxTokens > 0) break;
            }
        } catch (java.io.IOException notJson) {
            // counted so far; the parse says what is wrong
        }
        return n;
    }

    private void leave(String client) {
        running.computeIfPresent(client, (k, n) -> n == 1 ? null : n - 1);
    }
}
