package dev.wowcompat.replay.runner;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Wow's runtime on the candidate's classpath, reached by name: the runner is never compiled against Wow, so it runs
 * with whichever Wow (and Jackson) release the candidate ships. Each name here is a class or method of wow-core as
 * compiled from Kotlin (top-level functions in {@code ...Kt} classes, objects through {@code INSTANCE}); the list is
 * in docs/replay.md, "What the runner calls".
 */
final class WowRuntime {
    private final Object jsonSerializer;
    private final Object upgraderFactory;
    private final Object stateAggregateFactory;
    private final Method toEventStreamRecord;
    private final Method toDomainEventRecord;
    private final Method aggregateType;
    private final Method aggregateMetadata;
    /**
     * The methods {@link #invoke} found, by class and name (then arity and argument classes among the few of one
     * name): looking one up among a class's public methods copies them all (Wow's JSON mapper has hundreds), and a key
     * built of names on every call cost more than the call itself (docs/performance.md, "The replay").
     */
    private final Map<Class<?>, Map<String, List<FoundMethod>>> found = new HashMap<>();

    WowRuntime() throws ReflectiveOperationException {
        jsonSerializer = staticMethod("me.ahoo.wow.serialization.JsonSerializerKt", "getJsonSerializer", 0).invoke(null);
        upgraderFactory = instance("me.ahoo.wow.event.upgrader.EventUpgraderFactory");
        stateAggregateFactory = instance("me.ahoo.wow.modeling.state.ConstructorStateAggregateFactory");
        toEventStreamRecord = staticMethod("me.ahoo.wow.serialization.event.EventStreamRecordKt", "toEventStreamRecord", 1);
        toDomainEventRecord = staticMethod("me.ahoo.wow.serialization.event.DomainEventRecordKt", "toDomainEventRecord", 1);
        aggregateType = staticMethod("me.ahoo.wow.configuration.MetadataSearcherKt", "aggregateType", 1);
        aggregateMetadata = staticMethod("me.ahoo.wow.modeling.annotation.AggregateMetadataParserKt", "aggregateMetadata", 1);
    }

    /** Wow's JSON mapper reads the text into its own tree (an ObjectNode for an object). */
    Object readTree(String json) throws Throwable {
        return invoke(jsonSerializer, "readTree", json);
    }

    /** The same, of UTF-8 bytes. */
    Object readTree(byte[] json, int offset, int length) throws Throwable {
        return invoke(jsonSerializer, "readTree", json, offset, length);
    }

    /** Wow's JSON mapper writes a value (a state, a record's JSON object) as text. */
    String write(Object value) throws Throwable {
        return (String) invoke(jsonSerializer, "writeValueAsString", value);
    }

    /** Wow's JSON mapper makes an object's tree from the tokens it would write, with no text between. */
    Object valueToTree(Object value) throws Throwable {
        return invoke(jsonSerializer, "valueToTree", value);
    }

    /** Wow's JSON mapper reads a tree as an object of the class, as Wow reads a state event's state or a snapshot. */
    Object treeToValue(Object tree, Class<?> type) throws Throwable {
        return invoke(jsonSerializer, "treeToValue", tree, type);
    }

    Object eventStream(Object streamNode) throws Throwable {
        Object record = unwrap(toEventStreamRecord, null, streamNode);
        return invoke(record, "toDomainEventStream");
    }

    Object eventRecord(Object eventNode) throws Throwable {
        return unwrap(toDomainEventRecord, null, eventNode);
    }

    /** Wow's upgrader chain: every registered upgrader of the record's event, in their order. */
    Object upgrade(Object eventRecord) throws Throwable {
        return invoke(upgraderFactory, "upgrade", eventRecord);
    }

    /** The aggregate class Wow's metadata names for the stream's aggregate, or null. */
    Class<?> aggregateType(Object namedAggregate) throws Throwable {
        return (Class<?>) unwrap(aggregateType, null, namedAggregate);
    }

    Object stateMetadata(Class<?> aggregateClass) throws Throwable {
        return call(unwrap(aggregateMetadata, null, aggregateClass), "getState");
    }

