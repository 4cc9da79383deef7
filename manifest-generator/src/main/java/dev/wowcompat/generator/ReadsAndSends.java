package dev.wowcompat.generator;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a service reads and sends, from its processors' handlers ({@link Processors}): the Manifest's
 * {@code consumes} (the events its handlers read, by revision, and the aggregates whose state its state-event
 * handlers read) and {@code sends} (the commands its sagas return). A processor of the service's own events counts:
 * a projection of them reads them. What cannot be told is left out, never guessed, with one warning sentence per
 * kind of gap, naming every handler or class concerned.
 */
final class ReadsAndSends {
    private final TypeNames names;
    private final GenericTypes types;
    private final Set<Class<?>> ownEvents = new LinkedHashSet<>();
    private final Set<Class<?>> ownCommands = new LinkedHashSet<>();
    private final GenerationProblems problems;

    private final SortedSet<String> unreadable = new TreeSet<>();
    private final Map<String, List<String>> unnamed = new TreeMap<>();
    private final Map<String, String> unnumbered = new TreeMap<>();
    private final SortedSet<String> silentSagas = new TreeSet<>();

    ReadsAndSends(TypeNames names, GenericTypes types, Collection<Model.Context> contexts, GenerationProblems problems) {
        this.names = names;
        this.types = types;
        this.problems = problems;
        for (Model.Context context : contexts) {
            for (Model.Aggregate aggregate : context.aggregates().values()) {
                ownCommands.addAll(aggregate.commands().values());
                aggregate.events().values().forEach(ownEvents::addAll);
            }
        }
    }

    Model.Readings of(List<Processors.Handler> handlers) {
        SortedMap<String, SortedSet<Integer>> events = new TreeMap<>();
        SortedSet<String> states = new TreeSet<>();
        SortedSet<String> commands = new TreeSet<>();
        for (Processors.Handler handler : handlers) {
            try {
                read(handler, events, states, commands);
            } catch (TypeNotPresentException | LinkageError e) {
                unreadable.add(handler.label() + " (what it reads or returns cannot be read with the given classpath: "
                        + ClassScanner.cause(e) + ")");
            }
        }
        warn();
        return new Model.Readings(events, states, commands);
    }

    /** Adds what one handler reads and, for a saga, sends. */
    private void read(Processors.Handler handler, SortedMap<String, SortedSet<Integer>> events, SortedSet<String> states,
                      SortedSet<String> commands) {
        if (handler.handled().isEmpty()) {
            unreadable.add(handler.label() + " (" + handler.unreadable() + ")");
            return;
        }
        Class<?> handled = handler.handled().get();
        List<Class<?>> eventClasses = eventClasses(handled);
        if (eventClasses.isEmpty()) {
            unreadable.add(handler.label() + " (" + describe(handled) + ", which names no event class)");
        }
        for (Class<?> event : eventClasses) {
            for (TypeNames.Aggregate aggregate : topics(handler, event)) {
                TypeNames.Numbered revision = names.revision(event, aggregate);
                if (revision.number().isEmpty()) {
                    unnumbered.put(event.getName(), revision.why());
                    continue;
                }
                events.computeIfAbsent(TypeNames.typeName(aggregate, event), k -> new TreeSet<>()).add(revision.number().get());
                if (handler.kind() == Processors.Kind.STATE_EVENT) {
                    states.add(aggregate.typeName());
                }
            }
        }
        if (handler.saga()) {
            sent(handler).forEach(command -> names.aggregateOf(command).ifPresentOrElse(
                    aggregate -> commands.add(TypeNames.typeName(aggregate, command)),
                    () -> unnamed.computeIfAbsent(command.getName(), k -> new ArrayList<>()).add("sent by " + handler.label())));
        }
    }

    /** The event classes a handled type stands for: itself, or a sealed type's permitted classes; none for a supertype. */
    private static List<Class<?>> eventClasses(Class<?> handled) {
        if (handled.isSealed()) {
            List<Class<?>> classes = new ArrayList<>();
            for (Class<?> permitted : handled.getPermittedSubclasses()) {
                classes.addAll(eventClasses(permitted));
            }
            return classes;
        }
        if (handled == Object.class || handled.isInterface() || Modifier.isAbstract(handled.getModifiers())) {
            return List.of();
        }
        return List.of(handled);
    }

    private static String describe(Class<?> type) {
        if (type == Object.class) {
            return "Object";
        }
        return type.getName() + (type.isInterface() ? " is an interface" : " is abstract");
    }

