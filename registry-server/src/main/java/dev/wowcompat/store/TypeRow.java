package dev.wowcompat.store;

/**
 * One row of a release's type table.
 *
 * @param kind {@code aggregate}, {@code state}, {@code command}, {@code event} or {@code error}
 * @param revision the event revision, 0 for other kinds
 * @param upgradesFrom for event revisions, the revision it upgrades from, else null
 * @param fingerprint the schema's fingerprint, null for aggregates and error codes
 */
public record TypeRow(String kind, String name, int revision, boolean written, boolean published,
                      Integer upgradesFrom, String fingerprint) {}
