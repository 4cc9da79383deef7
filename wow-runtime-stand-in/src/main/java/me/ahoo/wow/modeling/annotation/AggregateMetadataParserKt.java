package me.ahoo.wow.modeling.annotation;

import me.ahoo.wow.api.annotation.OnSourcing;
import me.ahoo.wow.api.event.DomainEvent;
import me.ahoo.wow.modeling.metadata.AggregateMetadata;
import me.ahoo.wow.modeling.metadata.StateAggregateMetadata;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Stand-in for Wow's parse of an aggregate class: the state is the class a one-argument constructor takes (other
 * than the id), else the aggregate class itself; its sourcing functions are its methods named {@code onSourcing} or
 * marked {@link OnSourcing}, keyed by the event body class they take (directly, or as a {@code DomainEvent<T>}).
 */
public final class AggregateMetadataParserKt {
    private AggregateMetadataParserKt() {
    }

    public static <C, S> AggregateMetadata<C, S> aggregateMetadata(Class<C> commandAggregateType) {
        @SuppressWarnings("unchecked")
        Class<S> stateType = (Class<S>) stateType(commandAggregateType);
        Map<Class<?>, Method> sourcing = new LinkedHashMap<>();
        for (Method method : stateType.getDeclaredMethods()) {
            boolean marked = method.getName().equals("onSourcing") || method.isAnnotationPresent(OnSourcing.class);
            if (!marked || method.getParameterCount() != 1) {
                continue;
            }
            method.setAccessible(true);
            sourcing.put(bodyType(method), method);
        }
        return new AggregateMetadata<>(commandAggregateType, new StateAggregateMetadata<>(stateType, Map.copyOf(sourcing)));
    }

    private static Class<?> stateType(Class<?> commandAggregateType) {
        for (Constructor<?> constructor : commandAggregateType.getDeclaredConstructors()) {
            if (constructor.getParameterCount() == 1 && constructor.getParameterTypes()[0] != String.class) {
                return constructor.getParameterTypes()[0];
            }
        }
        return commandAggregateType;
    }

    private static Class<?> bodyType(Method method) {
        Class<?> parameter = method.getParameterTypes()[0];
        if (DomainEvent.class.isAssignableFrom(parameter)
                && method.getGenericParameterTypes()[0] instanceof ParameterizedType generic) {
            Type body = generic.getActualTypeArguments()[0];
            if (body instanceof Class<?> bodyClass) {
                return bodyClass;
            }
        }
        return parameter;
    }
}
