package dev.wowcompat.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import dev.wowcompat.json.SchemaPlace;
import dev.wowcompat.json.SchemaDialect;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The meta-schema of every {@link SchemaDialect}, compiled once (on first use) from the copies bundled in the validator's jar
 * (nothing is fetched: {@link ManifestSchema#offlineRegistry()} refuses every other IRI), and the check of a
 * schema against its dialect's. Immutable and thread-safe, so one instance serves every reader of the process.
 *
 * <p>A meta-schema judges each schema object on its own keywords and sends each subschema back to itself, so
 * a schema is checked one schema object at a time: each object with its subschemas replaced by {@code {}}
 * (valid in every draft), and each subschema in turn. The same result as one validation of the whole tree, at
 * a fraction of the cost, because the objects of a Manifest's schemas repeat ({@code {"type": "string"}}, the
 * same money or timestamp property in many events) and each distinct one is validated once per read
 * ({@link Memo}). It also keeps the validator's recursion one level deep, whatever the depth of the schema.
 */
final class MetaSchemas {
    /** Compiled on first use, once per dialect (a concurrent first use waits for the one compiling it). */
    private final Map<SchemaDialect, Schema> byDialect = new java.util.concurrent.ConcurrentHashMap<>();

    /** Keywords whose value is one schema, by dialect (as that dialect's meta-schema reads them). */
    private static final Map<SchemaDialect, Set<String>> SINGLE = new EnumMap<>(Map.of(
            SchemaDialect.DRAFT_04, Set.of("additionalProperties", "additionalItems", "items", "not"),
            SchemaDialect.DRAFT_06, Set.of("additionalProperties", "additionalItems", "items", "not", "contains", "propertyNames"),
            SchemaDialect.DRAFT_07, Set.of("additionalProperties", "additionalItems", "items", "not", "contains", "propertyNames",
                    "if", "then", "else"),
            SchemaDialect.DRAFT_2019_09, Set.of("additionalProperties", "additionalItems", "items", "not", "contains",
                    "propertyNames", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema"),
            SchemaDialect.DRAFT_2020_12, Set.of("additionalProperties", "items", "not", "contains", "propertyNames",
                    "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema")));
    /** Keywords whose value is an array of schemas, by dialect ({@code items} in its tuple form before 2020-12). */
    private static final Map<SchemaDialect, Set<String>> ARRAYS = new EnumMap<>(Map.of(
            SchemaDialect.DRAFT_04, Set.of("allOf", "anyOf", "oneOf", "items"),
            SchemaDialect.DRAFT_06, Set.of("allOf", "anyOf", "oneOf", "items"),
            SchemaDialect.DRAFT_07, Set.of("allOf", "anyOf", "oneOf", "items"),
            SchemaDialect.DRAFT_2019_09, Set.of("allOf", "anyOf", "oneOf", "items"),
            SchemaDialect.DRAFT_2020_12, Set.of("allOf", "anyOf", "oneOf", "prefixItems")));
    /** Keywords whose value maps names to schemas, by dialect ({@code dependencies}: the entries that are schemas). */
    private static final Map<SchemaDialect, Set<String>> MAPS = new EnumMap<>(Map.of(
            SchemaDialect.DRAFT_04, Set.of("properties", "patternProperties", "definitions", "dependencies"),
            SchemaDialect.DRAFT_06, Set.of("properties", "patternProperties", "definitions", "dependencies"),
            SchemaDialect.DRAFT_07, Set.of("properties", "patternProperties", "definitions", "dependencies"),
            SchemaDialect.DRAFT_2019_09, Set.of("properties", "patternProperties", "$defs", "definitions", "dependencies",
                    "dependentSchemas"),
            SchemaDialect.DRAFT_2020_12, Set.of("properties", "patternProperties", "$defs", "definitions", "dependencies",
                    "dependentSchemas")));

    private static final JsonNode WARM_UP = JsonNodeFactory.instance.objectNode().put("type", "object")
            .<ObjectNode>set("properties", JsonNodeFactory.instance.objectNode().set("a", JsonNodeFactory.instance.objectNode()))
            .set("required", JsonNodeFactory.instance.arrayNode().add("a"));

    private final SchemaRegistry registry;

    private MetaSchemas(SchemaRegistry registry) {
        this.registry = registry;
        // The default dialect now; the older ones when a schema first needs them (most Manifests never do), which
        // spares a short-lived command compiling four meta-schemas for nothing.
        meta(SchemaDialect.DRAFT_2020_12);
    }

    private Schema meta(SchemaDialect dialect) {
        return byDialect.computeIfAbsent(dialect, d -> {
            Schema meta = registry.getSchema(SchemaLocation.of(d.metaSchemaId()));
            // Resolve every $ref now, so that concurrent first validations do not race to do it; and validate once,
            // so that the validator's lazily loaded parts load here rather than in a server's first request.
            meta.initializeValidators();
            meta.validate(WARM_UP);
            return meta;
        });
    }

    private static final class Shared {
        static final MetaSchemas INSTANCE = new MetaSchemas(ManifestSchema.offlineRegistry());
    }

    /** The process's instance, built on first use (compiling five meta-schemas takes a moment). */
    static MetaSchemas shared() {
        return Shared.INSTANCE;
    }

    /** A violation inside one schema object, relative to it. */
    private record Violation(String pointer, String message) {}

    private record Key(SchemaDialect dialect, JsonNode object) {}

    /**
     * What one read has validated already: each distinct schema object once. Thread-safe, so that the schemas of
     * one read can be checked in parallel; one per read, so that it lives no longer than the read.
     */
    static final class Memo {
        private final Map<Key, List<Violation>> seen = new java.util.concurrent.ConcurrentHashMap<>();
    }

    /**
     * Adds one problem per place in {@code schema} that its dialect's meta-schema refuses. A value refused for
     * several reasons (a {@code type} that is neither a type name nor an array of them) is one problem, with the
     * validator's first reason. Iterative.
     *
     * @param pointer where {@code schema} sits in the input
     */
    void check(JsonNode schema, SchemaDialect dialect, String pointer, String source, Memo memo, List<InputProblem> out) {
        // A frame's pointer is built only when it has a violation.
        record Frame(JsonNode node, SchemaPlace place) {}
        Set<String> single = SINGLE.get(dialect);
        Set<String> arrays = ARRAYS.get(dialect);
        Set<String> maps = MAPS.get(dialect);
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(schema, SchemaPlace.root(pointer)));
        List<Frame> children = new ArrayList<>();
        while (!stack.isEmpty()) {
            Frame f = stack.pop();
            if (!f.node.isObject()) continue; // booleans are judged by the object that holds them
            ObjectNode shallow = normalized((ObjectNode) f.node, dialect);
            List<Violation> violations = memo.seen.computeIfAbsent(new Key(dialect, shallow), k -> validate(k.object, dialect));
            if (!violations.isEmpty()) {
                String at = f.place.pointer();
                for (Violation v : violations) {
                    out.add(new InputProblem(source, at + v.pointer, ProblemCodes.SCHEMA_INVALID, v.message));
                }
            }
            children.clear();
            for (Map.Entry<String, JsonNode> e : f.node.properties()) {
                String keyword = e.getKey();
                JsonNode value = e.getValue();
                if (value.isObject() && single.contains(keyword)) {
                    children.add(new Frame(value, f.place.under(keyword)));
                } else if (value.isArray() && arrays.contains(keyword)) {
                    for (int i = 0; i < value.size(); i++) children.add(new Frame(value.get(i), f.place.under(keyword, i)));
                } else if (value.isObject() && maps.contains(keyword)) {
                    for (Map.Entry<String, JsonNode> m : value.properties()) {
                        children.add(new Frame(m.getValue(), f.place.under(keyword, m.getKey())));
                    }
                }
            }
            // Pushed in reverse so that problems come out in document order.
            for (int i = children.size() - 1; i >= 0; i--) stack.push(children.get(i));
        }
    }

    /** Keywords whose text the meta-schemas only require to be a string (formats are annotations here). */
    private static final Set<String> ANY_STRING = Set.of("title", "description", "$comment", "format", "pattern",
            "$ref", "$dynamicRef", "$recursiveRef", "contentEncoding", "contentMediaType");

    /**
     * {@code object} as its meta-schema sees it, with what no meta-schema constrains set aside so that equal
     * judgements share one key: subschemas that are objects become {@code {}} (each is checked on its own), and
     * so does a map of them; unknown keywords, {@code default} and {@code const} (anything goes) are dropped; text
     * that need only be a string becomes {@code ""}, {@code examples} {@code []}; the items of {@code enum} and
     * {@code required} become placeholders that keep their count and which of them are equal (the meta-schemas
     * ask for at least one, unique, and strings in {@code required}). A value of the wrong shape is kept as it is,
     * at its own key, so that the violation is reported where it is.
     */
    private static ObjectNode normalized(ObjectNode object, SchemaDialect dialect) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode copy = nodes.objectNode();
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            String keyword = e.getKey();
            JsonNode value = e.getValue();
            if (!KeywordSpelling.isKeyword(keyword) || keyword.equals("default") || keyword.equals("const")) continue;
            if (value.isObject() && SINGLE.get(dialect).contains(keyword)) {
                copy.putObject(keyword);
            } else if (value.isArray() && ARRAYS.get(dialect).contains(keyword)) {
                ArrayNode list = copy.putArray(keyword);
                for (JsonNode item : value) list.add(item.isObject() ? nodes.objectNode() : item);
            } else if (value.isObject() && MAPS.get(dialect).contains(keyword)) {
                ObjectNode map = copy.putObject(keyword);
                for (Map.Entry<String, JsonNode> m : value.properties()) {
                    if (!m.getValue().isObject()) map.set(m.getKey(), m.getValue());
                }
            } else if (value.isTextual() && ANY_STRING.contains(keyword)) {
                copy.put(keyword, "");
            } else if (value.isArray() && keyword.equals("examples")) {
                copy.putArray(keyword);
            } else if (value.isArray() && (keyword.equals("enum") || keyword.equals("required") && allText(value))) {
                ArrayNode placeholders = copy.putArray(keyword);
                Map<JsonNode, Integer> distinct = new java.util.HashMap<>();
                for (JsonNode item : value) {
                    placeholders.add(Integer.toString(distinct.computeIfAbsent(item, k -> distinct.size())));
                }
            } else {
                copy.set(keyword, value);
            }
        }
        return copy;
    }

    private static boolean allText(JsonNode array) {
        for (JsonNode item : array) if (!item.isTextual()) return false;
        return true;
    }

    private List<Violation> validate(JsonNode object, SchemaDialect dialect) {
        List<Error> errors = CappedErrors.validate(meta(dialect), object);
        if (errors.isEmpty()) return List.of();
        Map<String, Error> first = new LinkedHashMap<>();
        for (Error e : errors) first.putIfAbsent(ManifestSchema.pointer(e.getInstanceLocation()), e);
        List<Violation> out = new ArrayList<>();
        for (Map.Entry<String, Error> e : first.entrySet()) {
            if (isUnchosenAlternative(e.getValue(), e.getKey(), first.keySet())) continue;
            out.add(new Violation(e.getKey(), "not a valid " + dialect.label() + " schema: " + ValidatorSentences.of(e.getValue())));
        }
        return List.copyOf(out);
    }

    /**
     * Where a keyword takes one of several forms ({@code type}: a name or an array of names), the validator
     * reports the form not taken beside the real fault inside the one taken; only the latter helps.
     */
    private static boolean isUnchosenAlternative(Error e, String pointer, Set<String> pointers) {
        String path = ManifestSchema.pointer(e.getEvaluationPath()) + " " + e.getSchemaLocation();
        if (!path.contains("/anyOf/") && !path.contains("/oneOf/")) return false;
        for (String other : pointers) {
            if (other.startsWith(pointer + "/")) return true;
        }
        return false;
    }
}
