package dev.wowcompat.manifest;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.diff.ReferenceChains;
import dev.wowcompat.json.DialectInference;
import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.json.SchemaKeywords;
import dev.wowcompat.json.SchemaPlace;
import dev.wowcompat.json.SchemaDialect;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The checks a schema embedded in a Manifest must pass before anything compares or validates with it: its dialect
 * is one we support, it is valid against that dialect's meta-schema, every {@code pattern} and
 * {@code patternProperties} key compiles, no keyword is a near miss of a known one ({@link KeywordSpelling}), and
 * every reference stays inside it. A reference that leaves the schema is refused, never fetched: a registry that
 * followed it would depend on, and could be steered by, somebody else's server.
 *
 * <p>Only schema positions are walked (properties, items, allOf ...), not the data inside {@code const},
 * {@code enum}, {@code default} or {@code examples}: a {@code "$ref"} key there is data, not a reference.
 * The walk is iterative, so a deep schema cannot exhaust the stack.
 */
final class EmbeddedSchemaCheck {
    private EmbeddedSchemaCheck() {}

    private static final List<String> REFERENCES = List.of("$ref", "$dynamicRef", "$recursiveRef");

    /** A schema resource: the embedded schema's root, or a subschema with its own {@code $id}. */
    private record Resource(JsonNode root, String pointer, Set<String> anchors) {}

    /** @param root the embedded schema the reference is in (its outermost resource) */
    private record Reference(String keyword, String value, String pointer, Resource resource, JsonNode root) {}

    /** A schema object to visit: its place, the rank of the keyword that holds it, and the resource it is in. */
    private record Frame(JsonNode node, SchemaPlace place, int rank, Resource resource) {
        Frame in(Resource r) {
            return new Frame(node, place, rank, r);
        }
    }

    /**
     * Adds one problem per unsupported {@code $schema}, meta-schema violation, pattern that does not compile,
     * misspelt keyword, remote reference and unresolved local reference in {@code schema}, found at
     * {@code pointer} in the input. A place the meta-schema already refuses gets no second problem from the walk.
     */
    static void check(JsonNode schema, String pointer, String source, List<InputProblem> out) {
        check(schema, pointer, source, new MetaSchemas.Memo(), out);
    }

    /**
     * @param memo the schema objects this read has checked against their meta-schema already; null to leave the
     *             meta-schema out, for a schema that passed it when it was first read ({@link ManifestReader#trusting})
     */
    static void check(JsonNode schema, String pointer, String source, MetaSchemas.Memo memo, List<InputProblem> out) {
        if (!schema.isObject()) return; // true and false have no keywords
        Optional<SchemaDialect> dialect;
        Optional<DialectInference.Conflict> mixed = Optional.empty();
        if (schema.has("$schema")) {
            dialect = SchemaDialect.of(schema);
        } else {
            DialectInference.Result inferred = DialectInference.infer(schema);
            // A schema that mixes drafts is still checked as the default draft, so that one run lists everything.
            dialect = Optional.of(inferred.dialect().orElse(SchemaDialect.DRAFT_2020_12));
            mixed = inferred.conflict();
        }
        List<InputProblem> own = new ArrayList<>();
        walk(schema, dialect.orElse(SchemaDialect.DRAFT_2020_12), pointer, source, own);
        mixed.ifPresent(c -> own.add(new InputProblem(source, pointer + c.pointer(), ProblemCodes.SCHEMA_INVALID, c.message())));
        out.addAll(own);
        if (dialect.isEmpty()) return; // no meta-schema to check against: the dialect problem says why
        if (memo == null) return;
        Set<String> reported = new HashSet<>();
        for (InputProblem p : own) reported.add(p.pointer());
        List<InputProblem> meta = new ArrayList<>();
        MetaSchemas.shared().check(schema, dialect.get(), pointer, source, memo, meta);
        // The walk's problem at a place is the more specific one ("$ref must be a string ...").
        for (InputProblem p : meta) {
            if (!reported.contains(p.pointer())) out.add(p);
        }
    }

    /** Keywords that need a closer look at the object that has them; most objects have none. */
    private static final Set<String> NOTABLE = Set.of("$schema", "id", "$id", "$anchor", "$dynamicAnchor", "$ref",
            "$dynamicRef", "$recursiveRef", "pattern", "patternProperties");

    /**
     * Each keyword that holds subschemas, with its place in the order children are visited (that of
     * {@link SchemaKeywords}: one-schema keywords, then arrays, then maps), so that problems come out in that order.
     */
    private static final Map<String, Integer> SINGLE_RANK = ranks(SchemaKeywords.SINGLE, 0);
    private static final Map<String, Integer> ARRAY_RANK = ranks(SchemaKeywords.ARRAYS, SchemaKeywords.SINGLE.size());
    private static final Map<String, Integer> MAP_RANK = ranks(SchemaKeywords.MAPS,
            SchemaKeywords.SINGLE.size() + SchemaKeywords.ARRAYS.size());

