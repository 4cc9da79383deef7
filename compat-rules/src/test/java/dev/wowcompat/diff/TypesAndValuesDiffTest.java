package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.additive;
import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertNone;
import static dev.wowcompat.diff.Diffs.assertRules;
import static dev.wowcompat.diff.Diffs.structural;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class TypesAndValuesDiffTest {

    private static String prop(String schema) {
        return "{'properties': {'x': " + schema + "}}";
    }

    /** type before; type after; whom it breaks (NONE: no finding). The same in both modes. */
    @ParameterizedTest(name = "{0} -> {1}: {2}")
    @CsvSource(delimiter = ';', quoteCharacter = '"', value = {
            "'integer'; 'number'; OLD_READERS",
            "'number'; 'integer'; NEW_READERS",
            "'string'; ['string', 'null']; OLD_READERS",
            "['string', 'null']; 'string'; NEW_READERS",
            "'string'; 'integer'; BOTH",
            "['integer', 'number']; 'number'; NONE",
            "['string', 'integer']; ['integer', 'string']; NONE",
            "'object'; ['object', 'array']; OLD_READERS",
    })
    void typeChanges(String before, String after, Readers breaks) {
        for (boolean plainLevels : new boolean[] {false, true}) {
            String old = prop("{'type': " + before + "}");
            String now = prop("{'type': " + after + "}");
            List<Finding> f = plainLevels ? structural(old, now) : additive(old, now);
            if (breaks == Readers.NONE) {
                assertNone(f);
            } else {
                assertRules(f, Rule.FIELD_TYPE_CHANGED);
                assertFinding(f, Rule.FIELD_TYPE_CHANGED, "/properties/x/type", breaks);
            }
        }
    }

    @Test
    void typeAddedOrDropped() {
        assertFinding(structural("{}", "{'type': 'string'}"), Rule.FIELD_TYPE_CHANGED, "/type", Readers.NEW_READERS);
        Finding dropped = assertFinding(structural("{'type': 'string'}", "{}"), Rule.FIELD_TYPE_CHANGED, "/type", Readers.OLD_READERS);
        assertEquals("the schema changed type from string to any type", dropped.message());
    }

    @Test
    void typeMessageAndFixNameTheProperty() {
        Finding f = assertFinding(additive(prop("{'type': 'integer'}"), prop("{'type': 'number'}")),
                Rule.FIELD_TYPE_CHANGED, "/properties/x/type", Readers.OLD_READERS);
        assertEquals("property 'x' changed type from integer to number", f.message());
        assertTrue(f.fix().contains("'xNumber'"), f.fix());
    }

    @Test
    void keywordsOfATypeTheNewSchemaNoLongerAllowsAreNotJudged() {
        // maxLength only matters for strings; the new schema allows none, and the type change says so.
        List<Finding> f = structural("{'type': ['string', 'integer'], 'maxLength': 3}", "{'type': 'integer'}");
        assertRules(f, Rule.FIELD_TYPE_CHANGED);
    }

    @Test
    void enumValueAddedWarnsOldReaders() {
        List<Finding> f = additive(prop("{'enum': ['a', 'b']}"), prop("{'enum': ['a', 'b', 'c']}"));
        assertRules(f, Rule.ENUM_VALUE_ADDED);
        Finding added = assertFinding(f, Rule.ENUM_VALUE_ADDED, "/properties/x/enum", Readers.OLD_READERS, Severity.WARNING);
        assertTrue(added.message().contains("'c'"), added.message());
    }

    @Test
    void enumValueRemovedTightens() {
        List<Finding> f = additive(prop("{'enum': ['a', 'b']}"), prop("{'enum': ['a']}"));
        assertRules(f, Rule.CONSTRAINT_TIGHTENED);
        assertTrue(assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/properties/x/enum", Readers.NEW_READERS).message().contains("'b'"));
    }

    @Test
    void enumIntroducedTightensAndDroppedLoosens() {
        assertFinding(additive(prop("{'type': 'string'}"), prop("{'type': 'string', 'enum': ['a']}")),
                Rule.CONSTRAINT_TIGHTENED, "/properties/x/enum", Readers.NEW_READERS);
        assertFinding(additive(prop("{'type': 'string', 'enum': ['a']}"), prop("{'type': 'string'}")),
                Rule.CONSTRAINT_LOOSENED, "/properties/x/enum", Readers.OLD_READERS);
    }

    @Test
    void enumOrderAndNumberSpellingDoNotMatter() {
        assertNone(additive(prop("{'enum': [1, 'a', {'k': 2}]}"), prop("{'enum': ['a', {'k': 2.0}, 1.0]}")));
    }

    @Test
    void constIsAOneValueEnumUnderThePlainLevels() {
        assertNone(structural("{'const': 'a'}", "{'enum': ['a']}"));
        List<Finding> f = structural("{'const': 'a'}", "{'const': 'b'}");
        assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/const", Readers.NEW_READERS);
        assertFinding(f, Rule.ENUM_VALUE_ADDED, "/const", Readers.OLD_READERS);
    }

    @Test
    void constChangedAddedOrRemovedIsAMeaningChangeUnderAdditive() {
        assertFinding(additive(prop("{'const': 'a'}"), prop("{'const': 'b'}")), Rule.MEANING_CHANGED, "/properties/x/const", Readers.BOTH);
        assertFinding(additive(prop("{'type': 'string'}"), prop("{'type': 'string', 'const': 'b'}")), Rule.MEANING_CHANGED, "/properties/x/const", Readers.BOTH);
        assertFinding(additive(prop("{'const': 'a'}"), prop("{'enum': ['a', 'b']}")), Rule.MEANING_CHANGED, "/properties/x/enum", Readers.BOTH);
        assertNone(additive(prop("{'const': 1}"), prop("{'const': 1.0}")));
    }
}
