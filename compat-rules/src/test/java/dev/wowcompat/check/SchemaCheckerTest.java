package dev.wowcompat.check;

import dev.wowcompat.rules.Severity;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Level;
import dev.wowcompat.rules.Finding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.report.Report;
import dev.wowcompat.report.Report.Release;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaCheckerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    private static final JsonNode MAX5 = json("{'type': 'string', 'maxLength': 5}");
    private static final JsonNode MAX10 = json("{'type': 'string', 'maxLength': 10}");
    private static final JsonNode MAX7 = json("{'type': 'string', 'maxLength': 7}");

    private static Report check(Level level, JsonNode candidate, JsonNode... earlier) {
        return SchemaChecker.check(level, List.of(earlier), candidate);
    }

    private static Finding only(Report r) {
        assertEquals(1, r.findings().size(), () -> r.findings().toString());
        return r.findings().get(0);
    }

    @Test
    void backwardCountsWhatBreaksNewReaders() {
        Report tightened = check(Level.BACKWARD, MAX5, MAX10);
        assertEquals("breaking", tightened.verdict());
        assertEquals(Severity.BREAKING, only(tightened).severity());
        Report loosened = check(Level.BACKWARD, MAX10, MAX5);
        assertEquals("compatible", loosened.verdict());
        assertEquals(Severity.INFO, only(loosened).severity());
        assertEquals(Rule.CONSTRAINT_LOOSENED, only(loosened).rule());
    }

    @Test
    void forwardCountsWhatBreaksOldReaders() {
        assertTrue(check(Level.FORWARD, MAX5, MAX10).compatible());
        assertFalse(check(Level.FORWARD, MAX10, MAX5).compatible());
    }

    @Test
    void fullCountsBoth() {
        assertFalse(check(Level.FULL, MAX5, MAX10).compatible());
        assertFalse(check(Level.FULL, MAX10, MAX5).compatible());
        assertTrue(check(Level.FULL, json("{'type': 'string', 'maxLength': 5, 'title': 'x'}"), MAX5).compatible());
    }

    @Test
    void noneReportsEverythingAsInfo() {
        Report r = check(Level.NONE, json("{'type': 'integer'}"), MAX5);
        assertTrue(r.compatible());
        assertFalse(r.findings().isEmpty());
        assertTrue(r.findings().stream().allMatch(f -> f.severity() == Severity.INFO));
    }

    @Test
    void nonTransitiveLevelsCompareWithTheLatestOnly() {
        // v1 maxLength 5, v2 10, v3 7: against v2 only tightened; against v1 loosened.
        Report r = check(Level.FORWARD, MAX7, MAX5, MAX10);
        assertTrue(r.compatible());
        assertEquals(List.of(new Release("schema", "v2")), r.baselines());
        assertEquals(new Release("schema", "v3"), r.candidate());
        assertEquals("FORWARD", r.level());
    }

    @Test
    void transitiveLevelsCompareWithEveryEarlierVersion() {
        Report r = check(Level.FORWARD_TRANSITIVE, MAX7, MAX5, MAX10);
        assertFalse(r.compatible());
        assertEquals(List.of(new Release("schema", "v1"), new Release("schema", "v2")), r.baselines());
        Finding breaking = r.findings().get(0);
        assertEquals(Severity.BREAKING, breaking.severity());
        assertEquals(Rule.CONSTRAINT_LOOSENED, breaking.rule());
        assertTrue(breaking.message().endsWith("(compared with v1)"), breaking.message());
        assertTrue(check(Level.BACKWARD_TRANSITIVE, MAX7, MAX5, MAX10).findings().stream()
                .anyMatch(f -> f.severity() == Severity.BREAKING && f.rule() == Rule.CONSTRAINT_TIGHTENED && !f.message().contains("compared with")));
    }

    @Test
    void theSameFindingAgainstSeveralVersionsIsReportedOnce() {
        Report r = check(Level.FULL_TRANSITIVE, json("{'type': 'integer'}"), json("{'type': 'string'}"), json("{'type': 'string', 'title': 't'}"));
        assertEquals(1, r.findings().size(), r.findings().toString());
        assertFalse(r.findings().get(0).message().contains("compared with"), "the latest baseline's wording stays");
    }

    @Test
    void findingsAreSortedBySeverityThenPointer() {
        Report r = check(Level.BACKWARD, json("{'properties': {'a': {'maxLength': 9}, 'b': {'maxLength': 1}, 'c': {'maxLength': 1}}}"),
                json("{'properties': {'a': {'maxLength': 5}, 'b': {'maxLength': 5}, 'c': {'maxLength': 5}}}"));
        assertEquals(List.of("/properties/b/maxLength", "/properties/c/maxLength", "/properties/a/maxLength"),
                r.findings().stream().map(Finding::pointer).toList());
        assertEquals(List.of(Severity.BREAKING, Severity.BREAKING, Severity.INFO), r.findings().stream().map(Finding::severity).toList());
    }

    @Test
    void optionalPropertyAddedToAnOpenObjectIsCompatibleUnderEveryLevel() {
        JsonNode before = json("{'type': 'object', 'properties': {'a': {'type': 'string'}}}");
        JsonNode after = json("{'type': 'object', 'properties': {'a': {'type': 'string'}, 'b': {'type': 'integer'}}}");
        for (Level level : List.of(Level.BACKWARD, Level.FORWARD, Level.FULL, Level.FULL_TRANSITIVE)) {
            assertTrue(check(level, after, before).compatible(), level.name());
            assertTrue(check(level, before, after).compatible(), level.name());
        }
    }

    @Test
    void additiveLevelAppliesThePolicyWithoutStaging() {
        Report r = check(Level.ADDITIVE, json("{'properties': {'a': {'type': 'string', 'enum': ['x', 'y']}, 'c': {'type': 'string', 'default': ''}}}"),
                json("{'properties': {'a': {'type': 'string', 'enum': ['x']}, 'b': {'type': 'integer'}}}"));
        assertEquals("ADDITIVE", r.level());
        assertFalse(r.compatible());
        assertEquals(List.of(Rule.FIELD_REMOVED, Rule.ENUM_VALUE_ADDED), r.findings().stream().map(Finding::rule).toList());
        assertEquals(List.of(Severity.BREAKING, Severity.WARNING), r.findings().stream().map(Finding::severity).toList());
        assertTrue(check(Level.ADDITIVE, json("{'format': 'date'}"), json("{'format': 'date-time'}")).findings().stream()
                .anyMatch(f -> f.rule() == Rule.MEANING_CHANGED && f.severity() == Severity.BREAKING));
    }

    @Test
    void noEarlierVersionIsCompatible() {
        Report r = SchemaChecker.check(Level.FULL_TRANSITIVE, List.of(), MAX5);
        assertTrue(r.compatible());
        assertEquals(new Release("schema", "v1"), r.candidate());
        assertTrue(r.baselines().isEmpty());
    }
}
