package dev.wowcompat.store;

import java.util.Objects;

/**
 * A check's verdict on a candidate, as a value the registration's transaction takes: the store stores or refuses by
 * it only while the service's history is still the one it was made against.
 *
 * @param decision the verdict and its report
 * @param historyMark {@link ReleaseHistory#mark()} of the history the check read
 */
public record CheckedDecision(GateDecision decision, String historyMark) {
    public CheckedDecision {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(historyMark, "historyMark");
    }
}
