package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.assertFinding;
import static dev.wowcompat.diff.Diffs.assertRules;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Schemas legal but deep through $ref are compared without exhausting any stack; past the bound, a clear refusal. */
class DeepSchemasTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** levels definitions, each an object whose property 'next' refers to the next one; the last is a string. */
    static JsonNode chainOfDefinitions(int levels, int lastMaxLength) {
        ObjectNode root = F.objectNode();
        root.put("$ref", "#/$defs/d0");
        ObjectNode defs = root.putObject("$defs");
        for (int i = 0; i < levels; i++) {
            ObjectNode d = defs.putObject("d" + i);
            d.put("type", "object");
            ObjectNode props = d.putObject("properties");
            props.putObject("next").put("$ref", "#/$defs/d" + (i + 1));
        }
        defs.putObject("d" + levels).put("type", "string").put("maxLength", lastMaxLength);
        return root;
    }

    @Test
    @Timeout(60)
    void fiveThousandLevelsThroughRefAreCompared() {
        List<Finding> f = SchemaDiff.compare(chainOfDefinitions(5_000, 10), chainOfDefinitions(5_000, 5), DiffContext.plain(Diffs.SUBJECT));
        assertRules(f, Rule.CONSTRAINT_TIGHTENED);
        Finding one = assertFinding(f, Rule.CONSTRAINT_TIGHTENED, "/$defs/d5000/maxLength", Readers.NEW_READERS);
        assertTrue(one.message().startsWith("property 'next.next.next"), one.message());
    }

    @Test
    @Timeout(60)
    void aDeepComparisonWorksFromAThreadWithASmallStack() throws InterruptedException {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread small = new Thread(null, () -> {
            try {
                result.set(SchemaDiff.compare(chainOfDefinitions(5_000, 10), chainOfDefinitions(5_000, 5),
                        new DiffContext(Diffs.SUBJECT, DiffContext.Role.EVENT, true, false)));
            } catch (Throwable t) {
                result.set(t);
            }
        }, "small-stack", 256 * 1024);
        small.start();
        small.join();
        assertTrue(result.get() instanceof List<?>, () -> "got " + result.get());
        assertEquals(1, ((List<?>) result.get()).size(), () -> "findings: " + result.get());
    }

    @Test
    @Timeout(120)
    void pastTheBoundTheComparisonIsRefusedNamingWhereItStopped() {
        int levels = SchemaDiff.MAX_DEPTH + 10;
        SchemaTooDeepException e = assertThrows(SchemaTooDeepException.class, () -> SchemaDiff.compare(
                chainOfDefinitions(levels, 10), chainOfDefinitions(levels, 5), DiffContext.plain(Diffs.SUBJECT)));
        assertTrue(e.pointer().startsWith("/$defs/d"), e.pointer());
        assertTrue(e.getMessage().contains(String.valueOf(SchemaDiff.MAX_DEPTH)), e.getMessage());
        assertEquals("wow-compat.schema.too-deep-to-compare", SchemaTooDeepException.CODE);
    }

    @Test
    void equalDeepSchemasCostNothing() {
        assertEquals(List.of(), SchemaDiff.compare(chainOfDefinitions(5_000, 10), chainOfDefinitions(5_000, 10), DiffContext.plain("s")));
    }
}
