package dev.wowcompat.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a command printed the output a console block shows. The shown lines are split at lines {@code ...}
 * into runs; each run must appear in the actual output as consecutive lines, in order. Without a leading
 * {@code ...} the first run starts the output; without a trailing one the last run ends it. Trailing white space is
 * ignored on both sides.
 */
public final class OutputMatch {
    private static final String ELISION = "...";

    private OutputMatch() {}

    /** Empty when the output matches; else a sentence saying which shown line was not printed. */
    public static Optional<String> mismatch(List<String> expected, List<String> actual) {
        List<String> output = actual.stream().map(String::stripTrailing).toList();
        List<List<String>> runs = new ArrayList<>();
        List<String> run = new ArrayList<>();
        for (String line : expected) {
            if (line.strip().equals(ELISION)) {
                runs.add(run);
                run = new ArrayList<>();
            } else {
                run.add(line.stripTrailing());
            }
        }
        runs.add(run);
        int at = 0;
        for (int r = 0; r < runs.size(); r++) {
            List<String> lines = runs.get(r);
            if (lines.isEmpty()) {
                continue;
            }
            boolean anchoredStart = r == 0;
            boolean anchoredEnd = r == runs.size() - 1;
            int found = -1;
            for (int start = at; start + lines.size() <= output.size(); start++) {
                if (output.subList(start, start + lines.size()).equals(lines)
                        && (!anchoredEnd || start + lines.size() == output.size())) {
                    found = start;
                    break;
                }
                if (anchoredStart) {
                    break;
                }
            }
            if (found < 0) {
                return Optional.of(describe(lines, output, at, anchoredStart, anchoredEnd));
            }
            at = found + lines.size();
        }
        return Optional.empty();
    }

    private static String describe(List<String> lines, List<String> output, int from, boolean start, boolean end) {
        String where = start && end ? "as the whole output" : start ? "at the start of the output"
                : end ? "at the end of the output" : "in the output (after line " + from + ")";
        for (String line : lines) {
            if (!output.subList(Math.min(from, output.size()), output.size()).contains(line)) {
                return "the output does not have the line shown in the doc: '" + line + "'";
            }
        }
        return "the lines shown in the doc, from '" + lines.get(0) + "', are not printed " + where;
    }
}
