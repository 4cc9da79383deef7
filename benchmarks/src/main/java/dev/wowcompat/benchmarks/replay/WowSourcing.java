package dev.wowcompat.benchmarks.replay;

import java.io.BufferedReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The reference of {@link ReplayBenchmark}: Wow's own sourcing of the same state events, in a JVM of the candidate's
 * classpath as the replay's runner is. Each kcat line is read with Wow's JSON mapper, made an event stream by Wow's
 * reading (upgraders, type resolution) and sourced into its aggregate's state aggregate, one per aggregate, as a
 * service rebuilding its aggregates does: nothing is compared or sent anywhere. JDK only, Wow reached by name with
 * each method looked up once, so that it runs with the stand-in (Jackson 2) and with Wow itself (Jackson 3).
 * Prints how many records and events it sourced.
 */
public final class WowSourcing {
    private final Map<String, Method> methods = new HashMap<>();

    private WowSourcing() {
    }

    public static void main(String[] args) throws Throwable {
        new WowSourcing().run(Path.of(args[0]));
    }

    private void run(Path file) throws Throwable {
        Object mapper = staticCall("me.ahoo.wow.serialization.JsonSerializerKt", "getJsonSerializer");
        Object factory = Class.forName("me.ahoo.wow.modeling.state.ConstructorStateAggregateFactory").getField("INSTANCE").get(null);
        Map<Object, Object> aggregates = new HashMap<>();
        Map<Class<?>, Object> stateMetadata = new HashMap<>();
        long records = 0;
        long events = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                Object kcat = call(mapper, "readTree", line);
                Object payload = call(kcat, "get", "payload");
                String text = (String) call(payload, textMethod(payload));
                Object stream = staticCall("me.ahoo.wow.serialization.event.EventStreamRecordKt", "toEventStreamRecord",
                        call(mapper, "readTree", text));
                Object domainStream = call(stream, "toDomainEventStream");
                Object aggregateId = call(domainStream, "getAggregateId");
                Object aggregate = aggregates.get(aggregateId);
                if (aggregate == null) {
                    Class<?> type = (Class<?>) staticCall("me.ahoo.wow.configuration.MetadataSearcherKt", "aggregateType", aggregateId);
                    Object metadata = stateMetadata.get(type);
                    if (metadata == null) {
                        metadata = call(staticCall("me.ahoo.wow.modeling.annotation.AggregateMetadataParserKt", "aggregateMetadata", type),
                                "getState");
                        stateMetadata.put(type, metadata);
                    }
                    aggregate = call(factory, "create", metadata, aggregateId);
                    aggregates.put(aggregateId, aggregate);
                }
                call(aggregate, "onSourcing", domainStream);
                records++;
                events += ((java.util.List<?>) call(domainStream, "getBody")).size();
            }
        }
        System.out.println("sourced " + records + " records, " + events + " events, " + aggregates.size() + " aggregates");
    }

    /** Jackson 3 reads a text node with {@code asString}, Jackson 2 with {@code asText}. */
    private static String textMethod(Object node) {
        for (Method m : node.getClass().getMethods()) {
            if (m.getName().equals("asString") && m.getParameterCount() == 0) {
                return "asString";
            }
        }
        return "asText";
    }

    private Object staticCall(String className, String name, Object... args) throws Throwable {
        Method m = methods.get(className + "#" + name);
        if (m == null) {
            for (Method candidate : Class.forName(className).getMethods()) {
                if (candidate.getName().equals(name) && candidate.getParameterCount() == args.length
                        && Modifier.isStatic(candidate.getModifiers())) {
                    m = candidate;
                    break;
                }
            }
            if (m == null) {
                throw new NoSuchMethodException(className + "." + name);
            }
            methods.put(className + "#" + name, m);
        }
        return invoke(m, null, args);
    }

    /** The public method of that name and arity, looked up once per class and name. */
    private Object call(Object target, String name, Object... args) throws Throwable {
        String key = target.getClass().getName() + "#" + name + "/" + args.length;
        Method m = methods.get(key);
        if (m == null) {
            for (Method candidate : target.getClass().getMethods()) {
                if (candidate.getName().equals(name) && candidate.getParameterCount() == args.length && !candidate.isSynthetic()
                        && accepts(candidate.getParameterTypes(), args)) {
                    m = candidate;
                    break;
                }
            }
            if (m == null) {
                throw new NoSuchMethodException(key);
            }
            m.setAccessible(true);
            methods.put(key, m);
        }
        return invoke(m, target, args);
    }

    private static boolean accepts(Class<?>[] types, Object[] args) {
        for (int i = 0; i < types.length; i++) {
            Class<?> type = !types[i].isPrimitive() ? types[i]
                    : types[i] == int.class ? Integer.class : types[i] == long.class ? Long.class : types[i] == boolean.class ? Boolean.class : types[i];
            if (args[i] != null && !type.isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }

    private static Object invoke(Method m, Object target, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
