package dev.wowcompat.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EmbeddedSchemaCheckTest {
    private static List<String> problems(String schema) throws Exception {
        JsonNode node = new ObjectMapper().readTree(schema);
        List<InputProblem> out = new ArrayList<>();
        EmbeddedSchemaCheck.check(node, "/s", "t", out);
        return out.stream().map(p -> p.code().substring(p.code().lastIndexOf('.') + 1) + " " + p.pointer()).toList();
    }

    @Test
    void localReferencesOfEveryFormResolve() throws Exception {
        // "#seven" resolves; 2020-12's meta-schema refuses a fragment in $id all the same (draft-07 allowed it).
        assertEquals(List.of("invalid /s/$defs/d7/$id"), problems("""
                {"$defs": {"a/b": {"type": "string"}, "x y": {"type": "number"}, "d7": {"$id": "#seven"}, "dyn": {"$dynamicAnchor": "meta"}},
                 "properties": {
                   "slash": {"$ref": "#/$defs/a~1b"},
                   "space": {"$ref": "#/$defs/x%20y"},
                   "draft07Anchor": {"$ref": "#seven"},
                   "dynamic": {"$dynamicRef": "#meta"},
                   "root": {"$ref": "#"},
                   "arrayIndex": {"$ref": "#/allOf/0"}
                 },
                 "allOf": [{"type": "object"}]}"""));
    }

    @Test
    void everySchemaPositionIsWalked() throws Exception {
        String remote = "{\"$ref\": \"http://x/y\"}";
        String schema = """
                {"items": [%1$s, {"type": "string"}], "prefixItems": [%1$s], "if": %1$s, "then": %1$s, "else": %1$s,
                 "not": %1$s, "dependencies": {"a": %1$s, "b": ["c"]}, "dependentSchemas": {"d": %1$s},
                 "patternProperties": {"^x": %1$s}, "additionalProperties": %1$s, "unevaluatedProperties": %1$s,
                 "contains": %1$s, "propertyNames": %1$s, "anyOf": [true, %1$s], "oneOf": [%1$s], "definitions": {"e": %1$s},
                 "contentSchema": %1$s, "additionalItems": %1$s, "unevaluatedItems": %1$s,
                 "const": %1$s, "enum": [%1$s], "default": %1$s, "examples": [%1$s], "x-wow-meaning": %1$s}""".formatted(remote);
        // Array-form items is draft-07's: 2020-12's meta-schema refuses it, and the walk still looks inside.
        assertEquals(List.of("remote-ref /s/additionalProperties/$ref", "remote-ref /s/additionalItems/$ref",
                "remote-ref /s/unevaluatedItems/$ref", "remote-ref /s/unevaluatedProperties/$ref", "remote-ref /s/contains/$ref",
                "remote-ref /s/propertyNames/$ref", "remote-ref /s/if/$ref", "remote-ref /s/then/$ref", "remote-ref /s/else/$ref",
                "remote-ref /s/not/$ref", "remote-ref /s/contentSchema/$ref", "remote-ref /s/anyOf/1/$ref",
                "remote-ref /s/oneOf/0/$ref", "remote-ref /s/prefixItems/0/$ref", "remote-ref /s/items/0/$ref",
                "remote-ref /s/patternProperties/^x/$ref", "remote-ref /s/definitions/e/$ref",
                "remote-ref /s/dependentSchemas/d/$ref", "remote-ref /s/dependencies/a/$ref", "invalid /s/items"), problems(schema));
    }

    @Test
    void anEmbeddedResourceScopesItsPointersAndAnchors() throws Exception {
        assertEquals(List.of("unresolved-ref /s/properties/inner/properties/p/$ref", "unresolved-ref /s/properties/inner/properties/q/$ref"),
                problems("""
                        {"$defs": {"m": {"$anchor": "outer"}},
                         "properties": {"inner": {"$id": "https://example.com/inner", "properties": {
                           "p": {"$ref": "#/$defs/m"}, "q": {"$ref": "#outer"}, "r": {"$ref": "#/properties/p"}}}}}"""));
    }

    @Test
    void percentDecodingIsStrict() {
        assertEquals("/a b/ü", EmbeddedSchemaCheck.percentDecode("/a%20b/%C3%BC"));
        assertEquals("/a+b", EmbeddedSchemaCheck.percentDecode("/a+b"));
        assertNull(EmbeddedSchemaCheck.percentDecode("/a%2"));
        assertNull(EmbeddedSchemaCheck.percentDecode("/a%zz"));
    }
}
