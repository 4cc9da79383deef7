package dev.wowcompat.store;

public record StoreStats(long services, long releases, long schemas, long typeRows) {}
