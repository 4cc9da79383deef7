package dev.wowcompat.manifest;

import dev.wowcompat.json.Spelling;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Schemas that are not schemas: each is refused with the pointer of what is wrong, alone and inside a Manifest,
 * in every dialect it is written for. The table is the evidence that a verdict is never given on one of them.
 */
class InvalidSchemasTest {
    private static final String INVALID = "invalid";
    private static final String MISSPELT = "misspelt-keyword";
    private static final String D4 = "\"$schema\": \"http://json-schema.org/draft-04/schema#\", ";
    private static final String D6 = "\"$schema\": \"http://json-schema.org/draft-06/schema#\", ";
    private static final String D7 = "\"$schema\": \"http://json-schema.org/draft-07/schema#\", ";
    private static final String D2019 = "\"$schema\": \"https://json-schema.org/draft/2019-09/schema\", ";
    private static final String DEPOSIT = "/contexts/bank/aggregates/account/commands/Deposit/schema";
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<Arguments> invalidSchemas() {
        return Stream.of(
                row("{\"type\": \"int\"}", "/type", INVALID),
                row("{\"required\": \"memberId\"}", "/required", INVALID),
                row("{\"properties\": []}", "/properties", INVALID),
                row("{\"pattern\": \"[unclosed\"}", "/pattern", INVALID),
                row("{\"requried\": [\"memberId\"]}", "/requried", MISSPELT),
                row("{\"type\": [\"string\", \"string\"]}", "/type", INVALID),
                row("{\"type\": []}", "/type", INVALID),
                row("{\"minLength\": -1}", "/minLength", INVALID),
                row("{\"maxLength\": 1.5}", "/maxLength", INVALID),
                row("{\"minItems\": \"1\"}", "/minItems", INVALID),
                row("{\"enum\": \"a\"}", "/enum", INVALID),
                row("{\"multipleOf\": 0}", "/multipleOf", INVALID),
                row("{\"multipleOf\": -2}", "/multipleOf", INVALID),
                row("{\"uniqueItems\": \"yes\"}", "/uniqueItems", INVALID),
                row("{\"additionalProperties\": \"no\"}", "/additionalProperties", INVALID),
                row("{\"items\": 5}", "/items", INVALID),
                row("{\"allOf\": []}", "/allOf", INVALID),
                row("{\"anyOf\": {}}", "/anyOf", INVALID),
                row("{\"oneOf\": [5]}", "/oneOf/0", INVALID),
                row("{\"not\": []}", "/not", INVALID),
                row("{\"if\": 5}", "/if", INVALID),
                row("{\"properties\": {\"a\": {\"type\": \"strin\"}}}", "/properties/a/type", INVALID),
                row("{\"properties\": {\"a\": 5}}", "/properties/a", INVALID),
                row("{\"$defs\": {\"x\": {\"minimum\": \"0\"}}}", "/$defs/x/minimum", INVALID),
                row("{\"patternProperties\": {\"[a-\": {}}}", "/patternProperties/[a-", INVALID),
                row("{\"propertyNames\": {\"pattern\": \"(?<\"}}", "/propertyNames/pattern", INVALID),
                row("{\"pattern\": \"\\\\p{NoSuchClass}\"}", "/pattern", INVALID),
                row("{\"required\": [\"a\", \"a\"]}", "/required", INVALID),
                row("{\"dependentRequired\": {\"a\": \"b\"}}", "/dependentRequired/a", INVALID),
                row("{\"maxProperties\": -1}", "/maxProperties", INVALID),
                row("{\"format\": 5}", "/format", INVALID),
                row("{\"title\": 5}", "/title", INVALID),
                row("{\"description\": [\"x\"]}", "/description", INVALID),
                row("{\"deprecated\": \"true\"}", "/deprecated", INVALID),
                row("{\"readOnly\": 1}", "/readOnly", INVALID),
                row("{\"contentEncoding\": 5}", "/contentEncoding", INVALID),
                row("{\"$anchor\": \"1abc\"}", "/$anchor", INVALID),
                row("{\"exclusiveMinimum\": true}", "/exclusiveMinimum", INVALID),
                row("{\"type\": \"object\", \"$ref\": 5}", "/$ref", INVALID),
                row("{\"maxiumum\": 5}", "/maxiumum", MISSPELT),
                row("{\"properties\": {\"a\": {\"maxlength\": 3}}}", "/properties/a/maxlength", MISSPELT),
                row("{\"ref\": \"#/$defs/a\", \"$defs\": {\"a\": {}}}", "/ref", MISSPELT),
                row("{\"additonalProperties\": false}", "/additonalProperties", MISSPELT),
                row("{\"x-wow-unti\": \"s\"}", "/x-wow-unti", MISSPELT),
                row("{\"items\": {\"type\": \"object\", \"propertes\": {}}}", "/items/propertes", MISSPELT),
                row("{" + D4 + "\"minimum\": 0, \"exclusiveMinimum\": 5}", "/exclusiveMinimum", INVALID),
                row("{" + D4 + "\"required\": []}", "/required", INVALID),
                row("{" + D4 + "\"enum\": []}", "/enum", INVALID),
                row("{" + D4 + "\"id\": 5}", "/id", INVALID),
                row("{" + D4 + "\"properties\": {\"a\": true}}", "/properties/a", INVALID),
                row("{" + D4 + "\"definitions\": {\"a\": {\"type\": \"int\"}}}", "/definitions/a/type", INVALID),
                row("{" + D6 + "\"examples\": 5}", "/examples", INVALID),
                row("{" + D6 + "\"pattern\": \"(\"}", "/pattern", INVALID),
                row("{" + D7 + "\"items\": [{\"type\": \"int\"}]}", "/items/0/type", INVALID),
                row("{" + D7 + "\"dependencies\": {\"a\": 5}}", "/dependencies/a", INVALID),
                row("{" + D2019 + "\"$recursiveAnchor\": \"yes\"}", "/$recursiveAnchor", INVALID),
                row("{" + D2019 + "\"dependentSchemas\": {\"a\": []}}", "/dependentSchemas/a", INVALID));
    }

