package dev.wowcompat.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;

/**
 * How long a list in an answer may be (docs/api.md, "Limits"), so that no request, however large its input or long
 * the registry's history, makes an answer grow without bound: at most {@link #FINDINGS} findings, problems or
 * changes (what grows with the input), at most {@link #ENTRIES} entries of what grows with the history (services,
 * releases, environments, the releases a type or schema appears in); then {@code "more": N}, the count left out.
 * Where one entry can itself be large (a field's profile, a drift with its code lists, a stored report), a list is
 * also cut by its bytes ({@link #bytes}), so that the whole answer stays within {@link #ANSWER_BYTES}.
 */
final class Listed {
    static final int FINDINGS = 100;
    static final int ENTRIES = 1_000;
    /** The most an answer's body may take: 1 MiB. Every bound below is chosen to keep an answer within it. */
    static final int ANSWER_BYTES = 1024 * 1024;
    /** Bytes the one large list of an answer may take, leaving room for its other members within {@link #ANSWER_BYTES}. */
    static final int LIST_BYTES = 768 * 1024;

    private Listed() {}

    /** The first {@code max} of {@code all}; when some are left out, {@code "more": N} in {@code out}. */
    static <T> List<T> first(List<T> all, int max, ObjectNode out) {
        return first(all, max, out, "more");
    }

    /** The same, for an object with more than one list: the count left out goes to {@code moreField}. */
    static <T> List<T> first(List<T> all, int max, ObjectNode out, String moreField) {
        if (all.size() <= max) return all;
        out.put(moreField, all.size() - max);
        return all.subList(0, max);
    }

    /** The last {@code max} of {@code all} (the newest, for a list in the order things happened), as {@link #first}. */
    static <T> List<T> last(List<T> all, int max, ObjectNode out, String moreField) {
        if (all.size() <= max) return all;
        out.put(moreField, all.size() - max);
        return all.subList(all.size() - max, all.size());
    }

    /**
     * Adds to {@code list} the first of {@code all}, in order and each as {@code toJson} writes it (one at a time, so
     * what is left out is never built whole), while there are at most {@code max} of them and their
     * JSON takes at most {@code bytes} (UTF-8); the entry that would pass either bound ends the list, so what is
     * listed is always a prefix. The count left out goes to {@code moreField} of {@code out}.
     *
     * @return how many were left out
     */
    static <T> int bytes(List<T> all, Function<T, ? extends JsonNode> toJson, int max, long bytes, ArrayNode list,
            ObjectNode out, String moreField) {
        int more = bytes(all, toJson, max, bytes, list);
        if (more > 0) out.put(moreField, more);
        return more;
    }

    /** The same, for an answer that says what was left out its own way (a page's cursor, an object of counts). */
    static <T> int bytes(List<T> all, Function<T, ? extends JsonNode> toJson, int max, long bytes, ArrayNode list) {
        long left = bytes;
        int listed = 0;
        for (T each : all) {
            if (listed == max) break;
            JsonNode entry = toJson.apply(each);
            long size = entry.toString().getBytes(StandardCharsets.UTF_8).length;
            if (size > left) break;
            left -= size;
            list.add(entry);
            listed++;
        }
        return all.size() - listed;
    }
}
