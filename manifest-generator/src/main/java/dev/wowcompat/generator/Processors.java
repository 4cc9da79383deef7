package dev.wowcompat.generator;

import java.lang.annotation.Annotation;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.MalformedParameterizedTypeException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The service's event processors, projections and stateless sagas, and their event handlers, found as wow-core finds
 * them at run time: a class annotated {@code @StatelessSaga}, {@code @ProjectionProcessor} or {@code @EventProcessor}
 * (inherited, as Wow's are); of its methods, those annotated {@code @OnEvent} or {@code @OnStateEvent} and those
 * named {@code onEvent} or {@code onStateEvent} ({@code MessageAnnotationFunctionCondition}); the event a handler
 * handles is its first parameter, or that parameter's first type argument when it is a Wow message or message
 * exchange ({@code FunctionMetadataParser}); the other parameters are injected.
 */
final class Processors {
    static final String DEFAULT_ON_EVENT = "onEvent";
    static final String DEFAULT_ON_STATE_EVENT = "onStateEvent";

    private static final String MESSAGE = "me.ahoo.wow.api.messaging.Message";
    private static final String MESSAGE_EXCHANGE = "me.ahoo.wow.messaging.handler.MessageExchange";
    /** Wow types whose first type argument is an aggregate's state, not an event (see {@link #handled}). */
    private static final List<String> STATE_FIRST = List.of("me.ahoo.wow.eventsourcing.state.StateEvent",
            "me.ahoo.wow.event.StateDomainEventExchange");
    /** A Kotlin suspend function's hidden last parameter; its type argument is what the function returns. */
    static final String CONTINUATION = "kotlin.coroutines.Continuation";

    /** Wow's two kinds of event handler: of domain events, and of state events (an event with the state after it). */
    enum Kind { EVENT, STATE_EVENT }

    /**
     * One event handler.
     *
     * @param saga           whether its processor is a {@code @StatelessSaga}, whose handlers' returns Wow sends as
     *                       commands (an event processor's and a projection's returns are discarded)
     * @param handled        the event class Wow matches events against, when the first parameter gives one
     * @param unreadable     why it gives none (empty when it does), in words for a warning
     * @param aggregateNames the aggregates its {@code @OnEvent}/{@code @OnStateEvent} names, empty for "the event's"
     * @param returned       what the function returns, a suspend function's value type included
     * @param parameters     its value parameters as the processor class sees them ({@link GenericTypes}), or their
     *                       erasures when its signature cannot be read
     */
    record Handler(Class<?> processor, Method method, Kind kind, boolean saga, Optional<Class<?>> handled,
                   String unreadable, List<String> aggregateNames, Type returned, List<Type> parameters) {
        Handler {
            parameters = List.copyOf(parameters);
        }

        /** {@code shop.CartSaga.onEvent(OrderCreated)}: the handler as a person finds it in the code. */
        String label() {
            return processor.getName() + "." + method.getName() + "(" + parameters.stream()
                    .map(Processors::simpleName).collect(Collectors.joining(", ")) + ")";
        }
    }

    private Processors() {
    }

    /**
     * The handlers of every processor among the classes, in class then method order; a handler inherited from a
     * generic base reads the processor's type arguments ({@link GenericTypes}), as wow-core's Kotlin reflection does.
     */
    static List<Handler> find(List<Class<?>> classes, GenericTypes types) {
        List<Handler> handlers = new ArrayList<>();
        for (Class<?> type : classes) {
            boolean saga = ByName.has(type, ByName.STATELESS_SAGA);
            boolean processor = saga || ByName.has(type, ByName.PROJECTION_PROCESSOR) || ByName.has(type, ByName.EVENT_PROCESSOR);
            if (!processor || type.isAnnotation() || type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
                continue;
            }
            for (Method m : Handlers.methods(type)) {
                kind(m).ifPresent(kind -> handlers.add(readable(type, m, kind, saga, types)));
            }
        }
        return handlers;
    }

    /** Whether Wow takes the method as an event handler, and of which kind: its annotation first, then its name. */
    private static Optional<Kind> kind(Method m) {
        if (ByName.has(m, ByName.ON_EVENT)) {
            return Optional.of(Kind.EVENT);
        }
        if (ByName.has(m, ByName.ON_STATE_EVENT)) {
            return Optional.of(Kind.STATE_EVENT);
        }
        return switch (m.getName()) {
            case DEFAULT_ON_EVENT -> Optional.of(Kind.EVENT);
            case DEFAULT_ON_STATE_EVENT -> Optional.of(Kind.STATE_EVENT);
            default -> Optional.empty();
        };
    }

    /** The handler, or, when its generic signature names a class the classpath lacks, why it cannot be read. */
    private static Handler readable(Class<?> processor, Method m, Kind kind, boolean saga, GenericTypes types) {
        try {
            return handler(processor, m, kind, saga, types);
        } catch (TypeNotPresentException | LinkageError | MalformedParameterizedTypeException e) {
            List<Type> erased = new ArrayList<>(Arrays.asList(m.getParameterTypes()));
            if (isSuspend(m)) {
                erased.remove(erased.size() - 1);
            }
            return new Handler(processor, m, kind, saga, Optional.empty(), "its signature cannot be read with the given "
                    + "classpath: " + ClassScanner.cause(e), List.of(), Object.class, erased);
        }
    }

    private static Handler handler(Class<?> processor, Method m, Kind kind, boolean saga, GenericTypes types) {
        String owner = processor.getName() + "." + m.getName();
        Optional<Annotation> on = ByName.find(m, kind == Kind.EVENT ? ByName.ON_EVENT : ByName.ON_STATE_EVENT);
        List<String> aggregates = on.map(a -> List.of(ByName.strings(a, "value", owner))).orElse(List.of());
        List<Type> parameters = valueParameters(m).stream().map(p -> types.resolve(p, processor)).toList();
        Type returned = types.resolve(returned(m), processor);
        if (parameters.isEmpty()) {
            return new Handler(processor, m, kind, saga, Optional.empty(),
                    "it takes no parameter, and Wow refuses a handler without the event", aggregates, returned, parameters);
        }
        Type first = parameters.get(0);
        Class<?> raw = erasure(first);
        if (STATE_FIRST.stream().anyMatch(name -> ByName.isA(raw, name))) {
            return new Handler(processor, m, kind, saga, Optional.empty(), "Wow matches events against the first type "
                    + "argument of " + raw.getSimpleName() + ", the state, so no event reaches it; take the event first and "
                    + "the state as a second parameter", aggregates, returned, parameters);
        }
        if (!ByName.isA(raw, MESSAGE_EXCHANGE) && !ByName.isA(raw, MESSAGE)) {
            return new Handler(processor, m, kind, saga, Optional.of(raw), "", aggregates, returned, parameters);
        }
        Optional<Type> argument = first instanceof ParameterizedType p ? Optional.of(p.getActualTypeArguments()[0]) : Optional.empty();
        if (argument.isEmpty() || unbounded(argument.get())) {
            return new Handler(processor, m, kind, saga, Optional.empty(), "its " + simpleName(first)
                    + " names no event class", aggregates, returned, parameters);
        }
        return new Handler(processor, m, kind, saga, Optional.of(erasure(argument.get())), "", aggregates, returned, parameters);
    }

    /** A wildcard without bounds ({@code ?}, Kotlin's {@code *}): Wow finds no type in it. */
    private static boolean unbounded(Type type) {
        return type instanceof WildcardType w && w.getLowerBounds().length == 0 && w.getUpperBounds()[0] == Object.class;
    }

    /** The parameters a Kotlin reader sees: a suspend function's hidden continuation is not one. */
    static List<Type> valueParameters(Method m) {
        List<Type> parameters = new ArrayList<>(Arrays.asList(m.getGenericParameterTypes()));
        if (isSuspend(m)) {
            parameters.remove(parameters.size() - 1);
        }
        return parameters;
    }

    private static boolean isSuspend(Method m) {
        Class<?>[] types = m.getParameterTypes();
        return types.length > 0 && types[types.length - 1].getName().equals(CONTINUATION);
    }

    /** The return type, or for a suspend function the type its continuation resumes with ({@code Continuation<? super T>}). */
    private static Type returned(Method m) {
        if (isSuspend(m)) {
            Type[] all = m.getGenericParameterTypes();
            if (all[all.length - 1] instanceof ParameterizedType p) {
                Type value = p.getActualTypeArguments()[0];
                if (value instanceof WildcardType w && w.getLowerBounds().length > 0) {
                    return w.getLowerBounds()[0];
                }
                return value;
            }
            return Object.class;
        }
        return m.getGenericReturnType();
    }

    /** The class a type erases to, as Kotlin's {@code jvmErasure}: a variable's or wildcard's bound. */
    static Class<?> erasure(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return erasure(p.getRawType());
        }
        if (type instanceof WildcardType w) {
            return erasure(w.getLowerBounds().length > 0 ? w.getLowerBounds()[0] : w.getUpperBounds()[0]);
        }
        if (type instanceof TypeVariable<?> v) {
            return erasure(v.getBounds()[0]);
        }
        if (type instanceof GenericArrayType g) {
            return erasure(g.getGenericComponentType()).arrayType();
        }
        return Object.class;
    }

    /** {@code DomainEvent<OrderCreated>}, without packages. */
    static String simpleName(Type type) {
        if (type instanceof Class<?> c) {
            return c.getSimpleName();
        }
        if (type instanceof ParameterizedType p) {
            return simpleName(p.getRawType()) + Arrays.stream(p.getActualTypeArguments()).map(Processors::simpleName)
                    .collect(Collectors.joining(", ", "<", ">"));
        }
        if (type instanceof WildcardType w) {
            if (w.getLowerBounds().length > 0) {
                return "? super " + simpleName(w.getLowerBounds()[0]);
            }
            return w.getUpperBounds()[0] == Object.class ? "?" : "? extends " + simpleName(w.getUpperBounds()[0]);
        }
        if (type instanceof GenericArrayType g) {
            return simpleName(g.getGenericComponentType()) + "[]";
        }
        return type.getTypeName();
    }
}
