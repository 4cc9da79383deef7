package dev.wowcompat.diff;

import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.json.SchemaKeywords;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One schema document: builds {@link View}s of its subschemas, resolving local {@code $ref} against its own root.
 * Only local references resolve ({@code #}, {@code #/json/pointer} with ~ and %-escapes, {@code #anchor} from
 * {@code $anchor}, {@code $dynamicAnchor}, a draft-06/07 {@code $id: "#name"} or a draft-04 {@code id: "#name"}); any
 * other reference is refused, never fetched. The document's {@link Draft} decides which keywords its views read.
 * Not thread-safe: one instance per comparison.
 */
final class SchemaDocument {
    /** Keywords beside a $ref that never change what it means (documentation and bookkeeping). */
    private static final Set<String> INERT_BESIDE_REF = Set.of(
            "title", "description", "examples", "$comment", "$id", "id", "$schema", "$anchor", "$defs",
            "definitions", "$vocabulary", "$dynamicAnchor", "$recursiveAnchor");
    /** References followed from schema to schema without ever descending; input refuses longer chains and cycles. */
    private static final int MAX_REF_HOPS = ReferenceChains.MAX_HOPS;

    private final JsonNode root;
    private final String rootId;
    /** The draft the whole document is read in (its root's, said or told); a $schema further down is not looked at. */
    final Draft draft;
    private Map<String, String> anchors;

    SchemaDocument(JsonNode root) {
        this.root = root;
        this.draft = Draft.of(root);
        String id = root.isObject() ? text(root.get(draft.idKeyword()), null) : null;
        if (id != null && id.indexOf('#') >= 0) id = id.substring(0, id.indexOf('#'));
        this.rootId = id == null || id.isEmpty() ? null : id;
    }

    JsonNode rootNode() {
        return root;
    }

    View root() {
        return view(root, "");
    }

    /** The schema {@code node} found at {@code pointer}; null stands for an absent schema ({@code true}). */
    View view(JsonNode node, String pointer) {
        return view(node, pointer, 0);
    }

    private View view(JsonNode node, String pointer, int hops) {
        if (node == null) return View.absent(this, pointer);
        if (node.isBoolean()) return new View(this, null, node.booleanValue(), pointer, pointer, null, null, null, false);
        if (!node.isObject()) {
            throw new IllegalArgumentException("the schema at " + show(pointer) + " is " + node.getNodeType().name().toLowerCase()
                    + ", not an object or a boolean");
        }
        String refKeyword = referenceKeyword(node);
        if (refKeyword == null) {
            return new View(this, node, true, pointer, pointer, null, null, null, false);
        }
        if (hops >= MAX_REF_HOPS) {
            throw new IllegalArgumentException(refKeyword + " at " + show(pointer) + " ends a chain of more than " + MAX_REF_HOPS
                    + " references, or is part of a cycle of references that never reaches a schema");
        }
        // Within one document (nothing is fetched) $recursiveRef always lands on the root: the only resource there is.
        String refText = refKeyword.equals("$recursiveRef") ? "#" : node.get(refKeyword).textValue();
        Target t = resolve(refText, pointer);
        if (t.pointer.equals(pointer)) {
            throw new IllegalArgumentException("$ref '" + refText + "' at " + show(pointer) + " refers to itself");
        }
        View target = view(t.node, t.pointer, hops + 1);
        boolean siblings = false;
        boolean overlap = false;
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String k = e.getKey();
            if (k.equals(refKeyword) || INERT_BESIDE_REF.contains(k) || !draft.reads(k)) continue;
            siblings = true;
            JsonNode there = target.get(k);
            if (there != null && !JsonValues.same(there, e.getValue())) overlap = true;
        }
        if (!siblings) return target.referredFrom(pointer, t.name);
        if (target.own == null) {
            // A boolean target: true adds nothing to the siblings, false rejects everything whatever they say.
            return new View(this, node, true, pointer, pointer, null, target.bool ? null : target, t.name, false);
        }
        return overlap
                ? new View(this, node, true, pointer, pointer, null, target, t.name, false)
                : new View(this, node, true, pointer, pointer, target, null, t.name, false);
    }

    /**
     * The reference keyword of a schema object in this draft: {@code $ref}, else 2019-09's {@code $recursiveRef} or
     * 2020-12's {@code $dynamicRef} (resolved statically: one document has one dynamic scope); null when none.
     */
    String referenceKeyword(JsonNode node) {
        for (String k : REFERENCES) {
            JsonNode ref = node.get(k);
            if (ref != null && ref.isTextual() && draft.reads(k)) return k;
        }
        return null;
    }

    private static final String[] REFERENCES = {"$ref", "$recursiveRef", "$dynamicRef"};

    /**
     * Whether a $ref occurs anywhere inside {@code node} (then equal content may still differ in meaning). Not
     * remembered: the walk asks once per equal subtree and never descends into one, so each node is scanned once.
     */
    static boolean containsRef(JsonNode node) {
        if (!node.isContainerNode()) return false;
        if (node.isObject()) {
            for (String k : REFERENCES) {
                JsonNode ref = node.get(k);
                if (ref != null && ref.isTextual()) return true;
            }
        }
        for (JsonNode child : node) {
            if (child.isContainerNode() && containsRef(child)) return true;
        }
        return false;
    }

    record Target(JsonNode node, String pointer, String name) {}

    Target resolve(String ref, String site) {
        int hash = ref.indexOf('#');
        String base = hash < 0 ? ref : ref.substring(0, hash);
        if (!base.isEmpty() && !base.equals(rootId)) {
            throw new IllegalArgumentException("remote $ref '" + ref + "' at " + show(site)
                    + " is not allowed: only local references (#/...) are resolved, never fetched");
        }
        String fragment = JsonPointers.percentDecode(hash < 0 ? "" : ref.substring(hash + 1));
        // '#' and '#/...' are relative to the schema resource the reference sits in: the root, or an embedded
        // subschema with an $id of its own, as the input's reference check reads them.
        String resource = resourceOf(site);
        if (fragment.isEmpty()) return new Target(node(resource), resource, "#");
        if (fragment.charAt(0) == '/') {
            JsonNode at = node(resource);
            StringBuilder normal = new StringBuilder(resource);
            for (String token : JsonPointers.tokens(fragment)) {
                at = at.isArray() ? at.get(index(token)) : at.get(token);
                if (at == null) break;
                normal.append('/').append(JsonPointers.escape(token));
            }
            if (at == null) {
                throw new IllegalArgumentException("$ref '" + ref + "' at " + show(site) + " points to nothing in this schema");
            }
            String pointer = normal.toString();
            return new Target(at, pointer, JsonPointers.lastToken(pointer));
        }
        String pointer = anchors().get(fragment);
        if (pointer == null) {
            throw new IllegalArgumentException("$ref '" + ref + "' at " + show(site) + " names an anchor this schema does not define");
        }
        // An anchor on the root names the whole schema: the same target as '#', however it is spelled.
        return new Target(node(pointer), pointer, pointer.isEmpty() ? "#" : fragment);
    }

    /** The pointer of the innermost schema resource around {@code site}: a subschema with a non-fragment id, or "". */
    private String resourceOf(String site) {
        String resource = "";
        JsonNode at = root;
        StringBuilder walked = new StringBuilder();
        for (String token : JsonPointers.tokens(site)) {
            at = at.isArray() ? at.get(index(token)) : at.get(token);
            if (at == null) break;
            walked.append('/').append(JsonPointers.escape(token));
            String id = at.isObject() ? text(at.get(draft.idKeyword()), null) : null;
            if (id != null && !id.startsWith("#")) resource = walked.toString();
        }
        return resource;
    }

    private static int index(String token) {
        try {
            return Integer.parseInt(token);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private JsonNode node(String pointer) {
        JsonNode at = root;
        for (String token : JsonPointers.tokens(pointer)) at = at.isArray() ? at.get(index(token)) : at.get(token);
        return at;
    }

    private Map<String, String> anchors() {
        if (anchors == null) {
            anchors = new HashMap<>();
            collectAnchors(root, "");
        }
        return anchors;
    }

    /** Walks schema positions only, so a property called "enum" is still searched and enum values are not. */
    private void collectAnchors(JsonNode schema, String pointer) {
        if (schema.isArray()) {
            for (int i = 0; i < schema.size(); i++) collectAnchors(schema.get(i), JsonPointers.child(pointer, i));
            return;
        }
        if (!schema.isObject()) return;
        String anchor = text(schema.get("$anchor"), text(schema.get("$dynamicAnchor"), null));
        if (anchor != null) anchors.putIfAbsent(anchor, pointer);
        String id = text(schema.get(draft.idKeyword()), null);
        if (id != null && id.startsWith("#") && id.length() > 1) anchors.putIfAbsent(id.substring(1), pointer);
        for (Map.Entry<String, JsonNode> e : schema.properties()) {
            String key = e.getKey();
            JsonNode value = e.getValue();
            if (SchemaKeywords.DATA.contains(key) || !value.isContainerNode()) continue;
            String at = JsonPointers.child(pointer, key);
            if (SchemaKeywords.MAPS.contains(key) && value.isObject()) {
                for (Map.Entry<String, JsonNode> entry : value.properties()) {
                    collectAnchors(entry.getValue(), JsonPointers.child(at, entry.getKey()));
                }
            } else {
                collectAnchors(value, at);
            }
        }
    }

    private static String text(JsonNode node, String otherwise) {
        return node != null && node.isTextual() ? node.textValue() : otherwise;
    }

    static String show(String pointer) {
        return pointer.isEmpty() ? "the root" : pointer;
    }
}
