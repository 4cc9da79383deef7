package dev.wowcompat.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * The JSON form of a profile set, as the audit posts it and the registry stores and serves it (docs/api.md):
 *
 * <pre>{"profileFormat": 1, "refusedValues": 0, "fields": [
 *   {"type": "Deposited", "revision": 2, "pointer": "/amount", "release": "bank@1.4.0", "nulls": 0,
 *    "number": {"count": 900, "zeros": 3, "negatives": 0, "magnitudes": "base64", "q10": 1.2, "q50": 40.1, "q90": 980},
 *    "string": {"count": 12, "formats": {"decimal": 12}, "lengths": "base64", "values": "base64"},
 *    "boolean": {"count": 0, "true": 0}}]}</pre>
 *
 * Sketches are the libraries' own binary encodings in base64. The quantiles beside the number sketch are there for
 * people and the page; reading ignores them and recomputes them from the sketch.
 */
public final class ProfileJson {
    public static final int FORMAT = 1;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ProfileJson() {}

    public static ObjectNode write(ProfileSet set) {
        ObjectNode root = head(set);
        ArrayNode fields = (ArrayNode) root.get("fields");
        for (Map.Entry<FieldKey, FieldProfile> e : set.fields().entrySet()) fields.add(write(e.getKey(), e.getValue()));
        return root;
    }

    /**
     * The set's members with an empty {@code fields}, for a writer that lists the fields itself (each as
     * {@link #write(FieldKey, FieldProfile)} writes it), e.g. only as many as an answer has room for.
     */
    public static ObjectNode head(ProfileSet set) {
        ObjectNode root = F.objectNode();
        root.put("profileFormat", FORMAT);
        root.put("refusedValues", set.refusedValues());
        root.putArray("fields");
        return root;
    }

    public static ObjectNode write(FieldKey key, FieldProfile p) {
        ObjectNode o = F.objectNode();
        o.put("type", key.field().type());
        o.put("revision", key.field().revision());
        o.put("pointer", key.field().pointer());
        o.put("release", key.release());
        o.put("nulls", p.nulls());
        NumberProfile n = p.numbers();
        if (n != null) {
            ObjectNode on = o.putObject("number");
            on.put("count", n.count());
            on.put("zeros", n.zeros());
            on.put("negatives", n.negatives());
            on.put("magnitudes", n.magnitudes().encode());
            if (n.nonZero() > 0) {
                on.put("q10", n.magnitude(0.1));
                on.put("q50", n.magnitude(0.5));
                on.put("q90", n.magnitude(0.9));
            }
        }
        StringProfile s = p.strings();
        if (s != null) {
            ObjectNode os = o.putObject("string");
            os.put("count", s.count());
            ObjectNode formats = os.putObject("formats");
            for (FormatClass c : FormatClass.values()) if (s.count(c) > 0) formats.put(c.label(), s.count(c));
            os.put("lengths", s.lengths().encode());
            os.put("values", s.values().encode());
        }
        if (p.booleans() > 0) {
            ObjectNode ob = o.putObject("boolean");
            ob.put("count", p.booleans());
            ob.put("true", p.trues());
        }
        return o;
    }

    /**
     * Reads a profile set, within the given limits (fields beyond them are counted as refused values).
     *
     * @throws IllegalArgumentException with one sentence naming the first problem, for any input that is not a
     *     profile set of this format
     */
    public static ProfileSet read(JsonNode root, ProfileLimits limits) {
        if (root == null || !root.isObject()) throw new IllegalArgumentException("a profile set is a JSON object");
        if (!root.path("profileFormat").isInt() || root.get("profileFormat").intValue() != FORMAT) {
            throw new IllegalArgumentException("a profile set needs \"profileFormat\": " + FORMAT);
        }
        ProfileSet set = new ProfileSet(limits);
        set.addRefused(count(root, "refusedValues", "the set", true));
        JsonNode fields = root.path("fields");
        if (!fields.isArray()) throw new IllegalArgumentException("a profile set needs an array \"fields\"");
        int i = 0;
        for (JsonNode f : fields) {
            String where = "fields[" + i++ + "]";
            set.add(key(f, where), profile(f, where));
        }
        return set;
    }

