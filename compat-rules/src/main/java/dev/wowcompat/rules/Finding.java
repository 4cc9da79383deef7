package dev.wowcompat.rules;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * One reported change.
 *
 * @param subject the type name, with {@code @revision} for event revisions (e.g. {@code bank.account.Deposited@2})
 * @param pointer JSON pointer into the subject's schema, or "" for the whole type
 * @param breaks which readers the change breaks
 * @param message what changed, for the person whose build failed
 * @param fix the additive way to make the same change
 * @param location where the candidate file writes what the pointer names, or null (a check of documents that came
 *        from no file, such as the registry's, which stores canonical JSON); not part of {@link #id()}
 */
public record Finding(Rule rule, Severity severity, String subject, String pointer, Readers breaks, String message, String fix,
                      Location location) {

    public Finding {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(breaks, "breaks");
        Objects.requireNonNull(message, "message");
        fix = fix == null ? rule.fix() : fix;
    }

    /** A finding not (yet) located in a file: checks produce these, {@code Report#located} adds the location. */
    public Finding(Rule rule, Severity severity, String subject, String pointer, Readers breaks, String message, String fix) {
        this(rule, severity, subject, pointer, breaks, message, fix, null);
    }

    /** A finding with the rule's own severity and fix text. */
    public static Finding of(Rule rule, String subject, String pointer, Readers breaks, String message) {
        return new Finding(rule, rule.severity(), subject, pointer, breaks, message, rule.fix());
    }

    /**
     * Whether a finding inside an event revision's schema is one a {@code revision-changed} of the same subject is
     * derived from: breaking, and not about staging (staging findings are fixed by staging, not by a new revision).
     */
    public boolean makesRevisionChanged() {
        return severity == Severity.BREAKING && rule != Rule.WRITTEN_BEFORE_READ && rule != Rule.REVISION_CHANGED;
    }

    public Finding withSeverity(Severity s) {
        return new Finding(rule, s, subject, pointer, breaks, message, fix, location);
    }

    public Finding withLocation(Location where) {
        return new Finding(rule, severity, subject, pointer, breaks, message, fix, where);
    }

    /**
     * A short hash of rule, subject and pointer: stable across unrelated edits, so a waiver written for
     * one finding keeps matching it.
     */
    public String id() {
        return idOf(rule.id(), subject, pointer);
    }

    public static String idOf(String ruleId, String subject, String pointer) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] digest = sha.digest((ruleId + "\n" + subject + "\n" + pointer).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
