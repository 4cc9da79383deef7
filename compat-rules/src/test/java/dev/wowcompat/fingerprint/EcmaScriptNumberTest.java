package dev.wowcompat.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EcmaScriptNumberTest {

    /** RFC 8785 Appendix B, every finite sample (NaN and Infinity have no JSON form). */
    @ParameterizedTest(name = "0x{0} -> {1}")
    @CsvSource({
        "0000000000000000, 0",
        "8000000000000000, 0",
        "0000000000000001, 5e-324",
        "8000000000000001, -5e-324",
        "7fefffffffffffff, 1.7976931348623157e+308",
        "ffefffffffffffff, -1.7976931348623157e+308",
        "4340000000000000, 9007199254740992",
        "c340000000000000, -9007199254740992",
        "4430000000000000, 295147905179352830000",
        "44b52d02c7e14af5, 9.999999999999997e+22",
        "44b52d02c7e14af6, 1e+23",
        "44b52d02c7e14af7, 1.0000000000000001e+23",
        "444b1ae4d6e2ef4e, 999999999999999700000",
        "444b1ae4d6e2ef4f, 999999999999999900000",
        "444b1ae4d6e2ef50, 1e+21",
        "3eb0c6f7a0b5ed8c, 9.999999999999997e-7",
        "3eb0c6f7a0b5ed8d, 0.000001",
        "41b3de4355555553, 333333333.3333332",
        "41b3de4355555554, 333333333.33333325",
        "41b3de4355555555, 333333333.3333333",
        "41b3de4355555556, 333333333.3333334",
        "41b3de4355555557, 333333333.33333343",
        "becbf647612f3696, -0.0000033333333333333333",
        "43143ff3c1cb0959, 1424953923781206.2",
    })
    void rfc8785AppendixB(String bits, String expected) {
        double value = Double.longBitsToDouble(Long.parseUnsignedLong(bits, 16));
        assertEquals(expected, EcmaScriptNumber.toString(value));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "0.1, 0.1",
        "2.5, 2.5",
        "-1.5, -1.5",
        "100, 100",
        "1e20, 100000000000000000000",
        "1e21, 1e+21",
        "1.5e21, 1.5e+21",
        "1e-6, 0.000001",
        "1.5e-6, 0.0000015",
        "1e-7, 1e-7",
        "1.25e-7, 1.25e-7",
        "123456.789, 123456.789",
        "9007199254740993, 9007199254740992",
        "1e300, 1e+300",
        "4.35, 4.35",
        "2e-3, 0.002",
        "9.9e-324, 1e-323",
        "2.0E23, 2e+23",
    })
    void layoutBoundaries(double value, String expected) {
        assertEquals(expected, EcmaScriptNumber.toString(value));
    }

    @Test
    void refusesValuesJsonCannotHold() {
        assertThrows(IllegalArgumentException.class, () -> EcmaScriptNumber.toString(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> EcmaScriptNumber.toString(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> EcmaScriptNumber.toString(Double.NEGATIVE_INFINITY));
    }

    /** Oracle produced by a JavaScript engine; see ecmascript-numbers.gen.js next to the data file. */
    @Test
    void agreesWithJavaScriptEngineOnGeneratedSamples() throws IOException {
        int checked = 0;
        try (InputStream in = getClass().getResourceAsStream("ecmascript-numbers.txt");
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] fields = line.split(" ");
                double value = Double.longBitsToDouble(Long.parseUnsignedLong(fields[0], 16));
                assertEquals(fields[1], EcmaScriptNumber.toString(value), "bits " + fields[0]);
                checked++;
            }
        }
        assertTrue(checked >= 3000, "oracle file too small: " + checked);
    }

    /**
     * An independent, slow statement of the ECMAScript rule: the fewest significant digits that read back as
     * the same double, and of those the decimal closest to the exact value (ties: even last digit).
     */
    @Test
    void agreesWithBruteForceDefinitionOnRandomDoubles() {
        Random random = new Random(8785);
        for (int i = 0; i < 20_000; i++) {
            double value;
            do {
                value = Double.longBitsToDouble(random.nextLong());
            } while (!Double.isFinite(value));
            assertEquals(bruteForce(value), EcmaScriptNumber.toString(value), "bits " + Long.toHexString(Double.doubleToRawLongBits(value)));
        }
    }

    @Test
    void outputReadsBackAsTheSameDouble() {
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            double value = random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
            assertEquals(value, Double.parseDouble(EcmaScriptNumber.toString(value)));
        }
    }

    private static String bruteForce(double value) {
        if (value == 0) {
            return "0";
        }
        BigDecimal exact = new BigDecimal(Math.abs(value));
        for (int digits = 1; digits <= 17; digits++) {
            BigDecimal below = exact.round(new MathContext(digits, RoundingMode.FLOOR));
            BigDecimal above = exact.round(new MathContext(digits, RoundingMode.CEILING));
            boolean belowFits = below.doubleValue() == Math.abs(value);
            boolean aboveFits = above.doubleValue() == Math.abs(value);
            BigDecimal chosen;
            if (belowFits && aboveFits) {
                int cmp = exact.subtract(below).compareTo(above.subtract(exact));
                boolean aboveEven = above.unscaledValue().testBit(0) == false;
                chosen = cmp < 0 || (cmp == 0 && !aboveEven) ? below : above;
            } else if (belowFits) {
                chosen = below;
            } else if (aboveFits) {
                chosen = above;
            } else {
                continue;
            }
            return (value < 0 ? "-" : "") + ecmaLayout(chosen.stripTrailingZeros());
        }
        throw new AssertionError("no round-trip decimal for " + value);
    }

    /** ECMA-262 Number::toString layout written from the specification text, independently of the code. */
    private static String ecmaLayout(BigDecimal positive) {
        String s = positive.unscaledValue().toString();
        int k = s.length();
        int n = k - positive.scale();
        if (k <= n && n <= 21) {
            return s + "0".repeat(n - k);
        }
        if (0 < n && n <= 21) {
            return s.substring(0, n) + "." + s.substring(n);
        }
        if (-6 < n && n <= 0) {
            return "0." + "0".repeat(-n) + s;
        }
        String exponent = (n - 1 < 0 ? "-" : "+") + Math.abs(n - 1);
        return k == 1 ? s + "e" + exponent : s.charAt(0) + "." + s.substring(1) + "e" + exponent;
    }
}
