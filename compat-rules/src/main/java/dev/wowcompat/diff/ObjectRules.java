package dev.wowcompat.diff;

import dev.wowcompat.json.JsonPointers;
import static dev.wowcompat.rules.Readers.BOTH;
import static dev.wowcompat.rules.Readers.NEW_READERS;
import static dev.wowcompat.rules.Readers.NONE;
import static dev.wowcompat.rules.Readers.OLD_READERS;
import static dev.wowcompat.rules.Rule.CLOSED_CONTENT_MODEL;
import static dev.wowcompat.rules.Rule.COMMAND_FIELD_UNSTAGED;
import static dev.wowcompat.rules.Rule.FIELD_DEFAULT_MISSING;
import static dev.wowcompat.rules.Rule.FIELD_REMOVED;
import static dev.wowcompat.rules.Rule.FIELD_RENAMED;
import static dev.wowcompat.rules.Rule.FIELD_REQUIRED_ADDED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import dev.wowcompat.rules.ChangeKind;
import dev.wowcompat.rules.Severity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Objects: properties removed, renamed and added, required, closed and open content models, patternProperties and
 * dependencies. Here the ADDITIVE policy and the plain levels part ways most: {@link #propertyRemoved} and
 * {@link #propertyAdded} hold each mode's decision, and {@link #openObjectException} the plain levels' exception for
 * open objects (docs/decisions.md, "The plain levels").
 */
public final class ObjectRules {
    /**
     * Ignored when deciding whether a removed and an added property are the same field under a new name:
     * documentation, staging, and the default too, because the new name arrives as a new field, which must have one.
     * Other x- keys are ignored as well, except the meaning annotations x-wow-unit and x-wow-meaning.
     */
    private static final Set<String> NOT_SHAPE = Set.of("title", "description", "examples", "$comment", "deprecated",
            "readOnly", "writeOnly", "x-wow-written", "default", "$id", "id", "$anchor", "$schema", "$defs", "definitions");

    private final Walker w;

    ObjectRules(Walker walker) {
        this.w = walker;
    }

    private static JsonNode properties(View v) {
        JsonNode p = v.get("properties");
        return p != null && p.isObject() ? p : null;
    }

    private static View prop(View v, String name) {
        return v.doc.view(properties(v).get(name), JsonPointers.child(v.at("properties"), name));
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
        Optional<Pattern> p = w.patterns().computeIfAbsent(regex, r -> {
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
            for (Map.Entry<String, JsonNode> e : pp.properties()) {
                if (matches(e.getKey(), name)) return v.doc.view(e.getValue(), JsonPointers.child(v.at("patternProperties"), e.getKey()));
            }
        }
        for (String kw : new String[] {"additionalProperties", "unevaluatedProperties"}) {
            JsonNode x = v.get(kw);
            if (x != null) return v.doc.view(x, v.at(kw));
        }
        for (View a : also) {
            JsonNode u = a.get("unevaluatedProperties");
            JsonNode p = properties(a);
            if (JsonValues.isFalse(u) && (p == null || !p.has(name))) return a.doc.view(u, a.at("unevaluatedProperties"));
        }
        return View.absent(v.doc, v.at("additionalProperties"));
    }

    private static boolean declaresObject(View v) {
        Set<String> t = JsonTypes.ownTypes(v);
        return (t != null && t.contains("object")) || properties(v) != null;
    }

    /**
     * docs/decisions.md, "The plain levels": under the plain levels an optional property added to, or removed from, an open object is
     * compatible: readers ignore what they do not know. It applies where the other side is an object schema that
     * lets the name through unconstrained. Probes answer the plain logical question and never apply it.
     */
    private boolean openObjectException(View otherObject, View fallback, View declared) {
        return !w.probing() && fallback.acceptsAnything() && declaresObject(otherObject) && !declared.isFalse();
    }

    private static String describe(View fallback) {
        return fallback.synthetic ? "nothing" : fallback.site;
    }

    void compareObjects(View o, View n, Scope s) {
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
                    w.compare(prop(o, name), prop(n, name),
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
        Map<String, String> renames = w.structural() ? Map.of() : renames(o, n, removed, added);
        for (String name : removed) {
            String to = renames.get(name);
            if (to != null) {
                w.emit(FIELD_RENAMED, null, prop(o, name).site, BOTH, s.property(name, List.of(), List.of()).what()
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
        w.compareLimit(o, n, "minProperties", true, BigDecimal.ZERO, s);
        w.compareLimit(o, n, "maxProperties", false, null, s);
        if (o.get("propertyNames") != null || n.get("propertyNames") != null) {
            w.compare(o.doc.view(o.get("propertyNames"), o.at("propertyNames")), n.doc.view(n.get("propertyNames"), n.at("propertyNames")),
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
            out.put("", v.bool ? BooleanNode.TRUE : BooleanNode.FALSE);
            return out;
        }
        if (v.under != null) out.putAll(shape(v.under));
        if (v.conjunct != null) out.put("\u0000conjunct", v.conjunct.own == null ? null : v.conjunct.own);
        for (Map.Entry<String, JsonNode> e : v.own.properties()) {
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
            w.compare(before, now, here);
            return;
        }
        if (w.structural()) {
            if (now.isFalse()) {
                w.emit(FIELD_REMOVED, null, before.site, NEW_READERS, here.what() + " was removed and the object is closed ("
                        + now.site + " is false): the new schema rejects documents that carry it", Fixes.fieldRemoved(name), s);
            } else if (!openObjectException(n, now, before)) {
                w.compare(before, now, here.noted("removed; now under " + describe(now)));
            }
            return;
        }
        w.emit(FIELD_REMOVED, null, before.site, now.isFalse() ? BOTH : OLD_READERS,
                here.what() + (wasRequired ? " (required)" : "") + " was removed: readers of the previous schema expect it",
                Fixes.fieldRemoved(name), s);
    }

    /** A property the new schema declares and the old one did not. */
    private void propertyAdded(View o, View n, String name, Scope s) {
        View now = prop(n, name);
        if (now.isFalse()) {
            // Forbidding a name is a constraint, not a new field.
            w.compare(fallback(o, name, s.oldAlso()), now, s.property(name, List.of(), List.of()));
            return;
        }
        View before = fallback(o, name, s.oldAlso());
        Scope here = s.property(name, List.of(), List.of());
        int findingsBefore = w.findingCount();
        if (before.isFalse()) {
            w.emit(CLOSED_CONTENT_MODEL, Severity.BREAKING, now.site, OLD_READERS, here.what()
                    + " was added to an object the old schema closes (" + before.site + " is false): old readers reject"
                    + " documents that carry it", Fixes.addedToClosed(name), s);
        } else if (w.structural()) {
            if (!openObjectException(o, before, now)) w.compare(before, now, here.noted("added; before under " + describe(before)));
        } else if (!before.acceptsAnything()) {
            // Old data may already carry this name under additionalProperties/patternProperties.
            w.compare(before, now, here.noted("added; before under " + describe(before)));
        }
        if (w.structural()) {
            if (w.findingCount() == findingsBefore) w.note(ChangeKind.PROPERTY_ADDED, now.site, "new " + here.what());
            return;
        }
        if (now.get("default") == null && !nullable(now, 0)) {
            w.emit(FIELD_DEFAULT_MISSING, null, now.site, NEW_READERS, "new " + here.what()
                    + " has no default and is not nullable: new readers of data written before it have no value to use",
                    Fixes.defaultMissing(name), s);
        }
        if (w.context().againstPrevious() && !JsonValues.isFalse(now.get("x-wow-written"))) {
            switch (w.context().role()) {
                case EVENT, STATE -> Staging.propertyWrittenBeforeRead(w, now.site, "new " + here.what()
                        + " is written by this release, but the previous release does not read it yet",
                        Fixes.writtenBeforeRead(name), s);
                case COMMAND -> w.emit(COMMAND_FIELD_UNSTAGED, null, now.site, OLD_READERS, "new " + here.what()
                        + " is not staged: during a rolling upgrade a node of the previous release ignores it",
                        Fixes.commandUnstaged(name), s);
                case PLAIN -> { }
            }
        }
        if (w.findingCount() == findingsBefore) w.note(ChangeKind.PROPERTY_ADDED, now.site, added(now, here));
        reportNewClosedObjects(now, here, new HashSet<>(), 0);
    }

    /** How a compatible new property reads in the changelog: its default and whether it is staged. */
    private static String added(View now, Scope here) {
        JsonNode dflt = now.get("default");
        return "new optional " + here.what() + (dflt != null ? " with the default " + JsonValues.show(dflt) : ", nullable (defaults to null)")
                + (JsonValues.isFalse(now.get("x-wow-written")) ? ", staged (\"x-wow-written\": false)" : ", written");
    }

    /** A nullable property defaults to null: its type (or an anyOf/oneOf branch) allows null. */
    private static boolean nullable(View v, int depth) {
        if (v.own == null) return v.bool;
        Set<String> t = JsonTypes.ownTypes(v);
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
                if (nullable(v.doc.view(arr.get(i), JsonPointers.child(v.at(kw), i)), depth + 1)) return true;
            }
        }
        return false;
    }

    /** ADDITIVE: the closed objects of a schema that is new in this release (a new type or revision). */
    void reportNewClosedObjects(View v, Scope s) {
        reportNewClosedObjects(v, s, new HashSet<>(), 0);
    }

    /** ADDITIVE: a closed object that arrives with a new property is a warning, like closing an existing one. */
    private void reportNewClosedObjects(View v, Scope s, Set<String> seen, int depth) {
        if (v.own == null || depth > 32 || !seen.add(v.loc)) return;
        for (String kw : new String[] {"additionalProperties", "unevaluatedProperties"}) {
            if (JsonValues.isFalse(v.get(kw))) {
                w.emit(CLOSED_CONTENT_MODEL, null, v.at(kw), NONE, s.what() + " arrives as a closed object (" + kw
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
                    reportNewClosedObjects(v.doc.view(x.get(i), JsonPointers.child(v.at(kw), i)), s, seen, depth + 1);
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
        // What each side requires anyway, through its allOf parts or the schemas around this one (required may move).
        Set<String> oldElsewhere = null;
        Set<String> newElsewhere = null;
        int index = 0;
        for (String name : nreq) {
            int at = index++;
            if (oreq.contains(name) || renamedTo.contains(name)) continue;
            if (oldElsewhere == null) oldElsewhere = requiredElsewhere(o, s.oldAlso());
            if (oldElsewhere.contains(name)) continue;
            boolean declared = np != null && np.has(name);
            boolean isNew = declared && (op == null || !op.has(name));
            String ptr = declared ? JsonPointers.child(n.at("properties"), name) : JsonPointers.child(n.at("required"), at);
            Scope here = s.property(name, List.of(), List.of());
            w.emit(FIELD_REQUIRED_ADDED, null, ptr, NEW_READERS, (isNew ? "new " + here.what() + " is required"
                    : here.what() + " became required") + (w.context().role() == DiffContext.Role.PLAIN
                    ? ": documents of the earlier versions may not have it" : ": data written before this release may not have it"),
                    Fixes.requiredAdded(name), s);
        }
        index = 0;
        for (String name : oreq) {
            int at = index++;
            if (nreq.contains(name)) continue;
            if (newElsewhere == null) newElsewhere = requiredElsewhere(n, s.newAlso());
            if (newElsewhere.contains(name)) continue;
            // ADDITIVE: the removal (or rename) is the finding; that it was required is part of its message.
            if (!w.structural() && removed.contains(name)) continue;
            String ptr = np != null && np.has(name) ? JsonPointers.child(n.at("properties"), name)
                    : op != null && op.has(name) ? JsonPointers.child(o.at("properties"), name)
                    : JsonPointers.child(o.at("required"), at);
            Scope here = s.property(name, List.of(), List.of());
            Constraints.loosened(w, ptr, OLD_READERS, here.what()
                    + " is no longer required: readers of the previous schema expect it in every document",
                    "Keep '" + name + "' required and keep writing it; a value that may be missing goes in a new, optional property.", s);
        }
    }

    /** Names required by the allOf parts of {@code v} (and theirs, a few levels down) or by the schemas around it. */
    private static Set<String> requiredElsewhere(View v, List<View> also) {
        Set<String> out = new HashSet<>();
        List<View> todo = new ArrayList<>(v.allOfParts());
        for (View a : also) {
            out.addAll(names(a.get("required")));
            todo.addAll(a.allOfParts());
        }
        for (int depth = 0; depth < 4 && !todo.isEmpty(); depth++) {
            List<View> next = new ArrayList<>();
            for (View p : todo) {
                out.addAll(names(p.get("required")));
                next.addAll(p.allOfParts());
            }
            todo = next;
        }
        return out;
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
        boolean wasClosed = JsonValues.isFalse(a);
        boolean nowClosed = JsonValues.isFalse(b);
        if (!wasClosed && nowClosed) {
            if (!w.structural()) {
                w.emit(CLOSED_CONTENT_MODEL, null, n.at(kw), NONE, s.what() + " is now closed (" + kw
                        + ": false): readers of this release will reject every property added later", null, s);
            }
            Constraints.tightened(w, n.at(kw), NEW_READERS, s.what() + " is now closed (" + kw
                    + ": false): the new schema rejects data with properties it does not declare", null, s);
        } else if (wasClosed && !nowClosed) {
            Constraints.loosened(w, w.structural() ? null : Severity.WARNING, b != null ? n.at(kw) : o.at(kw), OLD_READERS,
                    s.what() + " is no longer closed (" + kw + " was false): readers of the previous schema reject"
                            + " data with properties they do not declare", null, s);
        } else {
            w.compare(o.doc.view(a, o.at(kw)), n.doc.view(b, n.at(kw)), s.noted(kw));
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
            View before = va != null ? o.doc.view(va, JsonPointers.child(o.at("patternProperties"), key))
                    : o.doc.view(o.get("additionalProperties"), o.at("additionalProperties"));
            View after = vb != null ? n.doc.view(vb, JsonPointers.child(n.at("patternProperties"), key))
                    : n.doc.view(n.get("additionalProperties"), n.at("additionalProperties"));
            w.compare(before, after, here);
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
                Constraints.tightened(w, db.namesAt, NEW_READERS, s.what() + ": when '" + key + "' is present, "
                        + more + " must now be present too", null, s);
            }
            if (!fewer.isEmpty()) {
                Constraints.loosened(w, db != null && db.namesAt != null ? db.namesAt : da.namesAt, OLD_READERS,
                        s.what() + ": when '" + key + "' is present, " + fewer + " no longer must be present", null, s);
            }
            View sa = da == null || da.schema == null ? View.absent(o.doc, o.at("dependentSchemas")) : da.schema;
            View sb = db == null || db.schema == null ? View.absent(n.doc, n.at("dependentSchemas")) : db.schema;
            if (!(sa.synthetic && sb.synthetic)) w.compare(sa, sb, s.branch("when '" + key + "' is present", o, n));
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
            for (Map.Entry<String, JsonNode> e : d.properties()) {
                Dep dep = out.computeIfAbsent(e.getKey(), k -> new Dep());
                String at = JsonPointers.child(v.at(kw), e.getKey());
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
}
