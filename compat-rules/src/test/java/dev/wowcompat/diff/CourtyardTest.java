package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.againstPrevious;
import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertNone;
import static dev.wowcompat.diff.Diffs.assertRules;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.diff.DiffContext.Role;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The changes of the chapter "The Shape of the Message" (retold in schemas/examples/courtyard/README.md), as JSON Schemas of the TextSent event. */
class CourtyardTest {
    private static final String TEXT_SENT = """
            {'type': 'object',
             'properties': {
               'sender': {'type': 'integer'},
               'text': {'type': 'string'},
               'timestamp': {'type': 'integer', 'x-wow-unit': 's'}},
             'required': ['sender', 'text', 'timestamp']}""";

    private static List<Finding> event(String after) {
        return againstPrevious(Role.EVENT, TEXT_SENT, after);
    }

    @Test
    void replyToAddedAndWrittenAtOnceIsWrittenBeforeReadAndHasNoDefault() {
        List<Finding> f = event("""
                {'type': 'object',
                 'properties': {
                   'sender': {'type': 'integer'},
                   'reply_to': {'type': 'integer'},
                   'text': {'type': 'string'},
                   'timestamp': {'type': 'integer', 'x-wow-unit': 's'}},
                 'required': ['sender', 'text', 'timestamp']}""");
        assertRules(f, Rule.WRITTEN_BEFORE_READ, Rule.FIELD_DEFAULT_MISSING);
        Finding written = assertFinding(f, Rule.WRITTEN_BEFORE_READ, "/properties/reply_to", Readers.OLD_READERS, Severity.BREAKING);
        assertTrue(written.message().contains("'reply_to'") && written.message().contains("previous release does not read it"),
                written.message());
        assertTrue(written.fix().contains("\"x-wow-written\": false"), written.fix());
        assertFinding(f, Rule.FIELD_DEFAULT_MISSING, "/properties/reply_to", Readers.NEW_READERS, Severity.BREAKING);
    }

    @Test
    void timestampRemovedIsFieldRemoved() {
        List<Finding> f = event("""
                {'type': 'object',
                 'properties': {'sender': {'type': 'integer'}, 'text': {'type': 'string'}},
                 'required': ['sender', 'text']}""");
        assertRules(f, Rule.FIELD_REMOVED);
        Finding removed = assertFinding(f, Rule.FIELD_REMOVED, "/properties/timestamp", Readers.OLD_READERS, Severity.BREAKING);
        assertTrue(removed.message().contains("'timestamp'"), removed.message());
        assertTrue(removed.fix().contains("deprecated") && removed.fix().contains("'timestamp'"), removed.fix());
    }

    @Test
    void textRenamedToBodyIsOneRenameThatBreaksBothSides() {
        List<Finding> f = event("""
                {'type': 'object',
                 'properties': {
                   'sender': {'type': 'integer'},
                   'body': {'type': 'string', 'description': 'what was said'},
                   'timestamp': {'type': 'integer', 'x-wow-unit': 's'}},
                 'required': ['sender', 'body', 'timestamp']}""");
        assertRules(f, Rule.FIELD_RENAMED);
        Finding renamed = assertFinding(f, Rule.FIELD_RENAMED, "/properties/text", Readers.BOTH, Severity.BREAKING);
        assertTrue(renamed.message().contains("looks like a rename of 'text' to 'body'"), renamed.message());
        assertTrue(renamed.fix().contains("'body'") && renamed.fix().contains("populate both")
                && renamed.fix().contains("\"x-wow-written\": false"), renamed.fix());
    }

    @Test
    void timestampInMillisecondsIsAMeaningChange() {
        List<Finding> f = event("""
                {'type': 'object',
                 'properties': {
                   'sender': {'type': 'integer'},
                   'text': {'type': 'string'},
                   'timestamp': {'type': 'integer', 'x-wow-unit': 'ms'}},
                 'required': ['sender', 'text', 'timestamp']}""");
        assertRules(f, Rule.MEANING_CHANGED);
        Finding meaning = assertFinding(f, Rule.MEANING_CHANGED, "/properties/timestamp/x-wow-unit", Readers.BOTH, Severity.BREAKING);
        assertEquals("property 'timestamp' changed x-wow-unit from 's' to 'ms'", meaning.message());
        assertEquals("Add a new optional property 'timestampMs' with x-wow-unit 'ms', a \"default\" and \"x-wow-written\": false"
                + " in this release, and keep writing 'timestamp' in 's'; write the new one from the next minor release.", meaning.fix());
    }

    private static final String STAGED = """
            {'type': 'object',
             'properties': {
               'sender': {'type': 'integer'},
               'text': {'type': 'string'},
               'timestamp': {'type': 'integer', 'x-wow-unit': 's'},
               'reply_to': {'type': ['integer', 'null'], 'default': null, 'x-wow-written': false}},
             'required': ['sender', 'text', 'timestamp']}""";

    @Test
    void replyToStagedWithDefaultNullBreaksNoOne() {
        assertNone(event(STAGED));
    }

    @Test
    void writingTheStagedReplyToInTheNextReleaseBreaksNoOne() {
        String written = STAGED.replace(", 'x-wow-written': false", "");
        assertNone(againstPrevious(Role.EVENT, STAGED, written));
    }

    @Test
    void replyToStagedButWithoutDefaultStillLacksOne() {
        List<Finding> f = event(STAGED.replace("['integer', 'null'], 'default': null", "'integer'"));
        assertRules(f, Rule.FIELD_DEFAULT_MISSING);
        assertFinding(f, Rule.FIELD_DEFAULT_MISSING, "/properties/reply_to", Readers.NEW_READERS);
    }
}
