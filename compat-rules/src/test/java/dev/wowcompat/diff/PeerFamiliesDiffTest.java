package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.additive;
import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertNone;
import static dev.wowcompat.diff.Diffs.breaks;
import static dev.wowcompat.diff.Diffs.structural;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The families where other registries' suites disagreed with us, each judged by the general mechanism: which
 * documents each schema accepts. Under the plain levels the verdict is whom the change breaks: NEW_READERS fails
 * BACKWARD, OLD_READERS fails FORWARD.
 */
class PeerFamiliesDiffTest {
    static final String D07 = "'$schema': 'http://json-schema.org/draft-07/schema#', ";

    static void assertBreaks(Readers expected, String before, String after) {
        List<Finding> f = structural(before, after);
        assertEquals(expected, breaks(f), () -> "whom it breaks:\n" + Diffs.show(f));
    }

    @Nested
    class BranchGainsOptionalProperties {
        @Test
        void anOpenOneOfBranchThatGainsAnOptionalPropertyBreaksNoReader() {
            assertNone(structural(
                    "{'oneOf': [{'type': 'object', 'properties': {'a': {'type': 'string'}}, 'required': ['a']}, {'type': 'string'}]}",
                    "{'oneOf': [{'type': 'object', 'properties': {'a': {'type': 'string'}, 'b': {'type': 'integer'}}, 'required': ['a']}, {'type': 'string'}]}"));
        }

        @Test
        void theSameInAnyOfNestedInAPropertyAndWithBranchesReordered() {
            assertNone(structural(
                    "{'properties': {'x': {'anyOf': [{'type': 'null'}, {'type': 'object', 'properties': {'a': {}}}]}}}",
                    "{'properties': {'x': {'anyOf': [{'type': 'object', 'properties': {'a': {}, 'b': {'type': 'string'}}}, {'type': 'null'}]}}}"));
        }

        @Test
        void aBranchAddedInFrontDoesNotTakeThePlaceOfTheOneThatChanged() {
            List<Finding> f = structural("{'anyOf': [{'type': 'object', 'properties': {'a': {}}}]}",
                    "{'anyOf': [{'type': 'string'}, {'type': 'object', 'properties': {'a': {}, 'b': {'type': 'integer'}}}]}");
            assertEquals(Readers.OLD_READERS, breaks(f), () -> Diffs.show(f));
            assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/anyOf/0", Readers.OLD_READERS);
        }

        @Test
        void aClosedBranchThatGainsOneBreaksOldReaders() {
            List<Finding> f = structural(
                    "{'anyOf': [{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': false}, {'type': 'string'}]}",
                    "{'anyOf': [{'type': 'object', 'properties': {'a': {}, 'b': {}}, 'additionalProperties': false}, {'type': 'string'}]}");
            assertFinding(f, Rule.CLOSED_CONTENT_MODEL, "/anyOf/0/properties/b", Readers.OLD_READERS, dev.wowcompat.rules.Severity.BREAKING);
        }

        @Test
        void additiveAsksTheBranchForADefaultLikeAnyNewField() {
            List<Finding> f = additive("{'oneOf': [{'type': 'object', 'properties': {'a': {}}}, {'type': 'string'}]}",
                    "{'oneOf': [{'type': 'object', 'properties': {'a': {}, 'b': {'type': 'integer'}}}, {'type': 'string'}]}");
            assertFinding(f, Rule.FIELD_DEFAULT_MISSING, "/oneOf/0/properties/b", Readers.NEW_READERS);
        }
    }

