package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.manifest.SchemaDoc;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The members of a payload whose property schema says {@code "x-wow-written": false}: the release reads them but
 * does not write them yet, so a record that carries one was written by something the release does not know. The
 * walk follows the payload through {@code properties}, {@code items}, {@code allOf} and local {@code $ref}s. Whether a
 * schema has the keyword at all is decided once per fingerprint, i.e. once per release and type (docs/decisions.md,
 * "Watching the wire"): most schemas have none, and their records cost no walk.
 */
final class UnwrittenProperties {
    private static final int MAX_DEPTH = 64;
    private final Map<String, Boolean> marks = new HashMap<>();

    /** Whether the schema may mark a member unwritten (it names the keyword); once per fingerprint. */
    boolean marksAny(SchemaDoc schema) {
        Boolean known = marks.get(schema.fingerprint());
        if (known == null) {
            known = schema.schema().toString().contains("\"x-wow-written\"");
            marks.put(schema.fingerprint(), known);
        }
        return known;
    }

    /**
     * Pointers (into the payload, prefixed with {@code at}) of the members written that the schema says are not;
     * for a schema {@link #marksAny} says may mark some.
     */
    List<String> find(JsonNode schema, JsonNode payload, String at) {
        List<String> out = new ArrayList<>();
        walk(schema, schema, payload, at, 0, out);
        return out;
    }

    private static void walk(JsonNode root, JsonNode schema, JsonNode value, String at, int depth, List<String> out) {
        if (depth > MAX_DEPTH || schema == null || !schema.isObject()) return;
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.isTextual() && ref.asText().startsWith("#")) {
            walk(root, root.at(ref.asText().substring(1)), value, at, depth + 1, out);
        }
        for (JsonNode branch : schema.path("allOf")) walk(root, branch, value, at, depth + 1, out);
        if (value.isObject()) {
            JsonNode properties = schema.path("properties");
            properties.properties().forEach(p -> {
                JsonNode member = value.get(p.getKey());
                if (member == null) return;
                String memberAt = JsonPointers.child(at, p.getKey());
                if (unwritten(root, p.getValue(), 0)) out.add(memberAt);
                else walk(root, p.getValue(), member, memberAt, depth + 1, out);
            });
        } else if (value.isArray() && schema.path("items").isObject()) {
            for (int i = 0; i < value.size(); i++) walk(root, schema.get("items"), value.get(i), JsonPointers.child(at, i), depth + 1, out);
        }
    }

    private static boolean unwritten(JsonNode root, JsonNode property, int depth) {
        if (depth > MAX_DEPTH || property == null) return false;
        if (property.path("x-wow-written").isBoolean() && !property.get("x-wow-written").asBoolean()) return true;
        JsonNode ref = property.get("$ref");
        return ref != null && ref.isTextual() && ref.asText().startsWith("#") && unwritten(root, root.at(ref.asText().substring(1)), depth + 1);
    }
}
