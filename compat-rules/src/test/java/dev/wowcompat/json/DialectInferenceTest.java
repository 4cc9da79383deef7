package dev.wowcompat.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DialectInferenceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static DialectInference.Result infer(String schema) throws Exception {
        return DialectInference.infer(JSON.readTree(schema.replace('\'', '"')));
    }

    private static Optional<SchemaDialect> dialect(String schema) throws Exception {
        return infer(schema).dialect();
    }

    @Test
    void keywordsOfNoParticularDraftMean2020() throws Exception {
        assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), dialect("{'type': 'object', 'properties': {'a': {'type': 'string'}}}"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), dialect("{'prefixItems': [{'type': 'integer'}], 'items': false}"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), dialect("{'$defs': {'a': {}}, 'properties': {'x': {'$ref': '#/$defs/a'}}}"));
    }

    @Test
    void theTupleFormOfItemsMeansTheOlderDrafts() throws Exception {
        assertEquals(Optional.of(SchemaDialect.DRAFT_07), dialect("{'type': 'array', 'items': [{'type': 'integer'}]}"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_07), dialect("{'properties': {'p': {'items': [{}], 'additionalItems': false}}}"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_07), dialect("{'definitions': {'a': {'type': 'string'}}}"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_07), dialect("{'dependencies': {'a': ['b']}}"));
        // The one draft that reads a tuple and 2019-09's keywords together.
        assertEquals(Optional.of(SchemaDialect.DRAFT_2019_09), dialect("{'items': [{}], '$defs': {'a': {}}}"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_2019_09), dialect("{'items': [{}], 'unevaluatedItems': false}"));
        // definitions is kept reserved by 2020-12's meta-schema: beside prefixItems it is still 2020-12.
        assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), dialect("{'definitions': {'a': {}}, 'prefixItems': [{}]}"));
    }

    @Test
    void aSchemaThatMixesDraftsHasNoDialectAndOneSentenceNamesAKeywordOfEach() throws Exception {
        DialectInference.Result mixed = infer("{'properties': {'pair': {'prefixItems': [{}], 'items': [{}]}}}");
        assertEquals(Optional.empty(), mixed.dialect());
        DialectInference.Conflict c = mixed.conflict().orElseThrow();
        assertEquals("/properties/pair/items", c.pointer());
        assertEquals("this schema has no $schema and mixes drafts: it uses 'items' as an array (a tuple) (drafts up to"
                + " 2019-09) and 'prefixItems' (draft 2020-12), which no one draft reads together; write it in one draft,"
                + " and say which with $schema", c.message());
        assertEquals("/additionalItems", infer("{'$dynamicAnchor': 'x', 'additionalItems': {}}").conflict().orElseThrow().pointer());
    }

    @Test
    void onlySchemaPositionsWithoutTheirOwnDialectAreRead() throws Exception {
        // Data that looks like keywords, and a subschema that says its own draft, tell nothing about the outer schema.
        assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), dialect("{'const': {'items': [1]}, 'default': {'definitions': {}},"
                + " 'examples': [{'additionalItems': 1}], 'x-wow-meaning': {'items': []}, 'prefixItems': [{}]}"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_2020_12), dialect("{'prefixItems': [{}], 'properties': {'old':"
                + " {'$schema': 'http://json-schema.org/draft-07/schema#', 'items': [{}]}}}"));
        assertEquals(Optional.of(SchemaDialect.DRAFT_07), SchemaDialect.of(JSON.readTree("{\"allOf\": [{\"items\": [{}]}]}")));
    }

    @Test
    void declaredAddsTheDialectOnlyWhereNoneIsSaid() throws Exception {
        JsonNode plain = JSON.readTree("{\"items\": [{}]}");
        assertEquals("{\"$schema\":\"https://json-schema.org/draft/2019-09/schema\",\"items\":[{}]}",
                SchemaDialect.declared(plain, SchemaDialect.DRAFT_2019_09).toString());
        assertEquals("{\"items\":[{}]}", plain.toString());
        JsonNode said = JSON.readTree("{\"$schema\": \"http://json-schema.org/draft-04/schema#\"}");
        assertEquals(said, SchemaDialect.declared(said, SchemaDialect.DRAFT_2019_09));
    }
}
