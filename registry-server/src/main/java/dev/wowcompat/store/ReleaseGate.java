package dev.wowcompat.store;

import java.util.List;

/** Decides whether a candidate may join the history: the compatibility check, seen from the store. */
@FunctionalInterface
public interface ReleaseGate {
    /** @param history every stored release of the candidate's service, oldest version first */
    GateDecision decide(List<HistoryRelease> history);
}
