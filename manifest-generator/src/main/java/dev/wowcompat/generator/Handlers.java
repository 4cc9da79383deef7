package dev.wowcompat.generator;

import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.MalformedParameterizedTypeException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads an aggregate the way Wow does: its state class from its constructor, its commands from its command
 * handlers, its events from the state's sourcing handlers and from what the command handlers return.
 */
final class Handlers {
    static final String DEFAULT_ON_COMMAND = "onCommand";
    static final String DEFAULT_ON_SOURCING = "onSourcing";

    /** Containers whose first type argument is what a handler really returns or receives. */
    private static final Set<String> CONTAINERS = Set.of(
            "reactor.core.publisher.Mono", "reactor.core.publisher.Flux", "org.reactivestreams.Publisher",
            "java.util.List", "java.util.Collection", "java.util.Set", "java.lang.Iterable", "java.util.Optional",
            "java.util.stream.Stream", "java.util.concurrent.CompletableFuture", "java.util.concurrent.CompletionStage",
            "kotlin.sequences.Sequence");

    /** Wow's message types (wow-compiler's {@code toMessageType}): their first type argument is the message. */
    private static final Set<String> WOW_MESSAGES = Set.of("me.ahoo.wow.api.messaging.Message",
            "me.ahoo.wow.messaging.handler.MessageExchange");

    /** What one aggregate root's handlers say. */
    record Found(Class<?> state, Set<Class<?>> commands, Set<Class<?>> events) {
    }

    private final GenerationProblems problems;
    private final GenericTypes types;
    private final Map<String, Class<?>> serviceClasses = new HashMap<>();

    /** @param serviceClasses the service's own classes: the events a handler constructs are among them */
    Handlers(GenerationProblems problems, GenericTypes types, Collection<Class<?>> serviceClasses) {
        this.problems = problems;
        this.types = types;
        serviceClasses.forEach(c -> this.serviceClasses.put(c.getName(), c));
    }

    /**
     * @param listedEvents events wow-metadata.json lists for the aggregate: known events, like the sourced ones.
     *                     A handler's types are read as the aggregate (or state) class sees them ({@link GenericTypes}):
     *                     a handler inherited from a generic base handles what the class's type arguments say.
     */
    Found scan(Class<?> root, Set<Class<?>> listedEvents) {
        Class<?> state = stateOf(root);
        Set<Class<?>> commands = new LinkedHashSet<>();
        Set<Class<?>> events = new LinkedHashSet<>();
        ByName.find(root, ByName.AGGREGATE_ROOT).ifPresent(a -> {
            for (Class<?> mounted : ByName.classes(a, "commands", root.getName())) {
                commands.add(mounted);
            }
        });
        for (Method m : methods(state)) {
            // As wow-core's StateAggregateMetadataParser: annotated, or named onSourcing with exactly one parameter.
            if (ByName.has(m, ByName.ON_SOURCING) && m.getParameterCount() > 0
                    || m.getName().equals(DEFAULT_ON_SOURCING) && m.getParameterCount() == 1) {
                readable(m, state, () -> unwrap(types.resolve(m.getGenericParameterTypes()[0], state)).forEach(events::add));
            }
        }
        List<Method> handlers = new ArrayList<>();
        for (Method m : methods(root)) {
            Optional<Annotation> onCommand = ByName.find(m, ByName.ON_COMMAND);
            // As wow-core's AggregateMetadataParser: annotated, or named onCommand and returning something (a void
            // onCommand without the annotation is not a command handler there, whatever its parameter).
            if ((onCommand.isPresent() || m.getName().equals(DEFAULT_ON_COMMAND) && m.getReturnType() != void.class)
                    && m.getParameterCount() > 0) {
                readable(m, root, () -> {
                    unwrap(types.resolve(m.getGenericParameterTypes()[0], root)).forEach(commands::add);
                    handlers.add(m);
                });
            }
        }
        Set<Class<?>> known = new LinkedHashSet<>(events);
        known.addAll(listedEvents);
        for (Method m : handlers) {
            readable(m, root, () -> commandEvents(m, root, ByName.find(m, ByName.ON_COMMAND),
                    new Excluded(root, state, commands), known, events));
        }
        return new Found(state, commands, events);
    }

    /**
     * Reads one handler; one whose generic signature names a class the classpath lacks is left out with a warning
     * naming it: Wow, with the service's whole classpath, reads it at run time.
     */
    private void readable(Method handler, Class<?> owner, Runnable read) {
        try {
            read.run();
        } catch (TypeNotPresentException | LinkageError | MalformedParameterizedTypeException e) {
            problems.warn(owner.getName() + "." + handler.getName() + ": its signature cannot be read with the given "
                    + "classpath (" + ClassScanner.cause(e) + "), so what it handles is missing from the Manifest.");
        }
    }