    /** One entry of a set's {@code fields}: a field, the release that wrote it, and its profile. */
    public record Entry(FieldKey key, FieldProfile profile) {}

    /**
     * Reads one entry of a set's {@code fields} (as {@link #write(FieldKey, FieldProfile)} wrote it).
     *
     * @throws IllegalArgumentException naming the first problem, {@code where} being how to name the entry
     */
    public static Entry readField(JsonNode f, String where) {
        return new Entry(key(f, where), profile(f, where));
    }

    static FieldKey key(JsonNode f, String where) {
        if (!f.isObject()) throw new IllegalArgumentException(where + " is not an object");
        String type = text(f, "type", where);
        String release = text(f, "release", where);
        JsonNode pointer = f.path("pointer");
        if (!pointer.isTextual() || !(pointer.textValue().isEmpty() || pointer.textValue().startsWith("/"))) {
            throw new IllegalArgumentException(where + ".pointer is not a JSON pointer");
        }
        long revision = count(f, "revision", where, true);
        if (revision > Integer.MAX_VALUE) throw new IllegalArgumentException(where + ".revision is too large");
        return new FieldKey(new Field(type, (int) revision, pointer.textValue()), release);
    }

    static FieldProfile profile(JsonNode f, String where) {
        long nulls = count(f, "nulls", where, true);
        NumberProfile numbers = null;
        JsonNode n = f.get("number");
        if (n != null) {
            String at = where + ".number";
            if (!n.isObject()) throw new IllegalArgumentException(at + " is not an object");
            Quantiles magnitudes = Quantiles.decode(Quantiles.Shape.MAGNITUDES, text(n, "magnitudes", at));
            long count = count(n, "count", at, false);
            long zeros = count(n, "zeros", at, true);
            if (magnitudes.count() != count - zeros) {
                throw new IllegalArgumentException(at + ".magnitudes does not hold count - zeros values");
            }
            numbers = new NumberProfile(count, zeros, count(n, "negatives", at, true), magnitudes);
        }
        StringProfile strings = null;
        JsonNode s = f.get("string");
        if (s != null) {
            String at = where + ".string";
            if (!s.isObject()) throw new IllegalArgumentException(at + " is not an object");
            long[] formats = new long[FormatClass.values().length];
            JsonNode fo = s.path("formats");
            if (!fo.isObject()) throw new IllegalArgumentException(at + ".formats is not an object");
            for (Iterator<String> it = fo.fieldNames(); it.hasNext(); ) {
                String label = it.next();
                FormatClass c;
                try {
                    c = FormatClass.fromLabel(label);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(at + ".formats: " + e.getMessage());
                }
                formats[c.ordinal()] = count(fo, label, at + ".formats", false);
            }
            Quantiles lengths = Quantiles.decode(Quantiles.Shape.LENGTHS, text(s, "lengths", at));
            FrequentValues values = FrequentValues.decode(text(s, "values", at));
            long count = count(s, "count", at, false);
            if (lengths.count() != count || values.count() > count) {
                throw new IllegalArgumentException(at + "'s sketches do not hold its count of values");
            }
            strings = new StringProfile(count, formats, lengths, values);
        }
        long booleans = 0, trues = 0;
        JsonNode b = f.get("boolean");
        if (b != null) {
            String at = where + ".boolean";
            if (!b.isObject()) throw new IllegalArgumentException(at + " is not an object");
            booleans = count(b, "count", at, false);
            trues = count(b, "true", at, false);
        }
        try {
            return new FieldProfile(nulls, booleans, trues, numbers, strings);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
    }

    private static String text(JsonNode o, String name, String where) {
        JsonNode v = o.path(name);
        if (!v.isTextual()) throw new IllegalArgumentException(where + "." + name + " is not a string");
        return v.textValue();
    }

    private static long count(JsonNode o, String name, String where, boolean optional) {
        JsonNode v = o.get(name);
        if (v == null && optional) return 0;
        if (v == null || !v.canConvertToLong() || !v.isIntegralNumber() || v.longValue() < 0 || v.longValue() > FieldProfile.MAX_COUNT) {
            throw new IllegalArgumentException(where + "." + name + " is not a count (an integer from 0 to 2^53)");
        }
        return v.longValue();
    }
}
