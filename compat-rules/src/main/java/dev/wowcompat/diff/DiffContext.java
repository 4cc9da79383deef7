package dev.wowcompat.diff;

/**
 * What the schema diff needs to know about the two schemas it compares.
 *
 * @param subject the finding subject, e.g. {@code bank.account.Deposited@2}
 * @param role what the schema describes; decides the staging rules for added properties
 * @param againstPrevious true when the old schema is the previous release's (the staging rules
 *        {@code written-before-read} and {@code command-field-unstaged} apply only then)
 * @param structural true for the plain levels (BACKWARD, FORWARD, FULL ...): only changes to which documents
 *        validate are reported, and {@code breaks} says which side rejects what
 */
public record DiffContext(String subject, Role role, boolean againstPrevious, boolean structural) {

    public enum Role {
        /** a command body: new properties should be staged, missing staging is a warning */
        COMMAND,
        /** an event revision: a fact written to storage and streams */
        EVENT,
        /** a published aggregate state */
        STATE,
        /** a plain JSON Schema subject compared under a level */
        PLAIN
    }

    public static DiffContext plain(String subject) {
        return new DiffContext(subject, Role.PLAIN, false, true);
    }
}
