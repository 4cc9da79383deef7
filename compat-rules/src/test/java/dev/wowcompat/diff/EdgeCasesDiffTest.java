package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.additive;
import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertNone;
import static dev.wowcompat.diff.Diffs.json;
import static dev.wowcompat.diff.Diffs.structural;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.List;
import org.junit.jupiter.api.Test;

class EdgeCasesDiffTest {

    @Test
    void pointersEscapeSlashAndTilde() {
        List<Finding> f = additive("{'properties': {'a/b': {'type': 'string'}, 'c~d': {'type': 'string'}}}",
                "{'properties': {'a/b': {'type': 'integer'}}}");
        assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/properties/a~1b/type", Readers.BOTH);
        assertFinding(f, Rule.FIELD_REMOVED, "/properties/c~0d", Readers.OLD_READERS);
    }

    @Test
    void keyOrderWhitespaceAndNumberSpellingChangeNothing() {
        assertNone(additive("{'type': 'object', 'properties': {'a': {'maximum': 1, 'type': 'number'}}, 'required': []}",
                "{'required': [], 'properties': {'a': {'type': 'number', 'maximum': 1.00}}, 'type': 'object'}"));
    }

    @Test
    void compareIsPureAndRepeatable() {
        String before = "{'properties': {'a': {'$ref': '#/$defs/A'}}, '$defs': {'A': {'maxLength': 3}}}";
        String after = "{'properties': {'a': {'$ref': '#/$defs/A'}}, '$defs': {'A': {'maxLength': 2}}}";
        List<Finding> first = additive(before, after);
        assertEquals(first, additive(before, after));
        assertEquals(1, first.size());
        assertEquals(json(before), json("{'properties': {'a': {'$ref': '#/$defs/A'}}, '$defs': {'A': {'maxLength': 3}}}"), "inputs untouched");
    }

    @Test
    void unevaluatedItemsAndProperties() {
        assertFinding(structural("{'prefixItems': [{}], 'unevaluatedItems': false}", "{'prefixItems': [{}]}"),
                Rule.CONSTRAINT_LOOSENED, "/unevaluatedItems", Readers.OLD_READERS);
        assertFinding(structural("{'unevaluatedProperties': {'type': 'string'}}", "{'unevaluatedProperties': {'type': ['string', 'null']}}"),
                Rule.FIELD_TYPE_CHANGED, "/unevaluatedProperties/type", Readers.OLD_READERS);
    }

    @Test
    void draft07BooleanDependency() {
        assertFinding(structural("{'dependencies': {'a': true}}", "{'dependencies': {'a': false}}"),
                Rule.CONSTRAINT_TIGHTENED, "/dependencies/a", Readers.NEW_READERS);
    }

    @Test
    void patternPropertiesTakeOverARemovedProperty() {
        List<Finding> f = structural("{'type': 'object', 'properties': {'s_name': {'type': 'integer'}}, 'patternProperties': {'^s_': {'type': 'string'}}}",
                "{'type': 'object', 'patternProperties': {'^s_': {'type': 'string'}}}");
        assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/patternProperties/^s_/type", Readers.BOTH);
    }

    @Test
    void anInvalidPatternMatchesNothingInsteadOfFailing() {
        assertNone(structural("{'type': 'object', 'patternProperties': {'[': {}}, 'properties': {'a': {}}}",
                "{'type': 'object', 'patternProperties': {'[': {}}}"));
    }

    @Test
    void messagesNameTheBranchOrNot() {
        Finding f = assertFinding(structural("{'anyOf': [{'type': 'string'}, {'properties': {'a': {'maxLength': 3}}}]}",
                "{'anyOf': [{'type': 'string'}, {'properties': {'a': {'maxLength': 2}}}]}"), Rule.CONSTRAINT_TIGHTENED,
                "/anyOf/1/properties/a/maxLength", Readers.NEW_READERS);
        assertEquals("property 'a' (in anyOf branch 1) changed maxLength from 3 to 2", f.message());
        Finding g = assertFinding(structural("{'not': {'maxLength': 3}}", "{'not': {'maxLength': 2}}"), Rule.CONSTRAINT_LOOSENED,
                "/not/maxLength", Readers.OLD_READERS);
        assertTrue(g.message().contains("inside 'not'"), g.message());
    }

    @Test
    void manyUnmatchedBranchesStayWithinTheProbeBudget() {
        StringBuilder before = new StringBuilder("{'anyOf': [");
        StringBuilder after = new StringBuilder("{'anyOf': [");
        for (int i = 0; i < 60; i++) {
            String sep = i == 0 ? "" : ", ";
            before.append(sep).append("{'anyOf': [{'maxLength': ").append(i).append("}, {'minLength': ").append(i).append("}]}");
            after.append(sep).append("{'anyOf': [{'maxLength': ").append(i + 100).append("}, {'pattern': 'x").append(i).append("'}]}");
        }
        List<Finding> f = structural(before + "]}", after + "]}");
        assertTrue(!f.isEmpty());
    }
}
