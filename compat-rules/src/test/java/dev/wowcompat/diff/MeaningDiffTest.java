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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MeaningDiffTest {

    private static String prop(String schema) {
        return "{'properties': {'at': " + schema + "}}";
    }

    @ParameterizedTest
    @ValueSource(strings = {"format", "x-wow-unit", "x-wow-meaning", "contentEncoding", "contentMediaType"})
    void meaningAnnotationChangedAddedOrRemoved(String keyword) {
        String with = prop("{'type': 'string', '" + keyword + "': 'one'}");
        String other = prop("{'type': 'string', '" + keyword + "': 'two'}");
        String without = prop("{'type': 'string'}");
        String at = "/properties/at/" + keyword;
        Finding changed = assertFinding(additive(with, other), Rule.MEANING_CHANGED, at, Readers.BOTH);
        assertEquals("property 'at' changed " + keyword + " from 'one' to 'two'", changed.message());
        assertTrue(changed.fix().contains("'atTwo'"), changed.fix());
        assertRules(additive(without, with), Rule.MEANING_CHANGED);
        assertFinding(additive(without, with), Rule.MEANING_CHANGED, at, Readers.BOTH);
        assertFinding(additive(with, without), Rule.MEANING_CHANGED, at, Readers.BOTH);
        // Annotations do not decide which documents validate: the plain levels see nothing.
        assertNone(structural(with, other));
        assertNone(structural(without, with));
    }

    @Test
    void defaultChangedOrRemovedIsAMeaningChangeAddedIsNot() {
        assertFinding(additive(prop("{'type': 'integer', 'default': 0}"), prop("{'type': 'integer', 'default': 1}")),
                Rule.MEANING_CHANGED, "/properties/at/default", Readers.BOTH);
        assertFinding(additive(prop("{'type': 'integer', 'default': 0}"), prop("{'type': 'integer'}")),
                Rule.MEANING_CHANGED, "/properties/at/default", Readers.BOTH);
        assertNone(additive(prop("{'type': 'integer'}"), prop("{'type': 'integer', 'default': 0}")));
        assertNone(additive(prop("{'type': 'integer', 'default': 1}"), prop("{'type': 'integer', 'default': 1.0}")));
        assertNone(structural(prop("{'default': 0}"), prop("{'default': 1}")));
    }

    @Test
    void multipleOfIsAMeaningUnderAdditiveAndADivisibilityUnderThePlainLevels() {
        assertFinding(additive(prop("{'type': 'number', 'multipleOf': 0.01}"), prop("{'type': 'number', 'multipleOf': 0.1}")),
                Rule.MEANING_CHANGED, "/properties/at/multipleOf", Readers.BOTH);
        assertFinding(structural("{'multipleOf': 10}", "{'multipleOf': 5}"), Rule.CONSTRAINT_LOOSENED, "/multipleOf", Readers.OLD_READERS);
        assertFinding(structural("{'multipleOf': 5}", "{'multipleOf': 10}"), Rule.CONSTRAINT_TIGHTENED, "/multipleOf", Readers.NEW_READERS);
        assertFinding(structural("{'multipleOf': 7}", "{'multipleOf': 13}"), Rule.CONSTRAINT_TIGHTENED, "/multipleOf", Readers.BOTH);
        assertFinding(structural("{}", "{'multipleOf': 2}"), Rule.CONSTRAINT_TIGHTENED, "/multipleOf", Readers.NEW_READERS);
        assertFinding(structural("{'multipleOf': 2}", "{}"), Rule.CONSTRAINT_LOOSENED, "/multipleOf", Readers.OLD_READERS);
        assertNone(structural("{'multipleOf': 2.0}", "{'multipleOf': 2}"));
    }

    @Test
    void annotationsThatNeverMatter() {
        assertNone(additive("""
                {'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'urn:a', 'title': 'A', 'description': 'a',
                 'properties': {'x': {'type': 'string', 'examples': ['a'], '$comment': 'c', 'deprecated': false, 'readOnly': true,
                                      'writeOnly': false, 'x-wow-written': false, 'x-owner': 'team a', '$anchor': 'x'}}}""", """
                {'$schema': 'http://json-schema.org/draft-07/schema#', 'id': 'urn:b', 'title': 'B',
                 'properties': {'x': {'type': 'string', 'examples': ['b'], 'deprecated': true, 'x-owner': 'team b', 'x-wow-written': true}}}"""));
    }

    @Test
    void unknownKeywordsAreIgnored() {
        assertNone(additive("{'discriminator': {'propertyName': 'a'}}", "{'discriminator': {'propertyName': 'b'}}"));
    }

    @Test
    void contentMediaTypeAndFormatChangesKeepTheirPointerWhenRemoved() {
        List<Finding> f = additive(prop("{'type': 'string', 'format': 'date-time'}"), prop("{'type': 'string'}"));
        assertEquals("property 'at' dropped format 'date-time'", assertFinding(f, Rule.MEANING_CHANGED, "/properties/at/format", Readers.BOTH).message());
    }
}
