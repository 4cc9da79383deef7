package dev.wowcompat.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The census of an API test class: the problem codes its answers carried, so that after the class every code of its
 * area is known to be answered by some request (a code no request provokes is one no client was shown).
 */
public final class ProvokedCodes {
    private final Set<String> seen = new ConcurrentSkipListSet<>();

    /** Notes the problem code of {@code a}; returns it. */
    public RunningRegistry.Answer noted(RunningRegistry.Answer a) {
        seen.add(a.code());
        return a;
    }

    /** Fails naming the codes of {@code area} that no noted answer carried. */
    public void assertEachAnswered(Set<String> area) {
        Set<String> missing = new TreeSet<>(area);
        missing.removeAll(seen);
        assertEquals(Set.of(), missing, "problem codes no test provoked");
    }
}