    private static Arguments row(String schema, String pointer, String code) {
        return Arguments.of(schema, pointer, "wow-compat.schema." + code);
    }

    @ParameterizedTest
    @MethodSource("invalidSchemas")
    void refusedAloneWithThePointerOfWhatIsWrong(String schema, String pointer, String code) throws Exception {
        List<InputProblem> problems = StandaloneSchema.problems(JSON.readTree(schema), "s.json");
        assertEquals(List.of(code + " " + pointer), problems.stream().map(p -> p.code() + " " + p.pointer()).toList(),
                () -> problems.stream().map(InputProblem::line).toList().toString());
        JsonInputTest.assertReadable(problems.get(0));
        assertEquals("s.json", problems.get(0).source());
    }

    @ParameterizedTest
    @MethodSource("invalidSchemas")
    void refusedInsideAManifestAtTheSamePlace(String schema, String pointer, String code) {
        String manifest = """
                {"manifest": 1, "service": "bank-service", "version": "1.0.0", "contexts": {"bank": {"aggregates": {
                  "account": {"commands": {"Deposit": {"schema": %s}}}}}}}""".formatted(schema);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new ManifestReader().read(manifest.getBytes(StandardCharsets.UTF_8), "m.json"));
        assertEquals(List.of(code + " " + DEPOSIT + pointer), e.problems().stream().map(p -> p.code() + " " + p.pointer()).toList());
    }

    /**
     * A reader sharing a pool skips the checks of fingerprints the pool holds; those come only from Manifests that
     * passed, so an invalid schema is refused however often it is read, and the same schema twice in one Manifest
     * is refused at its first place.
     */
    @org.junit.jupiter.api.Test
    void checksSkippedForPooledSchemasNeverLetAnInvalidOneThrough() throws Exception {
        ManifestReader reader = new ManifestReader().sharing(new SchemaPool());
        String valid = "{\"type\": \"object\"}";
        String invalid = "{\"type\": \"int\"}";
        String both = """
                {"manifest": 1, "service": "bank-service", "version": "1.0.0", "contexts": {"bank": {"aggregates": {
                  "account": {"commands": {"A": {"schema": %s}, "B": {"schema": %s}, "C": {"schema": %s}}}}}}}""";
        reader.read(both.formatted(valid, valid, valid).getBytes(StandardCharsets.UTF_8), "ok.json");
        for (int i = 0; i < 2; i++) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> reader.read(both.formatted(valid, invalid, invalid).getBytes(StandardCharsets.UTF_8), "bad.json"));
            assertEquals(List.of("/contexts/bank/aggregates/account/commands/B/schema/type"),
                    e.problems().stream().map(InputProblem::pointer).toList());
        }
    }

    /** Legal schemas that look a little like the mistakes above: none of them is refused. */
    @ParameterizedTest
    @ValueSource(strings = {
            "{\"properties\": {\"requried\": {\"type\": \"string\"}, \"ref\": {\"const\": {\"typo\": \"requried\"}}}}",
            "{\"type\": \"string\", \"example\": \"OpenAPI's singular example\", \"nullable\": true, \"x-custom-thing\": 1}",
            "{\"enum\": [], \"required\": [], \"properties\": {\"a\": true}}",
            "{\"pattern\": \"^[A-Z]{3}(?:-\\\\d+)?$\", \"patternProperties\": {\"^x-\": {}}}",
            "{" + D4 + "\"id\": \"urn:x\", \"definitions\": {\"m\": {\"id\": \"#money\", \"type\": \"number\"}},"
                    + " \"properties\": {\"a\": {\"$ref\": \"#money\"}, \"b\": {\"$ref\": \"#/definitions/m\"}},"
                    + " \"minimum\": 0, \"exclusiveMinimum\": true}",
            "{" + D6 + "\"$id\": \"urn:y\", \"exclusiveMinimum\": 0, \"propertyNames\": {\"maxLength\": 3}, \"contains\": {}}",
            "{" + D7 + "\"items\": [{\"type\": \"string\"}], \"additionalItems\": false, \"dependencies\": {\"a\": [\"b\"], \"c\": {}}}",
            "{" + D2019 + "\"$recursiveAnchor\": true, \"items\": {\"$recursiveRef\": \"#\"}, \"unevaluatedProperties\": false}"})
    void legalSchemasPass(String schema) throws Exception {
        assertEquals(List.of(), StandaloneSchema.problems(JSON.readTree(schema), "ok.json").stream().map(InputProblem::line).toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {"requried", "Required", "maxlength", "ref", "tpye", "itmes", "x-wow-writen", "defaults"})
    void nearMissesOfKeywordsAreSuggestedTheRightKeyword(String key) {
        assertTrue(KeywordSpelling.suggestion(key).isPresent(), key);
    }

    @ParameterizedTest
    @ValueSource(strings = {"nullable", "example", "x-foo", "discriminator", "myCustomAnnotation", "units", "required", "$comment"})
    void otherKeysAreLeftAlone(String key) {
        assertEquals(java.util.Optional.empty(), KeywordSpelling.suggestion(key), key);
    }

    @org.junit.jupiter.api.Test
    void theSuggestionIsTheClosestKeyword() {
        assertEquals("required", KeywordSpelling.suggestion("requried").orElseThrow());
        assertEquals("maxLength", KeywordSpelling.suggestion("maxlength").orElseThrow());
        assertEquals("$ref", KeywordSpelling.suggestion("ref").orElseThrow());
        assertEquals("x-wow-written", KeywordSpelling.suggestion("x-wow-writen").orElseThrow());
        assertEquals(1, Spelling.distance("requried", "required"), "a swap of neighbours is one edit");
        assertEquals(2, Spelling.distance("rquird", "required"));
    }
}
