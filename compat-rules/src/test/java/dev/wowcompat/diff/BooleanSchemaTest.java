package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.additive;
import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertNone;
import static dev.wowcompat.diff.Diffs.assertRules;
import static dev.wowcompat.diff.Diffs.structural;

import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import org.junit.jupiter.api.Test;

class BooleanSchemaTest {

    @Test
    void trueIsTheEmptySchema() {
        assertNone(structural("true", "{}"));
        assertNone(additive("{}", "true"));
        assertNone(structural("{'properties': {'a': true}}", "{'properties': {'a': {}}}"));
        assertNone(structural("{'items': true}", "{}"));
    }

    @Test
    void falseAcceptsNothing() {
        assertFinding(structural("true", "false"), Rule.CONSTRAINT_TIGHTENED, "", Readers.NEW_READERS);
        assertFinding(structural("false", "{'type': 'string'}"), Rule.CONSTRAINT_LOOSENED, "", Readers.OLD_READERS);
        assertNone(structural("false", "false"));
    }

    @Test
    void aForbiddenPropertyThatIsAllowedNowLoosens() {
        assertRules(structural("{'type': 'object', 'properties': {'street': false}}", "{'type': 'object', 'properties': {'street': {'type': 'string'}}}"),
                Rule.CONSTRAINT_LOOSENED);
        assertFinding(structural("{'type': 'object', 'properties': {'street': false}}", "{'type': 'object', 'properties': {'street': {'type': 'string'}}}"),
                Rule.CONSTRAINT_LOOSENED, "/properties/street", Readers.OLD_READERS);
    }

    @Test
    void forbiddingAPropertyOfAnOpenObjectTightens() {
        assertFinding(structural("{'type': 'object'}", "{'type': 'object', 'properties': {'secret': false}}"),
                Rule.CONSTRAINT_TIGHTENED, "/properties/secret", Readers.NEW_READERS);
        assertFinding(additive("{'type': 'object'}", "{'type': 'object', 'properties': {'secret': false}}"),
                Rule.CONSTRAINT_TIGHTENED, "/properties/secret", Readers.NEW_READERS);
    }

    @Test
    void typedSchemaToTrueLoosens() {
        assertFinding(structural("{'type': 'string'}", "true"), Rule.FIELD_TYPE_CHANGED, "/type", Readers.OLD_READERS);
    }
}
