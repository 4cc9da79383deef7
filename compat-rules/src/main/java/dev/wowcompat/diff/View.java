package dev.wowcompat.diff;

import dev.wowcompat.json.JsonPointers;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The effective schema at one place of one document, after following {@code $ref}.
 *
 * <p>A schema that is only a {@code $ref} (plus documentation) is its target. A {@code $ref} with other keywords
 * beside it is read as draft 2020-12 reads it, in every draft: both apply. When no keyword is on both sides the
 * two are overlaid ({@link #under} shows through where the referring object has no value); when one is, the
 * target is kept whole as an extra conjunct, compared like an {@code allOf} branch.
 */
final class View {
    final SchemaDocument doc;
    /** the schema object, or null for a boolean schema */
    final JsonNode own;
    /** the value of a boolean schema (true for object schemas) */
    final boolean bool;
    /** where this schema is written (for a $ref, the referring object) */
    final String site;
    /** where {@link #own} is */
    final String loc;
    final View under;
    final View conjunct;
    /** the name of the $ref target written at {@link #site} (the last pointer token or anchor), or null */
    final String refName;
    /** stands for an absent keyword whose default is {@code true} */
    final boolean synthetic;
    /** {@link Keywords} families present, computed on first use (-1: not yet) */
    private long mask = -1;

    View(SchemaDocument doc, JsonNode own, boolean bool, String site, String loc, View under, View conjunct,
            String refName, boolean synthetic) {
        this.doc = doc;
        this.own = own;
        this.bool = bool;
        this.site = site;
        this.loc = loc;
        this.under = under;
        this.conjunct = conjunct;
        this.refName = refName;
        this.synthetic = synthetic;
    }

    static View absent(SchemaDocument doc, String pointer) {
        return new View(doc, null, true, pointer, pointer, null, null, null, true);
    }

    /** The same schema, as referred to from another place. */
    View referredFrom(String referringSite, String name) {
        return new View(doc, own, bool, referringSite, loc, under, conjunct, name, synthetic);
    }

    /** This schema restricted to values of one JSON type (its own {@code type} replaced by it). */
    View narrowedTo(String type) {
        com.fasterxml.jackson.databind.node.ObjectNode copy = own.deepCopy();
        copy.put("type", type);
        return new View(doc, copy, true, site, loc, under, conjunct, refName, synthetic);
    }

    /** The {@link Keywords} families this schema uses, its $ref target's included. */
    long mask() {
        if (mask < 0) {
            long m = 0;
            if (own != null) {
                for (java.util.Iterator<String> it = own.fieldNames(); it.hasNext(); ) {
                    String k = it.next();
                    if (doc.draft.reads(k)) m |= Keywords.of(k);
                }
            }
            if (under != null) m |= under.mask();
            if (conjunct != null) m |= Keywords.ALL_OF;
            mask = m;
        }
        return mask;
    }

    /** A keyword's value, null when absent or when this document's draft does not have the keyword. */
    JsonNode get(String keyword) {
        if (!doc.draft.reads(keyword)) return null;
        if (own != null) {
            JsonNode v = own.get(keyword);
            if (v != null) return v;
        }
        return under == null ? null : under.get(keyword);
    }

    /** The pointer of a keyword's value (where it would be, if absent). */
    String at(String keyword) {
        if (own != null && own.has(keyword)) return JsonPointers.child(loc, keyword);
        if (under != null && under.get(keyword) != null) return under.at(keyword);
        return JsonPointers.child(loc, keyword);
    }

    boolean isFalse() {
        return own == null && !bool;
    }

    /** Accepts every value as written: true, {} or absent (annotations aside, which are not looked at here). */
    boolean acceptsAnything() {
        if (own == null) return bool;
        return own.isEmpty() && under == null && conjunct == null;
    }

    boolean viaRef() {
        return refName != null || under != null || conjunct != null;
    }

    /** Referred targets that must hold as well, along the chain of $ref. */
    List<View> conjuncts() {
        if (conjunct == null && under == null) return List.of();
        List<View> out = new ArrayList<>(2);
        if (conjunct != null) out.add(conjunct);
        if (under != null) out.addAll(under.conjuncts());
        if (conjunct != null) out.addAll(conjunct.conjuncts());
        return out;
    }

    /** The subschemas of an array keyword (allOf, anyOf, oneOf), in order; null when it is absent or not an array. */
    List<View> branches(String keyword) {
        JsonNode arr = get(keyword);
        if (arr == null || !arr.isArray()) return null;
        String base = at(keyword);
        List<View> out = new ArrayList<>(arr.size());
        for (int i = 0; i < arr.size(); i++) out.add(doc.view(arr.get(i), JsonPointers.child(base, i)));
        return out;
    }

    /** allOf branches, plus referred targets that must hold beside the referring object's own keywords. */
    List<View> allOfParts() {
        List<View> listed = branches("allOf");
        List<View> extra = conjuncts();
        if (extra.isEmpty()) return listed == null ? List.of() : listed;
        List<View> out = new ArrayList<>(listed == null ? List.of() : listed);
        out.addAll(extra);
        return out;
    }
}
