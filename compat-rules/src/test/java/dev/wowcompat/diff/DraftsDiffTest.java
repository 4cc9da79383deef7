package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.additive;
import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertNone;
import static dev.wowcompat.diff.Diffs.assertRules;
import static dev.wowcompat.diff.Diffs.structural;

import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Each draft read with its own semantics, and schemas compared across drafts by meaning, not spelling. */
class DraftsDiffTest {
    static final String D04 = "'$schema': 'http://json-schema.org/draft-04/schema#'";
    static final String D06 = "'$schema': 'http://json-schema.org/draft-06/schema#'";
    static final String D07 = "'$schema': 'http://json-schema.org/draft-07/schema#'";
    static final String D2019 = "'$schema': 'https://json-schema.org/draft/2019-09/schema'";
    static final String D2020 = "'$schema': 'https://json-schema.org/draft/2020-12/schema'";

    /** Both ways, in both modes: the two spellings mean the same, so nothing is reported. */
    static void sameMeaning(String a, String b) {
        assertNone(structural(a, b));
        assertNone(structural(b, a));
        assertNone(additive(a, b));
        assertNone(additive(b, a));
    }

    @Nested
    class ExclusiveBounds {
        @Test
        void draft04BooleanExclusiveMinimumEqualsTheNumericSpelling() {
            sameMeaning("{" + D04 + ", 'type': 'number', 'minimum': 10, 'exclusiveMinimum': true}",
                    "{" + D2020 + ", 'type': 'number', 'exclusiveMinimum': 10}");
            sameMeaning("{" + D04 + ", 'type': 'number', 'maximum': 10, 'exclusiveMaximum': true}",
                    "{" + D06 + ", 'type': 'number', 'exclusiveMaximum': 10}");
        }

        @Test
        void droppingDraft04ExclusivenessLoosens() {
            List<Finding> f = structural("{" + D04 + ", 'minimum': 10, 'exclusiveMinimum': true}", "{" + D04 + ", 'minimum': 10}");
            assertRules(f, Rule.CONSTRAINT_LOOSENED);
            assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/minimum", Readers.OLD_READERS);
        }

        @Test
        void anExclusiveBoundAcrossDraftsThatMovesIsJudged() {
            List<Finding> f = structural("{" + D04 + ", 'maximum': 10, 'exclusiveMaximum': true}", "{" + D2020 + ", 'exclusiveMaximum': 5}");
            assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/exclusiveMaximum", Readers.NEW_READERS);
        }
    }

    @Nested
    class Identifiers {
        @Test
        void draft04IdAnchorEqualsA2020Anchor() {
            sameMeaning("{" + D04 + ", 'properties': {'a': {'$ref': '#addr'}}, 'definitions': {'x': {'id': '#addr', 'type': 'string'}}}",
                    "{" + D2020 + ", 'properties': {'a': {'$ref': '#addr'}}, '$defs': {'x': {'$anchor': 'addr', 'type': 'string'}}}");
        }

        @Test
        void draft07FragmentIdIsAnAnchor() {
            String before = "{" + D07 + ", 'properties': {'a': {'$ref': '#addr'}}, 'definitions': {'x': {'$id': '#addr', 'maxLength': 5}}}";
            assertFinding(structural(before, before.replace("5", "3")), Rule.CONSTRAINT_TIGHTENED, "/definitions/x/maxLength", Readers.NEW_READERS);
        }

