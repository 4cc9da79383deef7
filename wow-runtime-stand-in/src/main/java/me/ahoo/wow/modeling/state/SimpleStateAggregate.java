package me.ahoo.wow.modeling.state;

import me.ahoo.wow.api.event.AggregateDeleted;
import me.ahoo.wow.api.event.AggregateRecovered;
import me.ahoo.wow.api.event.DomainEvent;
import me.ahoo.wow.api.modeling.SimpleAggregateId;
import me.ahoo.wow.event.DomainEventStream;
import me.ahoo.wow.event.SimpleDomainEventStream;
import me.ahoo.wow.modeling.metadata.StateAggregateMetadata;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Stand-in for Wow's state aggregate: a stream is accepted only at the next version of the same aggregate, and each
 * event is applied by the sourcing function registered for its body's exact class; an event with none is skipped.
 */
public class SimpleStateAggregate<S> implements StateAggregate<S> {
    private final SimpleAggregateId aggregateId;
    private final StateAggregateMetadata<S> metadata;
    private final S state;
    private int version;
    private boolean deleted;

    public SimpleStateAggregate(SimpleAggregateId aggregateId, StateAggregateMetadata<S> metadata, S state, int version,
                                boolean deleted) {
        this.aggregateId = aggregateId;
        this.metadata = metadata;
        this.state = state;
        this.version = version;
        this.deleted = deleted;
    }

    @Override
    public S getState() {
        return state;
    }

    @Override
    public int getVersion() {
        return version;
    }

    @Override
    public boolean getDeleted() {
        return deleted;
    }

    public SimpleAggregateId getAggregateId() {
        return aggregateId;
    }

    @Override
    public StateAggregate<S> onSourcing(DomainEventStream eventStream) {
        SimpleDomainEventStream stream = (SimpleDomainEventStream) eventStream;
        if (!aggregateId.equals(stream.getAggregateId())) {
            throw new IllegalArgumentException("Stream of " + stream.getAggregateId() + " sourced into " + aggregateId + ".");
        }
        if (stream.getVersion() != version + 1) {
            throw new SourcingVersionConflictException(version + 1, stream.getVersion());
        }
        version = stream.getVersion();
        for (DomainEvent<?> event : stream.getBody()) {
            Object body = event.getBody();
            if (body instanceof AggregateDeleted) {
                deleted = true;
            }
            if (body instanceof AggregateRecovered) {
                deleted = false;
            }
            Method sourcing = metadata.getSourcingFunctionRegistry().get(body.getClass());
            if (sourcing == null) {
                continue;
            }
            try {
                sourcing.invoke(state, DomainEvent.class.isAssignableFrom(sourcing.getParameterTypes()[0]) ? event : body);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            } catch (InvocationTargetException e) {
                throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
            }
        }
        return this;
    }
}