    private static Map<String, Integer> ranks(List<String> keywords, int first) {
        Map<String, Integer> out = new java.util.HashMap<>();
        for (int i = 0; i < keywords.size(); i++) out.put(keywords.get(i), first + i);
        return Map.copyOf(out);
    }

    /**
     * One pass over each object's members finds its subschemas and whether anything in it needs a closer look; the
     * pointer of a place is built only when something there needs it (a problem, a reference, a resource).
     */
    private static void walk(JsonNode schema, SchemaDialect dialect, String pointer, String source, List<InputProblem> out) {
        String idKeyword = dialect.idKeyword();
        List<Reference> references = new ArrayList<>();
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(schema, SchemaPlace.root(pointer), 0, new Resource(schema, pointer, new HashSet<>())));
        List<Frame> children = new ArrayList<>();
        while (!stack.isEmpty()) {
            Frame f = stack.pop();
            JsonNode node = f.node;
            boolean notable = false;
            boolean misspelt = false;
            children.clear();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String key = e.getKey();
                JsonNode value = e.getValue();
                if (NOTABLE.contains(key)) notable = true;
                else if (!misspelt && KeywordSpelling.suggestion(key).isPresent()) misspelt = true;
                addChildren(f, key, value, children);
            }
            Resource resource = f.resource;
            if (notable) {
                String at = f.place.pointer();
                JsonNode id = node.get(idKeyword);
                if (id != null && id.isTextual()) {
                    String text = id.asText();
                    if (text.startsWith("#")) {
                        resource.anchors.add(text.substring(1)); // drafts 04 to 07 name anchors with a fragment-only id
                    } else if (node != schema) {
                        // An embedded resource: "#/..." inside it resolves against it, not against the outer schema.
                        resource = new Resource(node, at, new HashSet<>());
                    }
                }
                addAnchor(node.get("$anchor"), resource);
                addAnchor(node.get("$dynamicAnchor"), resource);
                JsonNode declared = node.get("$schema");
                if (declared != null && SchemaDialect.of(node).isEmpty()) {
                    out.add(new InputProblem(source, JsonPointers.child(at, "$schema"), ProblemCodes.SCHEMA_UNSUPPORTED_DIALECT,
                            "$schema " + (declared.isTextual() ? MessageText.quote(declared.asText()) : declared.getNodeType().name().toLowerCase(java.util.Locale.ROOT))
                                    + " is not supported: use " + SchemaDialect.supportedList()));
                }
                for (String keyword : REFERENCES) {
                    JsonNode ref = node.get(keyword);
                    if (ref == null) continue;
                    String refAt = JsonPointers.child(at, keyword);
                    if (ref.isTextual()) {
                        references.add(new Reference(keyword, ref.asText(), refAt, resource, schema));
                    } else {
                        out.add(new InputProblem(source, refAt, ProblemCodes.SCHEMA_INVALID,
                                keyword + " must be a string (a URI reference), found " + ref.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
                    }
                }
                checkPatterns(node, at, source, out);
            }
            if (misspelt) checkSpelling(node, f.place.pointer(), source, out);
            // Pushed in reverse so that problems come out in the children's order (stable: document order within a keyword).
            children.sort(java.util.Comparator.comparingInt(Frame::rank));
            for (int i = children.size() - 1; i >= 0; i--) stack.push(children.get(i).in(resource));
        }
        boolean mayChain = false;
        for (Reference r : references) {
            mayChain |= resolve(r, source, out);
        }
        // Following every chain costs a walk of its own; it is needed only where a reference may lead to another.
        if (mayChain) for (ReferenceChains.Problem p : ReferenceChains.find(schema)) out.add(new InputProblem(source, pointer + p.pointer(), p.code(), p.message()));
    }

    /** The subschemas under one member of an object, if it is a keyword that holds any. */
    private static void addChildren(Frame parent, String key, JsonNode value, List<Frame> children) {
        Integer rank;
        if (value.isObject() && (rank = SINGLE_RANK.get(key)) != null) {
            children.add(new Frame(value, parent.place.under(key), rank, null));
        } else if (value.isArray() && (rank = ARRAY_RANK.get(key)) != null) {
            for (int i = 0; i < value.size(); i++) {
                if (value.get(i).isObject()) children.add(new Frame(value.get(i), parent.place.under(key, i), rank, null));
            }
        } else if (value.isObject() && (rank = MAP_RANK.get(key)) != null) {
            for (Map.Entry<String, JsonNode> m : value.properties()) {
                if (m.getValue().isObject()) children.add(new Frame(m.getValue(), parent.place.under(key, m.getKey()), rank, null));
            }
        }
    }