        @Test
        void idIsNoKeywordAfterDraft04() {
            // In draft-07 'id' names nothing, so '#addr' resolves to nothing: the diff refuses rather than guess.
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> structural(
                    "{" + D07 + ", 'properties': {'a': {'$ref': '#addr'}}, 'definitions': {'x': {'id': '#addr'}}}",
                    "{" + D07 + ", 'properties': {'a': {'$ref': '#addr'}}, 'definitions': {'x': {'id': '#addr', 'type': 'string'}}}"));
        }
    }

    @Test
    void onlyTheRootsSchemaKeywordDecides() {
        // A draft-04 $schema inside a 2020-12 document changes nothing: 'const' still counts there.
        assertFinding(structural("{'properties': {'a': {" + D04 + ", 'type': 'string'}}}",
                "{'properties': {'a': {" + D04 + ", 'type': 'string', 'const': 'x'}}}"), Rule.CONSTRAINT_TIGHTENED, "/properties/a/const", Readers.NEW_READERS);
    }

    @Test
    void referencesInsideAnEmbeddedResourceResolveAgainstIt() {
        String before = "{'properties': {'x': {'$ref': '#/$defs/inner'}}, '$defs': {'inner': {'$id': 'https://example.com/inner',"
                + " 'properties': {'a': {'$ref': '#/$defs/b'}}, '$defs': {'b': {'type': 'string', 'maxLength': 5}}}}}";
        assertFinding(structural(before, before.replace("'maxLength': 5", "'maxLength': 3")), Rule.CONSTRAINT_TIGHTENED,
                "/$defs/inner/$defs/b/maxLength", Readers.NEW_READERS);
    }

    @Nested
    class Definitions {
        @Test
        void definitionsMovedToDefsAcrossDraftsIsNoChange() {
            sameMeaning("{" + D04 + ", 'properties': {'a': {'$ref': '#/definitions/A'}}, 'definitions': {'A': {'type': 'integer'}}}",
                    "{" + D2020 + ", 'properties': {'a': {'$ref': '#/$defs/A'}}, '$defs': {'A': {'type': 'integer'}}}");
        }
    }

    @Nested
    class Dependencies {
        @Test
        void arrayDependenciesEqualDependentRequired() {
            sameMeaning("{" + D07 + ", 'dependencies': {'card': ['billing']}}", "{" + D2020 + ", 'dependentRequired': {'card': ['billing']}}");
        }

        @Test
        void schemaDependenciesEqualDependentSchemas() {
            sameMeaning("{" + D04 + ", 'dependencies': {'card': {'required': ['billing']}}}",
                    "{" + D2019 + ", 'dependentSchemas': {'card': {'required': ['billing']}}}");
        }

        @Test
        void aDependencyGainedAcrossDraftsTightens() {
            List<Finding> f = structural("{" + D07 + ", 'dependencies': {'card': ['billing']}}",
                    "{" + D2020 + ", 'dependentRequired': {'card': ['billing', 'zip']}}");
            assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/dependentRequired/card", Readers.NEW_READERS);
        }

        @Test
        void dependentRequiredMeansNothingInDraft07() {
            assertNone(structural("{" + D07 + "}", "{" + D07 + ", 'dependentRequired': {'card': ['billing']}}"));
        }
    }

    @Nested
    class Tuples {
        static final String TUPLE_07 = "{" + D07 + ", 'type': 'array', 'items': [{'type': 'string'}, {'type': 'integer'}], 'additionalItems': false}";
        static final String TUPLE_2019 = "{" + D2019 + ", 'type': 'array', 'items': [{'type': 'string'}, {'type': 'integer'}], 'additionalItems': false}";
        static final String TUPLE_2020 = "{" + D2020 + ", 'type': 'array', 'prefixItems': [{'type': 'string'}, {'type': 'integer'}], 'items': false}";

        @Test
        void arrayItemsWithAdditionalItemsEqualPrefixItemsWithItems() {
            sameMeaning(TUPLE_07, TUPLE_2020);
            sameMeaning(TUPLE_2019, TUPLE_2020);
            sameMeaning(TUPLE_07.replace("false", "{'type': 'boolean'}"), TUPLE_2020.replace("false", "{'type': 'boolean'}"));
        }

        @Test
        void aPositionChangedAcrossDraftsIsFoundAtItsPlace() {
            List<Finding> f = structural(TUPLE_07, TUPLE_2020.replace("'integer'", "'number'"));
            assertRules(f, Rule.FIELD_TYPE_CHANGED);
            assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/prefixItems/1/type", Readers.OLD_READERS);
        }

        @Test
        void openingTheTupleAcrossDraftsLoosens() {
            List<Finding> f = structural(TUPLE_07, TUPLE_2020.replace(", 'items': false", ""));
            assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/items", Readers.OLD_READERS);
        }

        @Test
        void prefixItemsMeanNothingBefore2020() {
            assertNone(structural("{" + D2019 + ", 'prefixItems': [{'type': 'string'}]}", "{" + D2019 + ", 'prefixItems': [{'type': 'integer'}]}"));
        }

        @Test
        void draft07ItemsAsOneSchemaAppliesToEveryItemAndAdditionalItemsIsIgnored() {
            assertNone(structural("{" + D07 + ", 'items': {'type': 'string'}, 'additionalItems': {'type': 'string'}}",
                    "{" + D07 + ", 'items': {'type': 'string'}, 'additionalItems': {'type': 'integer'}}"));
        }
    }

    @Nested
    class Recursion {
        static final String TREE_2019 = "{" + D2019 + ", '$recursiveAnchor': true, 'type': 'object',"
                + " 'properties': {'name': {'type': 'string', 'maxLength': 10}, 'children': {'type': 'array', 'items': {'$recursiveRef': '#'}}}}";
        static final String TREE_2020 = "{" + D2020 + ", '$dynamicAnchor': 'node', 'type': 'object',"
                + " 'properties': {'name': {'type': 'string', 'maxLength': 10}, 'children': {'type': 'array', 'items': {'$dynamicRef': '#node'}}}}";

        @Test
        @Timeout(5)
        void recursiveRefIsFollowedToTheRoot() {
            List<Finding> f = structural(TREE_2019, TREE_2019.replace("'maxLength': 10", "'maxLength': 5"));
            assertRules(f, Rule.CONSTRAINT_TIGHTENED);
            assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/properties/name/maxLength", Readers.NEW_READERS);
        }

        @Test
        @Timeout(5)
        void recursiveRefEqualsDynamicRefAcrossDrafts() {
            sameMeaning(TREE_2019, TREE_2020);
        }

        @Test
        @Timeout(5)
        void aChangeOnlyReachedThroughTheRecursionIsFound() {
            String before = "{" + D2019 + ", '$recursiveAnchor': true, 'type': 'object', 'properties': {'kids': {'items': {'$recursiveRef': '#'}}}}";
            String after = "{" + D2019 + ", '$recursiveAnchor': true, 'type': 'object', 'properties': {'kids': {'items': {'$recursiveRef': '#', 'maxProperties': 3}}}}";
            assertFinding(structural(before, after), Rule.CONSTRAINT_TIGHTENED, "/properties/kids/items/maxProperties", Readers.NEW_READERS);
        }
    }

    @Nested
    class KeywordsADraftDoesNotHave {
        @Test
        void constIsNoKeywordInDraft04() {
            assertNone(structural("{" + D04 + ", 'type': 'string'}", "{" + D04 + ", 'type': 'string', 'const': 'a'}"));
            assertFinding(structural("{" + D06 + ", 'type': 'string'}", "{" + D06 + ", 'type': 'string', 'const': 'a'}"),
                    Rule.CONSTRAINT_TIGHTENED, "/const", Readers.NEW_READERS);
        }

        @Test
        void theSameTextInAnotherDraftCanMeanMore() {
            // Draft-04 ignores 'contains': moving the same text to draft-06 adds the constraint.
            String text = "'type': 'array', 'contains': {'type': 'string'}}";
            assertFinding(structural("{" + D04 + ", " + text, "{" + D06 + ", " + text), Rule.CONSTRAINT_TIGHTENED, "/contains", Readers.NEW_READERS);
        }

        @Test
        void ifIsNoKeywordBeforeDraft07() {
            assertNone(structural("{" + D06 + "}", "{" + D06 + ", 'if': {'required': ['a']}, 'then': {'required': ['b']}}"));
        }

        @Test
        void unevaluatedPropertiesIsNoKeywordInDraft07() {
            assertNone(structural("{" + D07 + ", 'properties': {'a': {}}}", "{" + D07 + ", 'properties': {'a': {}}, 'unevaluatedProperties': false}"));
        }
    }

    @Nested
    class Annotations {
        @Test
        void formatValidatesInDraft07() {
            assertFinding(structural("{" + D07 + ", 'type': 'string'}", "{" + D07 + ", 'type': 'string', 'format': 'email'}"),
                    Rule.CONSTRAINT_TIGHTENED, "/format", Readers.NEW_READERS);
            assertFinding(structural("{" + D04 + ", 'type': 'string', 'format': 'email'}", "{" + D04 + ", 'type': 'string'}"),
                    Rule.CONSTRAINT_LOOSENED, "/format", Readers.OLD_READERS);
            assertFinding(structural("{" + D07 + ", 'type': 'string', 'format': 'email'}", "{" + D07 + ", 'type': 'string', 'format': 'uri'}"),
                    Rule.CONSTRAINT_TIGHTENED, "/format", Readers.BOTH);
        }

        @Test
        void formatIsAnAnnotationFrom2019() {
            assertNone(structural("{" + D2020 + ", 'type': 'string'}", "{" + D2020 + ", 'type': 'string', 'format': 'email'}"));
            assertNone(structural("{'type': 'string', 'format': 'email'}", "{'type': 'string', 'format': 'uri'}"));
            assertNone(structural("{" + D2019 + ", 'type': 'string', 'contentEncoding': 'base64'}", "{" + D2019 + ", 'type': 'string'}"));
        }

        @Test
        void contentKeywordsValidateInDraft07Only() {
            assertFinding(structural("{" + D07 + ", 'type': 'string', 'contentEncoding': 'base64'}", "{" + D07 + ", 'type': 'string'}"),
                    Rule.CONSTRAINT_LOOSENED, "/contentEncoding", Readers.OLD_READERS);
            assertNone(structural("{" + D06 + ", 'type': 'string', 'contentEncoding': 'base64'}", "{" + D06 + ", 'type': 'string'}"));
        }

        @Test
        void theSameFormatAcrossDraftsIsNoChange() {
            sameMeaning("{" + D07 + ", 'type': 'string', 'format': 'date-time'}", "{" + D2020 + ", 'type': 'string', 'format': 'date-time'}");
        }

        @Test
        void additiveCallsAnyFormatChangeAMeaningChange() {
            assertFinding(additive("{" + D2020 + ", 'type': 'string'}", "{" + D2020 + ", 'type': 'string', 'format': 'email'}"),
                    Rule.MEANING_CHANGED, "/format", Readers.BOTH);
        }
    }
}
