package dev.wowcompat.profile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.json.JsonPointers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.HashMap;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Profiles of the values of many payloads, grouped by type, revision, JSON pointer and release. Memory is bounded by
 * {@link ProfileLimits} (the number of fields), never by the number of payloads. Two sets merge (sketches merge), so
 * an audit may profile in several threads and a registry may add what each audit posts to what it stores.
 *
 * <p>Not thread-safe: one set per thread, merged at the end.
 */
public final class ProfileSet {
    private final ProfileLimits limits;
    // Hashed, not sorted: every value looks its field up here; the order is made when the set is read.
    private final Map<FieldKey, FieldProfile> fields = new HashMap<>();
    private final Map<Writer, Node> roots = new HashMap<>();
    private long nodes;
    private long refusedValues;

    public ProfileSet() {
        this(ProfileLimits.DEFAULT);
    }

    public ProfileSet(ProfileLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    public ProfileLimits limits() {
        return limits;
    }

    /**
     * Profiles every value of a payload (an event's body, a state, a command's body) written by a release.
     *
     * @param revision the event revision, 0 for states and commands
     * @param release the release the record is attributed to, {@code service@version}
     */
    public void observe(String type, int revision, String release, JsonNode payload) {
        Writer writer = new Writer(type, revision, release);
        Node root = roots.get(writer);
        if (root == null) {
            if (nodes >= maxNodes()) {
                refusedValues += leaves(payload);
                return;
            }
            root = new Node("");
            nodes++;
            roots.put(writer, root);
        }
        walk(writer, root, payload, 0);
    }

    /** What wrote a payload: the tree of its fields is found once per payload. */
    private record Writer(String type, int revision, String release) {}

    /**
     * The fields of one writer as a tree of property names: a value finds its profile by the names on its way, and a
     * pointer is built once, when its node is created, never per value.
     */
    private static final class Node {
        final String pointer;
        Map<String, Node> properties;
        Node items;
        FieldProfile profile;
        boolean refused;

        Node(String pointer) {
            this.pointer = pointer;
        }
    }

    /** Nodes of all trees together: fields times depth, so that keys that are data (a map by id) cannot grow them. */
    private long maxNodes() {
        return (long) limits.maxFields() * limits.maxDepth();
    }

    private Node child(Node parent, String name) {
        Node child = parent.properties == null ? null : parent.properties.get(name);
        if (child == null && nodes < maxNodes()) {
            if (parent.properties == null) parent.properties = new HashMap<>();
            child = new Node(JsonPointers.child(parent.pointer, name));
            parent.properties.put(name, child);
            nodes++;
        }
        return child;
    }

    private Node items(Node parent) {
        if (parent.items == null && nodes < maxNodes()) {
            parent.items = new Node(parent.pointer + "/*");
            nodes++;
        }
        return parent.items;
    }

    private void walk(Writer writer, Node node, JsonNode value, int depth) {
        if (value == null || value.isMissingNode()) return;
        if (node == null || ((value.isObject() || value.isArray()) && depth >= limits.maxDepth())) {
            refusedValues += leaves(value);
            return;
        }
        if (value.isObject()) {
            for (Map.Entry<String, JsonNode> e : value.properties()) walk(writer, child(node, e.getKey()), e.getValue(), depth + 1);
            return;
        }
        if (value.isArray()) {
            Node items = items(node);
            for (JsonNode item : value) walk(writer, items, item, depth + 1);
            return;
        }
        if (node.profile == null && !node.refused) {
            node.profile = profile(new FieldKey(new Field(writer.type(), writer.revision(), node.pointer), writer.release()));
            node.refused = node.profile == null; // a full set never has room again: fields are not removed
        }
        FieldProfile profile = node.profile;
        if (profile == null) {
            refusedValues++;
        } else if (value.isNull()) {
            profile.acceptNull();
        } else if (value.isBoolean()) {
            profile.acceptBoolean(value.booleanValue());
        } else if (value.isNumber()) {
            profile.acceptNumber(value.doubleValue());
        } else if (value.isTextual()) {
            profile.acceptString(value.textValue());
        } else {
            refusedValues++; // binary or POJO nodes: not JSON text, never in a parsed record
        }
    }

    /** The values (not objects or arrays) in a tree: what is counted as refused when it is not profiled. */
    private static long leaves(JsonNode value) {
        if (value == null || value.isMissingNode()) return 0;
        if (!value.isContainerNode()) return 1;
        long n = 0;
        for (JsonNode child : value) n += leaves(child);
        return n;
    }

    /** The profile of a key, created while the set has room; null when it is full. */
    private FieldProfile profile(FieldKey key) {
        FieldProfile p = fields.get(key);
        if (p == null && fields.size() < limits.maxFields()) {
            p = new FieldProfile();
            fields.put(key, p);
        }
        return p;
    }

    /**
     * Adds another set's profiles to this one. Fields this set has no room for are left out, and their values counted
     * as refused.
     */
    public void merge(ProfileSet other) {
        refusedValues += other.refusedValues;
        for (Map.Entry<FieldKey, FieldProfile> e : other.fields.entrySet()) {
            FieldProfile mine = profile(e.getKey());
            if (mine == null) refusedValues += e.getValue().count();
            else mine.merge(e.getValue());
        }
    }

    /** The profiles, by field and release, in a stable order. */
    public SortedMap<FieldKey, FieldProfile> fields() {
        return Collections.unmodifiableSortedMap(new TreeMap<>(fields));
    }

    public FieldProfile get(Field field, String release) {
        return fields.get(new FieldKey(field, release));
    }

    /** The releases that wrote a field, in their names' order. */
    public List<String> releases(Field field) {
        TreeSet<String> out = new TreeSet<>();
        for (FieldKey k : fields.keySet()) if (k.field().equals(field)) out.add(k.release());
        return new ArrayList<>(out);
    }

    /** Every field, once whatever the number of releases. */
    public List<Field> distinctFields() {
        TreeSet<Field> out = new TreeSet<>();
        for (FieldKey k : fields.keySet()) out.add(k.field());
        return new ArrayList<>(out);
    }

    public int size() {
        return fields.size();
    }

    /** Values not profiled: beyond {@link ProfileLimits#maxFields()} or {@link ProfileLimits#maxDepth()}. */
    public long refusedValues() {
        return refusedValues;
    }

    void addRefused(long n) {
        refusedValues += n;
    }

    /** Adds the profile of one field, merged with the one the set has; counted as refused when the set is full. */
    public void add(FieldKey key, FieldProfile profile) {
        FieldProfile mine = profile(key);
        if (mine == null) refusedValues += profile.count();
        else mine.merge(profile);
    }
}
