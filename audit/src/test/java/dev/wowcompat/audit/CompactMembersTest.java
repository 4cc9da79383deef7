package dev.wowcompat.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The compact members of a parsed object against the map they stand in for: every answer a {@link LinkedHashMap}
 * gives, in its order, below and past the point where the members move into one; and the judge's reading with them.
 */
class CompactMembersTest {
    /** Random puts (new and repeated names), removals, lookups and iterations, each answer compared with a LinkedHashMap's. */
    @Test
    void answersAsALinkedHashMapDoes() {
        Random random = new Random(7);
        for (int run = 0; run < 500; run++) {
            CompactMembers compact = new CompactMembers();
            Map<String, JsonNode> expected = new LinkedHashMap<>();
            int names = 1 + random.nextInt(3 * CompactMembers.FEW);
            for (int op = 0; op < 60; op++) {
                // Names built anew each time: a lookup must not depend on being given the same instance.
                String name = new String(("m" + random.nextInt(names)).getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
                switch (random.nextInt(5)) {
                    case 0, 1 -> {
                        JsonNode value = IntNode.valueOf(op);
                        assertEquals(expected.put(name, value), compact.put(name, value));
                    }
                    case 2 -> assertEquals(expected.remove(name), compact.remove(name));
                    case 3 -> {
                        assertEquals(expected.get(name), compact.get(name));
                        assertEquals(expected.containsKey(name), compact.containsKey(name));
                    }
                    default -> {
                        if (!expected.isEmpty() && random.nextBoolean()) {
                            // Remove the first member through the iterators, and set the second's value through its entry.
                            Iterator<Map.Entry<String, JsonNode>> e = expected.entrySet().iterator(), c = compact.entrySet().iterator();
                            assertEquals(e.next().getKey(), c.next().getKey());
                            e.remove();
                            c.remove();
                            if (e.hasNext()) {
                                Map.Entry<String, JsonNode> ee = e.next(), ce = c.next();
                                assertEquals(ee.setValue(TextNode.valueOf("set")), ce.setValue(TextNode.valueOf("set")));
                            }
                        }
                    }
                }
                assertEquals(expected.size(), compact.size());
                assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(compact.entrySet()));
                assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(compact.keySet()));
                assertEquals(expected, compact);
                assertEquals(compact, expected);
                assertEquals(expected.hashCode(), compact.hashCode());
            }
        }
    }

    @Test
    void aChangeWhileIteratingIsRefused() {
        CompactMembers compact = new CompactMembers();
        compact.put("a", IntNode.valueOf(1));
        compact.put("b", IntNode.valueOf(2));
        Iterator<Map.Entry<String, JsonNode>> it = compact.entrySet().iterator();
        it.next();
        compact.put("c", IntNode.valueOf(3));
        assertThrows(ConcurrentModificationException.class, it::next);
        Iterator<Map.Entry<String, JsonNode>> fresh = compact.entrySet().iterator();
        assertThrows(IllegalStateException.class, fresh::remove);
    }

    /** The judge's trees: the same document as Jackson's own, a repeated member refused among few or many, and many members read in linear time. */
    @Test
    void theJudgeReadsWithThem() throws Exception {
        Judge judge = new Judge(new Catalog(new ManifestFileReleases(Records.bankAndPayment())), null, new Tally(List.of(), false),
                PayloadObserver.NONE, 64 << 20, 1000);
        String doc = "{\"a\":1,\"b\":{\"c\":[1,{\"d\":\"x\"}],\"e\":null},\"f\":true}";
        Judge.ParsedRecord read = judge.read(record(doc));
        assertEquals(Records.JSON.readTree(doc), read.value());
        assertInstanceOf(ObjectNode.class, read.value().get("b"));
        assertEquals("x", read.value().at("/b/c/1/d").asText());

        StringBuilder many = new StringBuilder("{");
        for (int i = 0; i < 3 * CompactMembers.FEW; i++) many.append("\"m").append(i).append("\":").append(i).append(',');
        Judge.ParsedRecord repeatedLate = judge.read(record(many + "\"m3\":0}"));
        assertNull(repeatedLate.value());
        assertTrue(repeatedLate.message().contains("the member 'm3' appears twice"), repeatedLate.message());
        Judge.ParsedRecord repeatedEarly = judge.read(record("{\"a\":1,\"a\":2}"));
        assertTrue(repeatedEarly.message().contains("the member 'a' appears twice"), repeatedEarly.message());

        // 400,000 members: read as one LinkedHashMap past the first few, not scanned once per member (that would take hours).
        StringBuilder wide = new StringBuilder("{");
        for (int i = 0; i < 400_000; i++) wide.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":0");
        String wideDoc = wide.append('}').toString();
        Judge.ParsedRecord wideRead = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> judge.read(record(wideDoc)));
        assertEquals(400_000, wideRead.value().size());
    }

    private static AuditRecord record(String value) {
        return new AuditRecord("t", 0, 0, -1, List.of(), null, value.getBytes(StandardCharsets.UTF_8), 1);
    }
}
