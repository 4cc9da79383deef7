package dev.wowcompat.store;

/**
 * A stored release with everything needed to store it again elsewhere: when and with which report it was
 * registered, and its content (Manifest text, type table, schemas).
 */
public record ExportedRelease(StoredRelease stored, NewRelease content) {}
