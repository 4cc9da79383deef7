package dev.wowcompat.wire;

/**
 * One way a document fails a schema.
 *
 * @param pointer JSON pointer into the document that was sent (not into the payload alone)
 */
public record Violation(String pointer, String message) {}
