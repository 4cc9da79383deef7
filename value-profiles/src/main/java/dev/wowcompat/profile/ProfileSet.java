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
        walk(type, revision, release, payload, "", 0);
    }

    private void walk(String type, int revision, String release, JsonNode node, String pointer, int depth) {
        if (node == null || node.isMissingNode()) return;
        if (node.isObject()) {
            if (depth >= limits.maxDepth()) {
                refusedValues++;
                return;
            }
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                walk(type, revision, release, e.getValue(), JsonPointers.child(pointer, e.getKey()), depth + 1);
            }
            return;
        }
        if (node.isArray()) {
            if (depth >= limits.maxDepth()) {
                refusedValues++;
                return;
            }
            String items = pointer + "/*";
            for (JsonNode item : node) walk(type, revision, release, item, items, depth + 1);
            return;
        }
        FieldProfile profile = profile(new FieldKey(new Field(type, revision, pointer), release));
        if (profile == null) {
            refusedValues++;
        } else if (node.isNull()) {
            profile.acceptNull();
        } else if (node.isBoolean()) {
            profile.acceptBoolean(node.booleanValue());
        } else if (node.isNumber()) {
            profile.acceptNumber(node.doubleValue());
        } else if (node.isTextual()) {
            profile.acceptString(node.textValue());
        } else {
            refusedValues++; // binary or POJO nodes: not JSON text, never in a parsed record
        }
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
