package dev.wowcompat.generator;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * From the service's classes to its model: contexts, aggregates (root, state, commands, events by name) and
 * error codes. Schemas and revision numbers come later.
 */
final class ServiceScan {
    private final ClassLoader loader;
    private final GenerationProblems problems;

    ServiceScan(ClassLoader loader, GenerationProblems problems) {
        this.loader = loader;
        this.problems = problems;
    }

    /** The contexts by name, each with its aggregates by name, and whom Wow's scopes give each class. */
    record Scanned(SortedMap<String, Model.Context> contexts, Owners owners) {
    }

    Scanned scan(List<Class<?>> classes, WowMetadata metadata, String service) {
        Contexts contexts = new Contexts(classes, metadata, service, problems);
        Handlers handlers = new Handlers(problems, new GenericTypes(), classes);
        BuiltIns builtIns = new BuiltIns(loader);
        Set<Class<?>> builtInTypes = new LinkedHashSet<>();
        SortedMap<String, SortedMap<String, Model.Aggregate>> aggregates = new TreeMap<>();
        Map<String, Contexts.Declared> declared = new TreeMap<>();
        for (Class<?> root : roots(classes, contexts)) {
            try {
                Optional<Contexts.Placement> placement = contexts.place(root);
                if (placement.isEmpty()) {
                    continue;
                }
                Contexts.Declared context = placement.get().context();
                String name = placement.get().aggregateName();
                Set<Class<?>> listedEvents = new LinkedHashSet<>();
                Set<Class<?>> commands = new LinkedHashSet<>();
                contexts.metadataOf(root).ifPresent(m -> {
                    m.commands().forEach(c -> load(c, root).ifPresent(commands::add));
                    m.events().forEach(e -> load(e, root).ifPresent(listedEvents::add));
                });
                Handlers.Found found = handlers.scan(root, listedEvents);
                commands.addAll(found.commands());
                Set<Class<?>> events = new LinkedHashSet<>(found.events());
                events.addAll(listedEvents);
                for (BuiltIns.Default route : builtIns.of(commands)) {
                    commands.add(route.command());
                    events.add(route.event());
                    builtInTypes.add(route.command());
                    builtInTypes.add(route.event());
                }
                declared.put(context.name(), context);
                SortedMap<String, Model.Aggregate> inContext = aggregates.computeIfAbsent(context.name(), k -> new TreeMap<>());
                if (inContext.containsKey(name)) {
                    problems.problem(root.getName() + ": names aggregate '" + name + "' of context '" + context.name()
                            + "', which " + inContext.get(name).root().getName() + " names too.");
                    continue;
                }
                inContext.put(name, new Model.Aggregate(name, root, found.state(), byName(commands, "command", root),
                        eventsByName(events), new TreeMap<>()));
            } catch (WrongAnnotationValue e) {
                problems.problem(e.getMessage());
            } catch (LinkageError | TypeNotPresentException e) {
                problems.warn(root.getName() + ": cannot be read with the given classpath (" + ClassScanner.cause(e)
                        + "), so this aggregate is missing from the Manifest.");
            }
        }
        SortedMap<String, Model.Context> result = new TreeMap<>();
        aggregates.forEach((name, inContext) ->
                result.put(name, new Model.Context(name, declared.get(name).alias(), inContext)));
        Owners owners = new Owners(aggregateScopes(result, contexts, builtInTypes), contexts);
        addErrorCodes(new ErrorCodes(problems), classes, result, owners, contexts);
        warnAboutStrays(classes, result);
        return new Scanned(result, owners);
    }

    /**
     * Wow's scopes of each aggregate: those its context declares for it, its root's package, and the class names
     * of its commands and events (Wow's own defaults excepted: they belong to every aggregate).
     */
    private static Scopes<Owners.Aggregate> aggregateScopes(SortedMap<String, Model.Context> contexts, Contexts declared,
                                                            Set<Class<?>> builtIns) {
        Scopes<Owners.Aggregate> scopes = new Scopes<>();
        for (Model.Context context : contexts.values()) {
            Map<String, Set<String>> declaredScopes = declared.declared().get(context.name()).aggregates();
            for (Model.Aggregate aggregate : context.aggregates().values()) {
                Owners.Aggregate owner = new Owners.Aggregate(context.name(), context.alias(), aggregate.name());
                declaredScopes.getOrDefault(aggregate.name(), Set.of()).forEach(s -> scopes.put(s, owner));
                scopes.put(aggregate.root().getPackageName(), owner);
                aggregate.commands().values().stream().filter(c -> !builtIns.contains(c)).forEach(c -> scopes.put(c.getName(), owner));
                aggregate.events().values().forEach(revisions -> revisions.stream().filter(e -> !builtIns.contains(e))
                        .forEach(e -> scopes.put(e.getName(), owner)));
            }
        }
        return scopes;
    }

    /**
     * A class Wow marks as a command ({@code @CommandRoute}) or an event ({@code @Event}) that no aggregate handles,
     * mounts or sources is missing from the Manifest: say so, naming it, rather than drop it silently.
     */
    private void warnAboutStrays(List<Class<?>> classes, SortedMap<String, Model.Context> contexts) {
        Set<Class<?>> commands = new LinkedHashSet<>();
        Set<Class<?>> events = new LinkedHashSet<>();
        for (Model.Context context : contexts.values()) {
            for (Model.Aggregate aggregate : context.aggregates().values()) {
                commands.addAll(aggregate.commands().values());
                aggregate.events().values().forEach(events::addAll);
            }
        }
        for (Class<?> type : classes) {
            if (type.isAnnotation()) {
                continue;
            }
            if (ByName.has(type, ByName.COMMAND_ROUTE) && !commands.contains(type)) {
                problems.warn(type.getName() + ": is a @CommandRoute command that no aggregate handles or mounts, so it is not in the Manifest.");
            }
            if (ByName.has(type, ByName.EVENT) && !events.contains(type)) {
                problems.warn(type.getName() + ": is an @Event that no aggregate sources or returns, so it is not in the Manifest.");
            }
        }
    }

