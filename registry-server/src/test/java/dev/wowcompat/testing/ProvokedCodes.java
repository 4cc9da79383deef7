package dev.wowcompat.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The census of an API test class: the problem codes its answers carried. After the class, every code of its area
 * must have been answered by some request: a code no request provokes is one no client was shown. Registered on a
 * field of a per-class test ({@code @RegisterExtension final ProvokedCodes provoked = new ProvokedCodes(CODES)}).
 */
public final class ProvokedCodes implements AfterAllCallback {
    private final Set<String> area;
    private final Set<String> seen = new ConcurrentSkipListSet<>();

    /** @param area the codes the class must provoke */
    public ProvokedCodes(Set<String> area) {
        this.area = Set.copyOf(area);
    }

    /** Notes the problem code of {@code a}; returns it. */
    public RunningRegistry.Answer noted(RunningRegistry.Answer a) {
        seen.add(a.code());
        return a;
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Set<String> missing = new TreeSet<>(area);
        missing.removeAll(seen);
        assertEquals(Set.of(), missing, "problem codes no test provoked");
    }
}
