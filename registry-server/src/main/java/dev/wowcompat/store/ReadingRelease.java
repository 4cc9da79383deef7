package dev.wowcompat.store;

/**
 * A release that reads a revision of an event: the newest release of its service, or one running somewhere.
 *
 * @param running where it runs (what is recorded there); null for a service's newest release
 */
public record ReadingRelease(String service, String version, int revision, Deployment running) {}
