package dev.wowcompat.replay;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The recorded state against the replayed one, additively, as the rules compare schemas: a member the replayed state
 * adds is fine; a recorded member it lacks is lost, one it holds with another value changed. Numbers are compared as
 * decimals (12.5 is 12.50), and a changed number reports the factor replayed / recorded (docs/replay.md, "What the
 * replay compares").
 */
final class StateComparison {
    private static final MathContext FACTOR_DIGITS = new MathContext(6);

    private StateComparison() {
    }

    /**
     * @param pointer the JSON pointer of the member in the state
     * @param factor  for two numbers, replayed / recorded (empty when the recorded one is 0)
     */
    record Difference(boolean lost, String pointer, JsonNode recorded, JsonNode replayed, Optional<BigDecimal> factor) {
        String describe() {
            if (lost) {
                return "recorded " + recorded + ", missing after the replay";
            }
            return "recorded " + recorded + ", replayed " + replayed
                    + factor.map(f -> " (x" + show(f) + ")").orElse("");
        }
    }

    /**
     * A factor as a reader takes it in: plain within twelve powers of ten either way ({@code x100}, {@code x0.001}),
     * else with its exponent ({@code x1.3428E+1000000003}), as a plain rendering would be as long as the exponent.
     */
    static String show(BigDecimal factor) {
        int exponent = factor.precision() - factor.scale() - 1;
        return Math.abs(exponent) <= 12 ? factor.toPlainString() : factor.toString();
    }

    static List<Difference> compare(JsonNode recorded, JsonNode replayed) {
        List<Difference> found = new ArrayList<>();
        compare("", recorded, replayed, found);
        return found;
    }

    private static void compare(String pointer, JsonNode recorded, JsonNode replayed, List<Difference> found) {
        if (recorded.isObject() && replayed != null && replayed.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> members = recorded.fields(); members.hasNext(); ) {
                Map.Entry<String, JsonNode> member = members.next();
                String at = pointer + "/" + member.getKey().replace("~", "~0").replace("/", "~1");
                JsonNode other = replayed.get(member.getKey());
                if (other == null || other.isMissingNode()) {
                    // A recorded null is no value the replay must rebuild: Wow may leave it out.
                    if (!member.getValue().isNull()) {
                        found.add(new Difference(true, at, member.getValue(), null, Optional.empty()));
                    }
                } else {
                    compare(at, member.getValue(), other, found);
                }
            }
            return;
        }
        if (recorded.isArray() && replayed != null && replayed.isArray() && recorded.size() == replayed.size()) {
            for (int i = 0; i < recorded.size(); i++) {
                compare(pointer + "/" + i, recorded.get(i), replayed.get(i), found);
            }
            return;
        }
        if (recorded.isNumber() && replayed != null && replayed.isNumber()) {
            BigDecimal before = recorded.decimalValue();
            BigDecimal after = replayed.decimalValue();
            if (before.compareTo(after) != 0) {
                found.add(new Difference(false, pointer, recorded, replayed, factor(before, after)));
            }
            return;
        }
        if (!recorded.equals(replayed)) {
            found.add(new Difference(false, pointer, recorded, replayed, Optional.empty()));
        }
    }

    /** replayed / recorded to six digits; none when the recorded number is 0 or the quotient is beyond BigDecimal's exponent. */
    private static Optional<BigDecimal> factor(BigDecimal before, BigDecimal after) {
        if (before.signum() == 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(after.divide(before, FACTOR_DIGITS).stripTrailingZeros());
        } catch (ArithmeticException e) {
            return Optional.empty();
        }
    }
}
