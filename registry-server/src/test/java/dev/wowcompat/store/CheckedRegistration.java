package dev.wowcompat.store;

import java.util.List;
import java.util.Optional;

/**
 * A registration as the server makes one, with the test's own check in place of the compatibility check: read the
 * history, answer a stored version as it is, decide, hand the store the decision. One check only: a history that
 * moved in between is the test's to see (HISTORY_MOVED).
 */
final class CheckedRegistration {
    /** The test's check: a verdict on the candidate given the history read for it. */
    @FunctionalInterface
    interface Check {
        GateDecision decide(List<HistoryRelease> history);
    }

    private CheckedRegistration() {
    }

    static RegistrationResult register(ReleaseStore store, NewRelease release, Check check) {
        return register(store, release, check, WriteRecord.none());
    }

    static RegistrationResult register(ReleaseStore store, NewRelease release, Check check, WriteRecord<RegistrationResult> record) {
        ReleaseHistory read = store.history(release.service(), release.version());
        Optional<RegistrationResult> repeat = read.repeatOf(release);
        if (repeat.isPresent()) return repeat.get();
        return store.register(release, read.decided(check.decide(read.releases())), record);
    }
}
