package dev.wowcompat.diff;

import dev.wowcompat.json.JsonPointers;
import static dev.wowcompat.rules.Readers.BOTH;
import static dev.wowcompat.rules.Readers.NEW_READERS;
import static dev.wowcompat.rules.Readers.NONE;
import static dev.wowcompat.rules.Readers.OLD_READERS;
import static dev.wowcompat.rules.Rule.CONSTRAINT_LOOSENED;
import static dev.wowcompat.rules.Rule.CONSTRAINT_TIGHTENED;
import static dev.wowcompat.rules.Rule.ENUM_VALUE_ADDED;
import static dev.wowcompat.rules.Rule.FIELD_TYPE_CHANGED;
import static dev.wowcompat.rules.Rule.MEANING_CHANGED;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.ChangeKind;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One walk over a pair of schemas: types, values, meaning annotations, strings, numbers and arrays here; objects in
 * {@link ObjectRules}, allOf/anyOf/oneOf/not/if in {@link Combinators}. The walk is the same in both modes; where
 * the ADDITIVE policy and the plain levels (structural mode) judge a change differently, one method makes that
 * decision ({@link #compareValues}, {@link #compareMeaning}, {@link #compareDefault}, {@link #compareMultipleOf},
 * {@link #compareRefTargets}; ObjectRules' propertyRemoved, propertyAdded and compareClosedness).
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
    static final List<String> BASIC_TYPES = List.of("null", "boolean", "object", "array", "number", "string");
    /** Annotations whose change changes what a value means (ADDITIVE mode only: they do not validate). */
    private static final List<String> MEANING_KEYWORDS =
            List.of("format", "x-wow-unit", "x-wow-meaning", "contentEncoding", "contentMediaType");
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
    private final ObjectRules objects = new ObjectRules(this);
    private final Combinators combinators = new Combinators(this);
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

    /** A schema without a predecessor: only what it means for later releases is reported. */
    void introduce(View n) {
        objects.reportNewClosedObjects(n, Scope.root());
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

    /** Whether this walk is a probe: it only records whom a change breaks, and reads DESIGN §5 literally. */
    boolean probing() {
        return probe;
    }

    /** Compiled patternProperties of this comparison (an invalid expression maps to empty: it matches nothing). */
    Map<String, Optional<Pattern>> patterns() {
        return patterns;
    }

    // ---------------------------------------------------------------------------------------------- the walk

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
        compareRefTargets(o, n, s);
        // Recursion goes through $ref only; a pair of resolved places already compared (in this polarity) is done.
        if ((o.viaRef() || n.viaRef()) && !visited.add(o.loc + '\u0000' + n.loc + (s.swapped() ? "\u0000not" : ""))) return;
        if (unchanged(o, n)) return;
        if (o.isFalse() || n.isFalse()) {
            compareFalse(o, n, s);
            return;
        }
        if (!probe) compareAnnotations(o, n, s);
        long m = o.mask() | n.mask();
        Set<String> ot = types(o, s.oldAlso());
        Set<String> nt = types(n, s.newAlso());
        if ((m & Keywords.TYPE) != 0) compareTypes(o, n, ot, nt, s);
        if ((m & Keywords.VALUES) != 0) compareValues(o, n, s);
        if ((m & Keywords.MEANING) != 0) compareMeaning(o, n, s);
        if ((m & Keywords.DEFAULT) != 0) compareDefault(o, n, s);
        // Keywords of one JSON type only matter when both schemas let values of that type through.
        if ((m & Keywords.STRING) != 0 && allows(ot, "string") && allows(nt, "string")) compareStrings(o, n, s);
        if ((m & Keywords.NUMBER) != 0 && allows(ot, "number") && allows(nt, "number")) compareNumbers(o, n, s);
        if ((m & Keywords.ARRAY) != 0 && allows(ot, "array") && allows(nt, "array")) compareArrays(o, n, s);
        if ((m & Keywords.OBJECT) != 0 && allows(ot, "object") && allows(nt, "object")) objects.compareObjects(o, n, s);
        if ((m & Keywords.ALL_OF) != 0) combinators.compareAllOf(o, n, s);
        if ((m & Keywords.ANY_ONE_OF) != 0) combinators.compareDisjunctions(o, n, s);
        if ((m & Keywords.NOT) != 0) combinators.compareNot(o, n, s);
        if ((m & Keywords.CONDITIONAL) != 0) combinators.compareConditional(o, n, s);
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
            emit(CONSTRAINT_LOOSENED, null, n.site, OLD_READERS, s.what()
                    + " was false (no value allowed) and now allows values: the old schema rejects them", null, s);
        } else {
            emit(CONSTRAINT_TIGHTENED, null, n.site, NEW_READERS, s.what()
                    + " is now false (no value allowed): the new schema rejects every value the old one accepted", null, s);
        }
    }

    // ---------------------------------------------------------------------------------------------- types

    static Set<String> ownTypes(View v) {
        JsonNode t = v.get("type");
        if (t == null) return null;
        Set<String> out = new LinkedHashSet<>();
        if (t.isTextual()) {
            out.add(t.textValue());
        } else if (t.isArray()) {
            for (JsonNode x : t) if (x.isTextual()) out.add(x.textValue());
        } else {
            return null;
        }
        return out;
    }

    /** Parts and branches looked into for a schema's types; deeper nesting counts as any type. */
    private static final int MAX_TYPE_DEPTH = 6;

    /**
     * The JSON types a schema lets through, judged by what it accepts rather than how it is spelled: its own
     * {@code type}, narrowed by each allOf part and by the union of its anyOf (and oneOf) branches. So
     * {@code {"type": "string"}} and {@code {"oneOf": [{"type": "string"}]}} have the same types. Null: any type.
     */
    static Set<String> effectiveTypes(View v, int depth) {
        Set<String> out = ownTypes(v);
        if (v.own == null || depth >= MAX_TYPE_DEPTH || (v.mask() & (Keywords.ALL_OF | Keywords.ANY_ONE_OF)) == 0) return out;
        for (View part : Combinators.allOfParts(v)) out = intersect(out, effectiveTypes(part, depth + 1));
        for (String kw : new String[] {"anyOf", "oneOf"}) {
            List<View> branches = Combinators.branches(v, kw);
            if (branches == null || branches.isEmpty()) continue;
            Set<String> union = new LinkedHashSet<>();
            boolean anyType = false;
            for (View b : branches) {
                if (b.isFalse()) continue;
                Set<String> t = effectiveTypes(b, depth + 1);
                if (t == null) {
                    anyType = true;
                    break;
                }
                union.addAll(t);
            }
            if (!anyType) out = intersect(out, union);
        }
        return out;
    }

    private static Set<String> types(View v, List<View> also) {
        Set<String> out = effectiveTypes(v, 0);
        for (View a : also) out = intersect(out, ownTypes(a));
        return out;
    }

    /** Whether a type set (null: any type) lets values of type {@code t} through; integer is a number. */
    static boolean accepts(Set<String> types, String t) {
        return types == null || types.contains(t) || (t.equals("integer") && types.contains("number"));
    }

    private static Set<String> intersect(Set<String> a, Set<String> b) {
        if (a == null) return b;
        if (b == null) return a;
        Set<String> out = new LinkedHashSet<>();
        for (String t : a) if (accepts(b, t)) out.add(t);
        for (String t : b) if (accepts(a, t)) out.add(t);
        return out;
    }

    /** Whether every value of the types {@code inner} is one of the types {@code outer}. */
    static boolean covers(Set<String> outer, Set<String> inner) {
        if (outer == null) return true;
        for (String t : inner == null ? BASIC_TYPES : inner) if (!accepts(outer, t)) return false;
        return true;
    }

    private static boolean allows(Set<String> types, String family) {
        if (types == null) return true;
        if (family.equals("number")) return types.contains("number") || types.contains("integer");
        return types.contains(family);
    }

    static String showTypes(Set<String> types) {
        if (types == null) return "any type";
        if (types.size() == 1) return types.iterator().next();
        return types.toString();
    }

    private void compareTypes(View o, View n, Set<String> ot, Set<String> nt, Scope s) {
        // A difference that only comes from an enclosing schema is reported there, not again in every branch.
        if (Objects.equals(ownTypes(o), ownTypes(n))) return;
        boolean oldRejects = !covers(ot, nt);
        boolean newRejects = !covers(nt, ot);
        if (!oldRejects && !newRejects) return;
        String ptr = n.get("type") != null ? n.at("type") : o.at("type");
        emit(FIELD_TYPE_CHANGED, null, ptr, Readers.of(oldRejects, newRejects),
                s.what() + " changed type from " + showTypes(ot) + " to " + showTypes(nt), Fixes.typeChanged(s, ot, nt), s);
    }

    // ---------------------------------------------------------------------------------------------- values

    private static List<JsonNode> allowedValues(View v) {
        JsonNode e = v.get("enum");
        JsonNode c = v.get("const");
        List<JsonNode> out = null;
        if (e != null && e.isArray()) {
            out = new ArrayList<>(e.size());
            for (JsonNode x : e) out.add(x);
        }
        if (c != null) {
            boolean inEnum = out == null || out.stream().anyMatch(x -> JsonValues.same(x, c));
            out = inEnum ? List.of(c) : List.of();
        }
        return out;
    }

    private static List<JsonNode> minus(List<JsonNode> a, List<JsonNode> b) {
        Set<String> keys = new HashSet<>();
        for (JsonNode x : b) keys.add(JsonValues.key(x));
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode x : a) if (!keys.contains(JsonValues.key(x))) out.add(x);
        return out;
    }

    private static String showValues(List<JsonNode> values) {
        StringBuilder out = new StringBuilder();
        int shown = 0;
        for (JsonNode v : values) {
            if (shown == 10) {
                out.append(", ... (").append(values.size() - shown).append(" more)");
                break;
            }
            if (shown++ > 0) out.append(", ");
            out.append(JsonValues.show(v));
        }
        return values.isEmpty() ? "no value" : out.toString();
    }

    /** enum and const: which values are allowed. ADDITIVE: a changed const is a changed meaning. */
    private void compareValues(View o, View n, Scope s) {
        JsonNode oe = o.get("enum");
        JsonNode oc = o.get("const");
        JsonNode ne = n.get("enum");
        JsonNode nc = n.get("const");
        if (oe == null && oc == null && ne == null && nc == null) return;
        if (JsonValues.same(oe, ne) && JsonValues.same(oc, nc)) return;
        List<JsonNode> ov = allowedValues(o);
        List<JsonNode> nv = allowedValues(n);
        List<JsonNode> removed = ov == null || nv == null ? List.of() : minus(ov, nv);
        List<JsonNode> added = ov == null || nv == null ? List.of() : minus(nv, ov);
        if (ov != null && nv != null && removed.isEmpty() && added.isEmpty()) return;
        String ptr = ne != null ? n.at("enum") : nc != null ? n.at("const") : oe != null ? o.at("enum") : o.at("const");
        if (!structural && (oc != null || nc != null)) {
            String msg = oc == null ? s.what() + " now has const " + JsonValues.show(nc)
                    : nc == null ? s.what() + " no longer has const " + JsonValues.show(oc)
                    : s.what() + " changed const from " + JsonValues.show(oc) + " to " + JsonValues.show(nc);
            emit(MEANING_CHANGED, null, ptr, BOTH, msg, null, s);
            return;
        }
        if (ov == null) {
            emit(CONSTRAINT_TIGHTENED, null, ptr, NEW_READERS, s.what() + " now only allows " + showValues(nv),
                    Fixes.tightened(s, "enum", null), s);
            return;
        }
        if (nv == null) {
            emit(CONSTRAINT_LOOSENED, null, ptr, OLD_READERS, s.what() + " no longer restricts its values to "
                    + showValues(ov), Fixes.loosened(s, "enum", oe != null ? oe : oc), s);
            return;
        }
        if (!removed.isEmpty()) {
            emit(CONSTRAINT_TIGHTENED, null, ptr, NEW_READERS, s.what() + " no longer allows " + showValues(removed)
                    + ": stored data may hold it", Fixes.tightened(s, "enum", oe != null ? oe : oc), s);
        }
        if (!added.isEmpty()) {
            emit(ENUM_VALUE_ADDED, null, ptr, OLD_READERS, s.what() + " now also allows " + showValues(added)
                    + ": old readers do not know it", Fixes.enumAdded(s, oe != null ? oe : oc, added), s);
        }
    }

    // ---------------------------------------------------------------------------------------------- meaning

    /**
     * ADDITIVE: format, unit, meaning tag and content encoding are the value's meaning. Plain levels: only what
     * validates counts, so format and the content keywords count where the schema's draft asserts them
     * ({@link Draft#asserts}) and are annotations elsewhere.
     */
    private void compareMeaning(View o, View n, Scope s) {
        for (String k : MEANING_KEYWORDS) {
            JsonNode a = o.get(k);
            JsonNode b = n.get(k);
            if (JsonValues.same(a, b)) continue;
            String ptr = b != null ? n.at(k) : o.at(k);
            String msg = a == null ? s.what() + " added " + k + " " + JsonValues.show(b)
                    : b == null ? s.what() + " dropped " + k + " " + JsonValues.show(a)
                    : s.what() + " changed " + k + " from " + JsonValues.show(a) + " to " + JsonValues.show(b);
            if (!structural) {
                emit(MEANING_CHANGED, null, ptr, BOTH, msg, Fixes.meaningChanged(s, k, a, b), s);
                continue;
            }
            boolean oldAsserts = a != null && o.doc.draft.asserts(k);
            boolean newAsserts = b != null && n.doc.draft.asserts(k);
            if (newAsserts) {
                emit(CONSTRAINT_TIGHTENED, null, ptr, oldAsserts ? BOTH : NEW_READERS, msg + " (" + k
                        + " validates in this draft)", Fixes.tightened(s, k, a), s);
            } else if (oldAsserts) {
                emit(CONSTRAINT_LOOSENED, null, ptr, OLD_READERS, msg + " (" + k + " validated in the old schema's draft)",
                        Fixes.loosened(s, k, a), s);
            }
        }
    }

    /**
     * ADDITIVE: readers fill in the default for data that lacks the value, so changing or dropping it changes what
     * old data means. Adding one where there was none changes nothing for data that was valid before (a reader
     * without a default had to find the value present). Plain levels: an annotation.
     */
    private void compareDefault(View o, View n, Scope s) {
        if (structural) return;
        JsonNode a = o.get("default");
        JsonNode b = n.get("default");
        if (a == null && b != null) {
            note(ChangeKind.DEFAULT_ADDED, n.at("default"), s.what() + " now has the default " + JsonValues.show(b));
            return;
        }
        if (a == null || JsonValues.same(a, b)) return;
        String msg = b == null ? s.what() + " dropped its default " + JsonValues.show(a)
                : s.what() + " changed its default from " + JsonValues.show(a) + " to " + JsonValues.show(b);
        emit(MEANING_CHANGED, null, b != null ? n.at("default") : o.at("default"), BOTH, msg, Fixes.defaultChanged(s, a), s);
    }

    /** ADDITIVE: pointing a $ref at another definition changes what the value is, even if the shapes agree. */
    private void compareRefTargets(View o, View n, Scope s) {
        if (structural || o.refName == null || n.refName == null || o.refName.equals(n.refName)) return;
        emit(MEANING_CHANGED, null, JsonPointers.child(n.site, "$ref"), BOTH,
                s.what() + " now refers to '" + n.refName + "' instead of '" + o.refName + "'",
                Fixes.refChanged(s, o.refName, n.refName), s);
    }

    /** Keywords that only document a schema: a change to them is listed, never judged. */
    private static final List<String> DOCUMENTATION = List.of("title", "description", "examples", "$comment");

    /**
     * The annotations no rule judges but a changelog names: deprecation, staging of a property
     * ({@code x-wow-written}) and documentation. The schemas' own keywords only, so a change is named where it is made.
     */
    private void compareAnnotations(View o, View n, Scope s) {
        if (o.own == null || n.own == null) return;
        if (!isTrue(o.own.get("deprecated")) && isTrue(n.own.get("deprecated"))) {
            note(ChangeKind.DEPRECATED, n.at("deprecated"), s.what() + " is now deprecated");
        }
        boolean wasStaged = isFalse(o.own.get("x-wow-written"));
        boolean isStaged = isFalse(n.own.get("x-wow-written"));
        if (wasStaged && !isStaged) {
            note(ChangeKind.PROPERTY_NOW_WRITTEN, n.site, s.what() + " was staged (\"x-wow-written\": false) and is written now");
        } else if (!wasStaged && isStaged) {
            note(ChangeKind.PROPERTY_NO_LONGER_WRITTEN, n.at("x-wow-written"), s.what()
                    + " is no longer written (\"x-wow-written\": false): readers fall back to its default");
        }
        for (String kw : DOCUMENTATION) {
            JsonNode a = o.own.get(kw);
            JsonNode b = n.own.get(kw);
            if (JsonValues.same(a, b)) continue;
            String what = a == null ? "added" : b == null ? "removed" : "changed";
            note(ChangeKind.DOCUMENTATION_CHANGED, b != null ? n.at(kw) : o.at(kw), s.what() + ": " + kw + " " + what);
        }
    }

    // ---------------------------------------------------------------------------------------------- strings, numbers

    private void compareStrings(View o, View n, Scope s) {
        compareLimit(o, n, "minLength", true, BigDecimal.ZERO, s);
        compareLimit(o, n, "maxLength", false, null, s);
        JsonNode a = o.get("pattern");
        JsonNode b = n.get("pattern");
        if (JsonValues.same(a, b)) return;
        if (a == null) {
            emit(CONSTRAINT_TIGHTENED, null, n.at("pattern"), NEW_READERS, s.what() + " added pattern " + JsonValues.show(b),
                    Fixes.tightened(s, "pattern", null), s);
        } else if (b == null) {
            emit(CONSTRAINT_LOOSENED, null, o.at("pattern"), OLD_READERS, s.what() + " dropped pattern " + JsonValues.show(a),
                    Fixes.loosened(s, "pattern", a), s);
        } else {
            // Whether one regular expression accepts a subset of the other is not decidable here: assume neither.
            emit(CONSTRAINT_TIGHTENED, null, n.at("pattern"), BOTH, s.what() + " changed pattern from " + JsonValues.show(a)
                    + " to " + JsonValues.show(b) + ": neither is known to accept everything the other does",
                    Fixes.tightened(s, "pattern", a), s);
        }
    }

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
        if (tighter) emit(CONSTRAINT_TIGHTENED, null, ptr, NEW_READERS, msg, Fixes.tightened(s, kw, an), s);
        else emit(CONSTRAINT_LOOSENED, null, ptr, OLD_READERS, msg, Fixes.loosened(s, kw, an), s);
    }

    /** A numeric bound; draft-04's boolean exclusiveMinimum/exclusiveMaximum make minimum/maximum exclusive. */
    private record Bound(BigDecimal value, boolean exclusive, String keyword, JsonNode written) {
        String show() {
            return keyword + " " + JsonValues.plain(value) + (exclusive && !keyword.startsWith("exclusive") ? " (exclusive)" : "");
        }
    }

    private static Bound bound(View v, boolean lower) {
        String plainKw = lower ? "minimum" : "maximum";
        String exclKw = lower ? "exclusiveMinimum" : "exclusiveMaximum";
        JsonNode plain = v.get(plainKw);
        JsonNode excl = v.get(exclKw);
        // Read by its JSON type in every draft: draft-04's boolean makes the bound beside it exclusive, draft-06's
        // number is a bound of its own. Neither spelling means anything else in another draft.
        Bound b = null;
        if (plain != null && plain.isNumber()) {
            b = new Bound(plain.decimalValue(), isTrue(excl), plainKw, plain);
        }
        if (excl != null && excl.isNumber()) {
            Bound e = new Bound(excl.decimalValue(), true, exclKw, excl);
            if (stricter(e, b, lower)) b = e;
        }
        return b;
    }

    /** Whether bound x lets fewer values through than bound y (null: no bound). */
    private static boolean stricter(Bound x, Bound y, boolean lower) {
        if (x == null) return false;
        if (y == null) return true;
        int c = x.value.compareTo(y.value);
        if (!lower) c = -c;
        return c > 0 || (c == 0 && x.exclusive && !y.exclusive);
    }

    private void compareNumbers(View o, View n, Scope s) {
        for (boolean lower : new boolean[] {true, false}) {
            Bound a = bound(o, lower);
            Bound b = bound(n, lower);
            boolean tighter = stricter(b, a, lower);
            boolean looser = stricter(a, b, lower);
            if (!tighter && !looser) continue;
            String side = lower ? "lower bound" : "upper bound";
            String ptr = b != null ? n.at(b.keyword) : o.at(a.keyword);
            String msg = a == null ? s.what() + " added " + b.show()
                    : b == null ? s.what() + " dropped " + a.show()
                    : s.what() + " changed its " + side + " from " + a.show() + " to " + b.show();
            String kw = a != null ? a.keyword : b.keyword;
            JsonNode before = a == null ? null : a.written;
            if (tighter) emit(CONSTRAINT_TIGHTENED, null, ptr, NEW_READERS, msg, Fixes.tightened(s, kw, before), s);
            else emit(CONSTRAINT_LOOSENED, null, ptr, OLD_READERS, msg, Fixes.loosened(s, kw, before), s);
        }
        compareMultipleOf(o, n, s);
    }

    /**
     * ADDITIVE: multipleOf is the value's granularity (cents, whole seconds), a meaning. Plain levels: a multiple
     * of 10 is a multiple of 5, so 10 -> 5 only loosens and 5 -> 10 only tightens.
     */
    private void compareMultipleOf(View o, View n, Scope s) {
        JsonNode an = o.get("multipleOf");
        JsonNode bn = n.get("multipleOf");
        if (JsonValues.same(an, bn)) return;
        String ptr = bn != null ? n.at("multipleOf") : o.at("multipleOf");
        String msg = an == null ? s.what() + " added multipleOf " + JsonValues.show(bn)
                : bn == null ? s.what() + " dropped multipleOf " + JsonValues.show(an)
                : s.what() + " changed multipleOf from " + JsonValues.show(an) + " to " + JsonValues.show(bn);
        if (!structural) {
            emit(MEANING_CHANGED, null, ptr, BOTH, msg, Fixes.meaningChanged(s, "multipleOf", an, bn), s);
            return;
        }
        BigDecimal a = JsonValues.number(an);
        BigDecimal b = JsonValues.number(bn);
        boolean tighter = b != null && b.signum() != 0 && (a == null || a.remainder(b).signum() != 0);
        boolean looser = a != null && a.signum() != 0 && (b == null || b.remainder(a).signum() != 0);
        if (tighter) emit(CONSTRAINT_TIGHTENED, null, ptr, looser ? BOTH : NEW_READERS, msg, Fixes.tightened(s, "multipleOf", an), s);
        else if (looser) emit(CONSTRAINT_LOOSENED, null, ptr, OLD_READERS, msg, Fixes.loosened(s, "multipleOf", an), s);
    }

    // ---------------------------------------------------------------------------------------------- arrays

    /** Positional items (prefixItems, or draft-07 array-form items) and the schema for the items after them. */
    private record Items(List<View> tuple, View rest) {}

    private static Items items(View v) {
        JsonNode prefix = v.get("prefixItems");
        JsonNode items = v.get("items");
        String tupleKw = null;
        String restKw = "items";
        if (prefix != null && prefix.isArray()) {
            tupleKw = "prefixItems";
        } else if (items != null && items.isArray()) {
            tupleKw = "items";
            restKw = "additionalItems";
        }
        List<View> tuple = new ArrayList<>();
        if (tupleKw != null) {
            JsonNode arr = v.get(tupleKw);
            String base = v.at(tupleKw);
            for (int i = 0; i < arr.size(); i++) tuple.add(v.doc.view(arr.get(i), JsonPointers.child(base, i)));
        }
        return new Items(tuple, v.doc.view(v.get(restKw), v.at(restKw)));
    }

    private static List<View> alsoItems(List<View> also) {
        if (also.isEmpty()) return List.of();
        List<View> out = new ArrayList<>();
        for (View a : also) {
            JsonNode it = a.get("items");
            if (it != null && !it.isArray() && a.get("prefixItems") == null) out.add(a.doc.view(it, a.at("items")));
        }
        return out;
    }

    private void compareArrays(View o, View n, Scope s) {
        Items a = items(o);
        Items b = items(n);
        int positions = Math.max(a.tuple.size(), b.tuple.size());
        for (int i = 0; i < positions; i++) {
            View ov = i < a.tuple.size() ? a.tuple.get(i) : a.rest;
            View nv = i < b.tuple.size() ? b.tuple.get(i) : b.rest;
            compare(ov, nv, s.item(i));
        }
        if (!(a.rest.synthetic && b.rest.synthetic)) {
            compare(a.rest, b.rest, positions == 0 ? s.items(alsoItems(s.oldAlso()), alsoItems(s.newAlso()))
                    : s.items(List.of(), List.of()).noted("after item " + (positions - 1)));
        }
        compareLimit(o, n, "minItems", true, BigDecimal.ZERO, s);
        compareLimit(o, n, "maxItems", false, null, s);
        boolean ua = isTrue(o.get("uniqueItems"));
        boolean ub = isTrue(n.get("uniqueItems"));
        if (!ua && ub) {
            emit(CONSTRAINT_TIGHTENED, null, n.at("uniqueItems"), NEW_READERS, s.what() + " now requires unique items",
                    Fixes.tightened(s, "uniqueItems", null), s);
        } else if (ua && !ub) {
            emit(CONSTRAINT_LOOSENED, null, o.at("uniqueItems"), OLD_READERS, s.what() + " no longer requires unique items",
                    Fixes.loosened(s, "uniqueItems", o.get("uniqueItems")), s);
        }
        JsonNode ca = o.get("contains");
        JsonNode cb = n.get("contains");
        if (ca != null && cb != null) {
            compare(o.doc.view(ca, o.at("contains")), n.doc.view(cb, n.at("contains")), s.noted("'contains'"));
            compareLimit(o, n, "minContains", true, BigDecimal.ONE, s);
            compareLimit(o, n, "maxContains", false, null, s);
        } else if (cb != null) {
            emit(CONSTRAINT_TIGHTENED, null, n.at("contains"), NEW_READERS, s.what() + " now must contain a matching item ('contains')",
                    Fixes.tightened(s, "contains", null), s);
        } else if (ca != null) {
            emit(CONSTRAINT_LOOSENED, null, o.at("contains"), OLD_READERS, s.what() + " no longer must contain a matching item ('contains')",
                    Fixes.loosened(s, "contains", ca), s);
        }
        if (o.get("unevaluatedItems") != null || n.get("unevaluatedItems") != null) {
            compare(o.doc.view(o.get("unevaluatedItems"), o.at("unevaluatedItems")),
                    n.doc.view(n.get("unevaluatedItems"), n.at("unevaluatedItems")), s.items(List.of(), List.of()).noted("unevaluatedItems"));
        }
    }

    static boolean isTrue(JsonNode node) {
        return node != null && node.isBoolean() && node.booleanValue();
    }

    static boolean isFalse(JsonNode node) {
        return node != null && node.isBoolean() && !node.booleanValue();
    }

    // ---------------------------------------------------------------------------------------------- probes

    /** Whether everything {@code whole} accepts, {@code part} accepts too (so requiring part changes nothing). */
    boolean implies(View whole, View part) {
        if (part.acceptsAnything()) return true;
        if (Combinators.sameContent(whole, part)) return true;
        if (probeDepth >= MAX_PROBE_DEPTH) return false;
        if (!probe(whole, part).breaksNewReaders()) return true;
        for (View p : Combinators.allOfParts(whole)) {
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
            if (r == CONSTRAINT_TIGHTENED) r = CONSTRAINT_LOOSENED;
            else if (r == CONSTRAINT_LOOSENED) r = CONSTRAINT_TIGHTENED;
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
