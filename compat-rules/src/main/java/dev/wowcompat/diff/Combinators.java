package dev.wowcompat.diff;

import static dev.wowcompat.rules.Readers.BOTH;
import static dev.wowcompat.rules.Readers.NEW_READERS;
import static dev.wowcompat.rules.Readers.OLD_READERS;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * allOf, anyOf, oneOf, not and if/then/else. Branches are paired by equal content first, then by equal types, then in
 * order; a branch without a partner is judged by a probe (does one schema accept everything the other does?).
 */
final class Combinators {
    private final Walker w;

    Combinators(Walker walker) {
        this.w = walker;
    }

    static boolean sameContent(View a, View b) {
        if (a.own == null || b.own == null) return a.own == null && b.own == null && a.bool == b.bool;
        return JsonValues.same(a.own, b.own);
    }

    /**
     * Pairs branches: equal content first, then equal types, then what is left in order. For each old branch, its new
     * one or -1.
     */
    private static int[] match(List<View> before, List<View> after) {
        int[] pair = new int[before.size()];
        Arrays.fill(pair, -1);
        boolean[] used = new boolean[after.size()];
        for (int i = 0; i < before.size(); i++) {
            for (int j = 0; j < after.size(); j++) {
                if (!used[j] && sameContent(before.get(i), after.get(j))) {
                    pair[i] = j;
                    used[j] = true;
                    break;
                }
            }
        }
        // Then branches that let the same JSON types through: a branch that changed usually keeps its type, so a
        // branch added in front of it does not take its place.
        for (int i = 0; i < before.size(); i++) {
            if (pair[i] >= 0) continue;
            Set<String> types = JsonTypes.effectiveTypes(before.get(i), 0);
            if (types == null) continue;
            for (int k = 0; k < after.size(); k++) {
                if (!used[k] && types.equals(JsonTypes.effectiveTypes(after.get(k), 0))) {
                    pair[i] = k;
                    used[k] = true;
                    break;
                }
            }
        }
        int j = 0;
        for (int i = 0; i < before.size(); i++) {
            if (pair[i] >= 0) continue;
            while (j < after.size() && used[j]) j++;
            if (j == after.size()) break;
            pair[i] = j;
            used[j] = true;
        }
        return pair;
    }

    private static boolean[] usedOf(int[] pair, int size) {
        boolean[] used = new boolean[size];
        for (int p : pair) if (p >= 0) used[p] = true;
        return used;
    }

    void compareAllOf(View o, View n, Scope s) {
        List<View> before = o.allOfParts();
        List<View> after = n.allOfParts();
        if (before.isEmpty() && after.isEmpty()) return;
        int[] pair = match(before, after);
        for (int i = 0; i < before.size(); i++) {
            if (pair[i] >= 0) {
                w.compare(before.get(i), after.get(pair[i]), s.branch("in allOf branch " + pair[i], o, n));
            } else if (!w.implies(n, before.get(i))) {
                Constraints.loosened(w, before.get(i).site, OLD_READERS, s.what() + " dropped allOf branch " + i
                        + " (" + before.get(i).site + "): the old schema rejects data the new one accepts", null, s);
            }
        }
        boolean[] used = usedOf(pair, after.size());
        for (int j = 0; j < after.size(); j++) {
            if (!used[j] && !w.implies(o, after.get(j))) {
                Constraints.tightened(w, after.get(j).site, NEW_READERS, s.what() + " added allOf branch " + j
                        + ": the new schema rejects data the old one accepted", null, s);
            }
        }
    }

    /**
     * anyOf and oneOf are compared branch by branch, like sets of alternatives: a branch added lets more through, a
     * branch removed less. Whether oneOf's branches overlap is not analysed (oneOf is read like anyOf); turning
     * oneOf into anyOf over the same branches loosens, the reverse tightens.
     */
    void compareDisjunctions(View o, View n, Scope s) {
        List<View> oa = o.branches("anyOf");
        List<View> oo = o.branches("oneOf");
        List<View> na = n.branches("anyOf");
        List<View> no = n.branches("oneOf");
        if (oa == null && oo == null && na == null && no == null) return;
        if (oo != null && oa == null && na != null && no == null) {
            Constraints.loosened(w, n.at("anyOf"), OLD_READERS, s.what()
                    + " changed oneOf to anyOf: a value may now match several branches", null, s);
            compareAlternatives(o, n, oo, na, "anyOf", s);
        } else if (oa != null && oo == null && no != null && na == null) {
            Constraints.tightened(w, n.at("oneOf"), NEW_READERS, s.what()
                    + " changed anyOf to oneOf: a value must now match exactly one branch", null, s);
            compareAlternatives(o, n, oa, no, "oneOf", s);
        } else {
            compareAlternatives(o, n, oa, na, "anyOf", s);
            compareAlternatives(o, n, oo, no, "oneOf", s);
        }
    }

