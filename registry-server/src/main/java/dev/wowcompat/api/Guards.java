package dev.wowcompat.api;

import java.time.Duration;
import java.util.Objects;

/**
 * What one request and one client may cost the registry (docs/api.md, "Limits").
 *
 * @param idleTimeout how long a connection may send nothing (headers or body) before it is dropped and its thread freed
 * @param minBodyBytesPerSecond a body arriving slower than this is dropped too (a client trickling one byte at a time)
 * @param expensiveAtOnce how many expensive requests (registration, check, validate, verify) run at once in all
 * @param expensivePerClient how many of them one client address may have running at once
 * @param listedViolations how many violations an answer lists; the count of all of them is always given
 * @param metricsNeedToken whether {@code GET /metrics} needs a bearer token
 * @param stopTimeout how long shutdown waits for requests in flight
 * @param headerDeadline how long a connection has, from its opening or the end of its previous answer, to complete
 *        the headers of its next request, however its bytes trickle ({@link HeaderDeadline})
 * @param writeLogRows how many rows the write log keeps: the oldest past it are deleted (docs/api.md, "GET /write-log")
 */
public record Guards(Duration idleTimeout, long minBodyBytesPerSecond, int expensiveAtOnce, int expensivePerClient,
                     int listedViolations, boolean metricsNeedToken, Duration stopTimeout, Duration headerDeadline,
                     int writeLogRows) {
    /** The longest header deadline a registry may be given (docs/api.md, "Limits"). */
    public static final Duration MAX_HEADER_DEADLINE = Duration.ofSeconds(30);
    /**
     * Rows the write log keeps unless {@code serve --write-log-rows} says otherwise: some 150 bytes a row as a rule, 1 KiB
     * at most (a known principal's refused write naming 200 characters thrice), so 150 MB to 1 GiB.
     */
    public static final int DEFAULT_WRITE_LOG_ROWS = 1_000_000;

    /** The largest body limit a registry may be given: 256 MiB (a Manifest of that size is already absurd). */
    public static final long MAX_BODY_CEILING = 256L * 1024 * 1024;

    public Guards {
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(stopTimeout, "stopTimeout");
        Objects.requireNonNull(headerDeadline, "headerDeadline");
        if (headerDeadline.isNegative() || headerDeadline.isZero() || headerDeadline.compareTo(MAX_HEADER_DEADLINE) > 0) {
            throw new IllegalArgumentException("the header deadline must be above 0 and at most " + MAX_HEADER_DEADLINE.toSeconds() + " s");
        }
        if (expensiveAtOnce < 1 || expensivePerClient < 1 || listedViolations < 1 || writeLogRows < 1) {
            throw new IllegalArgumentException("every cap must be at least 1");
        }
    }

    /**
     * 10 s idle, 16 KiB/s at least, two expensive requests per core in all (at least 4), 4 per client (a CI runner's
     * parallel jobs share one address), 100 violations listed, /metrics open, 20 s to finish requests on shutdown,
     * 20 s to complete a request's headers, a write log of a million rows.
     */
    public static Guards defaults() {
        int atOnce = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
        return new Guards(Duration.ofSeconds(10), 16 * 1024, atOnce, 4, 100, false, Duration.ofSeconds(20), Duration.ofSeconds(20), DEFAULT_WRITE_LOG_ROWS);
    }

    public Guards withIdleTimeout(Duration d) {
        return new Guards(d, minBodyBytesPerSecond, expensiveAtOnce, expensivePerClient, listedViolations, metricsNeedToken, stopTimeout, headerDeadline, writeLogRows);
    }

    public Guards withExpensive(int inAll, int perClient) {
        return new Guards(idleTimeout, minBodyBytesPerSecond, inAll, perClient, listedViolations, metricsNeedToken, stopTimeout, headerDeadline, writeLogRows);
    }

    public Guards withListedViolations(int n) {
        return new Guards(idleTimeout, minBodyBytesPerSecond, expensiveAtOnce, expensivePerClient, n, metricsNeedToken, stopTimeout, headerDeadline, writeLogRows);
    }

    public Guards withMetricsNeedToken(boolean b) {
        return new Guards(idleTimeout, minBodyBytesPerSecond, expensiveAtOnce, expensivePerClient, listedViolations, b, stopTimeout, headerDeadline, writeLogRows);
    }

    public Guards withHeaderDeadline(Duration d) {
        return new Guards(idleTimeout, minBodyBytesPerSecond, expensiveAtOnce, expensivePerClient, listedViolations, metricsNeedToken, stopTimeout, d, writeLogRows);
    }

    public Guards withWriteLogRows(int rows) {
        return new Guards(idleTimeout, minBodyBytesPerSecond, expensiveAtOnce, expensivePerClient, listedViolations, metricsNeedToken, stopTimeout,
                headerDeadline, rows);
    }
}
