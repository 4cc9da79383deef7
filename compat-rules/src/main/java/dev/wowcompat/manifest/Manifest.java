package dev.wowcompat.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One release of a service: format 1 (docs/architecture.md, "The Manifest"). Immutable; maps keep the declaration order of the file.
 *
 * @param aggregates by aggregate type name ({@code context.aggregate}, e.g. {@code bank.account})
 * @param source the Manifest document as read (for storage and for re-serialising exactly what was sent)
 * @param consumes what the service reads that other services write (docs/decisions.md, "Readers and writers in the Manifest"); empty when it says nothing
 * @param sends the commands the service sends to other services (the same section); empty when it says nothing
 */
public record Manifest(int format, String service, Version version, Map<String, Aggregate> aggregates, JsonNode source,
                       Consumes consumes, Sends sends) {

    public Manifest {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(version, "version");
        aggregates = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(aggregates));
        consumes = consumes == null ? Consumes.NOTHING : consumes;
        sends = sends == null ? Sends.NOTHING : sends;
    }

    /** A release that reads and sends nothing of other services'. */
    public Manifest(int format, String service, Version version, Map<String, Aggregate> aggregates, JsonNode source) {
        this(format, service, version, aggregates, source, Consumes.NOTHING, Sends.NOTHING);
    }

    /**
     * What a service reads of other services (or of its own, through a projection or saga): event types with the
     * revisions its handlers read, and aggregates whose state it reads from their state topic.
     *
     * @param events by event type name ({@code context.aggregate.Name}), the revisions read, ascending
     * @param states aggregate type names ({@code context.aggregate}), sorted
     */
    public record Consumes(Map<String, java.util.SortedSet<Integer>> events, java.util.SortedSet<String> states) {
        public static final Consumes NOTHING = new Consumes(Map.of(), new java.util.TreeSet<>());

        public Consumes {
            java.util.Map<String, java.util.SortedSet<Integer>> copy = new java.util.TreeMap<>();
            events.forEach((type, revisions) -> copy.put(type, Collections.unmodifiableSortedSet(new java.util.TreeSet<>(revisions))));
            events = Collections.unmodifiableMap(copy);
            states = Collections.unmodifiableSortedSet(new java.util.TreeSet<>(states));
        }
    }

    /** @param commands command type names ({@code context.aggregate.Name}) the service sends, sorted */
    public record Sends(java.util.SortedSet<String> commands) {
        public static final Sends NOTHING = new Sends(new java.util.TreeSet<>());

        public Sends {
            commands = Collections.unmodifiableSortedSet(new java.util.TreeSet<>(commands));
        }
    }

    public Optional<Aggregate> aggregate(String typeName) {
        return Optional.ofNullable(aggregates.get(typeName));
    }

    /** Every type of this release, flattened, in declaration order: states, commands, event revisions, errors. */
    public List<TypeEntry> types() {
        List<TypeEntry> out = new ArrayList<>();
        for (Aggregate a : aggregates.values()) {
            out.add(new TypeEntry(TypeKind.AGGREGATE, a.typeName(), 0, null, true, true));
            a.state().ifPresent(s -> out.add(new TypeEntry(TypeKind.STATE, a.typeName(), 0, s.schema(), true, s.published())));
            a.commands().values().forEach(c -> out.add(new TypeEntry(TypeKind.COMMAND, c.typeName(), 0, c.schema(), c.written(), true)));
            for (Event e : a.events().values()) {
                e.revisions().values().forEach(r -> out.add(new TypeEntry(TypeKind.EVENT, e.typeName(), r.revision(), r.schema(), r.written(), true)));
            }
            a.errors().values().forEach(err -> out.add(new TypeEntry(TypeKind.ERROR, err.code(), 0, null, true, true)));
        }
        return out;
    }

    /**
     * The context's alias in Wow, which names its Kafka topics: the optional {@code alias} of the context, else its
     * name (as Wow's own default). Read from {@link #source}: only the audit of topics needs it.
     */
    public String contextAlias(String context) {
        JsonNode alias = source == null ? null : source.path("contexts").path(context).get("alias");
        return alias != null && alias.isTextual() ? alias.asText() : context;
    }

    /**
     * The revision's label in the service's code (Wow's {@code @Event(revision)}, e.g. {@code 0.0.1}), the optional
     * {@code label} of the revision, when the Manifest gives one. Read from {@link #source}: only the audit of topics,
     * which meets Wow's labels in the records, needs it.
     */
    public Optional<String> revisionLabel(Aggregate aggregate, String eventName, int revision) {
        if (source == null) return Optional.empty();
        JsonNode label = source.path("contexts").path(aggregate.context()).path("aggregates").path(aggregate.name())
                .path("events").path(eventName).path("revisions").path(Integer.toString(revision)).get("label");
        return label != null && label.isTextual() ? Optional.of(label.asText()) : Optional.empty();
    }

    /** {@code service@version}, as reports name a release. */
    public String label() {
        return service + "@" + version;
    }

    /** An aggregate: its state, commands, events and error codes. */
    public record Aggregate(String context, String name, Optional<State> state, Map<String, Command> commands,
                            Map<String, Event> events, Map<String, ErrorCode> errors) {
        public Aggregate {
            commands = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(commands));
            events = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(events));
            errors = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(errors));
        }

        /** {@code context.aggregate} */
        public String typeName() {
            return context + "." + name;
        }
    }

    /** The aggregate's state; {@code published == false} means it is only a view rebuilt from the facts. */
    public record State(SchemaDoc schema, boolean published) {}

    /** @param typeName full name, {@code context.aggregate.Command} */
    public record Command(String typeName, SchemaDoc schema, boolean written) {}

    /**
     * @param revisions by revision number, ascending
     * @param written false while this release reads the event but writes none of it (a whole new event, staged);
     *        each revision's {@link Revision#written()} is then false too
     */
    public record Event(String typeName, java.util.SortedMap<Integer, Revision> revisions, boolean written) {
        public Event {
            revisions = Collections.unmodifiableSortedMap(new java.util.TreeMap<>(revisions));
        }

        /** A written event type. */
        public Event(String typeName, java.util.SortedMap<Integer, Revision> revisions) {
            this(typeName, revisions, true);
        }
    }

    /**
     * One revision of an event.
     *
     * @param upgradesFrom the revision this one upgrades from, or {@code null} for none
     * @param written false while this release only reads it (the staging step of read-before-write), declared on
     *        the revision or on its whole event type
     */
    public record Revision(int revision, SchemaDoc schema, Integer upgradesFrom, boolean written) {}

    /** @param code full code, {@code context.aggregate.kebab-name} */
    public record ErrorCode(String code, String description) {}
}
