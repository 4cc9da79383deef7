package dev.wowcompat.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The line and column of JSON pointers in the text of one document (UTF-8 bytes that parsed as JSON).
 *
 * <p>Only the bytes are kept; the positions of the pointers asked for are found in one streaming pass that skips every
 * subtree no pointer leads into. Reading a document therefore costs nothing more than keeping its bytes, and a report
 * costs one pass over the file however many findings it has, rather than a table of every token's position built on
 * every read whether a finding needs it or not (figures: docs/performance.md, {@code LocateBenchmark}).
 *
 * <p>A member of an object is located at its key (the keyword a finding names), an array element and the document at
 * the first character of the value. A pointer the document does not have is located at its nearest enclosing one
 * that it has, so that something only an older version had is shown where it would have been.
 */
public final class TokenLocations {
    /** Thread-safe; only streaming parsers are made from it. */
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private final byte[] content;

    /** @param content a document that parsed as JSON (the caller's parse enforced the input limits) */
    public TokenLocations(byte[] content) {
        this.content = Objects.requireNonNull(content, "content");
    }

    /**
     * @param pointer the pointer asked for
     * @param found the pointer located: {@code pointer} itself, or its nearest enclosing pointer the document has
     */
    public record Position(String pointer, String found, int line, int column) {}

    /** The position of each pointer (or of its nearest enclosing one), in one pass over the document. */
    public Map<String, Position> locate(Collection<String> pointers) {
        Set<String> onPath = new HashSet<>();
        for (String p : pointers) {
            for (String q = p; onPath.add(q) && !q.isEmpty(); q = parent(q)) { }
        }
        Map<String, long[]> seen = scan(onPath);
        Map<String, Position> out = new HashMap<>();
        for (String p : pointers) {
            String q = p;
            while (!seen.containsKey(q) && !q.isEmpty()) q = parent(q);
            long[] at = seen.get(q);
            if (at != null) out.put(p, new Position(p, q, (int) at[0], (int) at[1]));
        }
        return out;
    }

    private Map<String, long[]> scan(Set<String> onPath) {
        Map<String, long[]> seen = new HashMap<>();
        Columns columns = new Columns();
        // For each open container: its pointer and, for an array, the index of the next element (-1 for an object).
        Deque<String> pointers = new ArrayDeque<>();
        Deque<int[]> indexes = new ArrayDeque<>();
        try (JsonParser parser = FACTORY.createParser(content)) {
            JsonToken token;
            String memberPointer = null;
            long[] keyAt = null;
            while ((token = parser.nextToken()) != null) {
                if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                    pointers.pop();
                    indexes.pop();
                    continue;
                }
                if (token == JsonToken.FIELD_NAME) {
                    memberPointer = JsonPointers.child(pointers.peek(), parser.currentName());
                    keyAt = columns.position(parser.currentTokenLocation());
                    continue;
                }
                String pointer;
                long[] at;
                if (pointers.isEmpty()) {
                    pointer = "";
                    at = columns.position(parser.currentTokenLocation());
                } else if (indexes.peek()[0] >= 0) {
                    pointer = JsonPointers.child(pointers.peek(), indexes.peek()[0]++);
                    at = onPath.contains(pointer) ? columns.position(parser.currentTokenLocation()) : null;
                } else {
                    pointer = memberPointer;
                    at = keyAt;
                }
                boolean wanted = onPath.contains(pointer);
                if (wanted) seen.put(pointer, at);
                if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                    if (wanted) {
                        pointers.push(pointer);
                        indexes.push(new int[] {token == JsonToken.START_ARRAY ? 0 : -1});
                    } else {
                        parser.skipChildren();
                    }
                }
            }
        } catch (IOException e) {
            // The document parsed before it was kept; failing now would be a bug, not bad input.
            throw new UncheckedIOException(e);
        }
        return seen;
    }

    /**
     * Line and column (in UTF-16 code units, counted from the line's start) of tokens met in document order. Each
     * position counts on from the one before, so that a pass costs one walk of the bytes even when the whole
     * document is one line (a generated Manifest often is).
     */
    private final class Columns {
        private int offset;
        private int column = 1;

        long[] position(JsonLocation location) {
            int target = (int) location.getByteOffset();
            for (int i = offset; i < target; i++) {
                int b = content[i] & 0xFF;
                if (b == '\n' || b == '\r') column = 1;
                else if ((b & 0xC0) != 0x80) column += b >= 0xF0 ? 2 : 1; // continuation bytes add nothing; 4 bytes are 2 units
            }
            offset = target;
            return new long[] {location.getLineNr(), column};
        }
    }

    private static String parent(String pointer) {
        return pointer.substring(0, Math.max(0, pointer.lastIndexOf('/')));
    }
}
