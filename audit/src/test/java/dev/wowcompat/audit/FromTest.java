package dev.wowcompat.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@code --from} and {@code --timeout} as users write them. */
class FromTest {
    private static final Instant NOW = Instant.parse("2026-12-03T10:00:00Z");

    @Test
    void theFormsOfFrom() {
        assertEquals(From.EARLIEST, From.parse("earliest", NOW));
        assertEquals(From.Kind.LATEST, From.parse(" LATEST ", NOW).kind());
        assertEquals(Instant.parse("2026-12-02T10:00:00Z"), From.parse("24h", NOW).instant());
        assertEquals(Instant.parse("2026-11-26T10:00:00Z"), From.parse("7d", NOW).instant());
        assertEquals(Instant.parse("2026-12-03T09:28:30Z"), From.parse("PT31M30S", NOW).instant());
        assertEquals(Instant.parse("2026-12-01T00:00:00Z"), From.parse("2026-12-01T00:00:00Z", NOW).instant());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> From.parse("yesterday", NOW));
        assertEquals("--from 'yesterday' is none of earliest, latest, an ISO-8601 instant such as 2026-12-01T00:00:00Z, "
                + "or a duration such as 24h, 30m, 7d", e.getMessage());
    }

    @Test
    void durations() {
        assertEquals(Duration.ofSeconds(30), Durations.positive("30s"));
        assertEquals(Duration.ofMillis(500), Durations.positive("500ms"));
        assertEquals(Duration.ofMinutes(2), Durations.positive("pt2m"));
        assertThrows(IllegalArgumentException.class, () -> Durations.positive("0s"));
        assertThrows(IllegalArgumentException.class, () -> Durations.positive("soon"));
    }
}
