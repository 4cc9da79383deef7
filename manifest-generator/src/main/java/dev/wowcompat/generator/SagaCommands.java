package dev.wowcompat.generator;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The commands a stateless saga's handler sends, read from what it returns as wow-core sends it: the function's
 * result is awaited ({@code Mono<T>}, a suspend function: {@code T}; {@code Flux<T>}, {@code Publisher<T>},
 * Kotlin's {@code Flow<T>}: the list of its {@code T}s; anything else: itself), an {@code Iterable} result is taken
 * element by element, and each element is a {@code CommandMessage<C>} (command {@code C}), a {@code CommandBuilder}
 * (whose body is the command) or the command itself ({@code StatelessSagaFunction.toCommandFlux}). A return type
 * that does not name the command (a {@code CommandBuilder}, {@code Object}, an interface) leaves it to the handler's
 * bytecode: the commands it constructs.
 */
final class SagaCommands {
    private static final List<String> AWAITED = List.of("reactor.core.publisher.Mono");
    private static final List<String> COLLECTED = List.of("reactor.core.publisher.Flux", "org.reactivestreams.Publisher",
            "kotlinx.coroutines.flow.Flow");
    private static final String COMMAND_MESSAGE = "me.ahoo.wow.api.command.CommandMessage";
    private static final String COMMAND_BUILDER = "me.ahoo.wow.command.factory.CommandBuilder";

    /**
     * What a return type says.
     *
     * @param commands the command classes it names
     * @param opaque   whether some of what it returns is not named (the bytecode must say)
     */
    record Returned(Set<Class<?>> commands, boolean opaque) {
    }

    private SagaCommands() {
    }

    static Returned of(Type returned) {
        Type value = returned;
        boolean collected = false;
        Class<?> raw = Processors.erasure(value);
        if (AWAITED.stream().anyMatch(name -> ByName.isA(raw, name)) || COLLECTED.stream().anyMatch(name -> ByName.isA(raw, name))) {
            collected = COLLECTED.stream().anyMatch(name -> ByName.isA(raw, name));
            value = firstArgument(value);
        }
        Type element = value;
        if (!collected && ByName.isA(Processors.erasure(value), "java.lang.Iterable")) {
            element = firstArgument(value);
        }
        Set<Class<?>> commands = new LinkedHashSet<>();
        boolean opaque = classify(element, commands);
        return new Returned(commands, opaque);
    }

    /** Adds the commands one returned element names; true when it names none that the bytecode might show. */
    private static boolean classify(Type element, Set<Class<?>> commands) {
        Class<?> type = Processors.erasure(element);
        if (isNothing(type)) {
            return false;
        }
        if (ByName.isA(type, COMMAND_MESSAGE)) {
            if (!(element instanceof ParameterizedType)) {
                return true;
            }
            return classify(firstArgument(element), commands);
        }
        if (ByName.isA(type, COMMAND_BUILDER) || ByName.isA(type, "java.lang.Iterable")) {
            return true;
        }
        if (type.isSealed()) {
            boolean opaque = false;
            for (Class<?> permitted : type.getPermittedSubclasses()) {
                opaque |= classify(permitted, commands);
            }
            return opaque;
        }
        if (type == Object.class || type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            return true;
        }
        commands.add(type);
        return false;
    }

    private static boolean isNothing(Class<?> type) {
        return type == void.class || type == Void.class || type.getName().equals("kotlin.Unit");
    }

    /** The first type argument, or Object for a raw use. */
    private static Type firstArgument(Type type) {
        if (type instanceof ParameterizedType p && p.getActualTypeArguments().length > 0) {
            return p.getActualTypeArguments()[0];
        }
        return Object.class;
    }

    /**
     * The commands a handler's bytecode constructs ({@link ConstructedTypes}: in its body, its lambdas and its
     * class's private helpers): the classes that {@code isCommand} accepts, less those that are a property's type of
     * another (the items of an order built into the order's command).
     */
    static List<Class<?>> constructed(Method handler, Predicate<Class<?>> isCommand) {
        List<Class<?>> candidates = new ArrayList<>();
        for (String name : ConstructedTypes.of(handler)) {
            ClassScanner.tryLoad(name, handler.getDeclaringClass().getClassLoader())
                    .filter(type -> type != handler.getDeclaringClass() && !type.isInterface()
                            && !Modifier.isAbstract(type.getModifiers()) && !Throwable.class.isAssignableFrom(type))
                    .filter(isCommand)
                    .ifPresent(candidates::add);
        }
        Set<Class<?>> parts = new LinkedHashSet<>();
        for (Class<?> candidate : candidates) {
            for (Field f : Handlers.fields(candidate)) {
                parts.addAll(Handlers.unwrap(f.getGenericType()));
            }
        }
        return candidates.stream().filter(c -> !parts.contains(c)).distinct().toList();
    }
}
