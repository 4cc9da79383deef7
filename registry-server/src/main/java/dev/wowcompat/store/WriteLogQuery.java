package dev.wowcompat.store;

/**
 * A page of the write log, newest first: entries with an id below {@code before} (all when null) that match every
 * filter given (null: any).
 */
public record WriteLogQuery(String service, String environment, String principal, Long before, int limit) {}
