package dev.wowcompat.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.json.SchemaKeywords;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * References that lead to other references: a cycle ({@code a -> b -> a}, or a schema referring to itself) never
 * reaches a schema, and a chain longer than {@link #MAX_HOPS} is refused rather than followed. Found with the same
 * resolution the diff uses, so that every schema input accepts can be compared. The walk and the chain following
 * are iterative: no input depth exhausts the stack here.
 */
public final class ReferenceChains {
    /** References followed one after another, from schema to schema without descending. */
    public static final int MAX_HOPS = 64;
    /** A reference that is part of a cycle of references. */
    public static final String CYCLE = "wow-compat.schema.ref-cycle";
    /** A reference that starts a chain of more than {@link #MAX_HOPS} references. */
    public static final String TOO_LONG = "wow-compat.schema.ref-chain-too-long";

    /** One refused chain: the pointer of the reference it starts at (inside the schema), a stable code, the message. */
    public record Problem(String pointer, String code, String message) {}

    /** Steps of a cycle named in its message; a longer one is shortened in the middle. */
    private static final int SHOWN_STEPS = 8;

    private ReferenceChains() {}

    private record Site(JsonNode node, String pointer, String keyword, String value) {}

    /** Every cycle (once, at its first reference in document order) and every chain head past {@link #MAX_HOPS}. */
    public static List<Problem> find(JsonNode schema) {
        if (!schema.isObject()) return List.of();
        SchemaDocument doc = new SchemaDocument(schema);
        List<Site> sites = sites(doc);
        if (sites.isEmpty()) return List.of();
        Map<JsonNode, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < sites.size(); i++) index.put(sites.get(i).node, i);
        int n = sites.size();
        int[] next = new int[n];
        boolean[] pointedTo = new boolean[n];
        for (int i = 0; i < n; i++) {
            Site s = sites.get(i);
            JsonNode target;
            try {
                target = doc.resolve(s.keyword.equals("$recursiveRef") ? "#" : s.value, s.pointer).node();
            } catch (IllegalArgumentException unresolvedOrRemote) {
                target = null; // reported by the reference checks of the input
            }
            Integer j = target == null ? null : index.get(target);
            next[i] = j == null ? -1 : j;
            if (j != null) pointedTo[j] = true;
        }
        List<Problem> out = new ArrayList<>();
        int[] length = new int[n]; // references followed from here to a schema; -1: ends in a cycle
        byte[] state = new byte[n]; // 0 not seen, 1 on the current path, 2 done
        Deque<Integer> path = new ArrayDeque<>();
        for (int start = 0; start < n; start++) {
            int cur = start;
            while (cur >= 0 && state[cur] == 0) {
                state[cur] = 1;
                path.push(cur);
                cur = next[cur];
            }
            if (cur >= 0 && state[cur] == 1) {
                List<Integer> cycle = new ArrayList<>();
                int at;
                do {
                    at = path.pop();
                    cycle.add(0, at);
                    state[at] = 2;
                    length[at] = -1;
                } while (at != cur);
                out.add(cycle(sites, cycle));
            }
            while (!path.isEmpty()) {
                int at = path.pop();
                int after = next[at];
                length[at] = after < 0 ? 1 : length[after] < 0 ? -1 : length[after] + 1;
                state[at] = 2;
            }
        }
        for (int i = 0; i < n; i++) {
            if (!pointedTo[i] && length[i] > MAX_HOPS) {
                Site s = sites.get(i);
                out.add(new Problem(JsonPointers.child(s.pointer, s.keyword), TOO_LONG, s.keyword + " '" + s.value + "' starts a chain of "
                        + length[i] + " references before it reaches a schema; at most " + MAX_HOPS + " are followed:"
                        + " refer to the schema at the end of the chain directly"));
            }
        }
        out.sort((a, b) -> a.pointer.compareTo(b.pointer));
        return out;
    }

    private static Problem cycle(List<Site> sites, List<Integer> members) {
        int first = members.stream().min(Integer::compare).orElseThrow();
        int from = members.indexOf(first);
        StringBuilder route = new StringBuilder();
        int size = members.size();
        for (int k = 0; k <= size; k++) {
            if (size > SHOWN_STEPS && k == SHOWN_STEPS - 1) {
                route.append(" -> ... (").append(size - SHOWN_STEPS + 1).append(" more)");
                k = size - 1;
                continue;
            }
            Site s = sites.get(members.get((from + k) % size));
            route.append(k == 0 ? "" : " -> ").append(SchemaDocument.show(s.pointer));
        }
        Site s = sites.get(first);
        return new Problem(JsonPointers.child(s.pointer, s.keyword), CYCLE, s.keyword + " '" + s.value
                + "' is part of a cycle of references that never reaches a schema: " + route);
    }

    /** The objects in schema positions that hold a reference this document's draft follows, in document order. */
    private static List<Site> sites(SchemaDocument doc) {
        List<Site> out = new ArrayList<>();
        Deque<Object[]> stack = new ArrayDeque<>();
        stack.push(new Object[] {doc.rootNode(), ""});
        while (!stack.isEmpty()) {
            Object[] top = stack.pop();
            JsonNode node = (JsonNode) top[0];
            String pointer = (String) top[1];
            List<Object[]> children = new ArrayList<>();
            if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) children.add(new Object[] {node.get(i), JsonPointers.child(pointer, i)});
            } else if (node.isObject()) {
                String keyword = doc.referenceKeyword(node);
                if (keyword != null) out.add(new Site(node, pointer, keyword, node.get(keyword).textValue()));
                for (Map.Entry<String, JsonNode> e : node.properties()) {
                    String key = e.getKey();
                    JsonNode value = e.getValue();
                    if (SchemaKeywords.DATA.contains(key) || !value.isContainerNode()) continue;
                    String at = JsonPointers.child(pointer, key);
                    if (SchemaKeywords.MAPS.contains(key) && value.isObject()) {
                        for (Map.Entry<String, JsonNode> entry : value.properties()) {
                            children.add(new Object[] {entry.getValue(), JsonPointers.child(at, entry.getKey())});
                        }
                    } else {
                        children.add(new Object[] {value, at});
                    }
                }
            }
            for (int i = children.size() - 1; i >= 0; i--) stack.push(children.get(i));
        }
        return out;
    }
}
