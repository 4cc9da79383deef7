package me.ahoo.wow.modeling.state;

import me.ahoo.wow.api.modeling.SimpleAggregateId;
import me.ahoo.wow.modeling.metadata.StateAggregateMetadata;

import java.lang.reflect.Constructor;
import java.util.Map;

/**
 * Stand-in for Wow's factory of state aggregates: an empty state made by the state class's constructor (no argument,
 * the id, or the id and the tenant) at version 0, or a given state (a snapshot) at its version.
 */
public final class ConstructorStateAggregateFactory {
    public static final ConstructorStateAggregateFactory INSTANCE = new ConstructorStateAggregateFactory();

    private ConstructorStateAggregateFactory() {
    }

    public <S> StateAggregate<S> create(StateAggregateMetadata<S> metadata, SimpleAggregateId aggregateId) {
        return create(metadata, aggregateId, construct(metadata.getAggregateType(), aggregateId), 0, "", "", "", "", "",
                0L, 0L, Map.of(), false);
    }

    @SuppressWarnings("ParameterNumber")
    public <S> StateAggregate<S> create(StateAggregateMetadata<S> metadata, SimpleAggregateId aggregateId, S state,
                                        int version, String ownerId, String spaceId, String eventId,
                                        String firstOperator, String operator, long firstEventTime, long eventTime,
                                        Map<String, ?> tags, boolean deleted) {
        return new SimpleStateAggregate<>(aggregateId, metadata, state, version, deleted);
    }

    private static <S> S construct(Class<S> type, SimpleAggregateId aggregateId) {
        try {
            for (Constructor<?> constructor : type.getDeclaredConstructors()) {
                constructor.setAccessible(true);
                Object made = switch (constructor.getParameterCount()) {
                    case 0 -> null;
                    case 1 -> constructor.getParameterTypes()[0] == String.class
                            ? constructor.newInstance(aggregateId.getId()) : null;
                    case 2 -> constructor.newInstance(aggregateId.getId(), aggregateId.getTenantId());
                    default -> null;
                };
                if (made != null) {
                    return type.cast(made);
                }
            }
            Constructor<S> none = type.getDeclaredConstructor();
            none.setAccessible(true);
            return none.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("Unsupported constructor parameters.", e);
        }
    }
}
