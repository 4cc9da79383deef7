package dev.wowcompat.store;

/** What withdrawing a release did (docs/decisions.md, "Withdrawn releases"). */
public enum Withdrawal {
    WITHDRAWN,
    /** It was withdrawn before: nothing changed. */
    ALREADY_WITHDRAWN,
    NOT_REGISTERED,
    /** Some environment ran it: what ran stays what can-deploy and the audit compare with. */
    HAS_RUN
}