    /** Each row: the family, the old schema, the new one, and whom the change breaks. */
    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(delimiter = ';', value = {
            "between combinators; {'oneOf': [{'type': 'string'}]}; {'allOf': [{'type': 'string'}]}; NONE",
            "between combinators; {'allOf': [{'type': 'string'}]}; {'anyOf': [{'type': 'string'}]}; NONE",
            "between combinators; {'anyOf': [{'type': 'string'}, {'maxLength': 5}]}; {'allOf': [{'type': 'string'}, {'maxLength': 5}]}; NEW_READERS",
            "between combinators; {'allOf': [{'type': 'string'}, {'maxLength': 5}]}; {'anyOf': [{'type': 'string'}, {'maxLength': 5}]}; OLD_READERS",
            "between combinators; {'oneOf': [{'required': ['a']}, {'required': ['b']}]}; {'allOf': [{'required': ['a']}, {'required': ['b']}]}; NEW_READERS",
            "between combinators; {'allOf': [{'type': 'string', 'maxLength': 3}, {'type': 'string'}]}; {'anyOf': [{'type': 'string', 'maxLength': 3}, {'type': 'string'}]}; OLD_READERS",
            "between combinators; {'type': 'string'}; {'oneOf': [{'type': 'string'}]}; NONE",
            "between combinators; {'anyOf': [{'type': 'string'}]}; {'type': 'string'}; NONE",
            // a property added under an additionalProperties schema: judged against what that schema let through
            "partially open objects; {'type': 'object', 'properties': {'a': {}}, 'additionalProperties': {'type': 'string'}}; {'type': 'object', 'properties': {'a': {}, 'b': {'type': 'string'}}, 'additionalProperties': {'type': 'string'}}; NONE",
            "partially open objects; {'type': 'object', 'properties': {'a': {}}, 'additionalProperties': {'type': 'string'}}; {'type': 'object', 'properties': {'a': {}, 'b': {'type': 'integer'}}, 'additionalProperties': {'type': 'string'}}; BOTH",
            "partially open objects; {'type': 'object', 'additionalProperties': {'type': 'string'}}; {'type': 'object', 'properties': {'b': {'type': 'string', 'maxLength': 5}}, 'additionalProperties': {'type': 'string'}}; NEW_READERS",
            // the schema itself narrowed, widened, dropped, added, closed, opened
            "partially open objects; {'type': 'object', 'additionalProperties': {'type': ['string', 'number']}}; {'type': 'object', 'additionalProperties': {'type': 'string'}}; NEW_READERS",
            "partially open objects; {'type': 'object', 'additionalProperties': {'type': 'string'}}; {'type': 'object', 'additionalProperties': {'type': ['string', 'number']}}; OLD_READERS",
            "partially open objects; {'type': 'object', 'additionalProperties': {'type': 'string'}}; {'type': 'object'}; OLD_READERS",
            "partially open objects; {'type': 'object'}; {'type': 'object', 'additionalProperties': {'type': 'string'}}; NEW_READERS",
            "partially open objects; {'type': 'object', 'additionalProperties': false}; {'type': 'object', 'additionalProperties': {'type': 'string'}}; OLD_READERS",
            "partially open objects; {'type': 'object', 'additionalProperties': {'type': 'string'}}; {'type': 'object', 'additionalProperties': false}; NEW_READERS",
            // a property removed falls under the additionalProperties schema
            "partially open objects; {'type': 'object', 'properties': {'a': {'type': 'integer'}}, 'additionalProperties': {'type': 'string'}}; {'type': 'object', 'additionalProperties': {'type': 'string'}}; BOTH",
            "partially open objects; {'type': 'object', 'properties': {'a': {'type': 'string'}}, 'additionalProperties': {'type': 'string'}}; {'type': 'object', 'additionalProperties': {'type': 'string'}}; NONE",
            // unevaluatedProperties given as a schema reads the same way
            "partially open objects; {'type': 'object', 'properties': {'a': {}}, 'unevaluatedProperties': {'type': 'string'}}; {'type': 'object', 'properties': {'a': {}, 'b': {'type': 'integer'}}, 'unevaluatedProperties': {'type': 'string'}}; BOTH",
            "partially open objects; {'type': 'object', 'unevaluatedProperties': {'maxLength': 5}}; {'type': 'object', 'unevaluatedProperties': {'maxLength': 3}}; NEW_READERS",
            "additionalItems; {" + D07 + "'items': [{'type': 'string'}], 'additionalItems': false}; {" + D07 + "'items': [{'type': 'string'}]}; OLD_READERS",
            "additionalItems; {" + D07 + "'items': [{'type': 'string'}]}; {" + D07 + "'items': [{'type': 'string'}], 'additionalItems': false}; NEW_READERS",
            "additionalItems; {" + D07 + "'items': [{'type': 'string'}], 'additionalItems': {'type': 'string'}}; {" + D07 + "'items': [{'type': 'string'}], 'additionalItems': {'type': 'number'}}; BOTH",
            "additionalItems; {" + D07 + "'items': [{'type': 'string'}], 'additionalItems': {'type': 'string'}}; {" + D07 + "'items': [{'type': 'string'}]}; OLD_READERS",
            "additionalItems; {" + D07 + "'items': [{'type': 'string'}], 'additionalItems': {'type': 'string'}}; {" + D07 + "'items': [{'type': 'string'}, {'type': 'string'}], 'additionalItems': {'type': 'string'}}; NONE",
            "additionalItems; {" + D07 + "'items': [{'type': 'string'}], 'additionalItems': false}; {" + D07 + "'items': [{'type': 'string'}, {'type': 'string'}], 'additionalItems': false}; OLD_READERS",
            "required in composed schemas; {'allOf': [{'required': ['a', 'b']}, {'type': 'object'}]}; {'allOf': [{'required': ['b', 'a']}, {'type': 'object'}]}; NONE",
            "required in composed schemas; {'oneOf': [{'required': ['a', 'b']}, {'type': 'string'}]}; {'oneOf': [{'type': 'string'}, {'required': ['b', 'a']}]}; NONE",
            "required in composed schemas; {'anyOf': [{'required': ['a']}, {'type': 'string'}]}; {'anyOf': [{'required': ['a', 'b']}, {'type': 'string'}]}; NEW_READERS",
            "required in composed schemas; {'allOf': [{'required': ['a', 'b']}]}; {'allOf': [{'required': ['a']}]}; OLD_READERS",
            "required in composed schemas; {'type': 'object', 'required': ['a']}; {'type': 'object', 'allOf': [{'required': ['a']}]}; NONE",
            "required in composed schemas; {'type': 'object', 'allOf': [{'required': ['a']}]}; {'type': 'object', 'required': ['a']}; NONE",
            "required in composed schemas; {'type': 'object', 'required': ['a'], 'allOf': [{'required': ['b']}]}; {'type': 'object', 'required': ['b'], 'allOf': [{'required': ['a']}]}; NONE",
            "required in composed schemas; {'type': 'object', 'required': ['a'], 'allOf': [{'properties': {'b': {}}, 'required': ['b']}]}; {'type': 'object', 'allOf': [{'properties': {'b': {}}, 'required': ['a', 'b']}]}; NONE",
            "propertyNames; {'type': 'object'}; {'type': 'object', 'propertyNames': {'pattern': '^[a-z]+$'}}; NEW_READERS",
            "propertyNames; {'type': 'object', 'propertyNames': {'maxLength': 3}}; {'type': 'object'}; OLD_READERS",
            "propertyNames; {'type': 'object', 'propertyNames': {'maxLength': 5}}; {'type': 'object', 'propertyNames': {'maxLength': 3}}; NEW_READERS",
            "propertyNames; {'type': 'object', 'propertyNames': {'enum': ['a']}}; {'type': 'object', 'propertyNames': {'enum': ['a', 'b']}}; OLD_READERS",
            "propertyNames; {'type': 'object', 'propertyNames': {'maxLength': 5}}; {'type': 'object', 'propertyNames': {'maxLength': 5}, 'description': 'names'}; NONE",
            "string vs oneOf of strings; {'type': 'string'}; {'oneOf': [{'type': 'string'}]}; NONE",
            "string vs oneOf of strings; {'type': ['string', 'number']}; {'oneOf': [{'type': 'string'}, {'type': 'number'}]}; NONE",
            "string vs oneOf of strings; {'oneOf': [{'type': 'string'}, {'type': 'number'}]}; {'type': ['string', 'number']}; NONE",
            "string vs oneOf of strings; {'type': ['string', 'integer']}; {'anyOf': [{'type': 'string'}, {'type': 'integer', 'maximum': 3}]}; NEW_READERS",
            "string vs oneOf of strings; {'properties': {'v': {'anyOf': [{'type': 'string'}, {'type': 'null'}]}}}; {'properties': {'v': {'type': ['string', 'null']}}}; NONE",
            "string vs oneOf of strings; {'oneOf': [{'type': 'string'}]}; {'type': 'string'}; NONE",
            "string vs oneOf of strings; {'type': 'string'}; {'oneOf': [{'type': 'string', 'enum': ['a']}, {'type': 'string', 'enum': ['b']}]}; NEW_READERS",
            "string vs oneOf of strings; {'oneOf': [{'type': 'string', 'enum': ['a']}, {'type': 'string', 'enum': ['b']}]}; {'type': 'string'}; OLD_READERS",
            "string vs oneOf of strings; {'type': 'string'}; {'oneOf': [{'type': 'string'}, {'type': 'number'}]}; OLD_READERS",
            "string vs oneOf of strings; {'oneOf': [{'type': 'string'}, {'type': 'number'}]}; {'type': 'string'}; NEW_READERS",
            "string vs oneOf of strings; {'type': 'string', 'maxLength': 10}; {'oneOf': [{'type': 'string', 'maxLength': 10}, {'type': 'null'}]}; OLD_READERS",
            "string vs oneOf of strings; {'properties': {'s': {'type': 'string'}}}; {'properties': {'s': {'anyOf': [{'type': 'string'}, {'type': 'string', 'format': 'email'}]}}}; NONE",
            // only the union of the two branches covers every string: not recognised, reported as tightening (decisions.md)
            "string vs oneOf of strings; {'type': 'string'}; {'oneOf': [{'type': 'string', 'maxLength': 3}, {'type': 'string', 'minLength': 4}]}; NEW_READERS",
    })
    void judgedByWhatEachSchemaAccepts(String family, String before, String after, Readers expected) {
        assertBreaks(expected, before, after);
    }
}
