package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.additive;
import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertNone;
import static dev.wowcompat.diff.Diffs.assertRules;
import static dev.wowcompat.diff.Diffs.breaks;
import static dev.wowcompat.diff.Diffs.structural;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConstraintsDiffTest {

    /**
     * Limits, one keyword at a time: before; after; the pointer; whom it breaks. Both modes agree on these, so
     * each case runs under both.
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = ';', quoteCharacter = '"', value = {
            // strings
            "{'maxLength': 10}; {'maxLength': 5}; /maxLength; NEW_READERS",
            "{'maxLength': 5}; {'maxLength': 10}; /maxLength; OLD_READERS",
            "{}; {'maxLength': 5}; /maxLength; NEW_READERS",
            "{'maxLength': 5}; {}; /maxLength; OLD_READERS",
            "{'minLength': 1}; {'minLength': 2}; /minLength; NEW_READERS",
            "{'minLength': 2}; {}; /minLength; OLD_READERS",
            "{}; {'pattern': '^a'}; /pattern; NEW_READERS",
            "{'pattern': '^a'}; {}; /pattern; OLD_READERS",
            "{'pattern': '^a'}; {'pattern': '^[ab]'}; /pattern; BOTH",
            // numbers
            "{'minimum': 1}; {'minimum': 2}; /minimum; NEW_READERS",
            "{'minimum': 2}; {'minimum': 1}; /minimum; OLD_READERS",
            "{'maximum': 2}; {'maximum': 1}; /maximum; NEW_READERS",
            "{'maximum': 1}; {}; /maximum; OLD_READERS",
            "{'minimum': 10}; {'exclusiveMinimum': 10}; /exclusiveMinimum; NEW_READERS",
            "{'exclusiveMinimum': 10}; {'minimum': 10}; /minimum; OLD_READERS",
            "{'exclusiveMaximum': 5}; {'maximum': 10}; /maximum; OLD_READERS",
            "{'minimum': 10, 'exclusiveMinimum': true}; {'minimum': 10}; /minimum; OLD_READERS",
            "{'maximum': 10}; {'maximum': 10, 'exclusiveMaximum': true}; /maximum; NEW_READERS",
            // arrays
            "{'minItems': 1}; {'minItems': 3}; /minItems; NEW_READERS",
            "{'maxItems': 3}; {'maxItems': 4}; /maxItems; OLD_READERS",
            "{}; {'uniqueItems': true}; /uniqueItems; NEW_READERS",
            "{'uniqueItems': true}; {'uniqueItems': false}; /uniqueItems; OLD_READERS",
            "{'items': {'maximum': 5}}; {'items': {'maximum': 3}}; /items/maximum; NEW_READERS",
            "{'contains': {'minimum': 10}}; {'contains': {'minimum': 5}}; /contains/minimum; OLD_READERS",
            "{}; {'contains': {'type': 'string'}}; /contains; NEW_READERS",
            "{'contains': {}, 'minContains': 2}; {'contains': {}}; /minContains; OLD_READERS",
            "{'contains': {}}; {'contains': {}, 'maxContains': 3}; /maxContains; NEW_READERS",
            // objects
            "{'minProperties': 1}; {'minProperties': 2}; /minProperties; NEW_READERS",
            "{'maxProperties': 2}; {}; /maxProperties; OLD_READERS",
            "{'propertyNames': {'maxLength': 5}}; {'propertyNames': {'maxLength': 3}}; /propertyNames/maxLength; NEW_READERS",
            "{'dependentRequired': {'a': ['b']}}; {'dependentRequired': {'a': ['b', 'c']}}; /dependentRequired/a; NEW_READERS",
            "{'dependencies': {'a': ['b', 'c']}}; {'dependencies': {'a': ['b']}}; /dependencies/a; OLD_READERS",
            "{'dependentSchemas': {'a': {'required': ['b']}}}; {}; /dependentSchemas/a/required/0; OLD_READERS",
            "{'dependencies': {'a': {'maxProperties': 3}}}; {'dependentSchemas': {'a': {'maxProperties': 2}}}; /dependentSchemas/a/maxProperties; NEW_READERS",
            "{'patternProperties': {'^s_': {'type': 'string'}, '^i_': {'type': 'integer'}}}; {'patternProperties': {'^s_': {'type': 'string'}}}; /patternProperties/^i_/type; OLD_READERS",
            "{'patternProperties': {'^s_': {'maxLength': 3}}}; {'patternProperties': {'^s_': {'maxLength': 2}}}; /patternProperties/^s_/maxLength; NEW_READERS",
    })
    void limit(String before, String after, String pointer, Readers breaks) {
        for (boolean plainLevels : new boolean[] {false, true}) {
            List<Finding> f = plainLevels ? structural(before, after) : additive(before, after);
            assertEquals(1, f.size(), () -> Diffs.show(f));
            Rule rule = breaks == Readers.OLD_READERS ? Rule.CONSTRAINT_LOOSENED : Rule.CONSTRAINT_TIGHTENED;
            if (f.get(0).rule() == Rule.FIELD_REQUIRED_ADDED || f.get(0).rule() == Rule.FIELD_TYPE_CHANGED) rule = f.get(0).rule();
            assertFinding(f, rule, pointer, breaks);
        }
    }

    @Test
    void equalLimitsSpelledDifferentlyAreEqual() {
        assertNone(structural("{'maximum': 10, 'minLength': 0}", "{'maximum': 10.0}"));
        assertNone(structural("{'exclusiveMinimum': 10}", "{'minimum': 10, 'exclusiveMinimum': true}"));
        assertNone(structural("{'contains': {}, 'minContains': 1}", "{'contains': {}}"));
    }

    @Test
    void limitMessagesCarryTheValues() {
        Finding f = assertFinding(additive("{'properties': {'name': {'type': 'string', 'maxLength': 10}}}",
                "{'properties': {'name': {'type': 'string', 'maxLength': 5}}}"), Rule.CONSTRAINT_TIGHTENED, "/properties/name/maxLength", Readers.NEW_READERS);
        assertEquals("property 'name' changed maxLength from 10 to 5", f.message());
        assertTrue(f.fix().contains("maxLength 10") && f.fix().contains("'name'"), f.fix());
        Finding bound = assertFinding(structural("{'minimum': 10}", "{'exclusiveMinimum': 10}"), Rule.CONSTRAINT_TIGHTENED, "/exclusiveMinimum", Readers.NEW_READERS);
        assertEquals("the schema changed its lower bound from minimum 10 to exclusiveMinimum 10", bound.message());
    }

    @Nested
    class Tuples {
        @Test
        void draft07TupleItemsComparePositionByPosition() {
            List<Finding> f = structural("{'items': [{'type': 'number'}, {'type': 'string'}]}", "{'items': [{'type': 'string'}, {'type': 'string'}]}");
            assertRules(f, Rule.FIELD_TYPE_CHANGED);
            assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/items/0/type", Readers.BOTH);
        }

        @Test
        void draft07TuplePositionsBeyondTheOldTupleFollowAdditionalItems() {
            List<Finding> f = structural("{'items': [{'type': 'string'}], 'additionalItems': false}",
                    "{'items': [{'type': 'string'}, {'type': 'number'}], 'additionalItems': false}");
            assertRules(f, Rule.CONSTRAINT_LOOSENED);
            assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/items/1", Readers.OLD_READERS);
        }

        @Test
        void additionalItemsCompareLikeASchema() {
            List<Finding> f = structural("{'items': [{}], 'additionalItems': {'type': 'integer'}}", "{'items': [{}], 'additionalItems': {'type': 'number'}}");
            assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/additionalItems/type", Readers.OLD_READERS);
        }

        @Test
        void prefixItemsAndDraft07TuplesAreTheSameThing() {
            assertNone(structural("{'items': [{'type': 'string'}], 'additionalItems': {'type': 'number'}}",
                    "{'prefixItems': [{'type': 'string'}], 'items': {'type': 'number'}}"));
            List<Finding> f = structural("{'prefixItems': [{'type': 'string'}, {'type': 'number'}]}", "{'prefixItems': [{'type': 'string'}]}");
            // The keyword is gone from the new schema: the pointer is the old one's.
            assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/prefixItems/1/type", Readers.OLD_READERS);
        }

        @Test
        void tupleMessagesNameThePosition() {
            Finding f = assertFinding(additive("{'properties': {'pair': {'prefixItems': [{'type': 'string'}, {'type': 'integer'}]}}}",
                    "{'properties': {'pair': {'prefixItems': [{'type': 'string'}, {'type': 'number'}]}}}"),
                    Rule.FIELD_TYPE_CHANGED, "/properties/pair/prefixItems/1/type", Readers.OLD_READERS);
            assertEquals("item 1 of 'pair' changed type from integer to number", f.message());
        }
    }

    @Nested
    class ClosedObjects {
        @Test
        void closingAnOpenObjectUnderAdditive() {
            List<Finding> f = additive("{'type': 'object', 'properties': {'a': {}}}",
                    "{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': false}");
            assertRules(f, Rule.CLOSED_CONTENT_MODEL, Rule.CONSTRAINT_TIGHTENED);
            assertFinding(f, Rule.CLOSED_CONTENT_MODEL, "/additionalProperties", Readers.NONE, Severity.WARNING);
            assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/additionalProperties", Readers.NEW_READERS);
        }

        @Test
        void closingWithUnevaluatedProperties() {
            List<Finding> f = additive("{'type': 'object'}", "{'type': 'object', 'unevaluatedProperties': false}");
            assertFinding(f, Rule.CLOSED_CONTENT_MODEL, "/unevaluatedProperties", Readers.NONE, Severity.WARNING);
            assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/unevaluatedProperties", Readers.NEW_READERS);
        }

        @Test
        void closingUnderThePlainLevelsOnlyTightens() {
            List<Finding> f = structural("{'type': 'object'}", "{'type': 'object', 'additionalProperties': false}");
            assertRules(f, Rule.CONSTRAINT_TIGHTENED);
        }

        @Test
        void openingAClosedObjectLoosensAsAWarningUnderAdditive() {
            List<Finding> f = additive("{'type': 'object', 'additionalProperties': false}", "{'type': 'object'}");
            assertRules(f, Rule.CONSTRAINT_LOOSENED);
            assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/additionalProperties", Readers.OLD_READERS, Severity.WARNING);
            assertFinding(structural("{'type': 'object', 'additionalProperties': false}", "{'type': 'object', 'additionalProperties': {'type': 'string'}}"),
                    Rule.CONSTRAINT_LOOSENED, "/additionalProperties", Readers.OLD_READERS, Severity.BREAKING);
        }

        @Test
        void staysClosedIsNoFinding() {
            assertNone(additive("{'type': 'object', 'additionalProperties': false, 'title': 'a'}",
                    "{'type': 'object', 'additionalProperties': false, 'title': 'b'}"));
        }

        @Test
        void additionalPropertiesSchemasCompare() {
            assertEquals(Readers.OLD_READERS, breaks(structural("{'additionalProperties': {'minLength': 10}}", "{'additionalProperties': {'minLength': 5}}")));
            assertEquals(Readers.NEW_READERS, breaks(structural("{'additionalProperties': true}", "{'additionalProperties': {'type': 'string'}}")));
        }
    }
}
