package dev.wowcompat.store;

/** One kept profile row as stored (the field's profile as JSON text): what {@code migrate} copies. */
public record ExportedProfile(String environment, String service, String version, String type, int revision, String pointer,
                              long valueCount, String profile, long updatedAt) {}
