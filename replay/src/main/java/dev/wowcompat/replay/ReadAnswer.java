package dev.wowcompat.replay;

import java.util.List;
import java.util.Optional;

/**
 * What a JVM answered for records read as its Wow reads them, without a state: each event as the upgrader chain and
 * type resolution left it, and what failed, record by record (the runner goes on after a failure).
 */
public record ReadAnswer(List<EventRead> events, List<SourceAnswer.RunnerFailure> failures) {
    public ReadAnswer {
        events = List.copyOf(events);
        failures = List.copyOf(failures);
    }

    /**
     * One event as that JVM read it.
     *
     * @param registered Wow's type registry resolves the upgraded name and revision (else Wow read the event by its
     *                   {@code bodyType}, or not at all)
     * @param bodyClass  the class the body was read into, or empty when it was not ({@code JsonDomainEvent})
     */
    public record EventRead(int record, int event, String name, String revision, String upgradedName,
                            String upgradedRevision, boolean readable, boolean registered, boolean sourced,
                            boolean unguarded, Optional<String> bodyClass) {
    }

    /** The failure of one record, if it failed. */
    public Optional<SourceAnswer.RunnerFailure> failureOf(int record) {
        return failures.stream().filter(f -> f.record() == record).findFirst();
    }
}
