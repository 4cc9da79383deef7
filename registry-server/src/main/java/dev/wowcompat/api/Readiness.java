package dev.wowcompat.api;

/** Whether start-up work (demo releases, caches) is done; until then {@code GET /ready} answers 503. */
final class Readiness {
    private volatile boolean ready;

    void markReady() {
        ready = true;
    }

    boolean ready() {
        return ready;
    }
}
