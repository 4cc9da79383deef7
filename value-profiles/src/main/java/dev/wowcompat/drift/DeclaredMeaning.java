package dev.wowcompat.drift;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.profile.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a Manifest declares about a field's meaning: its {@code x-wow-unit}, {@code x-wow-meaning}, {@code format},
 * and whether its values are closed by an {@code enum} or {@code const}. Every member may be absent.
 */
public record DeclaredMeaning(String unit, String meaning, String format, boolean closed) {
    public static final DeclaredMeaning NONE = new DeclaredMeaning(null, null, null, false);
    /** References followed in a row before giving up (a cycle, or a schema too tangled to say). */
    private static final int MAX_HOPS = 16;

    /** The declaration of one property schema (local references already resolved by the caller). */
    public static DeclaredMeaning of(JsonNode schema) {
        if (schema == null || !schema.isObject()) return NONE;
        return new DeclaredMeaning(text(schema, "x-wow-unit"), text(schema, "x-wow-meaning"), text(schema, "format"),
                schema.has("enum") || schema.has("const"));
    }

    /**
     * The declaration of the value at a profile's pointer ({@code *} for array items) inside a type's schema,
     * following local references ({@code #/$defs/...}) only, never a remote one. A nullable union ({@code anyOf} or
     * {@code oneOf} of one schema and {@code null}) is looked through. Anything more tangled (several branches that
     * could hold the value, {@code prefixItems}, a pattern of property names) declares nothing: too vague to judge.
     */
    public static DeclaredMeaning at(JsonNode root, String pointer) {
        JsonNode node = resolve(root, root);
        List<String> tokens;
        try {
            tokens = JsonPointers.tokens(pointer);
        } catch (IllegalArgumentException e) {
            return NONE;
        }
        for (String token : tokens) {
            if (node == null) return NONE;
            JsonNode next = null;
            JsonNode properties = node.get("properties");
            if (properties != null && properties.has(token)) next = properties.get(token);
            else if (token.equals("*") && node.get("items") != null && node.get("items").isObject()) next = node.get("items");
            else if (node.get("additionalProperties") != null && node.get("additionalProperties").isObject()) next = node.get("additionalProperties");
            node = resolve(root, next);
        }
        return of(node);
    }

    /**
     * What a release declares for a field of one of its types: the state, a command, or an event revision of the
     * aggregate the field's type belongs to ({@code context.aggregate} or {@code context.aggregate.Name}).
     */
    public static DeclaredMeaning in(Manifest manifest, Field field) {
        return manifest.aggregate(aggregateOf(field.type())).map(a -> in(a, field)).orElse(NONE);
    }

    /** The aggregate a type belongs to: {@code context.aggregate} of {@code context.aggregate.Name}, or the type itself. */
    /** The aggregate a type belongs to ({@code context.aggregate}), the key releases are looked up by. */
    public static String aggregateOf(String type) {
        int first = type.indexOf('.');
        int second = first < 0 ? -1 : type.indexOf('.', first + 1);
        return second < 0 ? type : type.substring(0, second);
    }

    /** The same, in an aggregate already found. */
    public static DeclaredMeaning in(Manifest.Aggregate aggregate, Field field) {
        JsonNode schema = schema(aggregate, field);
        return schema == null ? NONE : at(schema, field.pointer());
    }

    /**
     * Why a release could not have written a profiled field, or null when it could: the field's type (state, command
     * or event revision) is not declared by the Manifest, or its pointer leaves the type's schema, naming a property
     * that an object schema with declared {@code properties} does not list (and does not open by
     * {@code additionalProperties} or {@code patternProperties}), or going below a value that is neither an object
     * nor an array. Where the schema cannot be judged (an untyped object, a map, several branches of a union, a
     * remote reference) every pointer below is admitted: a real audit's field is never refused (docs/decisions.md,
     * "Profiles the registry can trust").
     */
    public static String undeclared(Manifest manifest, Field field) {
        String type = field.type();
        JsonNode root = manifest.aggregate(aggregateOf(type)).map(a -> schema(a, field)).orElse(null);
        if (root == null) {
            return "the release declares no type '" + type + "'" + (field.revision() > 0 ? " revision " + field.revision() : "");
        }
        List<String> tokens;
        try {
            tokens = JsonPointers.tokens(field.pointer());
        } catch (IllegalArgumentException e) {
            return "'" + field.pointer() + "' is not a JSON pointer";
        }
        JsonNode node = resolve(root, root);
        for (String token : tokens) {
            if (node == null || open(node)) return null;
            JsonNode properties = node.get("properties");
            JsonNode items = node.get("items");
            JsonNode next;
            if (properties != null && properties.isObject() && properties.has(token)) next = properties.get(token);
            else if (token.equals("*") && items != null) next = items;
            else if (properties != null || items != null || scalar(node)) {
                return "'" + field.pointer() + "' is not a property of '" + type + "'"
                        + (field.revision() > 0 ? " revision " + field.revision() : "") + " in the release's schema";
            } else return null; // neither properties nor items: nothing to judge below
            node = next.isObject() ? resolve(root, next) : null;
        }
        return null;
    }

