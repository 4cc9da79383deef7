package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * The members of a JSON object as the judge reads records: in two arrays, in their order, while the object has few
 * (as nearly every object of a record has), and in a {@link LinkedHashMap} once it has more than {@link #FEW}, so that
 * a record of many members costs no more than with Jackson's own map (docs/performance.md, "The watch").
 *
 * <p>Why: every member a check looks up is read from memory, and the audit's pass judges a record on another thread
 * than the one that parsed it. A {@link LinkedHashMap} puts each member in an entry object of its own, behind a
 * table; two arrays hold the same members in a few cache lines, and building them allocates less (less for the
 * collector to copy while records wait to be judged). Not thread-safe, as Jackson's own map; a tree is handed between
 * threads whole.
 */
final class CompactMembers extends AbstractMap<String, JsonNode> {
    /**
     * Up to this many members are kept in the arrays, looked up by scanning their hashes: a state event's payload has
     * about fifteen, built with no entry object each and scanned in one cache line of hashes (docs/decisions.md,
     * "Watching the wire").
     */
    static final int FEW = 16;

    /** Builds every object of a tree with compact members; everything else as Jackson's default factory. */
    static final class Nodes extends JsonNodeFactory {
        private static final long serialVersionUID = 1L;

        @Override
        public ObjectNode objectNode() {
            return new ObjectNode(this, new CompactMembers());
        }
    }

    private String[] names = new String[4];
    private JsonNode[] values = new JsonNode[4];
    /** Each name's hash, beside it: a scan compares ints in one array, and a name only where its hash is equal. */
    private int[] hashes = new int[4];
    private int size;
    /** The members once there are more than {@link #FEW}; the arrays are then let go. */
    private LinkedHashMap<String, JsonNode> many;
    private int changes;

    private int indexOf(Object name) {
        int hash = Objects.hashCode(name);
        for (int i = 0; i < size; i++) {
            // Jackson gives the names of a document's members as canonical instances: most matches are by identity.
            if (hashes[i] == hash && (names[i] == name || name != null && name.equals(names[i]))) return i;
        }
        return -1;
    }

    @Override
    public int size() {
        return many != null ? many.size() : size;
    }

    @Override
    public JsonNode get(Object name) {
        if (many != null) return many.get(name);
        int i = indexOf(name);
        return i < 0 ? null : values[i];
    }

    @Override
    public boolean containsKey(Object name) {
        return many != null ? many.containsKey(name) : indexOf(name) >= 0;
    }

    @Override
    public JsonNode put(String name, JsonNode value) {
        if (many != null) return many.put(name, value);
        int i = indexOf(name);
        if (i >= 0) {
            JsonNode before = values[i];
            values[i] = value;
            return before;
        }
        changes++;
        if (size == FEW) {
            many = new LinkedHashMap<>();
            for (int j = 0; j < size; j++) many.put(names[j], values[j]);
            names = null;
            values = null;
            hashes = null;
            size = 0;
            return many.put(name, value);
        }
        if (size == names.length) {
            int grown = Math.min(FEW, 2 * size);
            names = Arrays.copyOf(names, grown);
            values = Arrays.copyOf(values, grown);
            hashes = Arrays.copyOf(hashes, grown);
        }
        names[size] = name;
        values[size] = value;
        hashes[size] = Objects.hashCode(name);
        size++;
        return null;
    }

    @Override
    public JsonNode remove(Object name) {
        if (many != null) return many.remove(name);
        int i = indexOf(name);
        if (i < 0) return null;
        JsonNode before = values[i];
        removeAt(i);
        return before;
    }

    private void removeAt(int i) {
        System.arraycopy(names, i + 1, names, i, size - i - 1);
        System.arraycopy(values, i + 1, values, i, size - i - 1);
        System.arraycopy(hashes, i + 1, hashes, i, size - i - 1);
        size--;
        names[size] = null;
        values[size] = null;
        changes++;
    }

    @Override
    public void clear() {
        if (many != null) {
            many.clear();
            return;
        }
        Arrays.fill(names, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
        changes++;
    }

    @Override
    public Set<Map.Entry<String, JsonNode>> entrySet() {
        if (many != null) return many.entrySet();
        return new AbstractSet<>() {
            @Override
            public int size() {
                return CompactMembers.this.size();
            }

            @Override
            public Iterator<Map.Entry<String, JsonNode>> iterator() {
                return many != null ? many.entrySet().iterator() : new Members();
            }
        };
    }

    /** The members in their order; an entry's value may be set, and the last member given removed, as a map's entries allow. */
    private final class Members implements Iterator<Map.Entry<String, JsonNode>> {
        private int next;
        private int last = -1;
        private int expected = changes;

        @Override
        public boolean hasNext() {
            return next < size;
        }

        /** The members were not changed but through this iterator since it began (nor moved into the map). */
        private void unchanged() {
            if (expected != changes || many != null) throw new ConcurrentModificationException();
        }

        @Override
        public Map.Entry<String, JsonNode> next() {
            unchanged();
            if (next >= size) throw new NoSuchElementException();
            int i = last = next++;
            return new SimpleEntry<>(names[i], values[i]) {
                private static final long serialVersionUID = 1L;

                @Override
                public JsonNode setValue(JsonNode value) {
                    unchanged();
                    values[i] = value;
                    return super.setValue(value);
                }
            };
        }

        @Override
        public void remove() {
            if (last < 0) throw new IllegalStateException();
            unchanged();
            removeAt(last);
            next = last;
            last = -1;
            expected = changes;
        }
    }
}