    private void compareAlternatives(View o, View n, List<View> before, List<View> after, String kw, Scope s) {
        if (before == null && after == null) return;
        if (before == null) {
            if (!coveredBy(o, after)) {
                Constraints.tightened(w, n.at(kw), NEW_READERS, s.what() + " added " + kw
                        + ": its branches do not accept everything the old schema did", null, s);
            }
            return;
        }
        if (after == null) {
            if (!coveredBy(n, before)) {
                Constraints.loosened(w, o.at(kw), OLD_READERS, s.what() + " dropped " + kw
                        + ": the old schema rejects data the new one accepts", null, s);
            }
            return;
        }
        int[] pair = match(before, after);
        for (int i = 0; i < before.size(); i++) {
            View b = before.get(i);
            if (pair[i] >= 0) {
                w.compare(b, after.get(pair[i]), s.branch("in " + kw + " branch " + pair[i], o, n));
            } else if (!coveredBy(b, after)) {
                Constraints.tightened(w, b.site, NEW_READERS, s.what() + " dropped " + kw + " branch " + i
                        + ": data that matched only it is rejected now", null, s);
            }
        }
        boolean[] used = usedOf(pair, after.size());
        for (int j = 0; j < after.size(); j++) {
            View a = after.get(j);
            if (!used[j] && !coveredBy(a, before)) {
                Constraints.loosened(w, a.site, OLD_READERS, s.what() + " added " + kw + " branch " + j
                        + ": the old schema rejects data that matches only it", null, s);
            }
        }
    }

    /**
     * Whether everything {@code whole} accepts is accepted by one of {@code branches}: by a single branch, or, for a
     * schema of several JSON types, type by type (a string-or-number schema is covered by a string branch and a
     * number branch together). Other unions of branches are not analysed.
     */
    private boolean coveredBy(View whole, List<View> branches) {
        if (branches.stream().anyMatch(b -> w.implies(whole, b))) return true;
        Set<String> types = JsonTypes.effectiveTypes(whole, 0);
        if (types == null || types.size() < 2 || whole.own == null) return false;
        for (String t : types) {
            View ofType = whole.narrowedTo(t);
            if (branches.stream().noneMatch(b -> w.implies(ofType, b))) return false;
        }
        return true;
    }

    void compareNot(View o, View n, Scope s) {
        JsonNode a = o.get("not");
        JsonNode b = n.get("not");
        if (a == null && b == null) return;
        if (a == null) {
            Constraints.tightened(w, n.at("not"), NEW_READERS, s.what() + " added 'not': the new schema rejects what it matches", null, s);
        } else if (b == null) {
            Constraints.loosened(w, o.at("not"), OLD_READERS, s.what() + " dropped 'not': the old schema rejects what it matched", null, s);
        } else {
            w.compare(o.doc.view(a, o.at("not")), n.doc.view(b, n.at("not")), s.negated());
        }
    }

    /**
     * if/then/else: a changed condition moves values between then and else, which can break either side. then and
     * else compare like any schema; without an if they do nothing, so they count as absent.
     */
    void compareConditional(View o, View n, Scope s) {
        JsonNode ia = o.get("if");
        JsonNode ib = n.get("if");
        if (ia == null && ib == null) return;
        if (ia != null && ib != null && !sameContent(o.doc.view(ia, o.at("if")), n.doc.view(ib, n.at("if")))) {
            Constraints.tightened(w, n.at("if"), BOTH, s.what()
                    + " changed its 'if' condition: values move between 'then' and 'else'", null, s);
        }
        for (String kw : new String[] {"then", "else"}) {
            View a = o.doc.view(ia == null ? null : o.get(kw), o.at(kw));
            View b = n.doc.view(ib == null ? null : n.get(kw), n.at(kw));
            if (a.synthetic && b.synthetic) continue;
            w.compare(a, b, s.branch("in '" + kw + "'", o, n));
        }
    }
}
