package me.ahoo.wow.serialization.event;

import me.ahoo.wow.api.annotation.Event;
import me.ahoo.wow.api.annotation.Name;
import me.ahoo.wow.configuration.MetadataSearcher;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Stand-in for Wow's registry of event types by name and revision, filled once from the event classes the
 * classpath's {@code META-INF/wow-metadata.json} lists; a class missing at runtime is left out.
 */
public final class EventTypeRegistry {
    public static final EventTypeRegistry INSTANCE = new EventTypeRegistry();

    private final Map<String, Class<?>> types = new ConcurrentHashMap<>();
    private volatile boolean loaded;

    private EventTypeRegistry() {
    }

    public Class<?> resolve(EventTypeId typeId, String revision) {
        ensureLoaded();
        return types.get(key(typeId, revision));
    }

    private synchronized void ensureLoaded() {
        if (loaded) {
            return;
        }
        for (Map.Entry<List<String>, List<String>> aggregate : MetadataSearcher.INSTANCE.eventTypeNames().entrySet()) {
            for (String typeName : aggregate.getValue()) {
                Class<?> type;
                try {
                    type = Class.forName(typeName, false, Thread.currentThread().getContextClassLoader());
                } catch (ClassNotFoundException | LinkageError e) {
                    continue;
                }
                EventTypeId id = new EventTypeId(aggregate.getKey().get(0), aggregate.getKey().get(1), eventName(type));
                types.put(key(id, revision(type)), type);
            }
        }
        loaded = true;
    }

    static String eventName(Class<?> type) {
        Name name = type.getAnnotation(Name.class);
        if (name != null && !name.value().isBlank()) {
            return name.value();
        }
        StringBuilder snake = new StringBuilder();
        String simple = type.getSimpleName();
        for (int i = 0; i < simple.length(); i++) {
            char c = simple.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0) {
                    snake.append('_');
                }
                snake.append(Character.toLowerCase(c));
            } else {
                snake.append(c);
            }
        }
        return snake.toString();
    }

    private static String revision(Class<?> type) {
        Event event = type.getAnnotation(Event.class);
        return event == null ? "0.0.1" : event.revision();
    }

    private static String key(EventTypeId id, String revision) {
        return id.contextName() + "\n" + id.aggregateName() + "\n" + id.name() + "\n" + revision;
    }
}
