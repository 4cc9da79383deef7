package me.ahoo.wow.modeling.metadata;

import java.lang.reflect.Method;
import java.util.Map;

/** Stand-in for Wow's metadata of a state aggregate: its class and its sourcing functions by event body class. */
public record StateAggregateMetadata<S>(Class<S> aggregateType, Map<Class<?>, Method> sourcingFunctionRegistry) {
    public Class<S> getAggregateType() {
        return aggregateType;
    }

    public Map<Class<?>, Method> getSourcingFunctionRegistry() {
        return sourcingFunctionRegistry;
    }
}
