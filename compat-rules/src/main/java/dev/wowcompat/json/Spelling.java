package dev.wowcompat.json;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * How far a name as typed is from a known one: the one measure behind every "did you mean" of the tool (a misspelt
 * schema keyword, a command or option of the command line), so that they all forgive the same slips.
 */
public final class Spelling {
    private Spelling() {}

    /**
     * The names nearest to what was typed, when they are near: an edit distance of 1 for names of up to 5 letters, 2 for
     * longer ones, nothing for 1 or 2 letters (so {@code chek} finds {@code check}, {@code prodution} finds
     * {@code production}, and {@code frobnicate} finds nothing). Case does not count; {@code spelled} gives the part of a
     * name that is compared (the command line's options without their dashes). In the order of {@code names}.
     */
    public static List<String> nearest(String typed, Collection<String> names, UnaryOperator<String> spelled) {
        String t = spelled.apply(typed).toLowerCase(Locale.ROOT);
        int limit = t.length() <= 2 ? 0 : t.length() <= 5 ? 1 : 2;
        int best = limit + 1;
        List<String> nearest = new ArrayList<>();
        for (String name : names) {
            int d = distance(t, spelled.apply(name).toLowerCase(Locale.ROOT));
            if (d > limit) continue;
            if (d < best) {
                best = d;
                nearest.clear();
            }
            if (d == best && !nearest.contains(name)) nearest.add(name);
        }
        return nearest;
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours each cost 1. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
