package me.ahoo.wow.event;

import me.ahoo.wow.api.event.DomainEvent;
import me.ahoo.wow.api.modeling.SimpleAggregateId;

import java.util.List;

/** Stand-in for Wow's stream of the events one command wrote, at one aggregate version. */
public record SimpleDomainEventStream(String id, SimpleAggregateId aggregateId, int version,
                                      List<DomainEvent<?>> body) implements DomainEventStream {
    public String getId() {
        return id;
    }

    public SimpleAggregateId getAggregateId() {
        return aggregateId;
    }

    public int getVersion() {
        return version;
    }

    @Override
    public List<DomainEvent<?>> getBody() {
        return body;
    }
}
