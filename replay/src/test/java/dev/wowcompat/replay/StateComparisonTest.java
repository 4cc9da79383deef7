package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The recorded state against the replayed one, as the replay reads both (exact decimals). */
class StateComparisonTest {
    private static List<StateComparison.Difference> compare(String recorded, String replayed) throws Exception {
        return StateComparison.compare(Replay.JSON.readTree(recorded), Replay.JSON.readTree(replayed));
    }

    private static StateComparison.Difference only(String recorded, String replayed) throws Exception {
        List<StateComparison.Difference> found = compare(recorded, replayed);
        assertEquals(1, found.size(), found.toString());
        return found.get(0);
    }

    @Test
    void numbersAreComparedAsDecimals() throws Exception {
        assertEquals(List.of(), compare("{\"a\":12.5,\"b\":1000}", "{\"a\":12.50,\"b\":1E+3,\"added\":1}"));
    }

    @Test
    void aChangedNumberTellsItsFactorPlainly() throws Exception {
        StateComparison.Difference cents = only("{\"balance\":12.5}", "{\"balance\":1250}");
        assertEquals("/balance", cents.pointer());
        assertEquals("recorded 12.5, replayed 1250 (x100)", cents.describe());
        assertEquals(0, new BigDecimal("100").compareTo(cents.factor().orElseThrow()));
        assertEquals("recorded 2000, replayed 2 (x0.001)", only("{\"t\":2000}", "{\"t\":2}").describe());
        assertEquals("recorded 3, replayed 2 (x0.666667)", only("{\"t\":3}", "{\"t\":2}").describe());
    }

    @Test
    void anExtremeFactorIsToldWithItsExponent() throws Exception {
        // Written plainly, this factor would be a billion digits long.
        StateComparison.Difference tiny = only("{\"balance\":1e-999999999}", "{\"balance\":13428}");
        assertTrue(tiny.describe().endsWith("(x1.3428E+1000000003)"), tiny.describe());
        assertTrue(tiny.describe().length() < 100, tiny.describe());
        assertEquals("x1E+13", "x" + StateComparison.show(new BigDecimal("1E+13")));
        assertEquals("x1000000000000", "x" + StateComparison.show(new BigDecimal("1E+12")));
    }

    @Test
    void aFactorBeyondBigDecimalsExponentIsLeftOut() throws Exception {
        JsonNode recorded = Replay.JSON.readTree("{\"balance\":1e-2147483647}");
        StateComparison.Difference far = only(recorded.toString(), "{\"balance\":1e2147483647}");
        assertEquals(Optional.empty(), far.factor());
        assertTrue(far.describe().startsWith("recorded "), far.describe());
        assertEquals(Optional.empty(), only("{\"balance\":0}", "{\"balance\":5}").factor());
    }

    @Test
    void aRecordedMemberMissingIsLostAndARecordedNullIsNot() throws Exception {
        StateComparison.Difference lost = only("{\"owner\":\"ada\",\"note\":null}", "{}");
        assertTrue(lost.lost());
        assertEquals("/owner", lost.pointer());
        assertEquals("/a~1b~0c", only("{\"a/b~c\":1}", "{\"a/b~c\":2}").pointer());
    }
}
