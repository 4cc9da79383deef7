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
 * subtree no pointer leads into. Reading a document therefore costs nothing more, and a report costs one pass over
 * the file however many findings it has (a table of every token's position would double the reader's garbage for a
 * large Manifest; docs/performance.md has the figures).
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
                    keyAt = position(parser.currentTokenLocation());
                    continue;
                }
                String pointer;
                long[] at;
                if (pointers.isEmpty()) {
                    pointer = "";
                    at = position(parser.currentTokenLocation());
                } else if (indexes.peek()[0] >= 0) {
                    pointer = JsonPointers.child(pointers.peek(), indexes.peek()[0]++);
                    at = onPath.contains(pointer) ? position(parser.currentTokenLocation()) : null;
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

    /** Line and column (in UTF-16 code units, counted from the line's start) of a token. */
    private long[] position(JsonLocation location) {
        int offset = (int) location.getByteOffset();
        int lineStart = offset;
        while (lineStart > 0 && content[lineStart - 1] != '\n' && content[lineStart - 1] != '\r') lineStart--;
        int column = 1;
        for (int i = lineStart; i < offset; i++) {
            int b = content[i] & 0xFF;
            if ((b & 0xC0) == 0x80) continue; // a continuation byte belongs to the character before it
            column += b >= 0xF0 ? 2 : 1; // a 4-byte sequence is a surrogate pair in UTF-16
        }
        return new long[] {location.getLineNr(), column};
    }

    private static String parent(String pointer) {
        return pointer.substring(0, Math.max(0, pointer.lastIndexOf('/')));
    }
}
