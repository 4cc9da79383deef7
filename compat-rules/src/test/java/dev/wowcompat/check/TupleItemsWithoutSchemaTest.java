package dev.wowcompat.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.manifest.StandaloneSchema;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Level;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tuple form of {@code items} without {@code $schema}, valid in drafts 04 to 2019-09 and what peers' corpora
 * default to, is read as the older draft it is written in (issue 16): accepted, and compared as a tuple under every
 * level, exactly as the same schema with draft-07's {@code $schema}.
 */
class TupleItemsWithoutSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DRAFT_07 = "'$schema': 'http://json-schema.org/draft-07/schema#', ";

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    private static String pair(String first, String extra) {
        return "{" + extra + "'type': 'array', 'items': [{'type': '" + first + "'}, {'type': 'string'}], 'additionalItems': false}";
    }

    @Test
    void isAcceptedAndComparedAsATupleUnderEveryLevel() {
        JsonNode old = json(pair("integer", ""));
        JsonNode documented = json(pair("integer", "'description': 'a pair', "));
        JsonNode retyped = json(pair("boolean", ""));
        for (JsonNode schema : List.of(old, documented, retyped)) {
            assertEquals(List.of(), StandaloneSchema.problems(schema, "s.json"), schema.toString());
        }
        for (Level level : Level.values()) {
            Report compatible = SchemaChecker.check(level, List.of(old), documented);
            assertTrue(compatible.compatible(), level + ": " + compatible.findings());
            Report changed = SchemaChecker.check(level, List.of(old), retyped);
            // The first member's type changed: read as 2020-12, array-form items would be no tuple and nothing here.
            assertTrue(changed.findings().stream().anyMatch(f -> f.pointer().equals("/items/0/type")), level + ": " + changed.findings());
            boolean shouldBreak = level.newReadsOld() || level.oldReadsNew();
            assertEquals(shouldBreak, !changed.compatible(), level + ": " + changed.findings());
            // Exactly what the same schemas say with draft-07's $schema.
            Report declared = SchemaChecker.check(level, List.of(json(pair("integer", DRAFT_07))), json(pair("boolean", DRAFT_07)));
            assertEquals(summary(declared), summary(changed), level.name());
        }
    }

    private static List<String> summary(Report r) {
        return r.findings().stream().map(f -> f.rule().id() + " " + f.severity() + " " + f.pointer()).toList();
    }

    @Test
    void aSchemaMixingDraftsIsRefusedInOneSentence() {
        JsonNode mixed = json("{'type': 'array', 'prefixItems': [{'type': 'integer'}], 'items': [{'type': 'string'}]}");
        var problems = StandaloneSchema.problems(mixed, "s.json");
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("/items", problems.get(0).pointer());
        assertEquals("this schema has no $schema and mixes drafts: it uses 'items' as an array (a tuple) (drafts up to"
                + " 2019-09) and 'prefixItems' (draft 2020-12), which no one draft reads together; write it in one draft,"
                + " and say which with $schema", problems.get(0).message());
    }
}