    /** What a handler may construct that is not an event of it: the aggregate, its state and its commands. */
    private record Excluded(Class<?> root, Class<?> state, Set<Class<?>> commands) {
        boolean contains(Class<?> type) {
            return type == root || type == state || commands.contains(type);
        }
    }

    private void commandEvents(Method handler, Class<?> root, Optional<Annotation> onCommand, Excluded excluded,
                               Set<Class<?>> known, Set<Class<?>> events) {
        String owner = handler.getDeclaringClass().getName() + "." + handler.getName();
        List<Class<?>> declared = new ArrayList<>();
        onCommand.ifPresent(a -> declared.addAll(List.of(ByName.classes(a, "returns", owner))));
        ByName.find(handler, ByName.EMITS).ifPresent(a -> declared.addAll(List.of(ByName.classes(a, "value", owner))));
        events.addAll(declared);
        boolean opaque = false;
        Type returnType = types.resolve(handler.getGenericReturnType(), root);
        List<Class<?>> returnedTypes = unwrap(returnType);
        for (Class<?> returned : returnedTypes) {
            if (returned == void.class || returned == Void.class || returned.getName().equals("kotlin.Unit")) {
                continue;
            }
            if (returned.isSealed()) {
                events.addAll(List.of(returned.getPermittedSubclasses()));
            } else if (returned == Object.class || returned.isInterface() || Modifier.isAbstract(returned.getModifiers())) {
                opaque = true;
            } else {
                events.add(returned);
            }
        }
        if (!opaque || !declared.isEmpty()) {
            return;
        }
        ConstructedTypes.Body body = ConstructedTypes.read(handler);
        List<Class<?>> constructed = constructedEvents(handler, body.constructed(), excluded, known);
        events.addAll(constructed);
        List<Class<?>> given = givenEvents(handler, root, body.calls(), excluded, known, returnedTypes);
        events.addAll(given);
        if (constructed.isEmpty() && given.isEmpty()) {
            Class<?> first = Processors.erasure(types.resolve(handler.getGenericParameterTypes()[0], root));
            problems.warn(owner + "(" + first.getSimpleName() + "): returns " + returnType.getTypeName() + ", which does not name its events, and constructs "
                    + "none that is known as an event; declare them with @OnCommand(returns = ...) or @Emits, or they are "
                    + "missing from the Manifest.");
        }
    }

    /**
     * The events a handler gets from a method of one of its parameters whose return type is a type variable
     * ({@link GenericTypes#calledReturns}: a generic base's {@code command.toEvent(...)}), kept when the handler's
     * return type admits them and they are concrete classes of the service or of the module holding its messages.
     */
    private List<Class<?>> givenEvents(Method handler, Class<?> root, List<Bytecode.Member> calls, Excluded excluded,
                                       Set<Class<?>> known, List<Class<?>> returnedTypes) {
        Set<Path> messageModules = messageModules(excluded, known);
        List<Class<?>> events = new ArrayList<>();
        for (Class<?> type : types.calledReturns(handler, root, calls)) {
            boolean admitted = returnedTypes.stream().anyMatch(r -> r.isAssignableFrom(type));
            boolean ours = serviceClasses.containsKey(type.getName())
                    || ClassScanner.location(type).filter(messageModules::contains).isPresent();
            if (admitted && ours && !excluded.contains(type) && !Throwable.class.isAssignableFrom(type)
                    && !type.isInterface() && !Modifier.isAbstract(type.getModifiers())) {
                events.add(type);
            }
        }
        return events;
    }

    /** The jars or directories holding the aggregate's commands, state and known events: its api module. */
    private static Set<Path> messageModules(Excluded excluded, Set<Class<?>> known) {
        Set<Path> modules = new HashSet<>();
        excluded.commands().forEach(c -> ClassScanner.location(c).ifPresent(modules::add));
        known.forEach(k -> ClassScanner.location(k).ifPresent(modules::add));
        ClassScanner.location(excluded.state()).ifPresent(modules::add);
        return modules;
    }

