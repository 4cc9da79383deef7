package dev.wowcompat.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * How long a list in an answer may be (docs/api.md, "Limits"), so that no request, however large its input or long
 * the registry's history, makes an answer grow without bound: at most {@link #FINDINGS} findings, problems or
 * changes (what grows with the input), at most {@link #ENTRIES} entries of what grows with the history (services,
 * releases, environments, the releases a type or schema appears in); then {@code "more": N}, the count left out.
 */
final class Listed {
    static final int FINDINGS = 100;
    static final int ENTRIES = 1_000;

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
}
