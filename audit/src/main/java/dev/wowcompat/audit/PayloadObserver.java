package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The seam through which other passes see what the audit parsed: every event payload, state and command body
 * of every judged record, with its type, revision and the release it is attributed to. The profiling of values
 * (meaning drift, docs/decisions.md, "Meaning drift") hooks in here, so that the topic is read and parsed once for both.
 */
@FunctionalInterface
public interface PayloadObserver {

    /** Observes nothing. */
    PayloadObserver NONE = observed -> { };

    /** Called on the judging thread, once per payload, after the record's checks; must not keep {@code payload} mutable state. */
    void observe(Observed observed);

    /**
     * One parsed payload.
     *
     * @param kind {@code event}, {@code state} or {@code command}
     * @param type the type name ({@code bank.account.Deposited}, {@code bank.account}, {@code bank.account.Deposit})
     * @param revision the event's revision number, or 0 for states, commands and events whose revision is not known
     * @param release {@code service@version} of the release that ran when the record was written (with an
     *        environment), or null
     * @param timestamp when the record was written, epoch milliseconds, or -1
     * @param payload the parsed JSON, not to be changed
     */
    record Observed(String kind, String type, int revision, String release, long timestamp, JsonNode payload) {}
}
