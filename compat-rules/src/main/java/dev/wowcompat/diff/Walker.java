package dev.wowcompat.diff;

import static dev.wowcompat.rules.Readers.BOTH;
import static dev.wowcompat.rules.Readers.NEW_READERS;
import static dev.wowcompat.rules.Readers.NONE;
import static dev.wowcompat.rules.Readers.OLD_READERS;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.ChangeKind;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One walk over a pair of schemas: the walk itself, its limits, {@link #emit} and {@link #families}, the table from
 * each family of keywords to the class whose rules compare it ({@link TypeRules}, {@link MeaningRules},
 * {@link StringRules}, {@link NumberRules}, {@link ArrayRules}, {@link ObjectRules}, {@link Combinators}). The walk
 * is the same in both modes; where the ADDITIVE policy and the plain levels (structural mode) judge a change
 * differently, one method of a family class makes that decision (TypeRules.compareValues, MeaningRules'
 * compareMeaning, compareDefault and compareRefTargets, NumberRules.compareMultipleOf; ObjectRules' propertyRemoved,
 * propertyAdded and compareClosedness).
 *
 * <p>Every constraint is judged by which documents it lets through: stricter means the new schema rejects some
 * document the old one accepted (new readers break on old data); looser means the old schema rejects some
 * document the new one accepts (old readers break on new data). Inside {@code not} the two swap.
 *
 * <p>Where a keyword-by-keyword comparison cannot decide (an added {@code anyOf}, an {@code allOf} branch gone),
 * a probe, a nested structural walk that only records whom it breaks, asks whether one schema accepts
 * everything another does.
 */
final class Walker {
    /** Probes inside probes: beyond this depth a question is answered "unknown", which reports the change. */
    private static final int MAX_PROBE_DEPTH = 2;
    /**
     * Probes per comparison. Schemas with many unmatched anyOf branches nested in each other would otherwise cost
     * a number of walks that grows with the fourth power of the branch count; past the budget, "unknown".
     */
    private static final int PROBE_BUDGET = 2_000;

    /** What one comparison may still spend on probes, and how deep it is, shared by the walk and its probes. */
    private static final class Budget {
        int probes = PROBE_BUDGET;
        int depth;
        final int maxDepth;

        Budget(int maxDepth) {
            this.maxDepth = maxDepth;
        }
    }

    /** The walk went deeper than its budget allows (see {@link SchemaDiff}): thrown without a stack trace. */
    static final class TooDeep extends RuntimeException {
        final String pointer;

        TooDeep(String pointer) {
            super(null, null, false, false);
            this.pointer = pointer;
        }
    }

    private final DiffContext ctx;
    private final boolean structural;
    private final boolean probe;
    private final int probeDepth;
    private final Map<String, Optional<Pattern>> patterns;
    private final Budget budget;
    /** The families the walk also calls outside the table: $ref targets and annotations, a new schema's objects. */
    private final MeaningRules meaning = new MeaningRules(this);
    private final ObjectRules objects = new ObjectRules(this);
    private final List<Family> families = families();
    private final Set<String> visited = new HashSet<>();
    private final Map<String, Finding> findings = new LinkedHashMap<>();
    /** Made on the first change: most walks (and every probe) meet none. */
    private Map<String, Change> changes;
    private Readers probed = NONE;

    /** A walk that may go {@code maxDepth} pairs of schemas deep before it gives up with {@link TooDeep}. */
    Walker(DiffContext ctx, int maxDepth) {
        this(ctx, ctx.structural(), false, 0, new java.util.HashMap<>(), new Budget(maxDepth));
    }

    private Walker(DiffContext ctx, boolean structural, boolean probe, int probeDepth, Map<String, Optional<Pattern>> patterns,
            Budget budget) {
        this.ctx = ctx;
        this.structural = structural;
        this.probe = probe;
        this.probeDepth = probeDepth;
        this.patterns = patterns;
        this.budget = budget;
    }

    List<Finding> findings() {
        return List.copyOf(findings.values());
    }

    /** The compatible changes the walk met (a probe records none). */
    List<Change> changes() {
        return changes == null ? List.of() : List.copyOf(changes.values());
    }

    /** How many findings the walk has made so far: a step that added none was compatible. */
    int findingCount() {
        return findings.size();
    }

    DiffContext context() {
        return ctx;
    }

    /** Plain levels (true) or the ADDITIVE policy (false). */
    boolean structural() {
        return structural;
    }

    /**
     * Whether this walk is a probe: it only records whom a change breaks, and answers the plain logical question
     * (no open-object exception).
     */
    boolean probing() {
        return probe;
    }

    /** Compiled patternProperties of this comparison (an invalid expression maps to empty: it matches nothing). */
    Map<String, Optional<Pattern>> patterns() {
        return patterns;
    }

    // ---------------------------------------------------------------------------------------------- the table

    /** Compares one family of keywords of two schemas; {@code ot}, {@code nt}: the JSON types each lets through. */
    @FunctionalInterface
    private interface FamilyRules {
        void compare(View o, View n, Set<String> ot, Set<String> nt, Scope s);
    }

    /**
     * A row of the table: a {@link Keywords} family, the JSON type both schemas must let through for its keywords
     * to matter (null: any), and the rules that compare it.
     */
    private record Family(long keywords, String onlyFor, FamilyRules rules) {}

    /** Every family, in the order it is compared (the order of the findings of one place). */
    private List<Family> families() {
        TypeRules types = new TypeRules(this);
        StringRules strings = new StringRules(this);
        NumberRules numbers = new NumberRules(this);
        ArrayRules arrays = new ArrayRules(this);
        Combinators combinators = new Combinators(this);
        return List.of(
                new Family(Keywords.TYPE, null, types::compareTypes),
                new Family(Keywords.VALUES, null, (o, n, ot, nt, s) -> types.compareValues(o, n, s)),
                new Family(Keywords.MEANING, null, (o, n, ot, nt, s) -> meaning.compareMeaning(o, n, s)),
                new Family(Keywords.DEFAULT, null, (o, n, ot, nt, s) -> meaning.compareDefault(o, n, s)),
                new Family(Keywords.STRING, "string", (o, n, ot, nt, s) -> strings.compareStrings(o, n, s)),
                new Family(Keywords.NUMBER, "number", (o, n, ot, nt, s) -> numbers.compareNumbers(o, n, s)),
                new Family(Keywords.ARRAY, "array", (o, n, ot, nt, s) -> arrays.compareArrays(o, n, s)),
                new Family(Keywords.OBJECT, "object", (o, n, ot, nt, s) -> objects.compareObjects(o, n, s)),
                new Family(Keywords.ALL_OF, null, (o, n, ot, nt, s) -> combinators.compareAllOf(o, n, s)),
                new Family(Keywords.ANY_ONE_OF, null, (o, n, ot, nt, s) -> combinators.compareDisjunctions(o, n, s)),
                new Family(Keywords.NOT, null, (o, n, ot, nt, s) -> combinators.compareNot(o, n, s)),
                new Family(Keywords.CONDITIONAL, null, (o, n, ot, nt, s) -> combinators.compareConditional(o, n, s)));
    }

    // ---------------------------------------------------------------------------------------------- the walk

    /** A schema without a predecessor: only what it means for later releases is reported. */
    void introduce(View n) {
        objects.reportNewClosedObjects(n, Scope.root());
    }

    void compare(View o, View n, Scope s) {
        if (budget.depth >= budget.maxDepth) throw new TooDeep(n.site);
        budget.depth++;
        try {
            compareHere(o, n, s);
        } finally {
            budget.depth--;
        }
    }

    private void compareHere(View o, View n, Scope s) {
        meaning.compareRefTargets(o, n, s);
        // Recursion goes through $ref only; a pair of resolved places already compared (in this polarity) is done.
        if ((o.viaRef() || n.viaRef()) && !visited.add(o.loc + '\u0000' + n.loc + (s.swapped() ? "\u0000not" : ""))) return;
        if (unchanged(o, n)) return;
        if (o.isFalse() || n.isFalse()) {
            compareFalse(o, n, s);
            return;
        }
        if (!probe) meaning.compareAnnotations(o, n, s);
        long m = o.mask() | n.mask();
        Set<String> ot = JsonTypes.types(o, s.oldAlso());
        Set<String> nt = JsonTypes.types(n, s.newAlso());
        for (Family f : families) {
            if ((m & f.keywords) == 0) continue;
            // Keywords of one JSON type only matter when both schemas let values of that type through.
            if (f.onlyFor != null && !(JsonTypes.allows(ot, f.onlyFor) && JsonTypes.allows(nt, f.onlyFor))) continue;
            f.rules.compare(o, n, ot, nt, s);
        }
    }

    private static boolean unchanged(View o, View n) {
        // The same text means the same only in the same draft (const is no keyword in draft-04, for one).
        if (o.doc.draft != n.doc.draft) return false;
        if (o.under != null || n.under != null || o.conjunct != null || n.conjunct != null) return false;
        if (o.own == null || n.own == null) return o.own == null && n.own == null && o.bool == n.bool;
        // Equal text with a $ref inside may still differ: each side resolves against its own root.
        return JsonValues.same(o.own, n.own) && !SchemaDocument.containsRef(o.own);
    }

    private void compareFalse(View o, View n, Scope s) {
        if (o.isFalse() && n.isFalse()) return;
        if (o.isFalse()) {
            Constraints.loosened(this, n.site, OLD_READERS, s.what()
                    + " was false (no value allowed) and now allows values: the old schema rejects them", null, s);
        } else {
            Constraints.tightened(this, n.site, NEW_READERS, s.what()
                    + " is now false (no value allowed): the new schema rejects every value the old one accepted", null, s);
        }
    }

    // ---------------------------------------------------------------------------------------------- shared by families

    /** A count limit (minLength, maxItems ...): lower limits default to {@code dflt}, upper ones to none. */
    void compareLimit(View o, View n, String kw, boolean lower, BigDecimal dflt, Scope s) {
        JsonNode an = o.get(kw);
        JsonNode bn = n.get(kw);
        if (JsonValues.same(an, bn)) return;
        BigDecimal a = JsonValues.number(an);
        BigDecimal b = JsonValues.number(bn);
        if (a == null) a = dflt;
        if (b == null) b = dflt;
        boolean tighter;
        boolean looser;
        if (lower) {
            tighter = b.compareTo(a) > 0;
            looser = b.compareTo(a) < 0;
        } else {
            tighter = b != null && (a == null || b.compareTo(a) < 0);
            looser = a != null && (b == null || b.compareTo(a) > 0);
        }
        if (!tighter && !looser) return;
        String ptr = bn != null ? n.at(kw) : o.at(kw);
        String msg = an == null ? s.what() + " added " + kw + " " + JsonValues.show(bn)
                : bn == null ? s.what() + " dropped " + kw + " " + JsonValues.show(an)
                : s.what() + " changed " + kw + " from " + JsonValues.show(an) + " to " + JsonValues.show(bn);
        if (tighter) Constraints.tightened(this, ptr, NEW_READERS, msg, Fixes.tightened(s, kw, an), s);
        else Constraints.loosened(this, ptr, OLD_READERS, msg, Fixes.loosened(s, kw, an), s);
    }

    // ---------------------------------------------------------------------------------------------- probes

    /** Whether everything {@code whole} accepts, {@code part} accepts too (so requiring part changes nothing). */
    boolean implies(View whole, View part) {
        if (part.acceptsAnything()) return true;
        if (Combinators.sameContent(whole, part)) return true;
        if (probeDepth >= MAX_PROBE_DEPTH) return false;
        if (!probe(whole, part).breaksNewReaders()) return true;
        for (View p : whole.allOfParts()) {
            if (Combinators.sameContent(p, part) || !probe(p, part).breaksNewReaders()) return true;
        }
        return false;
    }

    /** Whom replacing {@code a} by {@code b} would break, judged on validation alone. */
    Readers probe(View a, View b) {
        if (probeDepth >= MAX_PROBE_DEPTH || budget.probes <= 0) return BOTH;
        budget.probes--;
        Walker w = new Walker(ctx, true, true, probeDepth + 1, patterns, budget);
        w.compare(a, b, Scope.root());
        return w.probed;
    }

    // ---------------------------------------------------------------------------------------------- findings

    /** Records a compatible change; a probe only asks whom a change breaks, so it records none. */
    void note(ChangeKind kind, String pointer, String message) {
        if (probe) return;
        if (changes == null) changes = new LinkedHashMap<>();
        changes.putIfAbsent(kind.id() + '\n' + pointer, new Change(kind, ctx.subject(), pointer, message));
    }

    void emit(Rule rule, Severity severity, String pointer, Readers breaks, String message, String fix, Scope s) {
        Rule r = rule;
        Readers b = breaks;
        String f = fix;
        if (s.swapped()) {
            // Inside 'not' a stricter inner schema makes the whole looser, and the other way round.
            b = b.swapped();
            r = Constraints.mirrored(r);
            if (r != rule) f = null;
        }
        if (probe) {
            probed = probed.and(b);
            return;
        }
        Finding finding = new Finding(r, severity == null ? r.severity() : severity, ctx.subject(), pointer, b, message, f);
        // One subject per walk: rule and pointer make the finding id, without hashing each one here.
        findings.merge(r.id() + '\n' + pointer, finding, (x, y) -> x.severity().compareTo(y.severity()) <= 0 ? x : y);
    }
}
