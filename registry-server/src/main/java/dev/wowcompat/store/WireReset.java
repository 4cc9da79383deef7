package dev.wowcompat.store;

/**
 * What a reset of an environment's wire removed (docs/api.md, "DELETE /environments/{env}/wire").
 *
 * @param group the group whose positions were removed, or null when the whole wire was
 * @param at when, epoch milliseconds
 * @param positions the positions removed
 */
public record WireReset(String environment, String group, long at, String principal, long positions) {}