    private List<Class<?>> roots(List<Class<?>> classes, Contexts contexts) {
        Set<Class<?>> roots = new LinkedHashSet<>();
        for (Class<?> type : classes) {
            if (ByName.has(type, ByName.AGGREGATE_ROOT) && !type.isAnnotation() && !type.isInterface()
                    && !Modifier.isAbstract(type.getModifiers())) {
                roots.add(type);
            }
        }
        for (String name : contexts.metadataAggregateTypes()) {
            try {
                roots.add(Class.forName(name, false, loader));
            } catch (ClassNotFoundException | LinkageError e) {
                problems.warn(WowMetadata.RESOURCE + " names aggregate root " + name + ", which is not among the classes ("
                        + ClassScanner.cause(e) + ").");
            }
        }
        List<Class<?>> sorted = new ArrayList<>(roots);
        sorted.sort(Comparator.comparing(Class::getName));
        return sorted;
    }

    private Optional<Class<?>> load(String name, Class<?> root) {
        try {
            return Optional.of(Class.forName(name, false, loader));
        } catch (ClassNotFoundException | LinkageError e) {
            problems.warn(name + ": is listed for aggregate " + root.getName() + " in " + WowMetadata.RESOURCE
                    + " but cannot be loaded (" + ClassScanner.cause(e) + "), so it is missing from the Manifest.");
            return Optional.empty();
        }
    }

    private SortedMap<String, Class<?>> byName(Set<Class<?>> types, String kind, Class<?> root) {
        SortedMap<String, Class<?>> named = new TreeMap<>();
        for (Class<?> type : types) {
            try {
                String name = Naming.wowName(type);
                Class<?> other = named.putIfAbsent(name, type);
                if (other != null && other != type) {
                    problems.problem(type.getName() + ": is named " + kind + " '" + name + "' of aggregate " + root.getSimpleName()
                            + ", which " + other.getName() + " is named too.");
                }
            } catch (WrongAnnotationValue e) {
                problems.problem(e.getMessage());
            }
        }
        return named;
    }

    /** Several classes with one event name are that event's revisions. */
    private SortedMap<String, List<Class<?>>> eventsByName(Set<Class<?>> types) {
        SortedMap<String, List<Class<?>>> named = new TreeMap<>();
        for (Class<?> type : types) {
            try {
                named.computeIfAbsent(Naming.wowName(type), k -> new ArrayList<>()).add(type);
            } catch (WrongAnnotationValue e) {
                problems.problem(e.getMessage());
            }
        }
        named.values().forEach(list -> list.sort(Comparator.comparing(Class::getName)));
        return named;
    }

    /**
     * An error code declared on an aggregate root belongs to it; any other to the aggregate Wow's scopes give its
     * class. A class no aggregate's scopes cover goes to the aggregate(s) whose root package shares the longest
     * package prefix with it (all of them on a tie), among those of the context covering it when one does.
     */
    private void addErrorCodes(ErrorCodes errorCodes, List<Class<?>> classes, SortedMap<String, Model.Context> contexts,
                               Owners owners, Contexts declared) {
        List<Model.Aggregate> all = new ArrayList<>();
        contexts.values().forEach(c -> all.addAll(c.aggregates().values()));
        if (all.isEmpty()) {
            return;
        }
        for (ErrorCodes.Found found : errorCodes.scan(classes)) {
            Optional<Model.ErrorCodeEntry> entry = errorCodes.entry(found);
            if (entry.isEmpty()) {
                continue;
            }
            for (Model.Aggregate owner : owners(found.source(), all, contexts, owners, declared)) {
                owner.errors().merge(entry.get().code(), entry.get(),
                        (a, b) -> a.description().isBlank() ? b : a);
            }
        }
    }

    private static List<Model.Aggregate> owners(Class<?> source, List<Model.Aggregate> all,
                                                SortedMap<String, Model.Context> contexts, Owners owners, Contexts declared) {
        List<Model.Aggregate> roots = all.stream().filter(a -> a.root() == source).toList();
        if (!roots.isEmpty()) {
            return roots;
        }
        Optional<Model.Aggregate> scoped = owners.aggregateOf(source.getName())
                .map(o -> contexts.get(o.context()).aggregates().get(o.name()));
        if (scoped.isPresent()) {
            return List.of(scoped.get());
        }
        List<Model.Aggregate> candidates = declared.contextOf(source.getName())
                .map(c -> contexts.get(c.name()))
                .map(c -> List.copyOf(c.aggregates().values()))
                .filter(list -> !list.isEmpty())
                .orElse(all);
        int best = candidates.stream().mapToInt(a -> sharedSegments(a.root(), source)).max().orElse(0);
        return candidates.stream().filter(a -> sharedSegments(a.root(), source) == best).toList();
    }

    private static int sharedSegments(Class<?> a, Class<?> b) {
        String[] x = a.getPackageName().split("\\.");
        String[] y = b.getPackageName().split("\\.");
        int n = 0;
        while (n < x.length && n < y.length && x[n].equals(y[n])) {
            n++;
        }
        return n;
    }
}
