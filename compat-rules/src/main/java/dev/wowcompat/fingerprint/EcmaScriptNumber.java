package dev.wowcompat.fingerprint;

import com.fasterxml.jackson.core.io.NumberOutput;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * ECMAScript {@code Number.prototype.toString()} of a double, the number form RFC 8785 prescribes.
 *
 * <p>The shortest round-trip digits come from Jackson's Schubfach implementation (the algorithm JDK 19 adopted;
 * Java 17's own {@code Double.toString} sometimes emits a digit too many). Two differences to ECMAScript are
 * bridged here: the Java layout ({@code 1.0E23}) is re-rendered, and where Java's specification prefers a
 * closer two-digit decimal over a one-digit one ({@code 4.9E-324}), ECMAScript wants the one-digit decimal
 * ({@code 5e-324}).
 */
final class EcmaScriptNumber {
    /** Every integer of at most this magnitude is a double, so its digits are its shortest form. */
    static final long MAX_EXACT_INTEGER = 1L << 53;

    private EcmaScriptNumber() {}

    /** The ECMAScript string of a finite double. */
    static String toString(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("NaN and Infinity are not JSON numbers: " + value);
        }
        if (value == 0) {
            return "0"; // -0 included, as ECMAScript prints it
        }
        double magnitude = Math.abs(value);
        if (magnitude <= MAX_EXACT_INTEGER && magnitude == Math.rint(magnitude)) {
            return Long.toString((long) value);
        }
        Decimal decimal = shortestDecimal(magnitude);
        StringBuilder out = new StringBuilder(26);
        if (value < 0) {
            out.append('-');
        }
        render(decimal.digits, decimal.pointPosition, out);
        return out.toString();
    }

    /**
     * The decimal 0.{@code digits} × 10^{@code pointPosition}: {@code digits} has no leading or trailing zeros
     * (ECMAScript's s, k and n are {@code digits}, its length and {@code pointPosition}).
     */
    private record Decimal(String digits, int pointPosition) {}

    private static Decimal shortestDecimal(double magnitude) {
        String java = NumberOutput.toString(magnitude, true);
        // Java layout: "123.45", "0.00123" or "1.2345E-7"; always a '.' and at least one digit either side.
        StringBuilder digits = new StringBuilder(20);
        int digitsBeforePoint = -1;
        int exponent = 0;
        for (int i = 0; i < java.length(); i++) {
            char c = java.charAt(i);
            if (c == '.') {
                digitsBeforePoint = digits.length();
            } else if (c == 'E') {
                exponent = Integer.parseInt(java, i + 1, java.length(), 10);
                break;
            } else {
                digits.append(c);
            }
        }
        if (digitsBeforePoint < 0) {
            digitsBeforePoint = digits.length();
        }
        int pointPosition = digitsBeforePoint + exponent;
        int start = 0;
        while (digits.charAt(start) == '0') {
            start++;
            pointPosition--;
        }
        int end = digits.length();
        while (digits.charAt(end - 1) == '0') {
            end--;
        }
        String significant = digits.substring(start, end);
        if (significant.length() == 2) {
            Decimal oneDigit = oneDigitDecimal(magnitude, significant, pointPosition);
            if (oneDigit != null) {
                return oneDigit;
            }
        }
        return new Decimal(significant, pointPosition);
    }

    /**
     * Java's specification picks the closest of all one- and two-digit decimals that round to the value;
     * ECMAScript wants the shortest, so a one-digit decimal that also rounds to it wins. The candidates are the
     * two one-digit neighbours of the two-digit result; when both round-trip the closer one (then the even one)
     * is ECMAScript's choice.
     */
    private static Decimal oneDigitDecimal(double magnitude, String twoDigits, int pointPosition) {
        int lower = twoDigits.charAt(0) - '0';
        int upper = lower + 1;
        int scale = 1 - pointPosition; // digit d stands for d × 10^(pointPosition - 1)
        BigDecimal lowerValue = new BigDecimal(BigInteger.valueOf(lower), scale);
        BigDecimal upperValue = new BigDecimal(BigInteger.valueOf(upper), scale);
        boolean lowerFits = lowerValue.doubleValue() == magnitude;
        boolean upperFits = upperValue.doubleValue() == magnitude;
        boolean useUpper;
        if (lowerFits && upperFits) {
            BigDecimal exact = new BigDecimal(magnitude);
            int cmp = exact.subtract(lowerValue).compareTo(upperValue.subtract(exact));
            useUpper = cmp > 0 || (cmp == 0 && upper % 2 == 0);
        } else if (lowerFits || upperFits) {
            useUpper = upperFits;
        } else {
            return null;
        }
        if (!useUpper) {
            return new Decimal(Integer.toString(lower), pointPosition);
        }
        return upper == 10 ? new Decimal("1", pointPosition + 1) : new Decimal(Integer.toString(upper), pointPosition);
    }

    /** ECMA-262 Number::toString, steps for a positive finite value given as k digits and point position n. */
    private static void render(String digits, int n, StringBuilder out) {
        int k = digits.length();
        if (k <= n && n <= 21) {
            out.append(digits);
            for (int i = k; i < n; i++) {
                out.append('0');
            }
        } else if (0 < n && n <= 21) {
            out.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            out.append("0.");
            for (int i = n; i < 0; i++) {
                out.append('0');
            }
            out.append(digits);
        } else {
            out.append(digits.charAt(0));
            if (k > 1) {
                out.append('.').append(digits, 1, k);
            }
            int exponent = n - 1;
            out.append('e').append(exponent < 0 ? '-' : '+').append(Math.abs(exponent));
        }
    }
}
