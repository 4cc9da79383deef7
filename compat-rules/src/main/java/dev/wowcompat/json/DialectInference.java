package dev.wowcompat.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The dialect of a schema that has no {@code $schema}, read from the keywords it uses (docs/decisions.md, "A schema
 * without $schema"). Draft 2020-12 is the default, but a schema written for an older draft is not refused for
 * lacking a {@code $schema}: the tuple form of {@code items} and {@code additionalItems} exist only up to 2019-09,
 * {@code prefixItems} and {@code $dynamicRef} only in 2020-12, {@code $defs}, {@code dependentRequired},
 * {@code unevaluated*} only from 2019-09. The dialect is the first of a preference order whose draft reads every
 * such keyword as written: draft-07 first when the schema uses a keyword of the older drafts (the tuple form,
 * {@code additionalItems}, {@code definitions}, {@code dependencies}), draft 2020-12 first otherwise. A schema whose
 * keywords no one draft reads together (a tuple {@code items} beside {@code prefixItems}) has no dialect: it is
 * refused, naming one keyword of each.
 *
 * <p>Only schema positions are read ({@link SchemaKeywords}); a subschema with a {@code $schema} of its own is
 * left out, since it says what it is.
 */
public final class DialectInference {
    private DialectInference() {}

    /** The drafts a schema without {@code $schema} can be taken to be: drafts 04 and 06 are never guessed. */
    private static final Set<SchemaDialect> GUESSABLE = EnumSet.of(SchemaDialect.DRAFT_07, SchemaDialect.DRAFT_2019_09,
            SchemaDialect.DRAFT_2020_12);
    private static final List<SchemaDialect> OLDER_FIRST = List.of(SchemaDialect.DRAFT_07, SchemaDialect.DRAFT_2019_09,
            SchemaDialect.DRAFT_2020_12);
    private static final List<SchemaDialect> NEWER_FIRST = List.of(SchemaDialect.DRAFT_2020_12,
            SchemaDialect.DRAFT_2019_09, SchemaDialect.DRAFT_07);

    /** What a keyword tells of the draft it was written for. */
    private enum Clue {
        UP_TO_2019_09("drafts up to 2019-09", EnumSet.of(SchemaDialect.DRAFT_07, SchemaDialect.DRAFT_2019_09), true),
        /** Kept reserved by the newer meta-schemas, so it rules nothing out, but it is how the older drafts write. */
        OLDER_STYLE("drafts up to 2019-09", EnumSet.copyOf(GUESSABLE), true),
        FROM_2019_09("drafts 2019-09 and 2020-12", EnumSet.of(SchemaDialect.DRAFT_2019_09, SchemaDialect.DRAFT_2020_12), false),
        ONLY_2019_09("draft 2019-09", EnumSet.of(SchemaDialect.DRAFT_2019_09), false),
        ONLY_2020_12("draft 2020-12", EnumSet.of(SchemaDialect.DRAFT_2020_12), false);

        final String drafts;
        final Set<SchemaDialect> readBy;
        final boolean older;

        Clue(String drafts, Set<SchemaDialect> readBy, boolean older) {
            this.drafts = drafts;
            this.readBy = readBy;
            this.older = older;
        }
    }

    private static final Map<String, Clue> CLUES = Map.ofEntries(
            Map.entry("additionalItems", Clue.UP_TO_2019_09),
            Map.entry("definitions", Clue.OLDER_STYLE),
            Map.entry("dependencies", Clue.OLDER_STYLE),
            Map.entry("$defs", Clue.FROM_2019_09),
            Map.entry("dependentRequired", Clue.FROM_2019_09),
            Map.entry("dependentSchemas", Clue.FROM_2019_09),
            Map.entry("unevaluatedItems", Clue.FROM_2019_09),
            Map.entry("unevaluatedProperties", Clue.FROM_2019_09),
            Map.entry("minContains", Clue.FROM_2019_09),
            Map.entry("maxContains", Clue.FROM_2019_09),
            Map.entry("$anchor", Clue.FROM_2019_09),
            Map.entry("$recursiveRef", Clue.ONLY_2019_09),
            Map.entry("$recursiveAnchor", Clue.ONLY_2019_09),
            Map.entry("prefixItems", Clue.ONLY_2020_12),
            Map.entry("$dynamicRef", Clue.ONLY_2020_12),
            Map.entry("$dynamicAnchor", Clue.ONLY_2020_12));

    /** A keyword at a place, and what it tells. */
    private record Sighting(String keyword, String pointer, Clue clue) {
        String named() {
            return keyword.equals("items") ? "'items' as an array (a tuple)" : "'" + keyword + "'";
        }
    }

    /**
     * Two keywords of one schema that no one draft reads together.
     *
     * @param pointer where the keyword of the older draft is, relative to the schema
     */
    public record Conflict(String pointer, String message) {}

    /** The inferred dialect, or the conflict that leaves the schema without one. */
    public record Result(Optional<SchemaDialect> dialect, Optional<Conflict> conflict) {}

    /** The dialect of {@code schema} as if it had no {@code $schema} at its root. */
    public static Result infer(JsonNode schema) {
        List<Sighting> sightings = sightings(schema);
        Set<SchemaDialect> possible = EnumSet.copyOf(GUESSABLE);
        boolean older = false;
        for (Sighting s : sightings) {
            possible.retainAll(s.clue.readBy);
            older |= s.clue.older;
        }
        for (SchemaDialect d : older ? OLDER_FIRST : NEWER_FIRST) {
            if (possible.contains(d)) return new Result(Optional.of(d), Optional.empty());
        }
        return new Result(Optional.empty(), Optional.of(conflict(sightings)));
    }

    /** The first two sightings, in document order, that no draft reads together. */
    private static Conflict conflict(List<Sighting> sightings) {
        for (int i = 0; i < sightings.size(); i++) {
            for (int j = i + 1; j < sightings.size(); j++) {
                Sighting a = sightings.get(i);
                Sighting b = sightings.get(j);
                Set<SchemaDialect> both = EnumSet.copyOf(a.clue.readBy);
                both.retainAll(b.clue.readBy);
                if (!both.isEmpty()) continue;
                Sighting older = OLDER_FIRST.indexOf(first(a)) <= OLDER_FIRST.indexOf(first(b)) ? a : b;
                Sighting newer = older == a ? b : a;
                return new Conflict(older.pointer, "this schema has no $schema and mixes drafts: it uses " + older.named()
                        + " (" + older.clue.drafts + ") and " + newer.named() + " (" + newer.clue.drafts
                        + "), which no one draft reads together; write it in one draft, and say which with $schema");
            }
        }
        // Unreachable: an empty intersection of sets of three dialects needs two disjoint ones among these clues.
        throw new IllegalStateException("no two keywords conflict in " + sightings);
    }

    private static SchemaDialect first(Sighting s) {
        for (SchemaDialect d : OLDER_FIRST) if (s.clue.readBy.contains(d)) return d;
        throw new IllegalStateException("a clue is read by no draft: " + s.clue);
    }

    /** Every keyword that tells a draft, in document order, from the schema positions without a $schema of their own. */
    private static List<Sighting> sightings(JsonNode schema) {
        // A frame's pointer is built only for a sighting, which is rare.
        record Frame(JsonNode node, SchemaPlace place) {}
        List<Sighting> out = new ArrayList<>();
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(schema, SchemaPlace.root("")));
        List<Frame> children = new ArrayList<>();
        while (!stack.isEmpty()) {
            Frame f = stack.pop();
            JsonNode node = f.node;
            if (!node.isObject() || node != schema && node.has("$schema")) continue;
            children.clear();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String keyword = e.getKey();
                JsonNode value = e.getValue();
                Clue clue = keyword.equals("items") && value.isArray() ? Clue.UP_TO_2019_09 : CLUES.get(keyword);
                if (clue != null) out.add(new Sighting(keyword, JsonPointers.child(f.place.pointer(), keyword), clue));
                if (value.isObject() && SchemaKeywords.SINGLE.contains(keyword)) {
                    children.add(new Frame(value, f.place.under(keyword)));
                } else if (value.isArray() && SchemaKeywords.ARRAYS.contains(keyword)) {
                    for (int i = 0; i < value.size(); i++) children.add(new Frame(value.get(i), f.place.under(keyword, i)));
                } else if (value.isObject() && SchemaKeywords.MAPS.contains(keyword)) {
                    for (Map.Entry<String, JsonNode> m : value.properties()) {
                        children.add(new Frame(m.getValue(), f.place.under(keyword, m.getKey())));
                    }
                }
            }
            for (int i = children.size() - 1; i >= 0; i--) stack.push(children.get(i));
        }
        return out;
    }
}