    /**
     * A pattern Java cannot compile would otherwise match nothing, or fail every validation, with nobody told why.
     * Validation here uses Java's engine, so that is the test; JSON Schema asks for ECMA-262 syntax, which Java
     * reads the same way for the constructs schemas use.
     */
    private static void checkPatterns(JsonNode node, String pointer, String source, List<InputProblem> out) {
        JsonNode pattern = node.get("pattern");
        if (pattern != null && pattern.isTextual()) {
            String problem = compileProblem(pattern.asText());
            if (problem != null) {
                out.add(new InputProblem(source, JsonPointers.child(pointer, "pattern"), ProblemCodes.SCHEMA_INVALID,
                        "pattern " + MessageText.quote(pattern.asText()) + " is not a regular expression: " + problem));
            }
        }
        JsonNode patternProperties = node.get("patternProperties");
        if (patternProperties != null && patternProperties.isObject()) {
            for (Map.Entry<String, JsonNode> e : patternProperties.properties()) {
                String problem = compileProblem(e.getKey());
                if (problem != null) {
                    out.add(new InputProblem(source, JsonPointers.child(JsonPointers.child(pointer, "patternProperties"), e.getKey()),
                            ProblemCodes.SCHEMA_INVALID, "patternProperties key " + MessageText.quote(e.getKey())
                                    + " is not a regular expression: " + problem));
                }
            }
        }
    }

    private static String compileProblem(String regex) {
        try {
            Pattern.compile(regex);
            return null;
        } catch (PatternSyntaxException e) {
            return e.getDescription() + (e.getIndex() >= 0 ? " at index " + e.getIndex() : "");
        }
    }

    private static void checkSpelling(JsonNode node, String pointer, String source, List<InputProblem> out) {
        for (Iterator<String> keys = node.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            KeywordSpelling.suggestion(key).ifPresent(known -> out.add(new InputProblem(source, JsonPointers.child(pointer, key),
                    ProblemCodes.SCHEMA_MISSPELT_KEYWORD, "unknown keyword " + MessageText.quote(key) + ": did you mean "
                            + MessageText.quote(known) + "? JSON Schema ignores unknown keywords, so as written it has no"
                            + " effect; name an extension x-... to keep it")));
        }
    }

    private static void addAnchor(JsonNode anchor, Resource resource) {
        if (anchor != null && anchor.isTextual()) resource.anchors.add(anchor.asText());
    }

    /**
     * Adds the problem of a reference that is remote or does not resolve.
     *
     * @return whether it may lead to another reference (a chain or a cycle), unless it surely does not: a pointer
     *         into the schema whose target holds no reference, or a reference that does not resolve at all
     */
    private static boolean resolve(Reference r, String source, List<InputProblem> out) {
        if (!r.value.startsWith("#")) {
            out.add(new InputProblem(source, r.pointer, ProblemCodes.SCHEMA_REMOTE_REF,
                    "remote " + r.keyword + " " + MessageText.quote(r.value)
                            + " is not allowed: only local references (#/...) resolve, and nothing is ever fetched;"
                            + " copy the referenced schema into $defs and refer to it as '#/$defs/<name>'"));
            return false;
        }
        String fragment = percentDecode(r.value.substring(1));
        if (fragment == null) {
            out.add(unresolved(r, source, "its fragment is not valid percent-encoding"));
            return false;
        } else if (fragment.isEmpty()) {
            return true; // "#": the resource itself, which may be a reference
        } else if (fragment.startsWith("/")) {
            JsonNode target;
            try {
                target = r.resource.root.at(JsonPointer.compile(fragment));
            } catch (IllegalArgumentException e) {
                target = null;
            }
            if (target == null || target.isMissingNode()) {
                out.add(unresolved(r, source, "this schema has nothing at " + MessageText.quote(fragment)));
                return false;
            }
            if (r.resource.root != r.root) return true; // inside an embedded resource: leave it to the full search
            for (String keyword : REFERENCES) if (target.has(keyword)) return true;
            return false;
        } else if (!r.resource.anchors.contains(fragment)) {
            out.add(unresolved(r, source, "this schema has no $anchor " + MessageText.quote(fragment)));
            return false;
        }
        return true; // an anchor: where it leads is the full search's to find
    }

    private static InputProblem unresolved(Reference r, String source, String why) {
        return new InputProblem(source, r.pointer, ProblemCodes.SCHEMA_UNRESOLVED_REF,
                r.keyword + " " + MessageText.quote(r.value) + " does not resolve: " + why);
    }

    /** RFC 3986 percent-decoding of a URI fragment as UTF-8 ('+' stays '+'); null when malformed. */
    static String percentDecode(String fragment) {
        if (fragment.indexOf('%') < 0) return fragment;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(fragment.length());
        for (int i = 0; i < fragment.length(); ) {
            char c = fragment.charAt(i);
            if (c == '%') {
                int hi = i + 1 < fragment.length() ? Character.digit(fragment.charAt(i + 1), 16) : -1;
                int lo = i + 2 < fragment.length() ? Character.digit(fragment.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) return null;
                bytes.write(hi * 16 + lo);
                i += 3;
            } else {
                int cp = fragment.codePointAt(i);
                byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                bytes.write(utf8, 0, utf8.length);
                i += Character.charCount(cp);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
