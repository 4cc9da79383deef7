package dev.wowcompat.diff;

import static dev.wowcompat.rules.Readers.BOTH;
import static dev.wowcompat.rules.Readers.NEW_READERS;
import static dev.wowcompat.rules.Readers.NONE;
import static dev.wowcompat.rules.Readers.OLD_READERS;
import static dev.wowcompat.rules.Rule.CLOSED_CONTENT_MODEL;
import static dev.wowcompat.rules.Rule.COMMAND_FIELD_UNSTAGED;
import static dev.wowcompat.rules.Rule.CONSTRAINT_LOOSENED;
import static dev.wowcompat.rules.Rule.CONSTRAINT_TIGHTENED;
import static dev.wowcompat.rules.Rule.ENUM_VALUE_ADDED;
import static dev.wowcompat.rules.Rule.FIELD_DEFAULT_MISSING;
import static dev.wowcompat.rules.Rule.FIELD_REMOVED;
import static dev.wowcompat.rules.Rule.FIELD_RENAMED;
import static dev.wowcompat.rules.Rule.FIELD_REQUIRED_ADDED;
import static dev.wowcompat.rules.Rule.FIELD_TYPE_CHANGED;
import static dev.wowcompat.rules.Rule.MEANING_CHANGED;
import static dev.wowcompat.rules.Rule.WRITTEN_BEFORE_READ;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One walk over a pair of schemas. The walk is the same in both modes; where the ADDITIVE policy and the plain
 * levels (structural mode) judge a change differently, one method makes that decision ({@link #propertyRemoved},
 * {@link #propertyAdded}, {@link #compareValues}, {@link #compareMeaning}, {@link #compareDefault},
 * {@link #compareMultipleOf}, {@link #compareClosedness}, {@link #compareRefTargets}).
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
    /** Ignored when deciding whether a removed and an added property are the same field under a new name. */
    private static final Set<String> NOT_SHAPE = Set.of("title", "description", "examples", "$comment", "deprecated",
            "readOnly", "writeOnly", "x-wow-written", "default", "$id", "id", "$anchor", "$schema", "$defs", "definitions");
    /** Probes inside probes: beyond this depth a question is answered "unknown", which reports the change. */
    private static final int MAX_PROBE_DEPTH = 2;
    /**
     * Probes per comparison. Schemas with many unmatched anyOf branches nested in each other would otherwise cost
     * a number of walks that grows with the fourth power of the branch count; past the budget, "unknown".
     */
    private static final int PROBE_BUDGET = 2_000;

    /** What one comparison may still spend on probes, shared by the walk and its probes. */
    private static final class Budget {
        int probes = PROBE_BUDGET;
    }

    private final DiffContext ctx;
    private final boolean structural;
    private final boolean probe;
    private final int probeDepth;
    private final Map<String, Optional<Pattern>> patterns;
    private final Budget budget;
    private final Set<String> visited = new HashSet<>();
    private final Map<String, Finding> findings = new LinkedHashMap<>();
    private Readers probed = NONE;

    Walker(DiffContext ctx) {
        this(ctx, ctx.structural(), false, 0, new java.util.HashMap<>(), new Budget());
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

    // ---------------------------------------------------------------------------------------------- the walk

    void compare(View o, View n, Scope s) {
        compareRefTargets(o, n, s);
        // Recursion goes through $ref only; a pair of resolved places already compared (in this polarity) is done.
        if ((o.viaRef() || n.viaRef()) && !visited.add(o.loc + '\u0000' + n.loc + (s.swapped() ? "\u0000not" : ""))) return;
        if (unchanged(o, n)) return;
        if (o.isFalse() || n.isFalse()) {
            compareFalse(o, n, s);
            return;
        }
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
        if ((m & Keywords.OBJECT) != 0 && allows(ot, "object") && allows(nt, "object")) compareObjects(o, n, s);
        if ((m & Keywords.ALL_OF) != 0) compareAllOf(o, n, s);
        if ((m & Keywords.ANY_ONE_OF) != 0) compareDisjunctions(o, n, s);
        if ((m & Keywords.NOT) != 0) compareNot(o, n, s);
        if ((m & Keywords.CONDITIONAL) != 0) compareConditional(o, n, s);
    }

    private static boolean unchanged(View o, View n) {
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

    private static Set<String> types(View v, List<View> also) {
        Set<String> out = ownTypes(v);
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
                    + ": old readers do not know it", Fixes.enumAdded(s, showValues(added)), s);
        }
    }

    // ---------------------------------------------------------------------------------------------- meaning

    /** ADDITIVE: format, unit, meaning tag and content encoding are the value's meaning. Plain levels: annotations. */
    private void compareMeaning(View o, View n, Scope s) {
        if (structural) return;
        for (String k : MEANING_KEYWORDS) {
            JsonNode a = o.get(k);
            JsonNode b = n.get(k);
            if (JsonValues.same(a, b)) continue;
            String ptr = b != null ? n.at(k) : o.at(k);
            String msg = a == null ? s.what() + " added " + k + " " + JsonValues.show(b)
                    : b == null ? s.what() + " dropped " + k + " " + JsonValues.show(a)
                    : s.what() + " changed " + k + " from " + JsonValues.show(a) + " to " + JsonValues.show(b);
            emit(MEANING_CHANGED, null, ptr, BOTH, msg, Fixes.meaningChanged(s, k, a, b), s);
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
        if (a == null || JsonValues.same(a, b)) return;
        String msg = b == null ? s.what() + " dropped its default " + JsonValues.show(a)
                : s.what() + " changed its default from " + JsonValues.show(a) + " to " + JsonValues.show(b);
        emit(MEANING_CHANGED, null, b != null ? n.at("default") : o.at("default"), BOTH, msg, Fixes.defaultChanged(s, a), s);
    }

    /** ADDITIVE: pointing a $ref at another definition changes what the value is, even if the shapes agree. */
    private void compareRefTargets(View o, View n, Scope s) {
        if (structural || o.refName == null || n.refName == null || o.refName.equals(n.refName)) return;
        emit(MEANING_CHANGED, null, Pointers.child(n.site, "$ref"), BOTH,
                s.what() + " now refers to '" + n.refName + "' instead of '" + o.refName + "'",
                Fixes.refChanged(s, o.refName, n.refName), s);
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
    private void compareLimit(View o, View n, String kw, boolean lower, BigDecimal dflt, Scope s) {
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
        Bound b = null;
        if (plain != null && plain.isNumber()) {
            b = new Bound(plain.decimalValue(), excl != null && excl.isBoolean() && excl.booleanValue(), plainKw, plain);
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
            for (int i = 0; i < arr.size(); i++) tuple.add(v.doc.view(arr.get(i), Pointers.child(base, i)));
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

    private static boolean isTrue(JsonNode node) {
        return node != null && node.isBoolean() && node.booleanValue();
    }

    private static boolean isFalse(JsonNode node) {
        return node != null && node.isBoolean() && !node.booleanValue();
    }

    // ---------------------------------------------------------------------------------------------- objects

    private static JsonNode properties(View v) {
        JsonNode p = v.get("properties");
        return p != null && p.isObject() ? p : null;
    }

    private static View prop(View v, String name) {
        return v.doc.view(properties(v).get(name), Pointers.child(v.at("properties"), name));
    }

    private static List<View> alsoProperty(List<View> also, String name) {
        if (also.isEmpty()) return List.of();
        List<View> out = new ArrayList<>();
        for (View a : also) {
            JsonNode p = properties(a);
            if (p != null && p.has(name)) out.add(prop(a, name));
        }
        return out;
    }

    private static Set<String> names(JsonNode array) {
        Set<String> out = new LinkedHashSet<>();
        if (array != null && array.isArray()) for (JsonNode x : array) if (x.isTextual()) out.add(x.textValue());
        return out;
    }

    private boolean matches(String regex, String name) {
        Optional<Pattern> p = patterns.computeIfAbsent(regex, r -> {
            try {
                return Optional.of(Pattern.compile(r));
            } catch (PatternSyntaxException e) {
                return Optional.empty(); // a pattern Java cannot read matches nothing here
            }
        });
        return p.isPresent() && p.get().matcher(name).find();
    }

    /**
     * The schema a property name falls under when the object does not declare it: a matching patternProperties
     * entry, else additionalProperties, else unevaluatedProperties (also of an enclosing schema), else absent (true).
     */
    private View fallback(View v, String name, List<View> also) {
        JsonNode pp = v.get("patternProperties");
        if (pp != null && pp.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = pp.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (matches(e.getKey(), name)) return v.doc.view(e.getValue(), Pointers.child(v.at("patternProperties"), e.getKey()));
            }
        }
        for (String kw : new String[] {"additionalProperties", "unevaluatedProperties"}) {
            JsonNode x = v.get(kw);
            if (x != null) return v.doc.view(x, v.at(kw));
        }
        for (View a : also) {
            JsonNode u = a.get("unevaluatedProperties");
            JsonNode p = properties(a);
            if (isFalse(u) && (p == null || !p.has(name))) return a.doc.view(u, a.at("unevaluatedProperties"));
        }
        return View.absent(v.doc, v.at("additionalProperties"));
    }

    private static boolean declaresObject(View v) {
        Set<String> t = ownTypes(v);
        return (t != null && t.contains("object")) || properties(v) != null;
    }

    /**
     * DESIGN §5: under the plain levels an optional property added to, or removed from, an open object is
     * compatible: readers ignore what they do not know. It applies where the other side is an object schema that
     * lets the name through unconstrained. Probes answer the plain logical question and never apply it.
     */
    private boolean openObjectException(View otherObject, View fallback, View declared) {
        return !probe && fallback.acceptsAnything() && declaresObject(otherObject) && !declared.isFalse();
    }

    private static String describe(View fallback) {
        return fallback.synthetic ? "nothing" : fallback.site;
    }

    private void compareObjects(View o, View n, Scope s) {
        JsonNode op = properties(o);
        JsonNode np = properties(n);
        Set<String> oreq = names(o.get("required"));
        Set<String> nreq = names(n.get("required"));
        List<String> removed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        if (op != null) {
            for (Iterator<String> it = op.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (np != null && np.has(name)) {
                    compare(prop(o, name), prop(n, name),
                            s.property(name, alsoProperty(s.oldAlso(), name), alsoProperty(s.newAlso(), name)));
                } else {
                    removed.add(name);
                }
            }
        }
        if (np != null) {
            for (Iterator<String> it = np.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (op == null || !op.has(name)) added.add(name);
            }
        }
        Map<String, String> renames = structural ? Map.of() : renames(o, n, removed, added);
        for (String name : removed) {
            String to = renames.get(name);
            if (to != null) {
                emit(FIELD_RENAMED, null, prop(o, name).site, BOTH, s.property(name, List.of(), List.of()).what()
                        + " is gone and '" + to + "' was added with the same schema: looks like a rename of '" + name
                        + "' to '" + to + "'", Fixes.fieldRenamed(name, to), s);
            } else {
                propertyRemoved(o, n, name, oreq.contains(name), s);
            }
        }
        Set<String> renamedTo = new HashSet<>(renames.values());
        for (String name : added) {
            if (!renamedTo.contains(name)) propertyAdded(o, n, name, s);
        }
        compareRequired(o, n, oreq, nreq, removed, renamedTo, s);
        compareClosedness(o, n, "additionalProperties", s);
        compareClosedness(o, n, "unevaluatedProperties", s);
        comparePatternProperties(o, n, s);
        compareLimit(o, n, "minProperties", true, BigDecimal.ZERO, s);
        compareLimit(o, n, "maxProperties", false, null, s);
        if (o.get("propertyNames") != null || n.get("propertyNames") != null) {
            compare(o.doc.view(o.get("propertyNames"), o.at("propertyNames")), n.doc.view(n.get("propertyNames"), n.at("propertyNames")),
                    s.noted("property names"));
        }
        compareDependencies(o, n, s);
    }

    /** ADDITIVE: pairs each removed property with the first added one of the same shape (each pairs once). */
    private Map<String, String> renames(View o, View n, List<String> removed, List<String> added) {
        if (removed.isEmpty() || added.isEmpty()) return Map.of();
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        for (String r : removed) {
            if (prop(o, r).isFalse()) continue;
            Map<String, JsonNode> before = shape(prop(o, r));
            for (String a : added) {
                if (taken.contains(a) || prop(n, a).isFalse()) continue;
                if (sameShape(before, shape(prop(n, a)))) {
                    out.put(r, a);
                    taken.add(a);
                    break;
                }
            }
        }
        return out;
    }

    /** The keywords of a property's schema that make up what it is (documentation, staging and default left out). */
    private static Map<String, JsonNode> shape(View v) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        if (v.own == null) {
            out.put("", v.bool ? com.fasterxml.jackson.databind.node.BooleanNode.TRUE : com.fasterxml.jackson.databind.node.BooleanNode.FALSE);
            return out;
        }
        if (v.under != null) out.putAll(shape(v.under));
        if (v.conjunct != null) out.put("\u0000conjunct", v.conjunct.own == null ? null : v.conjunct.own);
        for (Iterator<Map.Entry<String, JsonNode>> it = v.own.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            if (k.equals("$ref") || NOT_SHAPE.contains(k)) continue;
            if (k.startsWith("x-") && !k.equals("x-wow-unit") && !k.equals("x-wow-meaning")) continue;
            out.put(k, e.getValue());
        }
        return out;
    }

    private static boolean sameShape(Map<String, JsonNode> a, Map<String, JsonNode> b) {
        if (!a.keySet().equals(b.keySet())) return false;
        for (Map.Entry<String, JsonNode> e : a.entrySet()) if (!JsonValues.same(e.getValue(), b.get(e.getKey()))) return false;
        return true;
    }

    /** A property the old schema declares and the new one does not. */
    private void propertyRemoved(View o, View n, String name, boolean wasRequired, Scope s) {
        View before = prop(o, name);
        View now = fallback(n, name, s.newAlso());
        Scope here = s.property(name, List.of(), List.of());
        if (before.isFalse()) {
            // A forbidden name was no field: allowing it again is a constraint change.
            compare(before, now, here);
            return;
        }
        if (structural) {
            if (now.isFalse()) {
                emit(FIELD_REMOVED, null, before.site, NEW_READERS, here.what() + " was removed and the object is closed ("
                        + now.site + " is false): the new schema rejects documents that carry it", Fixes.fieldRemoved(name), s);
            } else if (!openObjectException(n, now, before)) {
                compare(before, now, here.noted("removed; now under " + describe(now)));
            }
            return;
        }
        emit(FIELD_REMOVED, null, before.site, now.isFalse() ? BOTH : OLD_READERS,
                here.what() + (wasRequired ? " (required)" : "") + " was removed: readers of the previous schema expect it",
                Fixes.fieldRemoved(name), s);
    }

    /** A property the new schema declares and the old one did not. */
    private void propertyAdded(View o, View n, String name, Scope s) {
        View now = prop(n, name);
        if (now.isFalse()) {
            // Forbidding a name is a constraint, not a new field.
            compare(fallback(o, name, s.oldAlso()), now, s.property(name, List.of(), List.of()));
            return;
        }
        View before = fallback(o, name, s.oldAlso());
        Scope here = s.property(name, List.of(), List.of());
        if (before.isFalse()) {
            emit(CLOSED_CONTENT_MODEL, Severity.BREAKING, now.site, OLD_READERS, here.what()
                    + " was added to an object the old schema closes (" + before.site + " is false): old readers reject"
                    + " documents that carry it", Fixes.addedToClosed(name), s);
        } else if (structural) {
            if (!openObjectException(o, before, now)) compare(before, now, here.noted("added; before under " + describe(before)));
        } else if (!before.acceptsAnything()) {
            // Old data may already carry this name under additionalProperties/patternProperties.
            compare(before, now, here.noted("added; before under " + describe(before)));
        }
        if (structural) return;
        if (now.get("default") == null && !nullable(now, 0)) {
            emit(FIELD_DEFAULT_MISSING, null, now.site, NEW_READERS, "new " + here.what()
                    + " has no default and is not nullable: new readers of data written before it have no value to use",
                    Fixes.defaultMissing(name), s);
        }
        if (ctx.againstPrevious() && !isFalse(now.get("x-wow-written"))) {
            switch (ctx.role()) {
                case EVENT, STATE -> emit(WRITTEN_BEFORE_READ, null, now.site, OLD_READERS, "new " + here.what()
                        + " is written by this release, but the previous release does not read it yet",
                        Fixes.writtenBeforeRead(name), s);
                case COMMAND -> emit(COMMAND_FIELD_UNSTAGED, null, now.site, OLD_READERS, "new " + here.what()
                        + " is not staged: during a rolling upgrade a node of the previous release ignores it",
                        Fixes.commandUnstaged(name), s);
                case PLAIN -> { }
            }
        }
        reportNewClosedObjects(now, here, new HashSet<>(), 0);
    }

    /** A nullable property defaults to null: its type (or an anyOf/oneOf branch) allows null. */
    private static boolean nullable(View v, int depth) {
        if (v.own == null) return v.bool;
        Set<String> t = ownTypes(v);
        if (t != null && t.contains("null")) return true;
        JsonNode e = v.get("enum");
        if (e != null && e.isArray()) for (JsonNode x : e) if (x.isNull()) return true;
        JsonNode c = v.get("const");
        if (c != null && c.isNull()) return true;
        if (depth > 8) return false;
        for (String kw : new String[] {"anyOf", "oneOf"}) {
            JsonNode arr = v.get(kw);
            if (arr == null || !arr.isArray()) continue;
            for (int i = 0; i < arr.size(); i++) {
                if (nullable(v.doc.view(arr.get(i), Pointers.child(v.at(kw), i)), depth + 1)) return true;
            }
        }
        return false;
    }

    /** ADDITIVE: a closed object that arrives with a new property is a warning, like closing an existing one. */
    private void reportNewClosedObjects(View v, Scope s, Set<String> seen, int depth) {
        if (v.own == null || depth > 32 || !seen.add(v.loc)) return;
        for (String kw : new String[] {"additionalProperties", "unevaluatedProperties"}) {
            if (isFalse(v.get(kw))) {
                emit(CLOSED_CONTENT_MODEL, null, v.at(kw), NONE, s.what() + " arrives as a closed object (" + kw
                        + ": false): readers of this release will reject every property added to it later", null, s);
            }
        }
        JsonNode p = properties(v);
        if (p != null) {
            for (Iterator<String> it = p.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                reportNewClosedObjects(prop(v, name), s.property(name, List.of(), List.of()), seen, depth + 1);
            }
        }
        for (String kw : new String[] {"items", "additionalItems", "prefixItems", "allOf", "anyOf", "oneOf", "additionalProperties"}) {
            JsonNode x = v.get(kw);
            if (x == null) continue;
            if (x.isArray()) {
                for (int i = 0; i < x.size(); i++) {
                    reportNewClosedObjects(v.doc.view(x.get(i), Pointers.child(v.at(kw), i)), s, seen, depth + 1);
                }
            } else {
                reportNewClosedObjects(v.doc.view(x, v.at(kw)), kw.endsWith("Items") || kw.equals("items") ? s.items(List.of(), List.of()) : s, seen, depth + 1);
            }
        }
    }

    private void compareRequired(View o, View n, Set<String> oreq, Set<String> nreq, List<String> removed,
            Set<String> renamedTo, Scope s) {
        JsonNode np = properties(n);
        JsonNode op = properties(o);
        int index = 0;
        for (String name : nreq) {
            int at = index++;
            if (oreq.contains(name) || renamedTo.contains(name)) continue;
            boolean declared = np != null && np.has(name);
            boolean isNew = declared && (op == null || !op.has(name));
            String ptr = declared ? Pointers.child(n.at("properties"), name) : Pointers.child(n.at("required"), at);
            Scope here = s.property(name, List.of(), List.of());
            emit(FIELD_REQUIRED_ADDED, null, ptr, NEW_READERS, (isNew ? "new " + here.what() + " is required"
                    : here.what() + " became required") + ": data written before this release may not have it",
                    Fixes.requiredAdded(name), s);
        }
        index = 0;
        for (String name : oreq) {
            int at = index++;
            if (nreq.contains(name)) continue;
            // ADDITIVE: the removal (or rename) is the finding; that it was required is part of its message.
            if (!structural && removed.contains(name)) continue;
            String ptr = np != null && np.has(name) ? Pointers.child(n.at("properties"), name)
                    : op != null && op.has(name) ? Pointers.child(o.at("properties"), name)
                    : Pointers.child(o.at("required"), at);
            Scope here = s.property(name, List.of(), List.of());
            emit(CONSTRAINT_LOOSENED, null, ptr, OLD_READERS, here.what()
                    + " is no longer required: readers of the previous schema expect it in every document",
                    "Keep '" + name + "' required and keep writing it; a value that may be missing goes in a new, optional property.", s);
        }
    }

    /**
     * additionalProperties / unevaluatedProperties. Closing an object tightens it; ADDITIVE also warns that every
     * later addition will break readers of this release. Opening a closed one loosens it; ADDITIVE calls that a
     * warning, because it is the first step out of a closed model and only matters once writers use it.
     */
    private void compareClosedness(View o, View n, String kw, Scope s) {
        JsonNode a = o.get(kw);
        JsonNode b = n.get(kw);
        if (a == null && b == null) return;
        boolean wasClosed = isFalse(a);
        boolean nowClosed = isFalse(b);
        if (!wasClosed && nowClosed) {
            if (!structural) {
                emit(CLOSED_CONTENT_MODEL, null, n.at(kw), NONE, s.what() + " is now closed (" + kw
                        + ": false): readers of this release will reject every property added later", null, s);
            }
            emit(CONSTRAINT_TIGHTENED, null, n.at(kw), NEW_READERS, s.what() + " is now closed (" + kw
                    + ": false): the new schema rejects data with properties it does not declare", null, s);
        } else if (wasClosed && !nowClosed) {
            emit(CONSTRAINT_LOOSENED, structural ? null : Severity.WARNING, b != null ? n.at(kw) : o.at(kw), OLD_READERS,
                    s.what() + " is no longer closed (" + kw + " was false): readers of the previous schema reject"
                            + " data with properties they do not declare", null, s);
        } else {
            compare(o.doc.view(a, o.at(kw)), n.doc.view(b, n.at(kw)), s.noted(kw));
        }
    }

    private void comparePatternProperties(View o, View n, Scope s) {
        JsonNode a = o.get("patternProperties");
        JsonNode b = n.get("patternProperties");
        if ((a == null || !a.isObject()) && (b == null || !b.isObject())) return;
        Set<String> keys = new LinkedHashSet<>();
        if (a != null && a.isObject()) a.fieldNames().forEachRemaining(keys::add);
        if (b != null && b.isObject()) b.fieldNames().forEachRemaining(keys::add);
        for (String key : keys) {
            JsonNode va = a == null ? null : a.get(key);
            JsonNode vb = b == null ? null : b.get(key);
            Scope here = s.noted("properties matching '" + key + "'");
            View before = va != null ? o.doc.view(va, Pointers.child(o.at("patternProperties"), key))
                    : o.doc.view(o.get("additionalProperties"), o.at("additionalProperties"));
            View after = vb != null ? n.doc.view(vb, Pointers.child(n.at("patternProperties"), key))
                    : n.doc.view(n.get("additionalProperties"), n.at("additionalProperties"));
            compare(before, after, here);
        }
    }

    /** dependentRequired / dependentSchemas, and draft-07 dependencies (array: names; object: schema). */
    private void compareDependencies(View o, View n, Scope s) {
        Map<String, Dep> a = dependencies(o);
        Map<String, Dep> b = dependencies(n);
        if (a.isEmpty() && b.isEmpty()) return;
        Set<String> keys = new LinkedHashSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String key : keys) {
            Dep da = a.get(key);
            Dep db = b.get(key);
            Set<String> ra = da == null ? Set.of() : da.names;
            Set<String> rb = db == null ? Set.of() : db.names;
            Set<String> more = new LinkedHashSet<>(rb);
            more.removeAll(ra);
            Set<String> fewer = new LinkedHashSet<>(ra);
            fewer.removeAll(rb);
            if (!more.isEmpty()) {
                emit(CONSTRAINT_TIGHTENED, null, db.namesAt, NEW_READERS, s.what() + ": when '" + key + "' is present, "
                        + more + " must now be present too", null, s);
            }
            if (!fewer.isEmpty()) {
                emit(CONSTRAINT_LOOSENED, null, db != null && db.namesAt != null ? db.namesAt : da.namesAt, OLD_READERS,
                        s.what() + ": when '" + key + "' is present, " + fewer + " no longer must be present", null, s);
            }
            View sa = da == null || da.schema == null ? View.absent(o.doc, o.at("dependentSchemas")) : da.schema;
            View sb = db == null || db.schema == null ? View.absent(n.doc, n.at("dependentSchemas")) : db.schema;
            if (!(sa.synthetic && sb.synthetic)) compare(sa, sb, s.branch("when '" + key + "' is present", o, n));
        }
    }

    private static final class Dep {
        Set<String> names = Set.of();
        String namesAt;
        View schema;
    }

    private static Map<String, Dep> dependencies(View v) {
        if (v.get("dependencies") == null && v.get("dependentRequired") == null && v.get("dependentSchemas") == null) return Map.of();
        Map<String, Dep> out = new LinkedHashMap<>();
        for (String kw : new String[] {"dependencies", "dependentRequired", "dependentSchemas"}) {
            JsonNode d = v.get(kw);
            if (d == null || !d.isObject()) continue;
            for (Iterator<Map.Entry<String, JsonNode>> it = d.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                Dep dep = out.computeIfAbsent(e.getKey(), k -> new Dep());
                String at = Pointers.child(v.at(kw), e.getKey());
                if (e.getValue().isArray()) {
                    Set<String> all = new LinkedHashSet<>(dep.names);
                    all.addAll(names(e.getValue()));
                    dep.names = all;
                    dep.namesAt = at;
                } else if (!kw.equals("dependentRequired")) {
                    dep.schema = v.doc.view(e.getValue(), at);
                }
            }
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------- combinators

    private static List<View> branches(View v, String kw) {
        JsonNode arr = v.get(kw);
        if (arr == null || !arr.isArray()) return null;
        String base = v.at(kw);
        List<View> out = new ArrayList<>(arr.size());
        for (int i = 0; i < arr.size(); i++) out.add(v.doc.view(arr.get(i), Pointers.child(base, i)));
        return out;
    }

    /** allOf branches, plus referred targets that must hold beside the referring object's own keywords. */
    private static List<View> allOfParts(View v) {
        List<View> listed = branches(v, "allOf");
        List<View> extra = v.conjuncts();
        if (extra.isEmpty()) return listed == null ? List.of() : listed;
        List<View> out = new ArrayList<>(listed == null ? List.of() : listed);
        out.addAll(extra);
        return out;
    }

    private static boolean sameContent(View a, View b) {
        if (a.own == null || b.own == null) return a.own == null && b.own == null && a.bool == b.bool;
        return JsonValues.same(a.own, b.own);
    }

    /** Pairs branches: equal content first, then what is left in order. For each old branch, its new one or -1. */
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

    private void compareAllOf(View o, View n, Scope s) {
        List<View> before = allOfParts(o);
        List<View> after = allOfParts(n);
        if (before.isEmpty() && after.isEmpty()) return;
        int[] pair = match(before, after);
        for (int i = 0; i < before.size(); i++) {
            if (pair[i] >= 0) {
                compare(before.get(i), after.get(pair[i]), s.branch("in allOf branch " + pair[i], o, n));
            } else if (!implies(n, before.get(i))) {
                emit(CONSTRAINT_LOOSENED, null, before.get(i).site, OLD_READERS, s.what() + " dropped allOf branch " + i
                        + " (" + before.get(i).site + "): the old schema rejects data the new one accepts", null, s);
            }
        }
        boolean[] used = usedOf(pair, after.size());
        for (int j = 0; j < after.size(); j++) {
            if (!used[j] && !implies(o, after.get(j))) {
                emit(CONSTRAINT_TIGHTENED, null, after.get(j).site, NEW_READERS, s.what() + " added allOf branch " + j
                        + ": the new schema rejects data the old one accepted", null, s);
            }
        }
    }

    /**
     * anyOf and oneOf are compared branch by branch, like sets of alternatives: a branch added lets more through, a
     * branch removed less. Whether oneOf's branches overlap is not analysed (oneOf is read like anyOf); turning
     * oneOf into anyOf over the same branches loosens, the reverse tightens.
     */
    private void compareDisjunctions(View o, View n, Scope s) {
        List<View> oa = branches(o, "anyOf");
        List<View> oo = branches(o, "oneOf");
        List<View> na = branches(n, "anyOf");
        List<View> no = branches(n, "oneOf");
        if (oa == null && oo == null && na == null && no == null) return;
        if (oo != null && oa == null && na != null && no == null) {
            emit(CONSTRAINT_LOOSENED, null, n.at("anyOf"), OLD_READERS, s.what()
                    + " changed oneOf to anyOf: a value may now match several branches", null, s);
            compareAlternatives(o, n, oo, na, "anyOf", s);
        } else if (oa != null && oo == null && no != null && na == null) {
            emit(CONSTRAINT_TIGHTENED, null, n.at("oneOf"), NEW_READERS, s.what()
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
            if (after.stream().noneMatch(b -> implies(o, b))) {
                emit(CONSTRAINT_TIGHTENED, null, n.at(kw), NEW_READERS, s.what() + " added " + kw
                        + ": no branch accepts everything the old schema did", null, s);
            }
            return;
        }
        if (after == null) {
            if (before.stream().noneMatch(b -> implies(n, b))) {
                emit(CONSTRAINT_LOOSENED, null, o.at(kw), OLD_READERS, s.what() + " dropped " + kw
                        + ": the old schema rejects data the new one accepts", null, s);
            }
            return;
        }
        int[] pair = match(before, after);
        for (int i = 0; i < before.size(); i++) {
            View b = before.get(i);
            if (pair[i] >= 0) {
                compare(b, after.get(pair[i]), s.branch("in " + kw + " branch " + pair[i], o, n));
            } else if (after.stream().noneMatch(a -> !probe(b, a).breaksNewReaders())) {
                emit(CONSTRAINT_TIGHTENED, null, b.site, NEW_READERS, s.what() + " dropped " + kw + " branch " + i
                        + ": data that matched only it is rejected now", null, s);
            }
        }
        boolean[] used = usedOf(pair, after.size());
        for (int j = 0; j < after.size(); j++) {
            View a = after.get(j);
            if (!used[j] && before.stream().noneMatch(b -> !probe(b, a).breaksOldReaders())) {
                emit(CONSTRAINT_LOOSENED, null, a.site, OLD_READERS, s.what() + " added " + kw + " branch " + j
                        + ": the old schema rejects data that matches only it", null, s);
            }
        }
    }

    /** Whether everything {@code whole} accepts, {@code part} accepts too (so requiring part changes nothing). */
    private boolean implies(View whole, View part) {
        if (part.acceptsAnything()) return true;
        if (sameContent(whole, part)) return true;
        if (probeDepth >= MAX_PROBE_DEPTH) return false;
        if (!probe(whole, part).breaksNewReaders()) return true;
        for (View p : allOfParts(whole)) {
            if (sameContent(p, part) || !probe(p, part).breaksNewReaders()) return true;
        }
        return false;
    }

    /** Whom replacing {@code a} by {@code b} would break, judged on validation alone. */
    private Readers probe(View a, View b) {
        if (probeDepth >= MAX_PROBE_DEPTH || budget.probes <= 0) return BOTH;
        budget.probes--;
        Walker w = new Walker(ctx, true, true, probeDepth + 1, patterns, budget);
        w.compare(a, b, Scope.root());
        return w.probed;
    }

    private void compareNot(View o, View n, Scope s) {
        JsonNode a = o.get("not");
        JsonNode b = n.get("not");
        if (a == null && b == null) return;
        if (a == null) {
            emit(CONSTRAINT_TIGHTENED, null, n.at("not"), NEW_READERS, s.what() + " added 'not': the new schema rejects what it matches", null, s);
        } else if (b == null) {
            emit(CONSTRAINT_LOOSENED, null, o.at("not"), OLD_READERS, s.what() + " dropped 'not': the old schema rejects what it matched", null, s);
        } else {
            compare(o.doc.view(a, o.at("not")), n.doc.view(b, n.at("not")), s.negated());
        }
    }

    /**
     * if/then/else: a changed condition moves values between then and else, which can break either side. then and
     * else compare like any schema; without an if they do nothing, so they count as absent.
     */
    private void compareConditional(View o, View n, Scope s) {
        JsonNode ia = o.get("if");
        JsonNode ib = n.get("if");
        if (ia == null && ib == null) return;
        if (ia != null && ib != null && !sameContent(o.doc.view(ia, o.at("if")), n.doc.view(ib, n.at("if")))) {
            emit(CONSTRAINT_TIGHTENED, null, n.at("if"), BOTH, s.what()
                    + " changed its 'if' condition: values move between 'then' and 'else'", null, s);
        }
        for (String kw : new String[] {"then", "else"}) {
            View a = o.doc.view(ia == null ? null : o.get(kw), o.at(kw));
            View b = n.doc.view(ib == null ? null : n.get(kw), n.at(kw));
            if (a.synthetic && b.synthetic) continue;
            compare(a, b, s.branch("in '" + kw + "'", o, n));
        }
    }

    // ---------------------------------------------------------------------------------------------- findings

    private void emit(Rule rule, Severity severity, String pointer, Readers breaks, String message, String fix, Scope s) {
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
