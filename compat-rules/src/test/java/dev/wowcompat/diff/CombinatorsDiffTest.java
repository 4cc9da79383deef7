package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.additive;
import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertNone;
import static dev.wowcompat.diff.Diffs.assertRules;
import static dev.wowcompat.diff.Diffs.breaks;
import static dev.wowcompat.diff.Diffs.structural;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CombinatorsDiffTest {

    @ParameterizedTest
    @ValueSource(strings = {"allOf", "anyOf", "oneOf"})
    void branchesMatchByContentSoReorderingChangesNothing(String kw) {
        assertNone(structural("{'" + kw + "': [{'type': 'string'}, {'maxLength': 5}]}", "{'" + kw + "': [{'maxLength': 5}, {'type': 'string'}]}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"allOf", "anyOf", "oneOf"})
    void changedBranchesCompareByIndex(String kw) {
        List<Finding> f = structural("{'" + kw + "': [{'type': 'string'}, {'maxLength': 5}]}", "{'" + kw + "': [{'type': 'string'}, {'maxLength': 10}]}");
        assertRules(f, Rule.CONSTRAINT_LOOSENED);
        assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/" + kw + "/1/maxLength", Readers.OLD_READERS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"anyOf", "oneOf"})
    void alternativeAddedLoosensRemovedTightens(String kw) {
        String one = "{'" + kw + "': [{'type': 'string'}]}";
        String two = "{'" + kw + "': [{'type': 'string'}, {'type': 'integer'}]}";
        assertFinding(structural(one, two), Rule.CONSTRAINT_LOOSENED, "/" + kw + "/1", Readers.OLD_READERS);
        assertFinding(structural(two, one), Rule.CONSTRAINT_TIGHTENED, "/" + kw + "/1", Readers.NEW_READERS);
    }

    @Test
    void allOfBranchAddedTightensRemovedLoosens() {
        String one = "{'allOf': [{'type': 'string'}]}";
        String two = "{'allOf': [{'type': 'string'}, {'maxLength': 5}]}";
        assertFinding(structural(one, two), Rule.CONSTRAINT_TIGHTENED, "/allOf/1", Readers.NEW_READERS);
        assertFinding(structural(two, one), Rule.CONSTRAINT_LOOSENED, "/allOf/1", Readers.OLD_READERS);
    }

    @Test
    void anAlternativeThatAcceptsNothingNewIsNoLoosening() {
        assertNone(structural("{'anyOf': [{'type': 'string'}]}", "{'anyOf': [{'type': 'string'}, {'type': 'string', 'maxLength': 3}]}"));
    }

    @Test
    void allOfToAnyOfOverTheSameBranchesLoosens() {
        List<Finding> f = structural("{'type': 'number', 'allOf': [{'maximum': 100}, {'multipleOf': 6}]}",
                "{'type': 'number', 'anyOf': [{'maximum': 100}, {'multipleOf': 6}]}");
        assertEquals(Readers.OLD_READERS, breaks(f), Diffs.show(f));
    }

    @Test
    void oneOfToAnyOfLoosensAndBack() {
        String oneOf = "{'oneOf': [{'maximum': 100}, {'multipleOf': 6}]}";
        String anyOf = "{'anyOf': [{'maximum': 100}, {'multipleOf': 6}]}";
        List<Finding> loosened = structural(oneOf, anyOf);
        assertRules(loosened, Rule.CONSTRAINT_LOOSENED);
        assertFinding(loosened, Rule.CONSTRAINT_LOOSENED, "/anyOf", Readers.OLD_READERS);
        assertFinding(structural(anyOf, oneOf), Rule.CONSTRAINT_TIGHTENED, "/oneOf", Readers.NEW_READERS);
    }

    @Test
    void addedAnyOfThatTheOldSchemaImpliesOnlyLoosensByItsOtherBranches() {
        List<Finding> f = structural("{'type': 'string'}", "{'anyOf': [{'type': 'string'}, {'type': 'number'}]}");
        assertEquals(Readers.OLD_READERS, breaks(f), Diffs.show(f));
        List<Finding> narrowing = structural("{'type': 'string'}", "{'anyOf': [{'type': 'string', 'maxLength': 2}, {'type': 'number'}]}");
        assertFinding(narrowing, Rule.CONSTRAINT_TIGHTENED, "/anyOf", Readers.NEW_READERS);
    }

    @Test
    void notSwapsTheReaders() {
        List<Finding> f = structural("{'not': {'type': 'string', 'maxLength': 10}}", "{'not': {'type': 'string', 'maxLength': 5}}");
        assertRules(f, Rule.CONSTRAINT_LOOSENED);
        assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/not/maxLength", Readers.OLD_READERS);
        List<Finding> g = structural("{'not': {'type': 'string', 'minLength': 5, 'maxLength': 20}}", "{'not': {'type': 'string', 'minLength': 10, 'maxLength': 15}}");
        assertEquals(Readers.OLD_READERS, breaks(g));
        assertFinding(structural("{'not': {'enum': ['a']}}", "{'not': {'enum': ['a', 'b']}}"), Rule.ENUM_VALUE_ADDED, "/not/enum", Readers.NEW_READERS);
        List<Finding> doubled = structural("{'not': {'not': {'maximum': 5}}}", "{'not': {'not': {'maximum': 3}}}");
        assertFinding(doubled, Rule.CONSTRAINT_TIGHTENED, "/not/not/maximum", Readers.NEW_READERS);
    }

    @Test
    void notAddedTightensRemovedLoosens() {
        assertFinding(structural("{}", "{'not': {'type': 'null'}}"), Rule.CONSTRAINT_TIGHTENED, "/not", Readers.NEW_READERS);
        assertFinding(structural("{'not': {'type': 'null'}}", "{}"), Rule.CONSTRAINT_LOOSENED, "/not", Readers.OLD_READERS);
    }

    private static final String CONDITIONAL = """
            {'type': 'object', 'properties': {'case': {'enum': ['lower', 'upper']}, 'data': {'type': 'string'}},
             'if': {'properties': {'case': {'const': 'lower'}}},
             'then': {'properties': {'data': {'pattern': '^[a-z]*$'}}},
             'else': {'properties': {'data': {'pattern': '^[A-Z]*$'}}}}""";

    @Test
    void changedConditionBreaksBothSides() {
        List<Finding> f = structural(CONDITIONAL, CONDITIONAL.replace("'const': 'lower'", "'enum': ['lower', 'lowerCase']"));
        assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/if", Readers.BOTH);
    }

    @Test
    void thenAndElseCompareLikeSchemasInTheContextOfTheEnclosingOne() {
        // 'type': 'string' in 'then' repeats what the enclosing schema says about 'data': no new constraint.
        List<Finding> f = structural(CONDITIONAL, CONDITIONAL.replace("'pattern': '^[a-z]*$'", "'type': 'string'"));
        assertRules(f, Rule.CONSTRAINT_LOOSENED);
        assertFinding(f, Rule.CONSTRAINT_LOOSENED, "/then/properties/data/pattern", Readers.OLD_READERS);
        List<Finding> g = structural(CONDITIONAL, CONDITIONAL.replace("'pattern': '^[A-Z]*$'", "'maxLength': 3"));
        assertFinding(g, Rule.CONSTRAINT_TIGHTENED, "/else/properties/data/maxLength", Readers.NEW_READERS);
        assertFinding(g, Rule.CONSTRAINT_LOOSENED, "/else/properties/data/pattern", Readers.OLD_READERS);
    }

    @Test
    void conditionalAddedTightens() {
        List<Finding> f = structural("{'type': 'object'}", "{'type': 'object', 'if': {'required': ['a']}, 'then': {'required': ['b']}}");
        assertEquals(Readers.NEW_READERS, breaks(f), Diffs.show(f));
        assertNone(structural("{'then': {'required': ['b']}}", "{'then': {'required': ['c']}}"));
    }

    @Test
    void additivePolicyAppliesInsideMatchedBranches() {
        List<Finding> f = additive("{'oneOf': [{'properties': {'a': {}}}, {'properties': {'b': {}}}]}",
                "{'oneOf': [{'properties': {'a': {}}}, {'properties': {'b': {}, 'c': {'type': 'string'}}}]}");
        assertRules(f, Rule.FIELD_DEFAULT_MISSING);
        assertFinding(f, Rule.FIELD_DEFAULT_MISSING, "/oneOf/1/properties/c", Readers.NEW_READERS);
    }
}
