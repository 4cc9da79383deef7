package dev.wowcompat.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.diff.DiffContext.Role;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import dev.wowcompat.rules.Severity;
import java.util.List;
import java.util.stream.Collectors;

/** Test helpers: schemas written with single quotes, diffs in each mode, and assertions on one finding. */
final class Diffs {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    static final String SUBJECT = "test.Subject";

    private Diffs() {}

    /** JSON with ' for " (schemas in tests stay readable); a literal ' is never needed in these schemas. */
    static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException("bad test JSON: " + text, e);
        }
    }

    /** ADDITIVE policy for a plain schema (no staging). */
    static List<Finding> additive(String before, String after) {
        return SchemaDiff.compare(json(before), json(after), new DiffContext(SUBJECT, Role.PLAIN, false, false));
    }

    /** ADDITIVE policy against the previous release, for a schema of the given role. */
    static List<Finding> againstPrevious(Role role, String before, String after) {
        return SchemaDiff.compare(json(before), json(after), new DiffContext(SUBJECT, role, true, false));
    }

    /** Structural mode: the plain levels. */
    static List<Finding> structural(String before, String after) {
        return SchemaDiff.compare(json(before), json(after), DiffContext.plain(SUBJECT));
    }

    /** The one finding of this rule at this pointer, asserting whom it breaks and its severity. */
    static Finding assertFinding(List<Finding> findings, Rule rule, String pointer, Readers breaks, Severity severity) {
        List<Finding> hits = findings.stream().filter(f -> f.rule() == rule && f.pointer().equals(pointer)).toList();
        if (hits.size() != 1) fail("expected one " + rule.id() + " at '" + pointer + "', got " + hits.size() + " in:\n" + show(findings));
        Finding f = hits.get(0);
        assertEquals(breaks, f.breaks(), () -> "breaks of " + rule.id() + " at " + pointer + ":\n" + show(findings));
        assertEquals(severity, f.severity(), () -> "severity of " + rule.id() + " at " + pointer + ":\n" + show(findings));
        assertEquals(SUBJECT, f.subject());
        assertTrue(!f.message().isBlank() && !f.fix().isBlank());
        return f;
    }

    static Finding assertFinding(List<Finding> findings, Rule rule, String pointer, Readers breaks) {
        return assertFinding(findings, rule, pointer, breaks, rule.severity());
    }

    /** Exactly these rules, in any order (one entry per finding). */
    static void assertRules(List<Finding> findings, Rule... rules) {
        List<String> expected = java.util.Arrays.stream(rules).map(Rule::id).sorted().toList();
        List<String> actual = findings.stream().map(f -> f.rule().id()).sorted().toList();
        assertEquals(expected, actual, () -> "findings:\n" + show(findings));
    }

    static void assertNone(List<Finding> findings) {
        assertTrue(findings.isEmpty(), () -> "expected no findings, got:\n" + show(findings));
    }

    /** Nothing that breaks any reader (Readers.NONE findings, e.g. warnings about closed objects, may remain). */
    static void assertNothingBreaks(List<Finding> findings) {
        List<Finding> breaking = findings.stream().filter(f -> f.breaks() != Readers.NONE).toList();
        assertTrue(breaking.isEmpty(), () -> "expected nothing to break, got:\n" + show(breaking));
    }

    /** The readers broken by all findings together. */
    static Readers breaks(List<Finding> findings) {
        Readers r = Readers.NONE;
        for (Finding f : findings) r = r.and(f.breaks());
        return r;
    }

    static String show(List<Finding> findings) {
        if (findings.isEmpty()) return "  (none)";
        return findings.stream().map(f -> "  " + f.severity().label() + " " + f.rule().id() + " '" + f.pointer() + "' "
                + f.breaks().labels() + ": " + f.message() + " | fix: " + f.fix()).collect(Collectors.joining("\n"));
    }
}
