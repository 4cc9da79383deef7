package dev.wowcompat.diff;

import static dev.wowcompat.diff.Diffs.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReferenceChainsTest {

    /** A root referring to d0, each dN referring to dN+1: a chain of {@code refs} references before a string schema. */
    static JsonNode chain(int refs) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.putObject("properties").putObject("start").put("$ref", "#/$defs/d0");
        ObjectNode defs = root.putObject("$defs");
        for (int i = 0; i < refs - 1; i++) defs.putObject("d" + i).put("$ref", "#/$defs/d" + (i + 1));
        defs.putObject("d" + (refs - 1)).put("type", "string");
        return root;
    }

    @Test
    void aCycleIsFoundOnceAtItsFirstReference() {
        List<ReferenceChains.Problem> p = ReferenceChains.find(json(
                "{'properties': {'x': {'$ref': '#/$defs/a'}}, '$defs': {'a': {'$ref': '#/$defs/b'}, 'b': {'$ref': '#/$defs/a'}}}"));
        assertEquals(1, p.size(), p::toString);
        assertEquals("/$defs/a/$ref", p.get(0).pointer());
        assertEquals(ReferenceChains.CYCLE, p.get(0).code());
        assertTrue(p.get(0).message().contains("/$defs/a -> /$defs/b -> /$defs/a"), p.get(0).message());
    }

    @Test
    void aSchemaReferringToItselfIsACycle() {
        List<ReferenceChains.Problem> p = ReferenceChains.find(json("{'$defs': {'a': {'$ref': '#/$defs/a', 'type': 'string'}}}"));
        assertEquals(List.of("/$defs/a/$ref"), p.stream().map(ReferenceChains.Problem::pointer).toList());
        assertEquals(1, ReferenceChains.find(json("{'$ref': '#'}")).size());
    }

    @Test
    void recursionThatDescendsIsNoCycle() {
        assertEquals(List.of(), ReferenceChains.find(json(
                "{'$defs': {'node': {'properties': {'next': {'$ref': '#/$defs/node'}}}}, '$ref': '#/$defs/node'}")));
        assertEquals(List.of(), ReferenceChains.find(json("{'items': {'$ref': '#'}}")));
    }

    @Test
    void chainsUpToTheLimitAreFollowedAndLongerOnesRefusedAtTheirHead() {
        assertEquals(List.of(), ReferenceChains.find(chain(ReferenceChains.MAX_HOPS)));
        List<ReferenceChains.Problem> p = ReferenceChains.find(chain(ReferenceChains.MAX_HOPS + 1));
        assertEquals(1, p.size(), p::toString);
        assertEquals("/properties/start/$ref", p.get(0).pointer());
        assertEquals(ReferenceChains.TOO_LONG, p.get(0).code());
        assertTrue(p.get(0).message().contains("65 references"), p.get(0).message());
    }

    @Test
    void theDiffFollowsEveryChainTheCheckAccepts() {
        JsonNode before = chain(ReferenceChains.MAX_HOPS);
        ObjectNode after = before.deepCopy();
        ((ObjectNode) after.at("/$defs/d" + (ReferenceChains.MAX_HOPS - 1))).put("maxLength", 3);
        assertEquals(1, SchemaDiff.compare(before, after, DiffContext.plain("s")).size());
    }

    @Test
    void aLongCycleAndAVeryLongChainAreFoundWithoutRecursion() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ObjectNode defs = root.putObject("$defs");
        int n = 100_000;
        for (int i = 0; i < n; i++) defs.putObject("c" + i).put("$ref", "#/$defs/c" + ((i + 1) % n));
        List<ReferenceChains.Problem> p = ReferenceChains.find(root);
        assertEquals(1, p.size());
        assertEquals("/$defs/c0/$ref", p.get(0).pointer());
        assertTrue(p.get(0).message().length() < 400 && p.get(0).message().endsWith("-> /$defs/c0"), p.get(0).message());
        assertEquals(1, ReferenceChains.find(chain(100_000)).size());
    }

    @Test
    void referencesInDataAreNotReferences() {
        assertEquals(List.of(), ReferenceChains.find(json("{'const': {'$ref': '#/const'}, 'enum': [{'$ref': '#/enum/0'}]}")));
    }
}
