package dev.wowcompat.api;

import dev.wowcompat.text.Counts;
import io.javalin.http.Handler;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * Caps the requests that read a body and run the checker or a validator: a few per client address (429) and a
 * few in all (503), both answered at once with {@code Retry-After}, so that a flood of them never queues up
 * threads and memory while cheap reads ({@code /health}, the page, GETs) keep flowing. The cap covers reading
 * the body too: a client that stalls its bodies holds only its own few places, until the idle timeout drops it.
 */
final class ExpensiveRequests {
    private static final String RETRY_AFTER_SECONDS = "1";

    private final Semaphore inAll;
    private final int perClient;
    private final ConcurrentHashMap<String, Integer> running = new ConcurrentHashMap<>();

    ExpensiveRequests(Guards guards) {
        this.inAll = new Semaphore(guards.expensiveAtOnce());
        this.perClient = guards.expensivePerClient();
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
                    inAll.release();
                }
            } finally {
                leave(client);
            }
        };
    }

    private void leave(String client) {
        running.computeIfPresent(client, (k, n) -> n == 1 ? null : n - 1);
    }
}