    /**
     * The aggregates whose events of this class reach the handler (wow-core's {@code supportedTopics}): the ones its
     * {@code @OnEvent}/{@code @OnStateEvent} names ({@code "aggregate"} in the context of the event's class, else of
     * the processor's; or {@code "context.aggregate"}), else the aggregate of the event's class.
     */
    private List<TypeNames.Aggregate> topics(Processors.Handler handler, Class<?> event) {
        if (handler.aggregateNames().isEmpty()) {
            Optional<TypeNames.Aggregate> aggregate = names.aggregateOf(event);
            if (aggregate.isEmpty()) {
                unnamed.computeIfAbsent(event.getName(), k -> new ArrayList<>()).add("read by " + handler.label());
            }
            return aggregate.stream().toList();
        }
        List<TypeNames.Aggregate> topics = new ArrayList<>();
        for (String name : handler.aggregateNames()) {
            String[] parts = name.split("\\.");
            if (parts.length == 2) {
                topics.add(new TypeNames.Aggregate(parts[0], parts[1]));
                continue;
            }
            Optional<String> context = names.contextOf(event).or(() -> names.contextOf(handler.processor()));
            if (context.isEmpty()) {
                unreadable.add(handler.label() + " (it names aggregate '" + name + "', but no bounded context covers "
                        + event.getName() + " or " + handler.processor().getSimpleName() + ", and Wow refuses an aggregate without one)");
                continue;
            }
            topics.add(new TypeNames.Aggregate(context.get(), name));
        }
        return topics;
    }

    /**
     * The commands a saga's handler returns, from its signature, else from its bytecode: what it constructs, and what
     * a method of its event returns whose return type is a variable the event class binds (a generic base's
     * {@code event.toCommand()}, {@link GenericTypes#calledReturns}).
     */
    private Set<Class<?>> sent(Processors.Handler handler) {
        SagaCommands.Returned returned = SagaCommands.of(handler.returned());
        Set<Class<?>> commands = new LinkedHashSet<>(returned.commands());
        if (returned.opaque()) {
            List<Class<?>> constructed = new ArrayList<>(SagaCommands.constructed(handler.method(), this::mayBeCommand));
            types.calledReturns(handler.method(), handler.processor(), ConstructedTypes.read(handler.method()).calls()).stream()
                    .filter(type -> !type.isInterface() && !Modifier.isAbstract(type.getModifiers()))
                    .filter(this::mayBeCommand).filter(type -> !constructed.contains(type)).forEach(constructed::add);
            commands.addAll(constructed);
            if (constructed.isEmpty()) {
                silentSagas.add(handler.label() + " returns " + Processors.simpleName(handler.returned()));
            }
        }
        return commands;
    }

    /** A class a saga constructs is a command when the service's aggregates handle it, or another service's may. */
    private boolean mayBeCommand(Class<?> type) {
        if (ownCommands.contains(type)) {
            return true;
        }
        return !ownEvents.contains(type) && !ByName.has(type, ByName.EVENT) && names.aggregateOf(type).isPresent();
    }

    private void warn() {
        if (!unreadable.isEmpty()) {
            boolean one = unreadable.size() == 1;
            problems.warn(count(unreadable.size(), "event handler names", "event handlers name")
                    + " no event class the Manifest can list, so what " + (one ? "it reads is" : "they read is")
                    + " missing from its consumes: " + String.join("; ", unreadable) + ".");
        }
        if (!unnamed.isEmpty()) {
            boolean one = unnamed.size() == 1;
            List<String> each = new ArrayList<>();
            unnamed.forEach((type, uses) -> each.add(type + " (" + String.join(", ", new LinkedHashSet<>(uses)) + ")"));
            problems.warn("The aggregate of " + count(unnamed.size(), "class", "classes") + " is unknown, since no "
                    + "wow-metadata.json on the classpath and no @BoundedContext of the module holding "
                    + (one ? "it covers it: " : "them covers them: ") + String.join(", ", each) + "; what "
                    + (one ? "it names is" : "they name is") + " missing from the Manifest's consumes and sends: put "
                    + "the api module that declares " + (one ? "its" : "their") + " context on the classpath.");
        }
        if (!unnumbered.isEmpty()) {
            List<String> each = new ArrayList<>();
            unnumbered.forEach((type, why) -> each.add(type + " (" + why + ")"));
            problems.warn("The revision of " + count(unnumbered.size(), "event class", "event classes")
                    + " cannot be numbered, so " + (unnumbered.size() == 1 ? "it is" : "they are")
                    + " missing from the Manifest's consumes: " + String.join("; ", each) + ".");
        }
        if (!silentSagas.isEmpty()) {
            boolean one = silentSagas.size() == 1;
            problems.warn(one ? "1 saga handler returns a type that does not name its commands, and its bytecode "
                    + "constructs none, so they are missing from the Manifest's sends: " + silentSagas.first()
                    + "; return the command (or a CommandMessage of it) instead."
                    : silentSagas.size() + " saga handlers return a type that does not name their commands, and their "
                    + "bytecode constructs none, so they are missing from the Manifest's sends: "
                    + String.join("; ", silentSagas) + "; return the command (or a CommandMessage of it) instead.");
        }
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
