package dev.wowcompat.json;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TokenLocationsTest {
    private static TokenLocations of(String text) {
        return new TokenLocations(text.getBytes(StandardCharsets.UTF_8));
    }

    private static TokenLocations.Position at(TokenLocations locations, String pointer) {
        return locations.locate(List.of(pointer)).get(pointer);
    }

    @Test
    void aMemberIsLocatedAtItsKeyAnArrayElementAtItsValue() {
        TokenLocations l = of("{\n  \"a\": {\"b\": 1,   \"c\": [10,\n    {\"d\": true}]}\n}");
        assertEquals(new TokenLocations.Position("", "", 1, 1), at(l, ""));
        assertEquals(new TokenLocations.Position("/a", "/a", 2, 3), at(l, "/a"));
        assertEquals(new TokenLocations.Position("/a/c", "/a/c", 2, 19), at(l, "/a/c"));
        assertEquals(new TokenLocations.Position("/a/c/0", "/a/c/0", 2, 25), at(l, "/a/c/0"));
        assertEquals(new TokenLocations.Position("/a/c/1/d", "/a/c/1/d", 3, 6), at(l, "/a/c/1/d"));
    }

    @Test
    void aPointerTheDocumentLacksIsLocatedAtItsNearestEnclosingOne() {
        TokenLocations l = of("{\"properties\": {\"a\": {}}}");
        TokenLocations.Position p = at(l, "/properties/gone/type");
        assertEquals("/properties", p.found());
        assertEquals(2, p.column());
        assertEquals("", at(l, "/nothing").found());
    }

    @Test
    void manyPointersInOnePassEachWithItsOwnPosition() {
        TokenLocations l = of("{\"x\": {\"y\": 1},\n\"z\": [1, 2, {\"w\": 3}]}");
        Map<String, TokenLocations.Position> found = l.locate(List.of("/x/y", "/z/2/w", "/z/5", "/x"));
        assertEquals(4, found.size());
        assertEquals(1, found.get("/x/y").line());
        assertEquals(2, found.get("/z/2/w").line());
        assertEquals("/z", found.get("/z/5").found());
        assertEquals(2, found.get("/x").column());
    }

    @Test
    void escapedKeysMatchTheirPointerTokens() {
        TokenLocations l = of("{\"a/b\": {\"m~n\": 1}}");
        assertEquals("/a~1b/m~0n", at(l, "/a~1b/m~0n").found());
        assertEquals(10, at(l, "/a~1b/m~0n").column());
    }

    @Test
    void columnsCountCharactersNotBytesAndLinesEndWithCrLfToo() {
        // "é" is two bytes, "😀" four bytes and two UTF-16 units, as editors and SARIF count columns.
        TokenLocations l = of("{\"é\": 1,\r\n \"😀\": 2, \"k\": 3}");
        assertEquals(new TokenLocations.Position("/é", "/é", 1, 2), at(l, "/é"));
        assertEquals(2, at(l, "/😀").line());
        assertEquals(2, at(l, "/😀").column());
        assertEquals(2, at(l, "/k").line());
        assertEquals(11, at(l, "/k").column());
    }
}
