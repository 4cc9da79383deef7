package dev.wowcompat.cli;

import dev.wowcompat.replay.Replay;
import dev.wowcompat.text.Counts;

import java.io.PrintWriter;
import java.util.function.LongSupplier;

/**
 * The replay's progress line on standard error: aggregates and events replayed, and how many of each per second,
 * rewritten in place at most {@link #EVERY_NANOS} apart, and only when standard error is a terminal, so that no CI
 * log or redirected output ever holds it (docs/replay.md, "Progress").
 */
final class ReplayProgress implements Replay.Progress {
    /** Four times a second: fast enough to look alive, rare enough to cost nothing beside a replay. */
    static final long EVERY_NANOS = 250_000_000L;

    private final PrintWriter err;
    private final boolean terminal;
    private final LongSupplier clock;
    private final long started;
    private long shownAt;
    private boolean shown;
    private int width;

    ReplayProgress(PrintWriter err, boolean terminal) {
        this(err, terminal, System::nanoTime);
    }

    ReplayProgress(PrintWriter err, boolean terminal, LongSupplier clock) {
        this.err = err;
        this.terminal = terminal;
        this.clock = clock;
        this.started = clock.getAsLong();
    }

    @Override
    public void update(long aggregates, long events) {
        if (!terminal) {
            return;
        }
        long now = clock.getAsLong();
        if (shown && now - shownAt < EVERY_NANOS) {
            return;
        }
        shownAt = now;
        String line = line(aggregates, events, now - started);
        err.print("\r" + line + " ".repeat(Math.max(0, width - line.length())));
        err.flush();
        width = Math.max(width, line.length());
        shown = true;
    }

    /** "1,200 aggregates (400/s), 36,000 events (12,000/s) replayed": what is done, and how fast. */
    static String line(long aggregates, long events, long elapsedNanos) {
        double seconds = Math.max(1e-3, elapsedNanos / 1e9);
        return Counts.of(aggregates, "aggregate") + " (" + Counts.number(Math.round(aggregates / seconds)) + "/s), "
                + Counts.of(events, "event") + " (" + Counts.number(Math.round(events / seconds)) + "/s) replayed";
    }

    /** Blanks the line, so the report that follows starts on a clean one. */
    void clear() {
        if (shown) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
        }
    }
}