    Object emptyStateAggregate(Object stateMetadata, Object aggregateId) throws Throwable {
        return invoke(stateAggregateFactory, "create", stateMetadata, aggregateId);
    }

    /** A state aggregate over a recorded state at its version, as Wow makes one from a snapshot. */
    Object stateAggregate(Object stateMetadata, Object aggregateId, Object state, int version, boolean deleted)
            throws Throwable {
        return invoke(stateAggregateFactory, "create", stateMetadata, aggregateId, state, version, "", "", "", "", "",
                0L, 0L, Map.of(), deleted);
    }

    /**
     * The class Wow's type registry resolves for the event's name and revision in the aggregate, or null; null too
     * when this Wow has no such registry (an older release resolves by {@code bodyType} alone).
     */
    Class<?> registered(String context, String aggregate, String name, String revision) throws Throwable {
        Object registry;
        java.lang.reflect.Constructor<?> typeId;
        try {
            registry = instance("me.ahoo.wow.serialization.event.EventTypeRegistry");
            typeId = load("me.ahoo.wow.serialization.event.EventTypeId").getConstructor(String.class, String.class, String.class);
        } catch (ReflectiveOperationException e) {
            return null;
        }
        Object id;
        try {
            id = typeId.newInstance(context, aggregate, name);
        } catch (InvocationTargetException e) {
            // Wow refuses a blank name: no class is registered for it.
            return null;
        }
        return (Class<?>) call(registry, "resolve", id, revision);
    }

    boolean hasSourcingFunction(Object stateMetadata, Class<?> bodyType) throws Throwable {
        Map<?, ?> registry = (Map<?, ?>) invoke(stateMetadata, "getSourcingFunctionRegistry");
        return registry.get(bodyType) != null;
    }

    /** {@link #call}, with the method found once per class, name, arity and argument classes. */
    Object invoke(Object target, String name, Object... args) throws Throwable {
        List<FoundMethod> named = found.computeIfAbsent(target.getClass(), c -> new HashMap<>())
                .computeIfAbsent(name, n -> new ArrayList<>(1));
        Method method = null;
        for (FoundMethod f : named) {
            if (f.parameters().length == args.length && accepts(f.parameters(), args)) {
                method = f.method();
                break;
            }
        }
        if (method == null) {
            method = lookUp(target, name, args);
            method.setAccessible(true);
            named.add(new FoundMethod(method, method.getParameterTypes()));
        }
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Calls the public method of that name and arity on the object (a Kotlin property through its getter). */
    static Object call(Object target, String name, Object... args) throws Throwable {
        Method method = lookUp(target, name, args);
        method.setAccessible(true);
        return unwrap(method, target, args);
    }

    private static Method lookUp(Object target, String name, Object... args) throws NoSuchMethodException {
        Method match = null;
        for (Method m : target.getClass().getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == args.length && !m.isSynthetic()
                    && accepts(m.getParameterTypes(), args)) {
                match = m;
                break;
            }
        }
        if (match == null) {
            throw new NoSuchMethodException(name + "/" + args.length + " on " + target.getClass().getName());
        }
        return match;
    }

    private static boolean accepts(Class<?>[] types, Object[] args) {
        for (int i = 0; i < types.length; i++) {
            if (args[i] != null && !box(types[i]).isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }

    private static Class<?> box(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return switch (type.getName()) {
            case "int" -> Integer.class;
            case "long" -> Long.class;
            case "boolean" -> Boolean.class;
            default -> type;
        };
    }

    private static Object unwrap(Method method, Object target, Object... args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static Method staticMethod(String className, String name, int arity) throws ReflectiveOperationException {
        for (Method m : load(className).getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == arity && Modifier.isStatic(m.getModifiers())) {
                m.setAccessible(true);
                return m;
            }
        }
        throw new NoSuchMethodException(className + "." + name);
    }

    private static Object instance(String className) throws ReflectiveOperationException {
        Field field = load(className).getField("INSTANCE");
        return field.get(null);
    }

    static Class<?> load(String className) throws ClassNotFoundException {
        return Class.forName(className, true, Thread.currentThread().getContextClassLoader());
    }
}