    /**
     * The events a handler that does not name them in its signature constructs, read from its bytecode: the
     * classes it instantiates that are known events (sourced by the state, annotated {@code @Event}, listed in
     * wow-metadata.json), and the other classes of the service, or of the module holding the aggregate's messages,
     * that it instantiates and that are not part of another of them (a value built into an event, as an order's
     * items are) and are neither the aggregate, its state, its commands nor exceptions.
     */
    private List<Class<?>> constructedEvents(Method handler, List<String> constructed, Excluded excluded, Set<Class<?>> known) {
        Map<String, Class<?>> knownByName = new HashMap<>();
        known.forEach(k -> knownByName.put(k.getName(), k));
        Set<Path> messageModules = messageModules(excluded, known);
        List<Class<?>> candidates = new ArrayList<>();
        for (String name : constructed) {
            Class<?> type = knownByName.getOrDefault(name, serviceClasses.get(name));
            if (type == null) {
                type = ClassScanner.tryLoad(name, handler.getDeclaringClass().getClassLoader())
                        .filter(t -> ClassScanner.location(t).filter(messageModules::contains).isPresent()).orElse(null);
            }
            if (type != null && !excluded.contains(type) && !Throwable.class.isAssignableFrom(type)
                    && !type.isInterface() && !Modifier.isAbstract(type.getModifiers())) {
                candidates.add(type);
            }
        }
        Set<Class<?>> parts = new LinkedHashSet<>();
        for (Class<?> candidate : candidates) {
            for (Field f : fields(candidate)) {
                parts.addAll(unwrap(f.getGenericType()));
            }
        }
        List<Class<?>> events = new ArrayList<>();
        for (Class<?> candidate : candidates) {
            if (known.contains(candidate) || ByName.has(candidate, ByName.EVENT) || !parts.contains(candidate)) {
                events.add(candidate);
            }
        }
        return events;
    }

    static List<Field> fields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    fields.add(f);
                }
            }
        }
        return fields;
    }

    /**
     * Wow's rule: a constructor with exactly one parameter that is not a String (the id) takes the state, so the
     * state is that parameter's type; otherwise the aggregate is its own state.
     */
    private Class<?> stateOf(Class<?> root) {
        Set<Class<?>> candidates = new LinkedHashSet<>();
        for (Constructor<?> c : root.getDeclaredConstructors()) {
            if (c.getParameterCount() == 1 && c.getParameterTypes()[0] != String.class && !c.isSynthetic()) {
                candidates.add(c.getParameterTypes()[0]);
            }
        }
        if (candidates.size() > 1) {
            problems.problem(root.getName() + ": has several one-parameter constructors (" + candidates.stream()
                    .map(Class::getSimpleName).sorted().toList() + "); Wow takes the state from the only one.");
        }
        return candidates.size() == 1 ? candidates.iterator().next() : root;
    }

    /**
     * The class's own and inherited methods, and the default methods of its interfaces it does not override (Kotlin's
     * {@code memberFunctions}, which wow-core reads, has them too), without bridges and synthetic ones, in a stable
     * order.
     */
    static List<Method> methods(Class<?> type) {
        List<Method> methods = new ArrayList<>();
        Set<String> signatures = new HashSet<>();
        List<Class<?>> interfaces = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                // Bridges count here: a class overriding a generic default method has one with the erased signature.
                signatures.add(m.getName() + Arrays.toString(m.getParameterTypes()));
                if (!m.isBridge() && !m.isSynthetic() && !Modifier.isStatic(m.getModifiers())) {
                    methods.add(m);
                }
            }
            interfaces.addAll(List.of(c.getInterfaces()));
        }
        Set<Class<?>> seen = new HashSet<>();
        while (!interfaces.isEmpty()) {
            Class<?> i = interfaces.remove(0);
            if (!seen.add(i)) {
                continue;
            }
            for (Method m : i.getDeclaredMethods()) {
                if (m.isDefault() && !m.isBridge() && !m.isSynthetic()
                        && signatures.add(m.getName() + Arrays.toString(m.getParameterTypes()))) {
                    methods.add(m);
                }
            }
            interfaces.addAll(List.of(i.getInterfaces()));
        }
        methods.sort(Comparator.comparing(Method::getName).thenComparing(Method::toGenericString));
        return methods;
    }

    /**
     * A Wow message or message exchange ({@code CommandMessage<T>}, {@code DomainEvent<T>},
     * {@code ServerCommandExchange<T>}): Wow's compiler takes its first type argument as what a handler handles.
     */
    private static boolean isWowMessage(Class<?> type) {
        return WOW_MESSAGES.stream().anyMatch(name -> ByName.isA(type, name));
    }

    /**
     * The classes a type stands for: containers (Mono, Flux, List ...) and Wow's messages (CommandMessage,
     * DomainEvent, ServerCommandExchange ...) are unwrapped to their type argument, arrays to their component.
     */
    static List<Class<?>> unwrap(Type type) {
        if (type instanceof Class<?> c) {
            return c.isArray() ? unwrap(c.getComponentType()) : List.of(c);
        }
        if (type instanceof GenericArrayType g) {
            return unwrap(g.getGenericComponentType());
        }
        if (type instanceof WildcardType w) {
            return unwrap(w.getUpperBounds()[0]);
        }
        if (type instanceof TypeVariable<?> v) {
            return unwrap(v.getBounds()[0]);
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            boolean wrapper = CONTAINERS.contains(raw.getName()) || isWowMessage(raw);
            if (wrapper && p.getActualTypeArguments().length > 0) {
                return unwrap(p.getActualTypeArguments()[0]);
            }
            return List.of(raw);
        }
        return List.of(Object.class);
    }
}