    /** A schema whose property names are data or left open: any name may appear below it. */
    private static boolean open(JsonNode node) {
        JsonNode additional = node.get("additionalProperties");
        return (additional != null && !additional.isBoolean()) || (additional != null && additional.booleanValue())
                || node.has("patternProperties") || node.has("allOf") || node.has("anyOf") || node.has("oneOf")
                || node.has("if") || node.has("dependentSchemas");
    }

    /** A schema whose type admits only values with nothing below them. */
    private static boolean scalar(JsonNode node) {
        JsonNode t = node.get("type");
        if (t == null) return false;
        if (t.isTextual()) return !t.textValue().equals("object") && !t.textValue().equals("array");
        if (!t.isArray()) return false;
        for (JsonNode each : t) if ("object".equals(each.asText()) || "array".equals(each.asText())) return false;
        return true;
    }

    private static JsonNode schema(Manifest.Aggregate aggregate, Field field) {
        if (field.type().equals(aggregate.typeName())) return aggregate.state().map(s -> s.schema().schema()).orElse(null);
        String name = field.type().substring(field.type().lastIndexOf('.') + 1);
        Manifest.Command command = aggregate.commands().get(name);
        if (command != null && field.revision() == 0 && aggregate.events().get(name) == null) return command.schema().schema();
        Manifest.Event event = aggregate.events().get(name);
        if (event == null) return command == null ? null : command.schema().schema();
        Manifest.Revision revision = event.revisions().get(field.revision());
        return revision == null ? null : revision.schema().schema();
    }

    /** Follows local references and looks through nullable unions; null when that leads nowhere definite. */
    private static JsonNode resolve(JsonNode root, JsonNode node) {
        for (int hop = 0; node != null && hop < MAX_HOPS; hop++) {
            if (!node.isObject()) return null;
            JsonNode ref = node.get("$ref");
            if (ref != null) {
                if (!ref.isTextual() || !ref.textValue().startsWith("#")) return null;
                String fragment = JsonPointers.percentDecode(ref.textValue().substring(1));
                if (!fragment.isEmpty() && !fragment.startsWith("/")) return null; // an anchor: not followed
                node = root.at(fragment);
                if (node.isMissingNode()) return null;
                continue;
            }
            JsonNode only = onlyBranch(node.get("anyOf"));
            if (only == null) only = onlyBranch(node.get("oneOf"));
            if (only == null || node.has("properties") || node.has("items")) return node;
            node = only;
        }
        return null;
    }

    /** The one branch of a union that is not {@code {"type": "null"}}, when there is exactly one. */
    private static JsonNode onlyBranch(JsonNode union) {
        if (union == null || !union.isArray()) return null;
        List<JsonNode> branches = new ArrayList<>();
        for (JsonNode b : union) if (!"null".equals(b.path("type").asText(null))) branches.add(b);
        return branches.size() == 1 ? branches.get(0) : null;
    }

    private static String text(JsonNode schema, String keyword) {
        JsonNode v = schema.get(keyword);
        return v != null && v.isTextual() ? v.textValue() : null;
    }

    /** The time unit the declaration names, by {@code x-wow-unit} or else by {@code x-wow-meaning}; null when none. */
    public TimeUnit timeUnit() {
        TimeUnit u = TimeUnit.ofUnit(unit);
        return u != null ? u : TimeUnit.inMeaning(meaning);
    }

    /** Whether the declaration says the number is an instant, not a duration ("utc-epoch-millis", "timestamp"). */
    public boolean instant() {
        if (meaning == null) return false;
        String m = meaning.toLowerCase(Locale.ROOT);
        return m.contains("epoch") || m.contains("timestamp") || m.contains("instant") || m.contains("unix");
    }
}
