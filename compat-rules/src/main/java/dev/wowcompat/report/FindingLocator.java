package dev.wowcompat.report;

import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.json.TokenLocations;
import dev.wowcompat.manifest.LocatedManifest;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Location;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Puts a file, line and column on each finding of a report: where the candidate's file writes the keyword the
 * finding's pointer names. Findings are about a subject and a pointer into its schema; a Manifest embeds each
 * schema at a place of its own ({@code /contexts/C/aggregates/A/events/E/revisions/N/schema}), so the pointer in
 * the file is that place followed by the finding's pointer. A finding without a pointer is about the type and is
 * located at the type's entry. Something only a baseline has (a removed field, type or error code) is located at
 * the nearest enclosing thing the candidate has: the {@code properties} object, the {@code errors} of the
 * aggregate, the aggregate.
 */
public final class FindingLocator {
    private final String file;
    private final TokenLocations locations;
    /** The pointer in the file that a finding names. */
    private final Function<Finding, String> place;

    private FindingLocator(String file, TokenLocations locations, Function<Finding, String> place) {
        this.file = file;
        this.locations = locations;
        this.place = place;
    }

    /** For a plain schema file: the findings' pointers are pointers of the file. */
    public static FindingLocator forSchema(String file, TokenLocations locations) {
        return new FindingLocator(file, locations, Finding::pointer);
    }

    /**
     * For a candidate Manifest.
     *
     * @param history the releases it was checked against: where the candidate lacks a subject, its place in them
     *        says where to look (a removed command is looked for under the candidate's {@code commands}); a subject
     *        found in none of them is located at its aggregate
     */
    public static FindingLocator forManifest(LocatedManifest candidate, List<Manifest> history) {
        Map<String, Places> subjects = new HashMap<>();
        addSubjects(candidate.manifest(), subjects);
        Map<String, String> aggregates = new HashMap<>();
        candidate.manifest().aggregates().values().forEach(a -> aggregates.put(a.typeName(), aggregatePointer(a)));
        // Newest first: a subject's latest place is the likeliest to be near where the candidate would have it.
        history.stream().sorted(Comparator.comparing(Manifest::version).reversed()).forEach(m -> addSubjects(m, subjects));
        return new FindingLocator(candidate.file(), candidate.locations(), f -> {
            Places at = subjects.get(f.subject());
            if (at == null) {
                int dot = f.subject().lastIndexOf('.');
                return dot < 0 ? "" : aggregates.getOrDefault(f.subject().substring(0, dot), "");
            }
            if (f.pointer().isEmpty() || at.schema == null) return at.entry;
            return at.schema + f.pointer();
        });
    }

    /** The report with every finding (counted or waived) located. */
    public Report locate(Report report) {
        List<String> wanted = new ArrayList<>();
        report.findings().forEach(f -> wanted.add(place.apply(f)));
        report.waived().forEach(w -> wanted.add(place.apply(w.finding())));
        Map<String, TokenLocations.Position> found = locations.locate(wanted);
        return report.located(f -> {
            TokenLocations.Position p = found.get(place.apply(f));
            return p == null ? null : new Location(file, p.line(), p.column());
        });
    }

    /** Where a subject's entry is, and its schema when it has one. */
    private record Places(String entry, String schema) {}

    private static String aggregatePointer(Manifest.Aggregate a) {
        return JsonPointers.child(JsonPointers.child("/contexts", a.context()) + "/aggregates", a.name());
    }

    private static void addSubjects(Manifest manifest, Map<String, Places> out) {
        for (Manifest.Aggregate a : manifest.aggregates().values()) {
            String aggregate = aggregatePointer(a);
            // The aggregate's own name is its state's subject; without a state it is located at the aggregate.
            out.putIfAbsent(a.typeName(), new Places(aggregate + "/state", aggregate + "/state/schema"));
            for (String name : a.commands().keySet()) {
                String command = JsonPointers.child(aggregate + "/commands", name);
                out.putIfAbsent(a.commands().get(name).typeName(), new Places(command, command + "/schema"));
            }
            for (Map.Entry<String, Manifest.Event> e : a.events().entrySet()) {
                String event = JsonPointers.child(aggregate + "/events", e.getKey());
                out.putIfAbsent(e.getValue().typeName(), new Places(event, null));
                for (int n : e.getValue().revisions().keySet()) {
                    String revision = JsonPointers.child(event + "/revisions", n);
                    out.putIfAbsent(e.getValue().typeName() + "@" + n, new Places(revision, revision + "/schema"));
                }
            }
            for (Map.Entry<String, Manifest.ErrorCode> e : a.errors().entrySet()) {
                out.putIfAbsent(e.getValue().code(), new Places(JsonPointers.child(aggregate + "/errors", e.getKey()), null));
            }
        }
    }
}
