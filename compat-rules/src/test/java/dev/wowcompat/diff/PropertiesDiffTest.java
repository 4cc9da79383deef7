package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.additive;
import static dev.wowcompat.diff.Diffs.againstPrevious;
import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertNone;
import static dev.wowcompat.diff.Diffs.assertRules;
import static dev.wowcompat.diff.Diffs.structural;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.diff.DiffContext.Role;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class PropertiesDiffTest {

    @Nested
    class Additive {
        @Test
        void removedPropertyBreaksOldReaders() {
            List<Finding> f = additive("{'properties': {'a': {'type': 'string'}, 'b': {'type': 'string'}}}",
                    "{'properties': {'a': {'type': 'string'}}}");
            assertRules(f, Rule.FIELD_REMOVED);
            assertFinding(f, Rule.FIELD_REMOVED, "/properties/b", Readers.OLD_READERS);
        }

        @Test
        void removedRequiredPropertyIsOneFinding() {
            List<Finding> f = additive("{'properties': {'a': {'type': 'string'}}, 'required': ['a']}", "{'properties': {}}");
            assertRules(f, Rule.FIELD_REMOVED);
            assertTrue(assertFinding(f, Rule.FIELD_REMOVED, "/properties/a", Readers.OLD_READERS).message().contains("required"));
        }

        @Test
        void removedFromAClosedObjectAlsoBreaksNewReaders() {
            List<Finding> f = additive("{'properties': {'a': {'type': 'string'}, 'b': {}}, 'additionalProperties': false}",
                    "{'properties': {'a': {'type': 'string'}}, 'additionalProperties': false}");
            assertFinding(f, Rule.FIELD_REMOVED, "/properties/b", Readers.BOTH);
        }

        @Test
        void renameIgnoresDocumentationDefaultAndStaging() {
            List<Finding> f = additive("{'properties': {'text': {'type': 'string', 'maxLength': 9, 'title': 'Text'}}}",
                    "{'properties': {'body': {'type': 'string', 'maxLength': 9, 'default': '', 'x-wow-written': false, 'x-note': 1}}}");
            assertRules(f, Rule.FIELD_RENAMED);
            assertFinding(f, Rule.FIELD_RENAMED, "/properties/text", Readers.BOTH);
        }

        @Test
        void eachPropertyPairsAtMostOnce() {
            List<Finding> f = additive("{'properties': {'a': {'type': 'string'}, 'b': {'type': 'string'}, 'n': {'type': 'integer'}}}",
                    "{'properties': {'c': {'type': 'string'}, 'd': {'type': 'string'}, 'e': {'type': 'string'}}}");
            assertTrue(assertFinding(f, Rule.FIELD_RENAMED, "/properties/a", Readers.BOTH).message().contains("'a' to 'c'"));
            assertTrue(assertFinding(f, Rule.FIELD_RENAMED, "/properties/b", Readers.BOTH).message().contains("'b' to 'd'"));
            assertFinding(f, Rule.FIELD_REMOVED, "/properties/n", Readers.OLD_READERS);
            assertFinding(f, Rule.FIELD_DEFAULT_MISSING, "/properties/e", Readers.NEW_READERS);
            assertRules(f, Rule.FIELD_RENAMED, Rule.FIELD_RENAMED, Rule.FIELD_REMOVED, Rule.FIELD_DEFAULT_MISSING);
        }

        @Test
        void aDifferentSchemaIsNoRename() {
            List<Finding> f = additive("{'properties': {'a': {'type': 'string'}}}", "{'properties': {'b': {'type': 'integer'}}}");
            assertRules(f, Rule.FIELD_REMOVED, Rule.FIELD_DEFAULT_MISSING);
        }

        @Test
        void addedPropertyWithDefaultBreaksNoOne() {
            assertNone(additive("{'properties': {}}", "{'properties': {'a': {'type': 'string', 'default': 'x'}}}"));
        }

        @Test
        void addedNullablePropertyNeedsNoDefault() {
            assertNone(additive("{'properties': {}}", "{'properties': {'a': {'type': ['string', 'null']}}}"));
            assertNone(additive("{'properties': {}}", "{'properties': {'a': {'anyOf': [{'type': 'string'}, {'type': 'null'}]}}}"));
            assertNone(additive("{'properties': {}}", "{'properties': {'a': {'enum': ['x', null]}}}"));
        }

        @Test
        void addedRequiredProperty() {
            List<Finding> f = additive("{'properties': {}}", "{'properties': {'a': {'type': 'string', 'default': ''}}, 'required': ['a']}");
            assertRules(f, Rule.FIELD_REQUIRED_ADDED);
            assertTrue(assertFinding(f, Rule.FIELD_REQUIRED_ADDED, "/properties/a", Readers.NEW_READERS).message().startsWith("new property 'a'"));
        }

        @Test
        void optionalBecomesRequired() {
            List<Finding> f = additive("{'properties': {'a': {'type': 'string'}}}", "{'properties': {'a': {'type': 'string'}}, 'required': ['a']}");
            assertRules(f, Rule.FIELD_REQUIRED_ADDED);
            assertFinding(f, Rule.FIELD_REQUIRED_ADDED, "/properties/a", Readers.NEW_READERS);
        }

        @Test
        void requiredNameWithoutPropertyPointsIntoRequired() {
            List<Finding> f = additive("{'required': ['a']}", "{'required': ['a', 'b']}");
            assertFinding(f, Rule.FIELD_REQUIRED_ADDED, "/required/1", Readers.NEW_READERS);
        }

        @Test
        void requiredBecomesOptional() {
            List<Finding> f = additive("{'properties': {'a': {'type': 'string'}}, 'required': ['a']}", "{'properties': {'a': {'type': 'string'}}}");
            assertRules(f, Rule.CONSTRAINT_LOOSENED);
            assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/properties/a", Readers.OLD_READERS);
        }

        @Test
        void addedToAClosedObjectIsABreakingClosedContentModel() {
            List<Finding> f = additive("{'properties': {'a': {}}, 'additionalProperties': false}",
                    "{'properties': {'a': {}, 'b': {'type': 'string', 'default': ''}}, 'additionalProperties': false}");
            assertRules(f, Rule.CLOSED_CONTENT_MODEL);
            assertFinding(f, Rule.CLOSED_CONTENT_MODEL, "/properties/b", Readers.OLD_READERS, Severity.BREAKING);
        }

        @Test
        void addedToAnObjectClosedByUnevaluatedPropertiesOfAnEnclosingSchema() {
            List<Finding> f = additive(
                    "{'allOf': [{'properties': {'a': {}}}], 'unevaluatedProperties': false, 'properties': {'a': {}}}",
                    "{'allOf': [{'properties': {'a': {}, 'b': {'default': 1}}}], 'unevaluatedProperties': false, 'properties': {'a': {}}}");
            assertFinding(f, Rule.CLOSED_CONTENT_MODEL, "/allOf/0/properties/b", Readers.OLD_READERS, Severity.BREAKING);
        }

        @Test
        void addedPropertyArrivingAsAClosedObjectIsAWarning() {
            List<Finding> f = additive("{'properties': {}}",
                    "{'properties': {'address': {'type': 'object', 'default': {}, 'additionalProperties': false}}}");
            assertRules(f, Rule.CLOSED_CONTENT_MODEL);
            assertFinding(f, Rule.CLOSED_CONTENT_MODEL, "/properties/address/additionalProperties", Readers.NONE, Severity.WARNING);
        }

        @Test
        void oldDataUnderAdditionalPropertiesIsComparedWithTheNewProperty() {
            List<Finding> f = additive("{'additionalProperties': {'type': 'integer'}}",
                    "{'properties': {'count': {'type': 'string', 'default': ''}}, 'additionalProperties': {'type': 'integer'}}");
            assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/properties/count/type", Readers.BOTH);
        }

        @Test
        void addedPropertiesAtAnyDepth() {
            List<Finding> f = additive("""
                    {'properties': {
                       'address': {'type': 'object', 'properties': {'street': {'type': 'string'}}},
                       'lines': {'type': 'array', 'items': {'type': 'object', 'properties': {'sku': {'type': 'string'}}}}}}""", """
                    {'properties': {
                       'address': {'type': 'object', 'properties': {'street': {'type': 'string'}, 'zip': {'type': 'string'}}},
                       'lines': {'type': 'array', 'items': {'type': 'object', 'properties': {'sku': {'type': 'string'}, 'qty': {'type': 'integer'}}}}}}""");
            assertRules(f, Rule.FIELD_DEFAULT_MISSING, Rule.FIELD_DEFAULT_MISSING);
            assertTrue(assertFinding(f, Rule.FIELD_DEFAULT_MISSING, "/properties/address/properties/zip", Readers.NEW_READERS)
                    .message().contains("'address.zip'"));
            assertTrue(assertFinding(f, Rule.FIELD_DEFAULT_MISSING, "/properties/lines/items/properties/qty", Readers.NEW_READERS)
                    .message().contains("'lines[].qty'"));
        }

        @Test
        void staging() {
            String before = "{'properties': {}}";
            String unstaged = "{'properties': {'a': {'type': 'string', 'default': ''}}}";
            String staged = "{'properties': {'a': {'type': 'string', 'default': '', 'x-wow-written': false}}}";
            assertFinding(againstPrevious(Role.EVENT, before, unstaged), Rule.WRITTEN_BEFORE_READ, "/properties/a", Readers.OLD_READERS, Severity.BREAKING);
            assertFinding(againstPrevious(Role.STATE, before, unstaged), Rule.WRITTEN_BEFORE_READ, "/properties/a", Readers.OLD_READERS, Severity.BREAKING);
            assertFinding(againstPrevious(Role.COMMAND, before, unstaged), Rule.COMMAND_FIELD_UNSTAGED, "/properties/a", Readers.OLD_READERS, Severity.WARNING);
            assertNone(againstPrevious(Role.PLAIN, before, unstaged));
            assertNone(againstPrevious(Role.EVENT, before, staged));
            assertNone(againstPrevious(Role.COMMAND, before, staged));
            // Against an older baseline than the previous release the staging rules do not apply.
            assertNone(additive(before, unstaged));
        }
    }

    @Nested
    class Structural {
        @Test
        void optionalPropertyAddedToOrRemovedFromAnOpenObjectIsCompatible() {
            assertNone(structural("{'type': 'object', 'properties': {'a': {}}}", "{'type': 'object', 'properties': {'a': {}, 'b': {'type': 'string'}}}"));
            assertNone(structural("{'type': 'object', 'properties': {'a': {}, 'b': {'type': 'string'}}}", "{'type': 'object', 'properties': {'a': {}}}"));
        }

        @Test
        void requiredPropertyAddedBreaksNewReaders() {
            List<Finding> f = structural("{'type': 'object'}", "{'type': 'object', 'properties': {'a': {}}, 'required': ['a']}");
            assertRules(f, Rule.FIELD_REQUIRED_ADDED);
            assertFinding(f, Rule.FIELD_REQUIRED_ADDED, "/properties/a", Readers.NEW_READERS);
        }

        @Test
        void requiredPropertyRemovedBreaksOldReaders() {
            List<Finding> f = structural("{'type': 'object', 'properties': {'a': {}}, 'required': ['a']}", "{'type': 'object'}");
            assertRules(f, Rule.CONSTRAINT_LOOSENED);
            assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/properties/a", Readers.OLD_READERS);
        }

        @Test
        void propertyAddedToAClosedObjectBreaksOldReaders() {
            List<Finding> f = structural("{'type': 'object', 'additionalProperties': false}",
                    "{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': false}");
            assertRules(f, Rule.CLOSED_CONTENT_MODEL);
            assertFinding(f, Rule.CLOSED_CONTENT_MODEL, "/properties/a", Readers.OLD_READERS, Severity.BREAKING);
        }

        @Test
        void propertyRemovedFromAClosedObjectBreaksNewReaders() {
            List<Finding> f = structural("{'type': 'object', 'properties': {'a': {}}, 'additionalProperties': false}",
                    "{'type': 'object', 'additionalProperties': false}");
            assertRules(f, Rule.FIELD_REMOVED);
            assertFinding(f, Rule.FIELD_REMOVED, "/properties/a", Readers.NEW_READERS);
        }

        @Test
        void propertyNowUnderAdditionalPropertiesIsComparedWithIt() {
            List<Finding> f = structural("{'type': 'object', 'properties': {'a': {'type': 'number'}}, 'additionalProperties': false}",
                    "{'type': 'object', 'additionalProperties': {'type': 'number', 'maximum': 42}}");
            assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/additionalProperties/maximum", Readers.NEW_READERS);
            assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/additionalProperties", Readers.OLD_READERS);
        }

        @Test
        void removedDependentSchemaIsNotAnOpenObject() {
            // The exception is for a property of an object schema, not for a whole schema that went away.
            List<Finding> f = structural("{'type': 'object', 'dependentSchemas': {'a': {'properties': {'b': {'type': 'string'}}}}}",
                    "{'type': 'object'}");
            assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/dependentSchemas/a/properties/b/type", Readers.OLD_READERS);
        }

        @Test
        void renamesAreARemovalAndAnAddition() {
            List<Finding> f = structural("{'type': 'object', 'properties': {'a': {'type': 'string'}}, 'required': ['a']}",
                    "{'type': 'object', 'properties': {'b': {'type': 'string'}}, 'required': ['b']}");
            assertRules(f, Rule.FIELD_REQUIRED_ADDED, Rule.CONSTRAINT_LOOSENED);
        }
    }
}
