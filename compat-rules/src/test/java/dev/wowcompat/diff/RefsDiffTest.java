package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.additive;
import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertNone;
import static dev.wowcompat.diff.Diffs.assertRules;
import static dev.wowcompat.diff.Diffs.structural;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RefsDiffTest {

    @Test
    void changeInsideADefinitionIsReportedOnceAtItsPlace() {
        String before = """
                {'properties': {'home': {'$ref': '#/$defs/Address'}, 'work': {'$ref': '#/$defs/Address'}},
                 '$defs': {'Address': {'type': 'object', 'properties': {'street': {'type': 'string', 'maxLength': 10}}}}}""";
        List<Finding> f = structural(before, before.replace("'maxLength': 10", "'maxLength': 5"));
        assertRules(f, Rule.CONSTRAINT_TIGHTENED);
        assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/$defs/Address/properties/street/maxLength", Readers.NEW_READERS);
    }

    @Test
    void draft07Definitions() {
        String before = "{'properties': {'a': {'$ref': '#/definitions/A'}}, 'definitions': {'A': {'type': 'integer'}}}";
        assertFinding(structural(before, before.replace("integer", "number")), Rule.FIELD_TYPE_CHANGED, "/definitions/A/type", Readers.OLD_READERS);
    }

    @Test
    @Timeout(5)
    void recursionThroughTheRootTerminates() {
        String before = "{'type': 'object', 'properties': {'name': {'type': 'string'}, 'children': {'type': 'array', 'items': {'$ref': '#'}}}}";
        List<Finding> f = structural(before, before.replace("'string'", "'integer'"));
        assertRules(f, Rule.FIELD_TYPE_CHANGED);
        assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/properties/name/type", Readers.BOTH);
    }

    @Test
    @Timeout(5)
    void mutualRecursionTerminates() {
        String before = """
                {'$ref': '#/$defs/A',
                 '$defs': {'A': {'properties': {'b': {'$ref': '#/$defs/B'}, 'n': {'maximum': 3}}},
                           'B': {'properties': {'a': {'$ref': '#/$defs/A'}, 'list': {'type': 'array', 'items': {'$ref': '#/$defs/B'}}}}}}""";
        List<Finding> f = additive(before, before.replace("'maximum': 3", "'maximum': 4"));
        assertRules(f, Rule.CONSTRAINT_LOOSENED);
        assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/$defs/A/properties/n/maximum", Readers.OLD_READERS);
    }

    @Test
    void escapedPointersResolve() {
        String before = """
                {'properties': {'a': {'$ref': '#/$defs/a~1b'}, 'c': {'$ref': '#/$defs/c~0d'}, 'e': {'$ref': '#/%24defs/e%20f'}},
                 '$defs': {'a/b': {'type': 'string'}, 'c~d': {'type': 'string'}, 'e f': {'type': 'string'}}}""";
        List<Finding> f = structural(before, before.replace("'string'", "'boolean'"));
        assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/$defs/a~1b/type", Readers.BOTH);
        assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/$defs/c~0d/type", Readers.BOTH);
        assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/$defs/e f/type", Readers.BOTH);
        assertEquals(3, f.size());
    }

    @Test
    void anchorsResolve() {
        String draft07 = "{'properties': {'a': {'$ref': '#Addr'}}, 'definitions': {'Addr': {'$id': '#Addr', 'minLength': 1}}}";
        assertFinding(structural(draft07, draft07.replace("'minLength': 1", "'minLength': 2")), Rule.CONSTRAINT_TIGHTENED,
                "/definitions/Addr/minLength", Readers.NEW_READERS);
        String current = "{'properties': {'a': {'$ref': '#addr'}}, '$defs': {'Addr': {'$anchor': 'addr', 'minLength': 1}}}";
        assertFinding(structural(current, current.replace("'minLength': 1", "'minLength': 2")), Rule.CONSTRAINT_TIGHTENED,
                "/$defs/Addr/minLength", Readers.NEW_READERS);
    }

    @Test
    void anchorsAreFoundUnderPropertiesNamedLikeDataKeywordsButNotInData() {
        String before = """
                {'properties': {'a': {'$ref': '#x'}, 'enum': {'properties': {'b': {'$anchor': 'x', 'maxLength': 3}}}},
                 'default': {'$anchor': 'y'}}""";
        assertFinding(structural(before, before.replace("'maxLength': 3", "'maxLength': 2")), Rule.CONSTRAINT_TIGHTENED,
                "/properties/enum/properties/b/maxLength", Readers.NEW_READERS);
        assertThrows(IllegalArgumentException.class, () -> structural("{'properties': {'a': {'$ref': '#y'}}, 'default': {'$anchor': 'y'}}", "{}"));
    }

    @Test
    void aReferenceToTheRootsOwnIdIsLocal() {
        String before = "{'$id': 'https://example.com/s.json', 'properties': {'a': {'$ref': 'https://example.com/s.json#/$defs/A'}}, '$defs': {'A': {'type': 'string'}}}";
        assertFinding(structural(before, before.replace("'string'", "'integer'")), Rule.FIELD_TYPE_CHANGED, "/$defs/A/type", Readers.BOTH);
    }

    @Test
    void remoteRefIsRefusedNotFetched() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> structural(
                "{'properties': {'a': {'$ref': 'https://example.com/a.json'}}}", "{'properties': {'a': {'$ref': 'https://example.com/b.json'}}}"));
        assertTrue(e.getMessage().contains("remote $ref 'https://example.com/a.json'") && e.getMessage().contains("not allowed"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> additive("{'$ref': 'other.json#/x'}", "{}"));
    }

    @Test
    void danglingAndCircularRefsAreRefused() {
        IllegalArgumentException dangling = assertThrows(IllegalArgumentException.class,
                () -> structural("{'properties': {'a': {'$ref': '#/$defs/Nope'}}}", "{}"));
        assertTrue(dangling.getMessage().contains("/properties/a"), dangling.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> structural("{'$ref': '#/$defs/A', '$defs': {'A': {'$ref': '#/$defs/B'}, 'B': {'$ref': '#/$defs/A'}}}", "{}"));
        assertThrows(IllegalArgumentException.class, () -> structural("{'properties': {'a': 5}}", "{}"));
    }

    @Test
    void changedTargetIsAMeaningChangeAndTheTargetsAreStillCompared() {
        String defs = "'$defs': {'Money': {'type': 'integer'}, 'Price': {'type': 'number'}}";
        List<Finding> f = additive("{'properties': {'amount': {'$ref': '#/$defs/Money'}}, " + defs + "}",
                "{'properties': {'amount': {'$ref': '#/$defs/Price'}}, " + defs + "}");
        Finding meaning = assertFinding(f, Rule.MEANING_CHANGED, "/properties/amount/$ref", Readers.BOTH);
        assertEquals("property 'amount' now refers to 'Price' instead of 'Money'", meaning.message());
        assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/$defs/Price/type", Readers.OLD_READERS);
        // The plain levels only see the shapes.
        assertRules(structural("{'properties': {'amount': {'$ref': '#/$defs/Money'}}, " + defs + "}",
                "{'properties': {'amount': {'$ref': '#/$defs/Price'}}, " + defs + "}"), Rule.FIELD_TYPE_CHANGED);
    }

    @Test
    void sameRefTextWithAnotherTargetIsCompared() {
        List<Finding> f = additive("{'properties': {'a': {'$ref': '#/$defs/A'}}, '$defs': {'A': {'type': 'string'}}}",
                "{'properties': {'a': {'$ref': '#/$defs/A'}}, '$defs': {'A': {'type': 'integer'}}}");
        assertRules(f, Rule.FIELD_TYPE_CHANGED);
    }

    @Test
    void inliningOrMovingADefinitionChangesNothing() {
        assertNone(additive("{'properties': {'a': {'$ref': '#/definitions/A'}}, 'definitions': {'A': {'type': 'string'}}}",
                "{'properties': {'a': {'type': 'string'}}}"));
        assertNone(additive("{'properties': {'a': {'$ref': '#/definitions/A'}}, 'definitions': {'A': {'type': 'string'}}}",
                "{'properties': {'a': {'$ref': '#/$defs/A'}}, '$defs': {'A': {'type': 'string'}}}"));
    }

    @Test
    void keywordsBesideARefApplyToo() {
        String defs = "'$defs': {'Id': {'type': 'string', 'maxLength': 8}}";
        List<Finding> f = additive("{'properties': {'id': {'$ref': '#/$defs/Id', 'default': ''}}, " + defs + "}",
                "{'properties': {'id': {'$ref': '#/$defs/Id', 'default': 'x'}}, " + defs + "}");
        assertRules(f, Rule.MEANING_CHANGED);
        assertFinding(f, Rule.MEANING_CHANGED, "/properties/id/default", Readers.BOTH);
        // A keyword on both sides of the $ref: both hold, so narrowing the target still counts.
        List<Finding> both = structural("{'properties': {'id': {'$ref': '#/$defs/Id', 'maxLength': 6}}, " + defs + "}",
                "{'properties': {'id': {'$ref': '#/$defs/Id', 'maxLength': 6}}, " + defs.replace("'maxLength': 8", "'maxLength': 4") + "}");
        assertFinding(both, Rule.CONSTRAINT_TIGHTENED, "/$defs/Id/maxLength", Readers.NEW_READERS);
    }

    @Test
    void stagedPropertyByReference() {
        String defs = "'$defs': {'Id': {'type': ['string', 'null']}}";
        assertNone(Diffs.againstPrevious(DiffContext.Role.EVENT, "{'properties': {}, " + defs + "}",
                "{'properties': {'id': {'$ref': '#/$defs/Id', 'x-wow-written': false}}, " + defs + "}"));
    }
}
